"""dslsolve's compile + solve beside puzzlekit's build + solve, in CPU time, one worker each,
in one process: the solve-time ratio of issue 27's target 3 measured so that a shared machine's
load does not move it.

    pip install -e '.[bench]'
    python bench/cpu_ratio.py [--dataset ../shared/bench/dataset] [--genres ripple_effect,kakuro]
        [--max-cells 225] [--per-genre 3] [--rounds 3] [--unique]
        [--variant NAME=CHOICE,...] [--genre-file GENRE=FILE ...] [--against DIR]

The puzzles are `bench/peers.py`'s (`--per-genre` spread over the sizes up to `--max-cells`).
Each round runs every side once per puzzle, the order turning each round: dslsolve as it is
(compile, the CP-SAT session, its calls and lazy-cut rounds; `--unique` adds the second call
as the command does), each `--variant` (a formulation, or `--genre-file` another genre file),
and puzzlekit with `num_workers=1` (its default is every core, so its CPU time would count
the portfolio's workers). Times are `time.process_time()`, the process's CPU time over all
its threads, least of the rounds. Printed per puzzle: the CPU ms of each side and CP-SAT's
deterministic time; per genre the geometric mean of dslsolve / puzzlekit and, with variants,
of variant / dslsolve. A dslsolve answer that is not the dataset's is an error.

`--against DIR` adds another checkout of dslsolve (`git worktree add DIR main`), its own genre
files, as the side `DIR`: a change's before and after in one run. Then every dslsolve side
runs in a worker process of its checkout (this file with `--worker`, DIR's dslsolve first on
its path), which times its runs by its own CPU time as the sides in this process are timed;
this checkout's worker is `dslsolve`, so that both sides run alike.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CHECKOUT = "CPU_RATIO_CHECKOUT"  # a worker's dslsolve: this folder's, ahead of ROOT's
if os.environ.get(CHECKOUT):
    sys.path.insert(0, os.environ[CHECKOUT])

from bench.peer_answers import COMPARISONS, peer_agrees  # noqa: E402
from bench.peers import select  # noqa: E402
from dslsolve.answer import ground  # noqa: E402
from dslsolve.backends import SolveStatus, cpsat  # noqa: E402
from dslsolve.compiler import compile_model  # noqa: E402
from dslsolve.dsl.genre import load_genre  # noqa: E402
from dslsolve.dsl.puzzle import read_puzzle  # noqa: E402
from dslsolve.formulations import parse_formulation  # noqa: E402
from dslsolve.output import parse_solution  # noqa: E402
from dslsolve.solve import no_good  # noqa: E402


def dslsolve_run(genre_file, path: Path, options: list[str], unique: bool):
    """CPU seconds of compile and solve, CP-SAT's deterministic seconds, and the answer."""
    text = path.read_text()
    started = time.process_time()
    instance = read_puzzle(str(path), genre_file, text)
    shown = ground(genre_file.genre, instance).values
    genre = genre_file.genre
    formulation = parse_formulation(options).under_genre(genre.formulation)
    formulation = formulation.on_backend(genre.backend_formulation, "cpsat")
    compiled = compile_model(genre, instance, formulation, shown)
    compiled_at = time.process_time()
    session = cpsat.CpsatSession(compiled.model)
    deterministic = 0.0
    original = session._search

    def search(*args, **kwargs):
        nonlocal deterministic
        response = original(*args, **kwargs)
        deterministic += response.deterministic_time
        return response

    session._search = search
    answer = None
    while True:
        status = session.solve(None)
        if status != SolveStatus.SOLVED:
            break
        cuts = [cut for separate in compiled.model.separators for cut in separate()]
        if cuts:
            session.add(cuts)
            continue
        if answer is None:
            answer = compiled.decode()
            if not unique:
                break
            session.add(no_good(compiled))
            continue
        raise SystemExit(f"{path}: a second answer")
    solved_at = time.process_time()
    return compiled_at - started, solved_at - compiled_at, deterministic, answer, instance


def puzzlekit_run(puzzle) -> float:
    import puzzlekit

    comparison = COMPARISONS[puzzle.genre]
    text = puzzle.sibling(".problem.pk.txt").read_text()
    started = time.process_time()
    result = puzzlekit.solve(text, comparison.ptype, solver_options={"num_workers": 1})
    spent = time.process_time() - started
    grid = result.sol_grid
    matrix = [[str(t) for t in row] for row in grid.matrix] if grid is not None else None
    known = puzzle.sibling(".dataset.solution.txt").read_text()
    if matrix is None or not peer_agrees(puzzle.genre, known, matrix):
        raise SystemExit(f"{puzzle.path}: puzzlekit's answer is not the dataset's")
    return spent


def geometric_mean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def checked_run(genre_file, puzzle_path: Path, options: list[str], unique: bool, side: str):
    """`dslsolve_run`, its answer compared with the dataset's: [CPU s, compile s, det. s]."""
    compile_s, solve_s, det, answer, instance = dslsolve_run(
        genre_file, puzzle_path, options, unique
    )
    known_path = puzzle_path.with_name(puzzle_path.stem + ".dataset.solution.txt")
    try:
        known = parse_solution(genre_file, instance, known_path.read_text(), str(known_path))
    except Exception:  # noqa: BLE001 (a drawing this checkout cannot read)
        known = None
    if known is not None and any(
        answer[var][element] != value
        for var, values in known.items()
        for element, value in values.items()
    ):
        raise SystemExit(f"{puzzle_path} ({side}): not the dataset's answer")
    return [compile_s + solve_s, compile_s, det]


def serve() -> None:
    """The worker: one JSON request a line (genre file, puzzle, options, unique), one JSON
    answer a line (the times of `checked_run`)."""
    genre_files: dict[str, object] = {}
    for line in sys.stdin:
        request = json.loads(line)
        file = request["genre_file"]
        if file not in genre_files:
            genre_files[file] = load_genre(file)
        times = checked_run(
            genre_files[file],
            Path(request["puzzle"]),
            request["options"],
            request["unique"],
            request["side"],
        )
        print(json.dumps(times), flush=True)


class Worker:
    """A worker process of one checkout of dslsolve (`serve`)."""

    def __init__(self, checkout: Path) -> None:
        self.checkout = checkout
        environment = {**os.environ, CHECKOUT: str(checkout)}
        environment.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed package runs
        self._process = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
        )

    def run(self, genre_file: str, puzzle: Path, options: list[str], unique: bool, side: str):
        request = {"genre_file": genre_file, "puzzle": str(puzzle), "options": options}
        request |= {"unique": unique, "side": side}
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        answer = self._process.stdout.readline()
        if not answer:
            raise SystemExit(f"the worker of {self.checkout} ended ({side}, {puzzle})")
        return json.loads(answer)

    def close(self) -> None:
        self._process.stdin.close()
        self._process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", type=Path, default=ROOT.parent / "shared/bench/dataset")
    parser.add_argument("--genres", default="")
    parser.add_argument("--max-cells", type=int, default=225)
    parser.add_argument("--per-genre", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--unique", action="store_true")
    parser.add_argument("--variant", action="append", default=[], help="NAME=CHOICE,...")
    parser.add_argument("--genre-file", action="append", default=[], help="GENRE=FILE")
    parser.add_argument("--against", type=Path, help="another checkout of dslsolve")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        serve()
        return
    args.genres = [g for g in args.genres.split(",") if g]
    args.largest = False
    puzzles = select(args)
    genre_files = {}
    for genre in sorted({p.genre for p in puzzles}):
        genre_files[genre] = str(ROOT / "puzzles" / f"{genre}.yaml")
    # each side: its name, its genre files, its options, its worker (None: in this process)
    workers = {}
    if args.against:
        workers = {"dslsolve": Worker(ROOT), "against": Worker(args.against.resolve())}
    mine = workers.get("dslsolve")
    sides: list[tuple[str, dict, list[str], Worker | None]] = [("dslsolve", genre_files, [], mine)]
    for variant in args.variant:
        sides.append((variant, genre_files, [o for o in variant.split(",") if o], mine))
    for entry in args.genre_file:
        genre, file = entry.split("=", 1)
        sides.append((f"{genre}={file}", {**genre_files, genre: file}, [], mine))
    if args.against:
        theirs = {g: str(args.against / "puzzles" / f"{g}.yaml") for g in genre_files}
        sides.append((str(args.against), theirs, [], workers["against"]))
    loaded = {  # the genre files of the sides run in this process
        file: load_genre(file) for _, files, _, w in sides if w is None for file in files.values()
    }
    import puzzlekit  # noqa: F401 (imported before any timing)

    least: dict[tuple[str, str], list[float]] = {}
    for round_number in range(-1, args.rounds):  # round -1 warms up every side, uncounted
        for index, puzzle in enumerate(puzzles):
            names = [side[0] for side in sides] + ["puzzlekit"]
            turn = (round_number + index) % len(names)
            for name in names[turn:] + names[:turn]:
                key = (puzzle.path.stem + " " + puzzle.genre, name)
                if name == "puzzlekit":
                    times = [puzzlekit_run(puzzle), 0.0, 0.0]
                else:
                    _, files, options, worker = next(side for side in sides if side[0] == name)
                    file = files[puzzle.genre]
                    if worker is None:
                        times = checked_run(loaded[file], puzzle.path, options, args.unique, name)
                    else:
                        times = worker.run(file, puzzle.path, options, args.unique, name)
                if round_number < 0:
                    continue
                best = least.setdefault(key, times)
                if times[0] < best[0]:
                    least[key] = times
        print(f"round {round_number + 1} done", file=sys.stderr, flush=True)

    for worker in workers.values():
        worker.close()
    names = [side[0] for side in sides]
    header = ["puzzle", "puzzlekit ms"] + [f"{n} ms (compile; CP-SAT det. s)" for n in names]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    ratios: dict[str, dict[str, list[float]]] = {}
    for puzzle in puzzles:
        key = puzzle.path.stem + " " + puzzle.genre
        peer = least[(key, "puzzlekit")][0]
        cells = [f"{puzzle.genre}/{puzzle.path.stem}", f"{peer * 1000:.0f}"]
        for name in names:
            total, compile_s, det = least[(key, name)]
            cells.append(f"{total * 1000:.0f} ({compile_s * 1000:.0f}; {det:.3f})")
            per = ratios.setdefault(puzzle.genre, {})
            per.setdefault(name, []).append(total / peer)
            if name != "dslsolve":
                per.setdefault(name + " / dslsolve", []).append(total / least[(key, "dslsolve")][0])
        print("| " + " | ".join(cells) + " |")
    print()
    columns = [n + " / puzzlekit" for n in names] + [n + " / dslsolve" for n in names[1:]]
    print("| genre | " + " | ".join(columns) + " |")
    print("|" + " --- |" * (len(columns) + 1))
    for genre, per in ratios.items():
        cells = [f"{geometric_mean(per[n]):.2f}" for n in names]
        cells += [f"{geometric_mean(per[n + ' / dslsolve']):.2f}" for n in names[1:]]
        print(f"| {genre} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
