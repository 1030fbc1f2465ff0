"""Issue 27's targets 5 and 6: every dataset puzzle's whole run with the defaults, its wall and
CPU time and peak memory, the answer checked against the dataset's solution.

    python bench/tail.py [--dataset ../shared/bench/dataset] [--genres nurikabe,fillomino]
        [--puzzles nurikabe/721_11x11,...] [--over SECONDS --from OLD.csv] [--unique]
        [--limit 60] [--jobs 2] [--csv FILE] [--markdown] [--repeat 1]

Each run is a new process (`python -m dslsolve GENRE PUZZLE --stats --format json
--time-limit LIMIT`, `--unique` with `--unique`), killed 15 s past its limit. Wall time is the
process's, CPU time its user + system time (every thread of CP-SAT included), peak RSS the
process's resident set sampled every 0.1 s from /proc (the CP-SAT backend solves in that
process; wait4's ru_maxrss is not used: a child's starts at its parent's resident set). The answer
is checked by the evaluator and against the dataset's solution (`right`, `other solution`,
`wrong`, or the run's status). `--over S --from OLD.csv` runs only the puzzles that took more
than S seconds of wall time (or were not right) in an earlier run's CSV, so the slow tail can be
measured again without the other 430 puzzles. `--repeat N` runs each puzzle N times in turn
(for the noisy ones) and prints each run. `--against DIR` runs each puzzle under another
checkout too (`git archive REV | tar -x -C DIR`), the two one after the other, the order
turning per puzzle, and prints the CPU times side by side with their ratio.

Printed: every run over `--show` seconds (default 5) or over `--memory` MB (default 500) or not
right, slowest first; the count of right answers under 10 s; the largest peak RSS; the load
average at the start and the end (the machine is shared: say it beside the figures).
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.peer_runs import DslRun, run_dslsolve  # noqa: E402
from bench.peers import Checker, Puzzle, dataset_puzzles  # noqa: E402

TARGET_SECONDS = 10
MEMORY_TARGET_MB = 1024
FIELDS = [
    "genre",
    "puzzle",
    "cells",
    "verdict",
    "wall_s",
    "cpu_s",
    "compile_s",
    "solve_s",
    "rss_mb",
]


def _selected(args: argparse.Namespace) -> list[Puzzle]:
    puzzles = dataset_puzzles(args.dataset)
    if args.genres:
        puzzles = [p for p in puzzles if p.genre in args.genres]
    if args.puzzles:
        puzzles = [p for p in puzzles if f"{p.genre}/{p.name}" in args.puzzles]
    if args.over is not None:
        slow = set()
        with open(args.from_csv) as file:
            for row in csv.DictReader(file):
                if float(row["wall_s"]) > args.over or row["verdict"] != "right":
                    slow.add((row["genre"], row["puzzle"]))
        puzzles = [p for p in puzzles if (p.genre, p.name) in slow]
    return sorted(puzzles, key=lambda p: (p.genre, p.cells, p.name))


def _row(puzzle: Puzzle, run: DslRun, verdict: str) -> dict:
    def seconds(value: float | None) -> str:
        return "" if value is None else f"{value:.2f}"

    return {
        "genre": puzzle.genre,
        "puzzle": puzzle.name,
        "cells": puzzle.cells,
        "verdict": verdict,
        "wall_s": f"{run.whole_seconds:.2f}",
        "cpu_s": f"{run.cpu_seconds:.2f}",
        "compile_s": seconds(run.compile_seconds),
        "solve_s": seconds(run.solve_seconds),
        "rss_mb": f"{run.peak_sampled_mb:.0f}",
    }


def _table(rows: list[dict], markdown: bool) -> str:
    header = ["puzzle", "verdict", "wall s", "CPU s", "compile s", "solve s", "peak RSS MB"]
    keys = ["verdict", "wall_s", "cpu_s", "compile_s", "solve_s", "rss_mb"]
    lines = [[f"{r['genre']} {r['puzzle']}"] + [str(r[k]) for k in keys] for r in rows]
    if markdown:
        out = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
        return "\n".join(out + ["| " + " | ".join(line) + " |" for line in lines])
    widths = [max(len(x) for x in column) for column in zip(header, *lines, strict=True)]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True))
        for line in [header] + lines
    )


def _paired(rows: list[dict], markdown: bool) -> str:
    """`--against`: each puzzle's runs under the other checkout and this one, CPU time's ratio
    now / before and its geometric mean (answers not right are marked)."""
    header = ["puzzle", "before: CPU s (wall s)", "now: CPU s (wall s)", "ratio of CPU"]
    lines, ratios = [], []
    for r in rows:
        before, now = float(r["before_cpu_s"]), float(r["cpu_s"])
        ratios.append(now / before)
        marks = [f" {v}" if v != "right" else "" for v in (r["before_verdict"], r["verdict"])]
        lines.append(
            [
                f"{r['genre']} {r['puzzle']}",
                f"{before:.2f} ({r['before_wall_s']}){marks[0]}",
                f"{now:.2f} ({r['wall_s']}){marks[1]}",
                f"{now / before:.2f}",
            ]
        )
    mean = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else float("nan")
    lines.append(["geometric mean", "", "", f"{mean:.2f}"])
    if markdown:
        out = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
        return "\n".join(out + ["| " + " | ".join(line) + " |" for line in lines])
    return "\n".join("  ".join(line) for line in [header] + lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", type=Path, default=ROOT.parent / "shared/bench/dataset")
    parser.add_argument("--genres", type=lambda t: [g for g in t.split(",") if g])
    parser.add_argument("--puzzles", type=lambda t: [g for g in t.split(",") if g])
    parser.add_argument("--over", type=float, help="only the puzzles over this many seconds")
    parser.add_argument("--from", dest="from_csv", help="the earlier run's CSV for --over")
    parser.add_argument("--unique", action="store_true")
    parser.add_argument("--limit", type=float, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--csv", type=Path)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--show", type=float, default=5.0, help="print runs over this wall time")
    parser.add_argument("--memory", type=float, default=500.0, help="and over this peak RSS")
    parser.add_argument("--against", type=Path, help="another checkout, run alternating")
    args = parser.parse_args(argv)
    if args.over is not None and not args.from_csv:
        parser.error("--over needs --from OLD.csv")
    if not args.dataset.is_dir():
        args.dataset = Path("/work/shared/bench/dataset")
    puzzles = _selected(args) * args.repeat
    checker = Checker()
    load_before = os.getloadavg()
    started = time.strftime("%H:%M", time.gmtime())

    def one(index_puzzle: tuple[int, Puzzle]) -> dict:
        index, puzzle = index_puzzle
        if args.against is None:
            return run_one(index, puzzle, ROOT, "")
        sides = [(ROOT, "now"), (args.against, "before")][:: 1 if index % 2 else -1]
        rows = {side: run_one(index, puzzle, root, side) for root, side in sides}
        return rows["now"] | {f"before_{k}": v for k, v in rows["before"].items()}

    def run_one(index: int, puzzle: Puzzle, root: Path, side: str) -> dict:
        run = run_dslsolve(
            puzzle.genre, puzzle.path, "cpsat", args.limit, args.unique, 15.0, root=root
        )
        verdict = checker.verdict(puzzle, run)
        if args.unique and verdict == "right" and run.status != "solved":
            verdict = run.status
        row = _row(puzzle, run, verdict)
        print(
            f"[{index + 1}/{len(puzzles)}] {side} {puzzle.genre}/{puzzle.name}: {verdict} "
            f"{row['wall_s']} s wall, {row['cpu_s']} s CPU, {row['rss_mb']} MB"
            + (f" ({run.detail})" if run.detail else ""),
            file=sys.stderr,
            flush=True,
        )
        return row

    if args.against is not None and puzzles:  # uncounted: each checkout's bytecode compiled
        for root in (ROOT, args.against):
            run_dslsolve(
                puzzles[0].genre, puzzles[0].path, "cpsat", args.limit, False, 15, (), root
            )
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(one, enumerate(puzzles)))
    load_after = os.getloadavg()
    if args.against is not None:
        print(_paired(rows, args.markdown))
        print(
            f"\n({'with' if args.unique else 'without'} --unique, {args.jobs} at a time; "
            f"started {started} UTC, load {load_before[0]:.1f} at the start, "
            f"{load_after[0]:.1f} at the end)"
        )
        return 0
    if args.csv:
        with args.csv.open("w", newline="") as file:
            out = csv.DictWriter(file, FIELDS)
            out.writeheader()
            out.writerows(rows)
    shown = [
        r
        for r in rows
        if float(r["wall_s"]) > args.show
        or float(r["rss_mb"]) > args.memory
        or r["verdict"] != "right"
        or args.repeat > 1
    ]
    shown.sort(key=lambda r: -float(r["wall_s"]))
    print(_table(shown, args.markdown))
    fast = sum(r["verdict"] == "right" and float(r["wall_s"]) < TARGET_SECONDS for r in rows)
    heaviest = max(rows, key=lambda r: float(r["rss_mb"]), default=None)
    print(
        f"\n{fast} of {len(rows)} runs right in under {TARGET_SECONDS} s "
        f"({'with' if args.unique else 'without'} --unique, {args.jobs} at a time, "
        f"limit {args.limit:g} s; started {started} UTC, load {load_before[0]:.1f} at the start, "
        f"{load_after[0]:.1f} at the end)"
    )
    if heaviest:
        print(
            f"largest peak RSS: {heaviest['rss_mb']} MB ({heaviest['genre']} "
            f"{heaviest['puzzle']}); over {MEMORY_TARGET_MB} MB: "
            f"{sum(float(r['rss_mb']) > MEMORY_TARGET_MB for r in rows)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
