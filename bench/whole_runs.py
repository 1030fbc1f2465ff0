"""Whole `python -m dslsolve GENRE PUZZLE --unique` processes as a user runs them: in a new
process (cold) and handed over to a resident process (`dslsolve resident start`), beside
`python -c pass` and the floor of any new process that solves with CP-SAT (`python -c 'import
ortools.sat.python.cp_model_helper'`); with `--against DIR`, the cold run of another checkout.

    python bench/whole_runs.py [--repeat 10] [--against DIR] [GENRE:STEM|GENRE:FILE ...]

STEM is a file of puzzles/GENRE/ (`example`). Each repetition runs every command once, one
after the other (so the machine's load hits them alike); the figure is the least wall time of
--repeat processes in ms, measured outside the process (its start and exit included), and the
client process's own CPU time (user and system) beside it: through the resident the solving is
the resident's child's, not the client's. The script starts its own resident (in a private
runtime folder of its own, so that no other resident takes the cold runs) and stops it at the
end. Python's bytecode cache is on (a temporary folder), as for an installed package. Every
run's output must be the cold run's.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from residents import cold_and_resident

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ["akari:example", "sudoku:example", "masyu:example"]
FLOOR = "import ortools.sat.python.cp_model_helper"


def _timed(command: list[str], env: dict[str, str]) -> tuple[float, float, bytes]:
    """Wall time, the process's CPU time (user and system), its output. The command runs in
    the checkout its PYTHONPATH names: `python -m` finds the package of its working folder
    first (the `--against` checkout ran this one's code when every run was made here)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    where = env["PYTHONPATH"]
    done = subprocess.run(command, env=env, capture_output=True, check=True, cwd=where)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout


def _puzzle(name: str) -> tuple[str, str]:
    genre, stem = name.split(":", 1)
    path = Path(stem) if "/" in stem else ROOT / "puzzles" / genre / f"{stem}.txt"
    return str(ROOT / "puzzles" / f"{genre}.yaml"), str(path.resolve())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("instances", nargs="*", default=DEFAULT, metavar="GENRE:STEM")
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--against", type=Path, help="another checkout's cold run beside")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="dsw-"))  # the bytecode of this script's runs
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    base |= {"PYTHONPYCACHEPREFIX": str(scratch / "pycache"), "PYTHONPATH": str(ROOT)}
    try:
        with cold_and_resident(base) as (cold, warm):
            _table(args, cold, warm)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _table(args: argparse.Namespace, cold: dict[str, str], warm: dict[str, str]) -> None:
    kinds = {"cold": cold, "resident": warm}
    if args.against:
        kinds["against: cold"] = cold | {"PYTHONPATH": str(args.against.resolve())}
    python = [sys.executable]
    print(
        f"# least of {args.repeat} processes, ms of wall time (the client process's CPU "
        "time); load " + " ".join(f"{x:.1f}" for x in os.getloadavg())
    )
    header = ["instance", "python -c pass", "CP-SAT floor", *kinds]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    for name in args.instances:
        genre, puzzle = _puzzle(name)
        commands = {"python -c pass": (python + ["-c", "pass"], cold)}
        commands["CP-SAT floor"] = (python + ["-c", FLOOR], cold)
        for kind, env in kinds.items():
            commands[kind] = (python + ["-m", "dslsolve", genre, puzzle, "--unique"], env)
        best = {kind: (float("inf"), float("inf")) for kind in commands}
        expected = {}
        for repetition in range(args.repeat + 1):  # the first fills the bytecode cache
            for kind, (command, env) in commands.items():
                wall, cpu, out = _timed(command, env)
                if expected.setdefault(command[-2] if "-m" in command else kind, out) != out:
                    raise SystemExit(f"{kind}: another output than the cold run's")
                if repetition:
                    best[kind] = (min(best[kind][0], wall), min(best[kind][1], cpu))
        cells = [f"{w * 1000:.1f} ({c * 1000:.1f})" for w, c in best.values()]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    print("load " + " ".join(f"{x:.1f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
