"""The speed targets of issue 3, measured: each example against the seed's reported time, and
the large corpus instances that must solve in under 10 s.

    python bench/targets.py

Seed times are the wall times of the solve calls printed in the seeds, as collected in
../shared/examples/INDEX.md (column "seed-reported time"); where a seed reports several solves,
their sum. The comparable dslsolve figure is its solve time (all solver calls, lazy-cut rounds
included), printed next to the whole run. Every genre in puzzles/ with an example is measured.
"""

from __future__ import annotations

import platform
import re

from measure import ROOT, puzzle_text, run_dsl

INDEX = ROOT.parent / "shared" / "examples" / "INDEX.md"
LARGE = [("akari", "30x30"), ("slitherlink", "30x30"), ("nonogram", "30x30"), ("sudoku", "16x16")]


def seed_seconds(reported: str) -> float | None:
    """'38 ms' -> 0.038; '4 solves: 28/24/46/31 ms' -> their sum; '35 solves, 37-188 ms each'
    -> the least such a total can be (35 x 37 ms); '1.27 s' -> 1.27; no figure -> None."""
    match = re.search(r"(\d+) solves, ([\d.]+)\D+[\d.]+ (ms|s) each", reported)
    if match:
        count, low, unit = match.groups()
        return int(count) * float(low) * (0.001 if unit == "ms" else 1)
    match = re.search(r"([\d./]+) (ms|s)\b", reported)
    if not match or reported.lstrip().startswith("—"):
        return None
    numbers, unit = match.groups()
    return sum(float(n) for n in numbers.split("/")) * (0.001 if unit == "ms" else 1)


def seed_times() -> dict[str, tuple[float | None, str]]:
    """genre -> (seconds, the INDEX's words) for every row of the INDEX table."""
    found = {}
    for line in INDEX.read_text().splitlines():
        cells = [cell.strip() for cell in line.split("|")]
        if len(cells) > 7 and cells[1] and cells[1] not in ("slug", "---"):
            found[cells[1]] = (seed_seconds(cells[6]), cells[6])
    return found


def main() -> None:
    print(
        f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}"
        ", CBC via PuLP"
    )
    print("\n## Examples: dslsolve solve time vs the seed's reported solve time")
    print(f"{'genre':16} {'seed_s':>8} {'solve_s':>8} {'total_s':>8} {'rounds':>6}  below seed")
    seeds = seed_times()
    for example in sorted((ROOT / "puzzles").glob("*/example.txt")):
        genre = example.parent.name
        seed, words = seeds.get(genre, (None, "not in the INDEX"))
        run = run_dsl(genre, example.read_text())
        seed_text = f"{seed:8.3f}" if seed is not None else f"{'-':>8}"
        verdict = ("yes" if run.solve_seconds < seed else "NO") if seed else f"({words})"
        print(
            f"{genre:16} {seed_text} {run.solve_seconds:8.3f} {run.total_seconds:8.3f} "
            f"{run.cut_rounds:6}  {verdict}",
            flush=True,
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
