"""Fillomino under each lowering of `each piece of n`: the seed example (target: under 0.5 s
in all) and the corpus instances (target: each 16x12 under 10 s with the best lowering).

    python bench/fillomino.py [--time-limit 60] [--corpus 16x12,13x9]

Prints, per lowering and instance: status, build (genre, puzzle and compile) and solve time,
the whole run, model size, lazy-cut rounds, and whether the answer is the known solution.
"""

from __future__ import annotations

import argparse
import platform

from measure import ROOT, corpus_instances, puzzle_text, run_dsl, solution_text

from dslsolve.formulations import CHOICES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--corpus", default="16x12", help="sizes, comma-separated")
    args = parser.parse_args()
    sizes = args.corpus.split(",")
    example = ROOT / "puzzles" / "fillomino"
    cases = [("example", (example / "example.txt").read_text(), None)]
    cases += [
        (stem, puzzle_text("fillomino", stem), solution_text("fillomino", stem))
        for stem in corpus_instances("fillomino")
        if stem.split("_")[0] in sizes
    ]
    cases[0] = (*cases[0][:2], (example / "example.solution.txt").read_text())
    print(
        f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}"
        f", CBC via PuLP, time limit {args.time_limit:g} s"
    )
    print(
        f"{'lowering':16} {'instance':9} {'status':10} {'build_s':>8} {'solve_s':>8} "
        f"{'total_s':>8} {'vars':>6} {'rows':>6} {'rounds':>6}  known"
    )
    for choice in CHOICES["piece"]:
        for name, text, known in cases:
            run = run_dsl("fillomino", text, [f"piece={choice}"], time_limit=args.time_limit)
            print(
                f"piece={choice:10} {name:9} {run.status:10} {run.build_seconds:8.3f} "
                f"{run.solve_seconds:8.3f} {run.total_seconds:8.3f} {run.variables:6} "
                f"{run.constraints:6} {run.cut_rounds:6}  "
                f"{'yes' if run.solution == known else 'NO'}",
                flush=True,
            )


if __name__ == "__main__":
    main()
