"""cpsat with and without a native global, side by side on real puzzles: total time, rounds,
and whether the answer is the dataset's. By default its native circuit for `single loop`
(`loop=native` against `loop=lazy`); `--lazy` and `--native` name other formulations (options
joined by `+`, e.g. `--native area=mixed-native+connected=native`).

    python bench/circuit.py [--dataset DIR] [--time-limit 60] [--lazy F] [--native F] [PUZZLE...]

PUZZLE is GENRE/NAME under the dataset (benchmark data, never part of the repository), or
GENRE for all of a genre's puzzles; by default the largest and a mid-size puzzle of masyu,
yajilin, slitherlink and country_road. The two lowerings alternate, the first of one puzzle
being the last of the next. A run that hits the time limit counts as the limit (its ratio is
then a bound, marked `>`). The first puzzle is solved once before, unrecorded, so that neither
lowering pays for the imports.
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict
from pathlib import Path

from measure import ROOT, run_dsl

PUZZLES = [
    "masyu/760_40x58",
    "masyu/209_20x36",
    "yajilin/528_39x57",
    "yajilin/367_22x25",
    "slitherlink/100_30x45",
    "slitherlink/233_20x36",
    "country_road/144_15x15",
    "country_road/99_15x15",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", default=PUZZLES)
    parser.add_argument("--dataset", type=Path, default=ROOT.parent / "shared/bench/dataset")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--lazy", default="loop=lazy", help="the base formulation")
    parser.add_argument("--native", default="loop=native", help="the formulation measured")
    args = parser.parse_args()
    lowerings = [args.lazy, args.native]
    args.puzzles = [
        name
        for given in args.puzzles
        for name in (
            [given]
            if "/" in given
            else sorted(
                f"{given}/{p.stem}"
                for p in (args.dataset / given).glob("*_*x*.txt")
                if not p.name.endswith((".solution.txt", ".pk.txt"))
            )
        )
    ]
    ratios: dict[str, list[float]] = defaultdict(list)
    first = args.dataset / f"{args.puzzles[0]}.txt"
    run_dsl(args.puzzles[0].split("/")[0], first.read_text(), [], "cpsat", args.time_limit)
    for number, name in enumerate(args.puzzles):
        genre = name.split("/")[0]
        puzzle = args.dataset / f"{name}.txt"
        expected = puzzle.with_name(f"{puzzle.stem}.dataset.solution.txt")
        order = lowerings if number % 2 == 0 else lowerings[::-1]
        seconds = {}
        for option in order:
            options = option.split("+")
            run = run_dsl(genre, puzzle.read_text(), options, "cpsat", args.time_limit)
            right = run.solution is not None and (
                not expected.exists() or run.solution.strip() == expected.read_text().strip()
            )
            limited = run.status != "solved"
            seconds[option] = (run.total_seconds, limited)
            verdict = "time limit" if limited else ("right" if right else "WRONG")
            print(
                f"{name:26} {option:20} {run.total_seconds:7.2f} s  "
                f"{run.cut_rounds:4} rounds  {verdict}",
                flush=True,
            )
        (lazy, lazy_limited), (native, native_limited) = (seconds[o] for o in lowerings)
        ratios[genre].append(native / lazy)
        bound = ">" if native_limited else "<" if lazy_limited else ""
        print(f"{name:26} native/lazy {bound}{native / lazy:.2f}", flush=True)
    everything = [r for genre in ratios.values() for r in genre]
    for genre, some in [*ratios.items(), ("all", everything)]:
        print(f"geometric mean native/lazy, {genre} ({len(some)} puzzles): {geometric(some):.2f}")


def geometric(ratios: list[float]) -> float:
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios))


if __name__ == "__main__":
    main()
