"""How compile time, solve time and model size grow with the grid, per formulation.

    python bench/scaling.py [--time-limit 60] [GENRE ...]

Runs every instance of the shared corpus for the genres that have a genre file, under the
default formulation and each alternative of the constructs that genre uses, and prints one
line per run. Figures are single runs on this machine: compare rows of one table, not tables.
"""

from __future__ import annotations

import argparse
import platform

from measure import corpus_instances, puzzle_text, run_dsl, solution_text

# Which formulations to compare per genre: the constructs its rules use.
FORMULATIONS = {
    "sudoku": [[], ["domain=integer"], ["alldifferent=pairwise"]],
    "hitori": [[], ["connected=flow"]],
    "akari": [[]],
    "nonogram": [[], ["runs=regular"]],
    "slitherlink": [[], ["loop=flow"]],
    "masyu": [[], ["loop=flow"]],
    "hashiwokakero": [[], ["connected=flow"]],
    "kurodoko": [[], ["connected=flow"]],
    "futoshiki": [[], ["domain=integer"], ["alldifferent=pairwise"]],
    "shikaku": [[], ["piece=lazy"]],
    "fillomino": [[], ["piece=lazy"]],
    "skyscrapers": [[], ["records=pairwise"]],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("genres", nargs="*", default=list(FORMULATIONS), choices=list(FORMULATIONS))
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args()
    print(
        f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}"
        f", CBC via PuLP, time limit {args.time_limit:.0f} s per run"
    )
    print(
        f"{'genre':12} {'instance':9} {'cells':>5} {'formulation':24} {'status':10} "
        f"{'build_s':>8} {'solve_s':>8} {'total_s':>8} {'vars':>6} {'cons':>6} {'rounds':>6}"
    )
    for genre in args.genres:
        for stem in corpus_instances(genre):
            width, height = (int(v) for v in stem.split("_")[0].split("x"))
            for options in FORMULATIONS[genre]:
                run = run_dsl(genre, puzzle_text(genre, stem), options, time_limit=args.time_limit)
                status = run.status
                if run.solution is not None and run.solution != solution_text(genre, stem):
                    status = "DIFFERENT"
                label = ",".join(options) or "default"
                print(
                    f"{genre:12} {stem:9} {width * height:5} {label:24} {status:10} "
                    f"{run.build_seconds:8.3f} {run.solve_seconds:8.3f} "
                    f"{run.total_seconds:8.3f} {run.variables:6} {run.constraints:6} "
                    f"{run.cut_rounds:6}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
