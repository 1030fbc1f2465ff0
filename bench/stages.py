"""Where one dslsolve run spends its time, stage by stage, beside the hand-written model's
build and solver call where `bench/baselines/` has the genre; with `--fresh`, where a whole
command's time goes, imports included.

    python bench/stages.py [--repeat 40] [GENRE:STEM ...]
    python bench/stages.py --fresh [--repeat 20] [--backend cpsat] [GENRE:STEM|GENRE:FILE ...]

STEM is a corpus instance (`30x30_1`) or a file of puzzles/GENRE/ (`example`). The stages are
those of `dslsolve GENRE.yaml PUZZLE` (as `measure.run_dsl` runs them): reading the genre file
(cached after the first time, as in every benchmark), reading the puzzle, the values the
output shows, compiling, counting the model's size, the solver call (and of it, PuLP writing
the MPS file, timed apart on the same model), decoding, the evaluator's check, printing. Each
figure is the least over --repeat runs, in ms (wall clock: the solver is another process).
"own work" is everything but the solver call: what the hand-written model's build stands
against. Where there is a hand-written model, the last lines are bounds: the ratio of the
whole run (dslsolve / hand-written) that dslsolve would reach if its compile took no more
than the hand-written build, with the evaluator's check and without it. A bound above the
target (1.10) means that no compiler that builds the same PuLP objects can reach it.

`--fresh` is the fixed cost of a run: each repetition is a new process that does what `dslsolve
GENRE PUZZLE --unique --backend B` does, timing each stage as it goes: the imports of the
command line and of its solving side (as `dslsolve.frontends.cli` imports them), the genre file
(nothing cached in the process; from the command line's disk cache, `dsl/genrecache.py`, as the
command reads it, where the checkout has one), the puzzle, the compile (with the values the
output shows), opening the backend's session (importing the solver library, handing the model
over), the solver calls with their lazy-cut rounds, decoding, the uniqueness call (the no-good
and the solver again), the evaluator's check and the printed text. The process's own wall time
(measured outside) less the stages is the interpreter's start and exit; `python -c pass` is
timed beside it, and a process that only imports the backend's own module (for CP-SAT,
OR-Tools' native `cp_model_helper`): together they are the floor of any whole run in a new
process that solves with that backend. Figures are the least over --repeat processes, in ms;
the bytecode cache is on (a temporary directory), as for any installed package. With `--cpu`,
every figure is the process's CPU time (user and system) instead of wall time: on a machine
shared with other jobs the wall clock stretches every stage several times over, the work done
stays.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if "--child" not in sys.argv:  # a fresh process times its own imports
    import pulp
    from measure import ROOT, puzzle_text

    from dslsolve.answer import ground
    from dslsolve.compiler import compile_model
    from dslsolve.dsl.genre import load_genre
    from dslsolve.evaluator import Evaluator
    from dslsolve.formulations import parse_formulation
    from dslsolve.output import render
    from dslsolve.puzzlink.source import read_puzzle

DEFAULT = ["akari:example", "akari:30x30_1"]
SOLVE = "solver call"


def dsl_stages(genre: str, text: str, mps: str) -> dict[str, float]:
    """One run, each stage's wall time in seconds."""
    times: dict[str, float] = {}
    started = time.perf_counter()

    def stage(name: str) -> None:
        nonlocal started
        now = time.perf_counter()
        times[name] = now - started
        started = now

    genre_file = load_genre(str(ROOT / "puzzles" / f"{genre}.yaml"))
    stage("genre file")
    instance = read_puzzle(genre, genre_file, text)
    stage("puzzle")
    formulation = parse_formulation([]).under_genre(genre_file.genre.formulation)
    shown = ground(genre_file.genre, instance).values
    stage("answer grounded")
    compiled = compile_model(genre_file.genre, instance, formulation, shown)
    stage("compile")
    problem = compiled.model.problem
    problem.numVariables(), problem.numConstraints(), sum(map(len, problem.constraints()))
    stage("model size")
    problem.solve(pulp.PULP_CBC_CMD(msg=False))
    stage(SOLVE)
    answer = compiled.decode()
    stage("decode")
    Evaluator(genre_file.genre, instance, answer).violations()
    stage("check")
    render(genre_file, instance, answer)
    stage("print")
    problem.writeMPS(mps, rename=1)
    stage("  of the solver call: PuLP writing the MPS file")
    return times


# `--cpu`: the process's CPU time instead of the wall clock (a loaded machine stretches the
# wall time of every stage several times over, not the work done)
CLOCK = time.process_time if "--cpu" in sys.argv else time.perf_counter


class Stopwatch:
    """Each stage's time since the previous one (CLOCK), in seconds."""

    def __init__(self) -> None:
        self.times: dict[str, float] = {}
        self._last = CLOCK()

    def stage(self, name: str) -> None:
        now = CLOCK()
        self.times[name] = now - self._last
        self._last = now


def fresh_stages(genre_path: str, puzzle_path: str, backend: str) -> dict[str, float]:
    """One run as the command line makes it, in this new process: each stage's wall time."""
    watch = Stopwatch()
    gc.disable()  # as `dslsolve/__main__.py` imports the command line
    from dslsolve.frontends import cli

    try:  # as `dslsolve.frontends.cli.run` does in the command's own process
        from dslsolve.dsl import genrecache

        genrecache.enable()
    except ImportError:  # a checkout before the genre files' cache
        pass
    watch.stage("imports: the command line")
    with cli._unprobed(cli.PROBED_BY_PULP):
        from dslsolve.frontends import commands  # noqa: F401  (what the solving side imports)
    from dslsolve.answer import ground
    from dslsolve.dsl.genre import load_genre
    from dslsolve.evaluator import Evaluator
    from dslsolve.formulations import parse_formulation
    from dslsolve.output import render, unfaithful
    from dslsolve.puzzlink.source import read_puzzle
    from dslsolve.solve import _compile_run, _session, _solve_with_cuts, no_good

    getattr(cli, "_imports_done", gc.enable)()  # a checkout before it: the collector back on
    watch.stage("imports: the solving side")
    genre_file = load_genre(genre_path)
    watch.stage("genre file")
    instance = read_puzzle(puzzle_path, genre_file)
    watch.stage("puzzle")
    # the genre file's lowerings for the backend, as the command compiles them
    compiled, stats = _compile_run(genre_file, instance, parse_formulation([]), backend)
    watch.stage("compile")
    with _session(compiled, backend, stats) as session:
        watch.stage("session: solver import, model handed over")
        _solve_with_cuts(compiled, session, None, stats, None)
        watch.stage("solver calls (lazy-cut rounds included)")
        answer = compiled.decode()
        watch.stage("decode")
        session.add(no_good(compiled, ground(genre_file.genre, instance).shown(answer)))
        _solve_with_cuts(compiled, session, None, stats, None)
        watch.stage("uniqueness: no-good, solver calls")
    Evaluator(genre_file.genre, instance, answer).violations()
    watch.stage("check")
    text = render(genre_file, instance, answer)
    unfaithful(genre_file, instance, answer, text)
    watch.stage("printed text")
    return watch.times


def _puzzle_path(name: str, scratch: Path) -> tuple[str, str]:
    genre, stem = name.split(":", 1)
    if "/" in stem:
        return genre, str(Path(stem).resolve())
    shipped = ROOT / "puzzles" / genre / f"{stem}.txt"
    if not shipped.exists():
        shipped = scratch / f"{genre}-{stem}.txt"
        shipped.write_text(puzzle_text(genre, stem))
    return genre, str(shipped)


def _timed_process(command: list[str], env: dict[str, str]) -> tuple[float, str]:
    """The process's wall time (with `--cpu`: its user and system CPU time) and its output."""
    started = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    if CLOCK is time.process_time:
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        return used, done.stdout
    return time.perf_counter() - started, done.stdout


# the solver's own module, the least any process that solves with the backend imports: with
# `python -c pass` it is the floor of a whole run in a new process
SOLVER_MODULE = {
    "cpsat": "ortools.sat.python.cp_model_helper",
    "highs": "highspy",
    "scip": "pyscipopt",
    "cbc": "pulp",
}


def fresh_report(args: argparse.Namespace) -> None:
    scratch = Path(tempfile.mkdtemp())
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(scratch / "pycache")}
    empty = [sys.executable, "-c", "pass"]
    solver_only = [sys.executable, "-c", f"import {SOLVER_MODULE[args.backend]}"]
    for name in args.instances:
        genre, puzzle = _puzzle_path(name, scratch)
        command = [sys.executable, __file__, "--child", "--backend", args.backend]
        command += ["--cpu"] if args.cpu else []
        command += [str(ROOT / "puzzles" / f"{genre}.yaml"), puzzle]
        _timed_process(command, env)  # fills the bytecode cache
        _timed_process(solver_only, env)
        runs, walls, starts, floors = [], [], [], []
        for _ in range(args.repeat):
            wall, output = _timed_process(command, env)
            walls.append(wall)
            runs.append(json.loads(output))
            starts.append(_timed_process(empty, env)[0])
            floors.append(_timed_process(solver_only, env)[0])
        least = {stage: min(run[stage] for run in runs) for stage in runs[0]}
        least["interpreter start and exit (the rest of the wall time)"] = min(
            wall - sum(run.values()) for wall, run in zip(walls, runs, strict=True)
        )
        clock = "CPU time" if args.cpu else "wall time"
        print(
            f"# {name}, --unique --backend {args.backend}: least of {args.repeat} processes, "
            f"ms of {clock}"
        )
        for stage, seconds in least.items():
            print(f"{stage:56s} {seconds * 1000:8.1f}")
        print(f"{'whole process (least)':56s} {min(walls) * 1000:8.1f}")
        print(f"{'  beside it: python -c pass (least)':56s} {min(starts) * 1000:8.1f}")
        floor = f"  and python -c 'import {SOLVER_MODULE[args.backend]}'"
        print(f"{floor:56s} {min(floors) * 1000:8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("instances", nargs="*", default=DEFAULT, metavar="GENRE:STEM")
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--fresh", action="store_true", help="the whole command's stages")
    parser.add_argument("--backend", default="cpsat", help="with --fresh")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="with --fresh: CPU time, not wall time (a loaded machine)",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:  # instances: the genre file and the puzzle file
        print(json.dumps(fresh_stages(*args.instances, args.backend)), flush=True)
        os._exit(0)  # as the command line ends (`dslsolve.frontends.cli.run`)
    if args.fresh:
        fresh_report(args)
        return
    mps = os.path.join(tempfile.mkdtemp(), "model.mps")
    for name in args.instances:
        genre, stem = name.split(":")
        shipped = ROOT / "puzzles" / genre / f"{stem}.txt"
        text = shipped.read_text() if shipped.exists() else puzzle_text(genre, stem)
        try:
            baseline = importlib.import_module(f"bench.baselines.{genre}")
        except ModuleNotFoundError:
            baseline = None
        runs, results = [], []
        for _ in range(args.repeat):  # alternating, so that the machine's load hits both alike
            runs.append(dsl_stages(genre, text, mps))
            if baseline is not None:
                results.append(baseline.solve(text, pulp.PULP_CBC_CMD(msg=False)))
        least = {stage: min(run[stage] for run in runs) for stage in runs[0]}
        print(f"# {name}: least of {args.repeat} runs, ms")
        for stage, seconds in least.items():
            print(f"{stage:50s} {seconds * 1000:8.2f}")
        own = sum(s for stage, s in least.items() if stage != SOLVE and not stage.startswith(" "))
        print(f"{'own work (all but the solver call)':50s} {own * 1000:8.2f}")
        if baseline is None:
            continue
        build = min(r.build_seconds for r in results)
        solve = min(r.solve_seconds for r in results)
        print(f"{'hand-written: build':50s} {build * 1000:8.2f}")
        print(f"{'hand-written: solver call':50s} {solve * 1000:8.2f}")
        rest = own - least["compile"]  # dslsolve's work around the compile
        hand = build + solve
        bound = (rest + build + least[SOLVE]) / hand
        unchecked = (rest - least["check"] + build + least[SOLVE]) / hand
        print(f"{'bound, compile as fast as the hand-written build':50s} {bound:8.2f}")
        print(f"{'  the same without the check':50s} {unchecked:8.2f}")


if __name__ == "__main__":
    main()
