"""Lazy-cut rounds, cuts and solve time of puzzles under two or more checkouts, side by side,
the checkouts' runs alternating per puzzle (old, new, old, new, ...).

    python bench/cut_rounds.py --code /work/main --code . --backend highs --time-limit 60 \\
        ../shared/bench/dataset/yin_yang/*_1?x1?.txt

The genre of a puzzle is `puzzles/GENRE.yaml` of the checkout, GENRE the puzzle's folder name.
Each checkout runs its own code (`python -m dslsolve` started in it). One line per puzzle and
checkout: status, solver calls, rounds, cuts, solve seconds ('-' where it stopped at the limit
before reporting).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

STATS = re.compile(r"solve ([\d.]+) s \((\d+) solver calls\), lazy-cut rounds (\d+) \((\d+) cuts\)")


def run(code: Path, puzzle: Path, backend: str, limit: float, options: list[str]) -> str:
    genre = code / "puzzles" / f"{puzzle.parent.name}.yaml"
    command = [sys.executable, "-m", "dslsolve", str(genre), str(puzzle.resolve()), "--stats"]
    command += ["--backend", backend, "--time-limit", str(limit)]
    command += [word for option in options for word in ("--formulation", option)]
    done = subprocess.run(command, cwd=code, capture_output=True, text=True, timeout=limit + 60)
    found = STATS.search(done.stderr)
    if not found:
        return f"exit {done.returncode}  -"
    seconds, calls, rounds, cuts = found.groups()
    counts = f"calls {calls:>4}  rounds {rounds:>4}  cuts {cuts:>6}"
    return f"exit {done.returncode}  {counts}  {seconds} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="+", type=Path)
    parser.add_argument("--code", action="append", type=Path, required=True)
    parser.add_argument("--backend", default="cbc")
    parser.add_argument("--time-limit", type=float, default=60)
    parser.add_argument("--formulation", action="append", default=[])
    args = parser.parse_args()
    for puzzle in args.puzzles:
        for code in args.code:
            outcome = run(code.resolve(), puzzle, args.backend, args.time_limit, args.formulation)
            print(f"{puzzle.parent.name}/{puzzle.stem:<14} {str(code):<16} {outcome}", flush=True)


if __name__ == "__main__":
    main()
