"""`--determined` beside `--unique` on shipped examples with some clues blanked (every k-th
clue character replaced by '.', so that they have many solutions): how many values the
puzzle has (one solve per value would cost as many solves), how many solver calls the
iterative no-goods took (lazy-cut rounds included), how many values are undetermined, and
the time of both commands' work (compile + solve), alternating runs, least of `--repeat`.

    python bench/determined.py [--repeat 3] [--backend cpsat]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from dslsolve import Genre

ROOT = Path(__file__).resolve().parents[1]
CASES = [  # genre, puzzle, blank every k-th clue character (0: keep the puzzle as it is)
    ("sudoku", "example", 2),
    ("sudoku", "example", 3),
    ("slitherlink", "example", 3),
    ("slitherlink", "example", 2),
    ("akari", "corpus-10x10_1", 2),
    ("nurikabe", "example", 0),
]


def blanked(text: str, every: int) -> str:
    """The puzzle with every `every`-th clue character (a digit) of its grid lines blanked."""
    if not every:
        return text
    out, seen = [], 0
    for char in text:
        if char.isdigit():
            seen += 1
            if seen % every == 0:
                char = "."
        out.append(char)
    return "".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--backend", default="cpsat")
    args = parser.parse_args()
    print(f"{'puzzle':34} values   calls  undetermined  unique_s  determined_s  ratio")
    for name, stem, every in CASES:
        genre = Genre.load(str(ROOT / "puzzles" / f"{name}.yaml"))
        text = (ROOT / "puzzles" / name / f"{stem}.txt").read_text()
        text = "\n".join(line for line in blanked(text, every).splitlines() if line[:1] != "#")
        instance = genre.puzzle(text + "\n")
        unique_s, determined_s = [], []
        for _ in range(args.repeat):
            started = time.perf_counter()
            genre.solve(instance, unique=True, backend=args.backend)
            unique_s.append(time.perf_counter() - started)
            started = time.perf_counter()
            found = genre.determined(instance, backend=args.backend)
            determined_s.append(time.perf_counter() - started)
        label = f"{name}/{stem}" + (f" (1/{every} blank)" if every else "")
        if found.reference is None:
            print(f"{label:34} {found.status.value}")
            continue
        shown = sum(len(values) for values in found.reference.values())
        print(
            f"{label:34} {shown:5}  {found.stats.solver_calls:6}  {len(found.undetermined):12}"
            f"  {min(unique_s):8.3f}  {min(determined_s):12.3f}  "
            f"{min(determined_s) / min(unique_s):5.2f}"
        )


if __name__ == "__main__":
    main()
