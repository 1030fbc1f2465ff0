"""How long compiling a puzzle and checking its answer take, optionally side by side with
another checkout of dslsolve (the before/after figures of a compiler or evaluator change);
with `--whole`, how long the whole command takes.

    python bench/compile_speed.py [--against DIR] [--rounds 5] [--repeat 20] [GENRE:STEM ...]
    python bench/compile_speed.py --whole [--against DIR] [--rounds 20] [--backend cpsat]
        [GENRE:STEM|GENRE:FILE ...]

STEM is a corpus instance (`30x30_1`), a file of puzzles/GENRE/ (`example`) or a puzzle file's
path (with a `/`); the answer checked is the solution file beside the puzzle where there is one
(`given_solution`), else CBC's. Each round runs
one subprocess per checkout (this one, then DIR's, alternating, so that the machine's load
hits both alike); a subprocess compiles each instance --repeat times and checks its answer as
often, and reports the least process time of each. The figures are the least over all rounds:
the machine's noise only ever adds time (with fewer rounds a puzzle of a few ms can still be
off by a fifth). Compile is `compile_model` with the values the output
shows (what `dslsolve` runs before the first solver call), check the evaluator's
`violations()` of the solved answer. The models are not compared here: `dump_models.py` does
that.

`--whole` times the command a user runs, `python -m dslsolve GENRE.yaml PUZZLE --unique
--backend B` (wall clock, a new process each time: the fixed cost of a run, imports included),
each round running every instance once per checkout, the checkouts' order alternating from
round to round; it prints the median of the rounds and the ratio. Python's bytecode cache is
on for both (in a temporary directory, filled by one unmeasured run per instance and
checkout), as in any installed package: without it every run compiles dslsolve's sources
again (about 0.2 s), which says nothing about the code. FILE is a puzzle file of any path.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
DEFAULT = [
    "akari:30x30_1",
    "akari:example",
    "slitherlink:20x20_1",
    "nonogram:15x15_1",
    "sudoku:9x9_1",
    "kakuro:example",
]


def measure(root: Path, instances: list[str], repeat: int) -> dict[str, dict[str, float]]:
    """Least process time of compile and check per instance, with `root`'s dslsolve."""
    sys.path.insert(0, str(HERE / "tests"))  # the corpus converter (no dslsolve in it)
    sys.path.insert(0, str(root))
    from dslsolve.compiler import compile_model
    from dslsolve.dsl.genre import load_genre
    from dslsolve.dsl.puzzle import read_puzzle
    from dslsolve.evaluator import Evaluator
    from dslsolve.formulations import parse_formulation
    from dslsolve.output import parse_solution
    from dslsolve.solve import solve_puzzle

    from corpus import puzzle_text

    found = {}
    for name in instances:
        genre, stem = name.split(":", 1)
        shipped = HERE / "puzzles" / genre / f"{stem}.txt"
        if "/" in stem:
            shipped = Path(stem)
        text = shipped.read_text() if shipped.exists() else puzzle_text(genre, stem)
        genre_file = load_genre(str(HERE / "puzzles" / f"{genre}.yaml"))
        instance = read_puzzle(genre, genre_file, text)
        formulation = parse_formulation([])
        solution = given_solution(shipped)
        if solution is not None:
            answer = parse_solution(genre_file, instance, solution.read_text(), str(solution))
        else:
            answer = solve_puzzle(genre_file, instance, formulation, "cbc", None).assignment
        compiles, checks = [], []
        for _ in range(repeat):
            gc.collect()
            started = time.process_time()
            shown = answer_values(genre_file, instance)
            compile_model(genre_file.genre, instance, formulation, shown)
            compiles.append(time.process_time() - started)
            started = time.process_time()
            Evaluator(genre_file.genre, instance, answer).violations()
            checks.append(time.process_time() - started)
        found[name] = {"compile": min(compiles), "check": min(checks)}
    return found


def answer_values(genre_file, instance) -> list:
    """The values of the answer, which the compile gives model variables: from the answer
    declared in the IR, or (a checkout older than it, for --against) from the output spec."""
    try:
        from dslsolve.answer import ground
    except ImportError:
        from dslsolve.output import shown_values

        return shown_values(genre_file, instance)
    return ground(genre_file.genre, instance).values


def given_solution(puzzle: Path) -> Path | None:
    """The solution file beside a puzzle file (`X.solution.txt`, or the benchmark sample's
    `X.dataset.solution.txt`), if there is one: its answer is checked without a solver call
    (the largest puzzles take the solver minutes)."""
    for suffix in (".solution.txt", ".dataset.solution.txt"):
        beside = puzzle.with_name(puzzle.name.removesuffix(".txt") + suffix)
        if beside.exists():
            return beside
    return None


def puzzle_file(name: str, scratch: Path) -> tuple[str, Path]:
    """The genre and the puzzle file of GENRE:STEM (written to `scratch` for a corpus
    instance) or GENRE:FILE."""
    genre, stem = name.split(":", 1)
    if "/" in stem:
        return genre, Path(stem).resolve()
    shipped = HERE / "puzzles" / genre / f"{stem}.txt"
    if shipped.exists():
        return genre, shipped
    sys.path.insert(0, str(HERE / "tests"))
    from corpus import puzzle_text

    written = scratch / f"{genre}-{stem}.txt"
    written.write_text(puzzle_text(genre, stem))
    return genre, written


def whole_run(root: Path, genre: str, puzzle: Path, backend: str, cache: Path) -> float:
    """Wall time of one `python -m dslsolve ... --unique` with `root`'s dslsolve."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"PYTHONPATH": str(root), "PYTHONPYCACHEPREFIX": str(cache)}
    command = [sys.executable, "-m", "dslsolve", str(HERE / "puzzles" / f"{genre}.yaml")]
    command += [str(puzzle), "--unique", "--backend", backend]
    started = time.perf_counter()
    subprocess.run(command, cwd=root, env=env, capture_output=True, check=True)
    return time.perf_counter() - started


def compare_whole_runs(args: argparse.Namespace, sides: dict[str, Path]) -> None:
    scratch = Path(tempfile.mkdtemp())
    puzzles = {name: puzzle_file(name, scratch) for name in args.instances}
    caches = {side: scratch / f"pycache-{side}" for side in sides}
    for genre, puzzle in puzzles.values():  # fills the bytecode caches, unmeasured
        for side, root in sides.items():
            whole_run(root, genre, puzzle, args.backend, caches[side])
    times: dict[tuple[str, str], list[float]] = {}
    for round_number in range(args.rounds):
        order = list(sides.items())[:: -1 if round_number % 2 else 1]
        for name, (genre, puzzle) in puzzles.items():
            for side, root in order:
                seconds = whole_run(root, genre, puzzle, args.backend, caches[side])
                times.setdefault((name, side), []).append(seconds)
    print(f"# whole run, --unique --backend {args.backend}: median of {args.rounds} rounds, ms")
    header = ["instance", "this"] + (["other", "ratio"] if args.against else [])
    if args.against:
        print(f"# other: {sides['other']}")
    print("  ".join(f"{h:>10}" if i else f"{h:40}" for i, h in enumerate(header)))
    ratios = []
    for name in args.instances:
        this = statistics.median(times[(name, "this")])
        cells = [f"{name[-40:]:40}", f"{this * 1000:10.0f}"]
        if args.against:
            other = statistics.median(times[(name, "other")])
            ratios.append(this / other)
            cells += [f"{other * 1000:10.0f}", f"{this / other:10.2f}"]
        print("  ".join(cells))
    if ratios:
        mean = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(f"{'geometric mean of the ratios':40}  {'':10}  {'':10}  {mean:10.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("instances", nargs="*", default=DEFAULT, metavar="GENRE:STEM")
    parser.add_argument("--against", type=Path, help="another checkout of dslsolve")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--whole", action="store_true", help="time the whole command instead")
    parser.add_argument("--backend", default="cpsat", help="with --whole")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # a subprocess's root
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.instances, args.repeat)))
        return
    sides = {"this": HERE} | ({"other": args.against.resolve()} if args.against else {})
    if args.whole:
        compare_whole_runs(args, sides)
        return
    best: dict[tuple[str, str, str], float] = {}
    for _ in range(args.rounds):
        for side, root in sides.items():
            command = [sys.executable, __file__, "--measure", str(root), "--repeat"]
            output = subprocess.run(
                [*command, str(args.repeat), *args.instances],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            for name, parts in json.loads(output).items():
                for part, seconds in parts.items():
                    key = (name, part, side)
                    best[key] = min(best.get(key, seconds), seconds)
    print(f"# least process time over {args.rounds} rounds of {args.repeat}, in ms")
    header = ["instance", "compile", "check"]
    if args.against:
        header = ["instance", "compile", "(other)", "ratio", "check", "(other)", "ratio"]
        print(f"# other: {sides['other']}")
    print("  ".join(f"{h:>10}" if i else f"{h:22}" for i, h in enumerate(header)))
    for name in args.instances:
        genre, stem = name.split(":", 1)
        cells = [f"{genre + ':' + Path(stem).stem if '/' in stem else name:22}"]
        for part in ("compile", "check"):
            this = best[(name, part, "this")]
            cells.append(f"{this * 1000:10.2f}")
            if args.against:
                other = best[(name, part, "other")]
                cells += [f"{other * 1000:10.2f}", f"{this / other:10.2f}"]
        print("  ".join(cells))


if __name__ == "__main__":
    main()
