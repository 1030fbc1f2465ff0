"""`dslsolve compare` with one worker process and with several, side by side: the sum of the
rows' times (how much running combinations at once slows each one down) and the wall time.

    python bench/compare_jobs.py [--rounds 3] [--jobs 2] [GENRE PUZZLE... -- COMPARE OPTIONS]

Default: nurikabe's shipped instances under every `connected` lowering on cpsat and highs
(32 rows). The runs alternate (1 worker, N workers, 1, N, ...), each a fresh
`dslsolve compare --csv` process; the non-time columns of every table must be equal.
"""

from __future__ import annotations

import argparse
import csv
import io
import subprocess
import sys
import time

from measure import ROOT

DEFAULT = [
    str(ROOT / "puzzles" / "nurikabe.yaml"),
    *sorted(
        str(p) for p in (ROOT / "puzzles" / "nurikabe").glob("*.txt") if ".solution" not in p.name
    ),
    "--",
    "--formulation",
    "connected=all",
    "--backend",
    "cpsat,highs",
]


def table(arguments: list[str], jobs: int) -> tuple[float, list[dict]]:
    started = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "dslsolve", "compare", *arguments, "--csv", "--quiet"]
        + ["--jobs", str(jobs)],
        capture_output=True,
        text=True,
        check=False,
    )
    return time.perf_counter() - started, list(csv.DictReader(io.StringIO(run.stdout)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("compare", nargs="*", default=DEFAULT)
    args = parser.parse_args()
    words = args.compare
    split = words.index("--") if "--" in words else len(words)
    arguments = words[:split] + words[split + 1 :]
    first = None
    print(f"{'round':>5}  {'jobs':>4}  {'rows':>4}  {'sum total_s':>11}  {'wall s':>7}")
    for round_ in range(1, args.rounds + 1):
        for jobs in (1, args.jobs):
            wall, rows = table(arguments, jobs)
            results = [{k: v for k, v in r.items() if not k.endswith("_s")} for r in rows]
            first = first or results
            same = "" if results == first else "  DIFFERENT RESULTS"
            spent = sum(float(r["total_s"]) for r in rows)
            print(f"{round_:>5}  {jobs:>4}  {len(rows):>4}  {spent:>11.2f}  {wall:>7.2f}{same}")


if __name__ == "__main__":
    main()
