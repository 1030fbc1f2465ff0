"""Where one dslsolve run spends its time, stage by stage, beside the hand-written model's
build and solver call where `bench/baselines/` has the genre.

    python bench/stages.py [--repeat 40] [GENRE:STEM ...]

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
"""

from __future__ import annotations

import argparse
import importlib
import os
import tempfile
import time

import pulp
from measure import ROOT, puzzle_text

from dslsolve.compiler import compile_model
from dslsolve.compiler.formulations import parse_formulation
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.evaluator import Evaluator
from dslsolve.output import render, shown_values

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
    formulation = parse_formulation([])
    shown = shown_values(genre_file, instance)
    stage("shown values")
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("instances", nargs="*", default=DEFAULT, metavar="GENRE:STEM")
    parser.add_argument("--repeat", type=int, default=40)
    args = parser.parse_args()
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
