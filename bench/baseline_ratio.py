"""What compiling from the DSL costs: dslsolve against hand-written PuLP models
(bench/baselines/) on the same instances, same solver, in the same run.

    python bench/baseline_ratio.py [--repeat 3] [--backend cbc|highs] [GENRE ...]

Runs alternate (dslsolve, baseline, dslsolve, ...) so that load on the machine hits both
alike; each figure is the median of --repeat runs. build = text to model (dslsolve: the genre
file, the puzzle file and the compiler; baseline: parsing and model building); solve = every
solver call; total = the whole call, wall clock (dslsolve also checks the answer with its
evaluator and prints it; "unchecked" leaves that check out). Ratios are dslsolve / baseline;
the target is total <= 1.10.
"""

from __future__ import annotations

import argparse
import importlib
import math
import platform
import statistics
import time

import pulp
from measure import ROOT, puzzle_text, run_dsl

CORPUS = {
    "sudoku": ["9x9_1", "16x16_1"],
    "akari": ["20x20_1", "30x30_1"],
    "nonogram": ["25x25_1"],
    "slitherlink": ["20x20_1"],
    "nurikabe": [],
    "kakuro": [],
}

SOLVERS = {
    "cbc": lambda: pulp.PULP_CBC_CMD(msg=False),
    "highs": lambda: pulp.HiGHS(msg=False),
}


def instances(genre: str) -> list[tuple[str, str]]:
    shipped = sorted((ROOT / "puzzles" / genre).glob("*.solution.txt"))
    found = [
        (
            p.name.replace(".solution.txt", ""),
            p.with_name(p.name.replace(".solution.txt", ".txt")).read_text(),
        )
        for p in shipped
    ]
    return found + [(f"corpus-{stem}", puzzle_text(genre, stem)) for stem in CORPUS[genre]]


def measure(genre: str, text: str, repeat: int, backend: str) -> tuple[list, list, bool]:
    baseline = importlib.import_module(f"bench.baselines.{genre}")
    dsl_runs, base_runs, same = [], [], True
    for _ in range(repeat):
        dsl = run_dsl(genre, text, backend=backend)
        started = time.perf_counter()
        base = baseline.solve(text, SOLVERS[backend]())
        base_total = time.perf_counter() - started
        same = same and dsl.solution == base.solution
        dsl_runs.append(
            (
                dsl.build_seconds,
                dsl.solve_seconds,
                dsl.total_seconds,
                dsl.total_seconds - dsl.check_seconds,
            )
        )
        base_runs.append((base.build_seconds, base.solve_seconds, base_total, base_total))
    return dsl_runs, base_runs, same


def median(runs: list[tuple[float, ...]], part: int) -> float:
    return statistics.median(run[part] for run in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("genres", nargs="*", default=list(CORPUS))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--backend", choices=sorted(SOLVERS), default="cbc")
    args = parser.parse_args()
    print(
        f"# {platform.processor() or platform.machine()}, Python "
        f"{platform.python_version()}, {args.backend} via PuLP, median of {args.repeat}"
    )
    print(
        f"{'genre':12} {'instance':28} {'dsl_total':>9} {'base_total':>10} "
        f"{'build×':>7} {'solve×':>7} {'total×':>7} {'unchecked×':>10}  same"
    )
    all_totals: list[float] = []
    all_unchecked: list[float] = []
    for genre in args.genres:
        totals: list[float] = []
        unchecked: list[float] = []
        for name, text in instances(genre):
            dsl, base, same = measure(genre, text, args.repeat, args.backend)
            parts = [median(dsl, i) / max(median(base, i), 1e-9) for i in range(4)]
            totals.append(parts[2])
            unchecked.append(parts[3])
            print(
                f"{genre:12} {name:28} {median(dsl, 2):9.3f} {median(base, 2):10.3f} "
                f"{parts[0]:7.2f} {parts[1]:7.2f} {parts[2]:7.2f} {parts[3]:10.2f}  "
                f"{'yes' if same else 'NO'}",
                flush=True,
            )
        all_totals.extend(totals)
        all_unchecked.extend(unchecked)
        print(
            f"{genre:12} {'geometric mean':28} {'':9} {'':10} {'':7} {'':7} "
            f"{geomean(totals):7.2f} {geomean(unchecked):10.2f}"
        )
    print(
        f"\noverall geometric mean, dslsolve / hand-written: total {geomean(all_totals):.2f}"
        f", without the evaluator's check {geomean(all_unchecked):.2f}"
    )


def geomean(values: list[float]) -> float:
    return math.exp(statistics.fmean(math.log(v) for v in values))


if __name__ == "__main__":
    main()
