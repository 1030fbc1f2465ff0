"""Backends side by side on real puzzles: compile + solve time, per-genre geometric means of
the time ratio of each backend to CBC.

    python bench/backends.py [--backends cbc,highs,cpsat,scip] [--per-genre 3]
        [--max-cells 225] [--genres yin_yang,nurikabe] [--large] [--time-limit 30]

Puzzles come from ../shared/bench/dataset (benchmark data, never part of the repository): the
`--per-genre` largest of at most `--max-cells` cells per genre, plus with `--large` a few larger
ones named in LARGE. For each puzzle the backends run one after the other in a rotating order
(the first of one puzzle is the last of the next), in this process. A run that hits the time
limit counts as the limit (its ratio is then a bound, marked `>`); a wrong answer is reported.
`cpsat:N` is CP-SAT with N workers (`dslsolve/backends/cpsat.py` WORKERS), to compare worker
counts side by side.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import re
from collections import defaultdict
from pathlib import Path

from measure import run_dsl

from dslsolve.backends import cpsat

DEFAULT_WORKERS = cpsat.WORKERS

DATASET = Path(__file__).resolve().parents[2] / "shared" / "bench" / "dataset"
GENRES = [
    "yin_yang",
    "nurikabe",
    "masyu",
    "yajilin",
    "slitherlink",
    "skyscrapers",
    "kakuro",
    "heyawake",
]
LARGE = [
    "yin_yang/104_12x12",
    "nurikabe/589_12x18",
    "masyu/167_16x24",
    "slitherlink/1037_10x18",
    "heyawake/114_10x18",
]


def cells(path: Path) -> int:
    width, height = re.search(r"_(\d+)x(\d+)$", path.stem).groups()
    return int(width) * int(height)


def sample(genres: list[str], per_genre: int, max_cells: int) -> list[tuple[str, Path]]:
    chosen = []
    for genre in genres:
        puzzles = [
            p
            for p in (DATASET / genre).glob("*.txt")
            if not p.name.endswith(("solution.txt", "pk.txt")) and cells(p) <= max_cells
        ]
        puzzles.sort(key=lambda p: (-cells(p), p.name))
        chosen += [(genre, p) for p in puzzles[:per_genre]]
    return chosen


def named(names: list[str]) -> list[tuple[str, Path]]:
    return [(name.split("/")[0], DATASET / f"{name}.txt") for name in names]


def geometric_mean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="cbc,highs,cpsat,scip")
    parser.add_argument("--per-genre", type=int, default=3)
    parser.add_argument("--puzzles", help="comma-separated GENRE/ID_WxH instead of the sample")
    parser.add_argument("--max-cells", type=int, default=225)
    parser.add_argument("--genres", default=",".join(GENRES))
    parser.add_argument("--large", action="store_true", help="also the puzzles in LARGE")
    parser.add_argument("--time-limit", type=float, default=30.0)
    args = parser.parse_args()
    backends = args.backends.split(",")
    puzzles = sample(args.genres.split(","), args.per_genre, args.max_cells)
    if args.puzzles:
        puzzles = [
            (name.split("/")[0], DATASET / f"{name}.txt") for name in args.puzzles.split(",")
        ]
    if args.large:
        puzzles += [(name.split("/")[0], DATASET / f"{name}.txt") for name in LARGE]
    print(
        f"# {platform.node()}, Python {platform.python_version()}, load "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; time limit {args.time_limit} s; "
        "seconds = compile + solve"
    )
    print("| puzzle | " + " | ".join(backends) + " |")
    print("| --- |" + " --- |" * len(backends))
    ratios: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    stopped: dict[str, int] = defaultdict(int)
    for turn, (genre, path) in enumerate(puzzles):
        text = path.read_text()
        expected = path.with_name(path.stem + ".dataset.solution.txt").read_text()
        order = backends[turn % len(backends) :] + backends[: turn % len(backends)]
        seconds, marks = {}, {}
        for backend in order:
            name, _, workers = backend.partition(":")
            cpsat.WORKERS = int(workers or DEFAULT_WORKERS)
            run = run_dsl(genre, text, backend=name, time_limit=args.time_limit)
            seconds[backend] = run.build_seconds + run.solve_seconds
            if run.status != "solved":
                marks[backend] = ">" if run.status == "time limit" else run.status + " "
                seconds[backend] = max(seconds[backend], args.time_limit)
                stopped[backend] += 1
            elif run.solution.split() != expected.split():
                marks[backend] = "WRONG "
        cells_text = " | ".join(f"{marks.get(b, '')}{seconds[b]:.2f}" for b in backends)
        print(f"| {genre}/{path.stem} | {cells_text} |", flush=True)
        for backend in backends:
            ratios[genre][backend].append(seconds[backend] / seconds[backends[0]])
    print(f"\ngeometric mean of time / {backends[0]} time, per genre:\n")
    print("| genre | " + " | ".join(backends) + " |")
    print("| --- |" + " --- |" * len(backends))
    every: dict[str, list[float]] = defaultdict(list)
    for genre, by_backend in ratios.items():
        means = " | ".join(f"{geometric_mean(by_backend[b]):.2f}" for b in backends)
        print(f"| {genre} | {means} |")
        for backend in backends:
            every[backend] += by_backend[backend]
    overall = " | ".join(f"{geometric_mean(every[b]):.2f}" for b in backends)
    print(f"| all ({len(puzzles)} puzzles) | {overall} |")
    counts = ", ".join(f"{b} {stopped[b]}" for b in backends)
    print(f"\nruns stopped (time limit or error): {counts}")


if __name__ == "__main__":
    main()
