"""Which genres gain from a default lowering of their own (a genre file's `formulation:` key,
docs/language.md §12): every shipped instance of each genre solved with `--unique` under the
genre's default run and under each candidate, alternating (the order turned round every round),
the least of `--rounds` per instance; a genre whose file already sets a key is measured with
the key left out (`--formulation` of the library's first choices), so the table says what the
key buys.

    python bench/genre_defaults.py [--rounds 3] [--time-limit 20]
        [--candidate domain=integer ...] [--genres G,...] [--markdown] [--cpu]

Without `--genres`: every shipped genre with an integer variable
(where `domain` decides anything). Each run is `solve_puzzle` in this process (compile, solve,
uniqueness proof, check), after one unmeasured run of the genre's example: the solver's import
and the first call's set-up are not in the figures. A candidate that does not give the shipped
solution, or reaches the time limit, is reported as such. Per genre: the sum over its
instances of the least times and the worst ratio candidate / default (a key is set only where
every instance is faster). `--cpu`: the process's CPU time (all its threads, CP-SAT's worker
included) instead of the wall clock, which a shared machine's load stretches.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dslsolve import ir  # noqa: E402
from dslsolve.dsl.genre import load_genre  # noqa: E402
from dslsolve.dsl.puzzle import read_puzzle  # noqa: E402
from dslsolve.formulations import CHOICES, parse_formulation  # noqa: E402
from dslsolve.output import render  # noqa: E402
from dslsolve.solve import solve_puzzle  # noqa: E402

PUZZLES = ROOT / "puzzles"
CLOCK = time.perf_counter  # time.process_time with --cpu


def integer_genres() -> list[str]:
    """The shipped genres with an integer variable."""
    found = []
    for path in sorted(PUZZLES.glob("*.yaml")):
        genre = load_genre(str(path)).genre
        if any(v.type == ir.Type.INT for v in genre.variables):
            found.append(path.stem)
    return found


def instances(genre: str) -> list[Path]:
    return sorted(
        p for p in (PUZZLES / genre).glob("*.txt") if not p.name.endswith(".solution.txt")
    )


def once(genre_file, puzzle: Path, options: list[str], time_limit: float) -> tuple[float, str]:
    """Seconds of one whole solve with `--unique`, and what became of it."""
    instance = read_puzzle(str(puzzle), genre_file)
    started = CLOCK()
    outcome = solve_puzzle(
        genre_file, instance, parse_formulation(options), "cpsat", time_limit, unique=True
    )
    elapsed = CLOCK() - started
    if outcome.status != "solved":
        return elapsed, str(outcome.status)
    expected = puzzle.with_name(puzzle.stem + ".solution.txt")
    if render(genre_file, instance, outcome.assignment) != expected.read_text():
        return elapsed, "WRONG"
    return elapsed, "ok" if outcome.unique else "not unique"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--candidate", action="append", default=[])
    parser.add_argument("--genres")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall time")
    args = parser.parse_args()
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    candidates = args.candidate or ["domain=integer"]
    genres = args.genres.split(",") if args.genres else integer_genres()
    rows = []
    for genre in genres:
        genre_file = load_genre(str(PUZZLES / f"{genre}.yaml"))
        # the genre's run without its own key: the library's first choices where it sets one
        own = [name for name, _ in genre_file.genre.formulation] + [
            name for backend, name, _ in genre_file.genre.backend_formulation if backend == "cpsat"
        ]
        base = [f"{name}={CHOICES[name][0]}" for name in dict.fromkeys(own)]
        variants = [("default", base)] + [
            (c, [*[b for b in base if b.split("=")[0] not in c], *c.split("+")]) for c in candidates
        ]
        once(genre_file, PUZZLES / genre / "example.txt", [], args.time_limit)  # warm up
        least: dict[tuple[str, str], float] = {}
        status: dict[tuple[str, str], str] = {}
        for round_ in range(args.rounds):
            for puzzle in instances(genre):
                order = variants if round_ % 2 == 0 else variants[::-1]
                for label, options in order:
                    key = (puzzle.stem, label)
                    if status.get(key, "ok") not in ("ok",):
                        continue  # a candidate that failed once is not run again
                    seconds, what = once(genre_file, puzzle, options, args.time_limit)
                    least[key] = min(least.get(key, math.inf), seconds)
                    status[key] = what
        for label, _ in variants[1:]:
            ratios = [least[(p.stem, label)] / least[(p.stem, "default")] for p in instances(genre)]
            bad = [
                f"{p.stem}: {status[(p.stem, label)]}"
                for p in instances(genre)
                if status[(p.stem, label)] != "ok"
            ]
            default_s = sum(least[(p.stem, "default")] for p in instances(genre))
            candidate_s = sum(least[(p.stem, label)] for p in instances(genre))
            per = " ".join(f"{r:.2f}" for r in ratios)
            rows.append(
                (
                    genre,
                    label,
                    len(ratios),
                    default_s,
                    candidate_s,
                    math.exp(sum(map(math.log, ratios)) / len(ratios)),
                    max(ratios),
                    per,
                    "; ".join(bad) or "-",
                )
            )
            print(
                f"{genre:16} {label:28} n={len(ratios)} default {default_s:7.3f} s "
                f"candidate {candidate_s:7.3f} s  geomean {rows[-1][5]:.2f} worst "
                f"{max(ratios):.2f}  [{per}] {rows[-1][8]}",
                flush=True,
            )
    if args.markdown:
        print()
        print(
            "| genre | candidate | instances | default s | candidate s | geometric mean "
            "ratio | worst ratio | per instance | not ok |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for row in rows:
            print(
                f"| {row[0]} | `{row[1]}` | {row[2]} | {row[3]:.3f} | {row[4]:.3f} | "
                f"{row[5]:.2f} | {row[6]:.2f} | {row[7]} | {row[8]} |"
            )


if __name__ == "__main__":
    main()
