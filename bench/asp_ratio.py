"""dslsolve beside clingo on the answer-set programs of the benchmark sample: whole runs with the
uniqueness proof, per genre.

    pip install -e '.[bench]'     # clingo (and puzzlekit), for the bench scripts only
    python bench/asp_ratio.py [--asp ../shared/bench/asp] [--dataset ../shared/bench/dataset]
        [--genres akari,masyu] [--max-cells 225] [--per-genre 3] [--rounds 3] [--limit 60]
        [--resident]

For each puzzle of `ASP/GENRE/ID.asp.lp` (the program Noqx writes for the dataset's puzzle
`DATASET/GENRE/ID.txt`; see its README), both run as new processes, one after the other, the
order alternating from round to round: `python -m dslsolve puzzles/GENRE.yaml ID.txt --unique
--time-limit LIMIT` and `python -m clingo --models=2 --trans-ext=dynamic --eq=1 ID.asp.lp` (one
thread, two answer sets: a uniqueness proof, as Noqx runs it). Python's bytecode cache is on for
both (a temporary folder, filled by one unmeasured run of each), as for an installed package.
dslsolve's answer must be the dataset's solution and unique, clingo's search must end with one
answer set ("Models : 1", no "+"); a run that is not is listed and left out of the ratios.

Printed: per genre, the puzzles, the median whole-run wall time of each (median over rounds,
then over puzzles) and the geometric mean over puzzles of the ratio dslsolve / clingo (of each
puzzle's medians); the peak memory (RSS) of dslsolve's runs; then the geometric mean over
every genre. `--per-genre N` takes N puzzles of at most --max-cells cells, spread over the
sizes (0 for all of them). `--resident` also runs each dslsolve command through a resident
process (`dslsolve resident start`, which the script starts in a private runtime folder of its
own and stops at the end; the cold runs get an empty one), in the same rounds, and prints its
median and ratio beside the cold ones.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from residents import cold_and_resident

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path("/work/shared/bench")


@dataclass
class Puzzle:
    genre: str
    stem: str
    program: Path
    puzzle: Path
    solution: Path
    dsl: list[float] = field(default_factory=list)
    resident: list[float] = field(default_factory=list)  # through a resident, `--resident`
    asp: list[float] = field(default_factory=list)
    dsl_rss_mb: float = 0.0
    problems: list[str] = field(default_factory=list)


def cells(stem: str) -> int:
    width, height = re.search(r"_(\d+)x(\d+)$", stem).groups()
    return int(width) * int(height)


def pick(asp: Path, dataset: Path, genres: list[str] | None, max_cells: int, per_genre: int):
    """The puzzles with a program, of at most max_cells cells, `per_genre` of them spread
    over the sizes (smallest and largest included)."""
    chosen = []
    for folder in sorted(p for p in asp.iterdir() if p.is_dir()):
        if genres and folder.name not in genres:
            continue
        stems = sorted(
            (p.name.removesuffix(".asp.lp") for p in folder.glob("*.asp.lp")),
            key=lambda s: (cells(s), s),
        )
        stems = [s for s in stems if cells(s) <= max_cells]
        if per_genre and len(stems) > per_genre:
            step = (len(stems) - 1) / max(per_genre - 1, 1)
            stems = [stems[round(i * step)] for i in range(per_genre)]
        for stem in stems:
            base = dataset / folder.name / stem
            chosen.append(
                Puzzle(
                    folder.name,
                    stem,
                    folder / f"{stem}.asp.lp",
                    base.with_name(f"{stem}.txt"),
                    base.with_name(f"{stem}.dataset.solution.txt"),
                )
            )
    return chosen


def peak_rss(command: list[str], env: dict[str, str]) -> tuple[float, str, str, float]:
    """Wall time, output, error output and the child's own peak RSS in MB (wait4's
    ru_maxrss, in KB on Linux) of one new process."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return wall, out.read(), err.read(), usage.ru_maxrss / 1024


def run_dslsolve(puzzle: Puzzle, limit: float, env: dict[str, str]) -> float | None:
    command = [
        sys.executable,
        "-m",
        "dslsolve",
        f"puzzles/{puzzle.genre}.yaml",
        str(puzzle.puzzle),
        "--unique",
        "--time-limit",
        str(limit),
    ]
    wall, out, err, rss = peak_rss(command, env)
    puzzle.dsl_rss_mb = max(puzzle.dsl_rss_mb, rss)
    if out != puzzle.solution.read_text() or "unique: no other solution exists" not in err:
        puzzle.problems.append(f"dslsolve: {err.strip().splitlines()[:1]}")
        return None
    return wall


def run_clingo(puzzle: Puzzle, limit: float, env: dict[str, str]) -> float | None:
    command = [
        sys.executable,
        "-m",
        "clingo",
        "--models=2",
        "--trans-ext=dynamic",
        "--eq=1",
        f"--time-limit={math.ceil(limit)}",
        str(puzzle.program),
    ]
    wall, out, _, _ = peak_rss(command, env)
    if not re.search(r"^Models\s*:\s*1\s*$", out, re.MULTILINE):
        found = re.search(r"^Models\s*:.*$", out, re.MULTILINE)
        puzzle.problems.append(f"clingo: {found.group(0) if found else 'no answer'}")
        return None
    return wall


def geometric_mean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else math.nan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--asp", type=Path, default=SHARED / "asp")
    parser.add_argument("--dataset", type=Path, default=SHARED / "dataset")
    parser.add_argument("--genres", help="comma-separated, e.g. akari,masyu (default: all)")
    parser.add_argument("--max-cells", type=int, default=225)
    parser.add_argument("--per-genre", type=int, default=3, help="0: every puzzle")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=float, default=60.0)
    parser.add_argument("--resident", action="store_true", help="also through a resident")
    args = parser.parse_args()
    genres = args.genres.split(",") if args.genres else None
    puzzles = pick(args.asp, args.dataset, genres, args.max_cells, args.per_genre)
    cache = tempfile.mkdtemp(prefix="dslsolve-bench-pyc-")
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with cold_and_resident(env, start=args.resident) as (cold, warm):
        _rounds(puzzles, args, cold, warm)
    _report(puzzles, args.rounds, args.resident)


def _rounds(puzzles: list[Puzzle], args: argparse.Namespace, env: dict, warm: dict) -> None:
    """Every puzzle's runs, round by round, the order turning each round."""
    if puzzles:  # fill the bytecode caches, unmeasured
        run_dslsolve(puzzles[0], args.limit, env)
        run_clingo(puzzles[0], args.limit, env)
        puzzles[0].problems.clear()
    for round_number in range(args.rounds):
        for puzzle in puzzles:
            runs = [(run_dslsolve, puzzle.dsl, env), (run_clingo, puzzle.asp, env)]
            if args.resident:
                runs.insert(1, (run_dslsolve, puzzle.resident, warm))
            turn = round_number % len(runs)
            for run, times, run_env in runs[turn:] + runs[:turn]:
                wall = run(puzzle, args.limit, run_env)
                if wall is not None:
                    times.append(wall)
            print(f"{puzzle.genre}/{puzzle.stem} round {round_number + 1}", file=sys.stderr)


def _report(puzzles: list[Puzzle], rounds: int, resident: bool) -> None:
    print(f"dslsolve / clingo, whole runs with the uniqueness proof, {rounds} rounds")
    print(
        f"{'genre':14} {'puzzles':>7} {'dslsolve s':>10} {'clingo s':>9} {'ratio':>6} {'RSS MB':>7}"
        + (f" {'resident s':>10} {'ratio':>6}" if resident else "")
    )
    ratios_all, resident_all = [], []
    for genre in sorted({p.genre for p in puzzles}):
        both = [
            p
            for p in puzzles
            if p.genre == genre and p.dsl and p.asp and not p.problems
            if p.resident or not resident
        ]
        if not both:
            print(f"{genre:14} {0:>7}")
            continue
        dsl = [statistics.median(p.dsl) for p in both]
        asp = [statistics.median(p.asp) for p in both]
        ratio = geometric_mean([d / a for d, a in zip(dsl, asp, strict=True)])
        ratios_all.append(ratio)
        rss = max(p.dsl_rss_mb for p in both)
        line = (
            f"{genre:14} {len(both):>7} {statistics.median(dsl):>10.3f} "
            f"{statistics.median(asp):>9.3f} {ratio:>6.2f} {rss:>7.0f}"
        )
        if resident:
            warm = [statistics.median(p.resident) for p in both]
            resident_all.append(geometric_mean([w / a for w, a in zip(warm, asp, strict=True)]))
            line += f" {statistics.median(warm):>10.3f} {resident_all[-1]:>6.2f}"
        print(line)
    line = f"{'every genre':14} {'':>7} {'':>10} {'':>9} {geometric_mean(ratios_all):>6.2f}"
    print(line + (f" {'':>7} {'':>10} {geometric_mean(resident_all):>6.2f}" if resident else ""))
    for puzzle in puzzles:
        for problem in dict.fromkeys(puzzle.problems):
            print(f"not counted: {puzzle.genre}/{puzzle.stem}: {problem}")


if __name__ == "__main__":
    main()
