"""The speed targets of issue 3, measured: each example against the seed's reported time, and
the large corpus instances that must solve in under 10 s.

    python bench/targets.py

Seed times are the `%time m.solve()` wall times printed in the seed talk (see
../shared/examples/INDEX.md); the comparable dslsolve figure is its solve time (all solver
calls, lazy-cut rounds included), printed next to the whole run.
"""

from __future__ import annotations

import platform

from measure import ROOT, puzzle_text, run_dsl

# Seed-reported solve time in seconds, the sum over its solves where it reports several.
SEED_SECONDS = {
    "sudoku": 0.112,
    "hitori": None,
    "nurikabe": 0.062,
    "akari": 0.038,
    "kakuro": 0.053,
    "nonogram": 0.266,
    "slitherlink": 1.71,
    "masyu": 0.877,
    "numberlink": 0.074,
    "yajilin": 3.06,
    "country_road": 0.152,
    "hashiwokakero": 0.068,
    "pipelink": 0.093,
}
HITORI_NOTE = "35 solves of 37-188 ms each"

LARGE = [("akari", "30x30"), ("slitherlink", "30x30"), ("nonogram", "30x30"), ("sudoku", "16x16")]


def main() -> None:
    print(
        f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}"
        ", CBC via PuLP"
    )
    print("\n## Examples: dslsolve solve time vs the seed's reported solve time")
    print(f"{'genre':12} {'seed_s':>8} {'solve_s':>8} {'total_s':>8} {'rounds':>6}  below seed")
    for genre, seed in SEED_SECONDS.items():
        text = (ROOT / "puzzles" / genre / "example.txt").read_text()
        run = run_dsl(genre, text)
        seed_text = f"{seed:8.3f}" if seed is not None else f"{'-':>8}"
        verdict = ("yes" if run.solve_seconds < seed else "NO") if seed else HITORI_NOTE
        print(
            f"{genre:12} {seed_text} {run.solve_seconds:8.3f} {run.total_seconds:8.3f} "
            f"{run.cut_rounds:6}  {verdict}"
        )
    print("\n## Large corpus instances: target under 10 s in all")
    print(f"{'genre':12} {'instance':9} {'solve_s':>8} {'total_s':>8} {'rounds':>6}  under 10 s")
    for genre, size in LARGE:
        for k in (1, 2, 3):
            stem = f"{size}_{k}"
            run = run_dsl(genre, puzzle_text(genre, stem), time_limit=120)
            verdict = "yes" if run.status == "solved" and run.total_seconds < 10 else "NO"
            print(
                f"{genre:12} {stem:9} {run.solve_seconds:8.3f} {run.total_seconds:8.3f} "
                f"{run.cut_rounds:6}  {verdict}",
                flush=True,
            )


if __name__ == "__main__":
    main()
