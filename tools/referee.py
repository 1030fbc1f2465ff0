"""Run puzz.link's engine (npm pzpr 0.10.1) as the referee of dslsolve over (a) every shipped
instance whose source line names a puzz.link URL and (b) the pzpr test boards of
`../shared/puzzlink/boards/boards.jsonl` for the types the genre files declare.

    npm ci --prefix referee
    PYTHONPATH=. python tools/referee.py [--boards FILE] [--genre NAME] [--time-limit S]

For a correct board (and a shipped instance), dslsolve solves the URL and pzpr must accept the
answer; for a board pzpr rejects, `dslsolve check` must reject it too. A board whose givens are
not the URL's puzzle (`same_puzzle_as_url` false) is its own puzzle (read as a pzprv3 file);
a blank board (a header only, which pzpr rejects for having nothing drawn) is counted apart.
Prints one line per board that disagrees, then the counts per genre; exits 1 if any does.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

from dslsolve.dsl.genre import GenreFile, load_genre
from dslsolve.puzzlink.pzprv3_puzzle import file_lines
from dslsolve.puzzlink.referee import judge, referee_ready

ROOT = Path(__file__).resolve().parents[1]
BOARDS_PATH = Path("shared", "puzzlink", "boards", "boards.jsonl")
# `../shared` beside the clone (CI), or beside a folder of worktrees
BOARDS = next(
    (p / BOARDS_PATH for p in ROOT.parents if (p / BOARDS_PATH).exists()),
    ROOT.parent / BOARDS_PATH,
)
SOURCE_URL = re.compile(r"https?://puzz\.link/p\?[^\s)]+")


def genres() -> dict[str, GenreFile]:
    """Every genre file that declares how to read URLs and write pzprv3, by name."""
    found = {}
    for path in sorted((ROOT / "puzzles").glob("*.yaml")):
        genre = load_genre(str(path))
        # a genre that follows today's puz.link where npm pzpr 0.10.1 differs is not judged
        if (
            genre.puzzlink is not None
            and genre.puzzlink.pzprv3 is not None
            and not genre.puzzlink.newer
        ):
            found[path.stem] = genre
    return found


def shipped_cases(known: dict[str, GenreFile]) -> list[tuple[GenreFile, str, None, bool]]:
    cases = []
    for puzzle in sorted((ROOT / "puzzles").glob("*/*.txt")):
        first = puzzle.read_text().split("\n", 1)[0]
        match = SOURCE_URL.search(first)
        if match and not puzzle.name.endswith(".solution.txt") and puzzle.parent.name in known:
            cases.append((known[puzzle.parent.name], match.group(0), None, True))
    return cases


def board_cases(known: dict[str, GenreFile], path: Path, counts: Counter) -> list[tuple]:
    by_type = {t: g for g in known.values() for t in g.puzzlink.types}
    cases = []
    for line in path.read_text().splitlines():
        board = json.loads(line)
        genre = by_type.get(board["type"])
        if genre is None:
            continue
        if len(file_lines(board["pzprv3"])) <= 4:  # a header only: pzpr's "nothing drawn"
            counts[(genre.genre.name, "blank board (skipped)")] += 1
            continue
        # a board whose givens are not the URL's puzzle: the board is the puzzle too
        puzzle = board["url"] if board["same_puzzle_as_url"] else board["pzprv3"]
        cases.append((genre, puzzle, board["pzprv3"], board["correct"]))
    return cases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=Path, default=BOARDS)
    parser.add_argument("--genre", action="append", help="only these genres (repeatable)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="per solve, in seconds")
    args = parser.parse_args()
    if not referee_ready():
        print("the referee needs node and 'npm ci --prefix referee'", file=sys.stderr)
        return 2
    known = genres()
    if args.genre:
        known = {name: g for name, g in known.items() if name in args.genre}
    counts: Counter = Counter()
    cases = shipped_cases(known)
    shipped = len(cases)
    if args.boards.exists():
        cases += board_cases(known, args.boards, counts)
    else:
        print(f"no boards at {args.boards}: shipped instances only", file=sys.stderr)
    bad = 0
    for number, verdict in enumerate(judge(cases, args.time_limit)):
        where = "shipped" if number < shipped else "board"
        kind = "correct" if verdict.expected_correct else "rejected"
        counts[(verdict.genre, f"{where} {kind} {'agree' if verdict.agree else 'DISAGREE'}")] += 1
        if not verdict.agree:
            bad += 1
            print(f"DISAGREE {verdict.genre} {verdict.board}: {verdict.note}")
    print(f"{'genre':16} outcome                         count")
    for (genre, outcome), count in sorted(counts.items()):
        print(f"{genre:16} {outcome:31} {count}")
    totals: Counter = Counter()
    for (_, outcome), count in counts.items():
        totals[outcome] += count
    for outcome, count in sorted(totals.items()):
        print(f"{'TOTAL':16} {outcome:31} {count}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
