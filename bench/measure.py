"""Shared measuring: one dslsolve run from text to printed solution, timed in its parts."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the corpus converter lives with the tests
sys.path.insert(0, str(ROOT))  # bench.baselines, when a script runs as bench/NAME.py

from dslsolve.dsl.genre import load_genre  # noqa: E402
from dslsolve.dsl.puzzle import read_puzzle  # noqa: E402
from dslsolve.formulations import parse_formulation  # noqa: E402
from dslsolve.output import render  # noqa: E402
from dslsolve.solve import solve_puzzle  # noqa: E402

from corpus import corpus_instances, puzzle_text, solution_text  # noqa: E402

__all__ = ["ROOT", "DslRun", "corpus_instances", "puzzle_text", "run_dsl", "solution_text"]


@dataclass
class DslRun:
    status: str
    solution: str | None
    build_seconds: float  # genre file + puzzle file + compile
    solve_seconds: float
    total_seconds: float  # everything, including the evaluator's check and printing
    check_seconds: float  # the evaluator's check alone
    variables: int
    constraints: int
    cut_rounds: int


def run_dsl(
    genre: str,
    text: str,
    options: list[str] = (),
    backend: str = "cbc",
    time_limit: float | None = None,
) -> DslRun:
    started = time.perf_counter()
    genre_file = load_genre(str(ROOT / "puzzles" / f"{genre}.yaml"))
    instance = read_puzzle(genre, genre_file, text)
    loaded = time.perf_counter() - started
    outcome = solve_puzzle(
        genre_file, instance, parse_formulation(list(options)), backend, time_limit
    )
    solution = render(genre_file, instance, outcome.assignment) if outcome.assignment else None
    total = time.perf_counter() - started
    stats = outcome.stats
    return DslRun(
        status=outcome.status.value,
        solution=solution,
        build_seconds=loaded + stats.compile_seconds,
        solve_seconds=stats.solve_seconds,
        total_seconds=total,
        check_seconds=stats.check_seconds,
        variables=stats.variables,
        constraints=stats.constraints,
        cut_rounds=stats.cut_rounds,
    )
