"""The hand-written PuLP baselines of bench/baselines solve every shipped instance of their genre
and print exactly its known solution file, in every formulation a baseline offers (slitherlink
and nonogram: the seed's and dslsolve's)."""

from __future__ import annotations

from pathlib import Path

import pulp
import pytest

from bench.baselines import akari, kakuro, nonogram, nurikabe, slitherlink, sudoku
from dslsolve.backends import pulp_backends
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.formulations import parse_formulation
from dslsolve.solve import solve_puzzle

from helpers import PUZZLES, instances, solution_file

BASELINES = {
    module.__name__.rsplit(".", 1)[1]: module
    for module in (sudoku, akari, nurikabe, nonogram, slitherlink, kakuro)
}
CASES = [
    (genre, puzzle, formulation)
    for genre, puzzle in instances()
    # the baselines solve the plain puzzles: not a `?` clue (a variant of issue 28)
    if genre in BASELINES and "?" not in puzzle.read_text().split("\n", 1)[1]
    for formulation in getattr(BASELINES[genre], "FORMULATIONS", (None,))
]


def test_every_baseline_has_instances() -> None:
    assert {genre for genre, _, _ in CASES} == set(BASELINES)


def test_variants_are_offered() -> None:
    for module in (slitherlink, nonogram):
        assert module.FORMULATIONS == ("seed", "dslsolve")
        with pytest.raises(ValueError, match="expected one of"):
            module.solve("", pulp.PULP_CBC_CMD(msg=False), formulation="flow")


@pytest.mark.parametrize(
    ("genre", "puzzle", "formulation"),
    CASES,
    ids=[f"{g}/{p.stem}" + (f"/{f}" if f else "") for g, p, f in CASES],
)
def test_baseline_prints_the_solution(genre: str, puzzle: Path, formulation: str | None) -> None:
    options = {"formulation": formulation} if formulation else {}
    result = BASELINES[genre].solve(puzzle.read_text(), pulp.PULP_CBC_CMD(msg=False), **options)
    assert result.solution.encode() == solution_file(puzzle).read_bytes()
    assert result.solver_calls >= 1
    assert result.build_seconds >= 0 and result.solve_seconds > 0


def _mps(problem: pulp.LpProblem, path: Path) -> str:
    """The problem as CBC reads it (PuLP's renamed MPS file), without its name line."""
    problem.writeMPS(str(path), rename=1)
    return "".join(line for line in path.read_text().splitlines(True) if line[:4] != "NAME")


SAME_CASES = [(g, p) for g, p, f in CASES if f == "dslsolve"]


@pytest.mark.parametrize(
    ("genre", "puzzle"), SAME_CASES, ids=[f"{g}/{p.stem}" for g, p in SAME_CASES]
)
def test_dslsolve_variant_is_dslsolves_model(
    genre: str, puzzle: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The "dslsolve" variant hands CBC exactly dslsolve's default model at every solver call
    (lazy cuts included), so that the benchmark compares the same formulation."""
    seen: dict[str, list[str]] = {"dslsolve": [], "baseline": []}
    backend_solve = pulp_backends._PulpBackend.solve

    def dsl_solve(self, problem: pulp.LpProblem, limit: float | None):
        seen["dslsolve"].append(_mps(problem, tmp_path / "dsl.mps"))
        return backend_solve(self, problem, limit)

    module = BASELINES[genre]
    timed_solve = module.timed_solve

    def baseline_solve(problem: pulp.LpProblem, solver: pulp.LpSolver) -> float:
        seen["baseline"].append(_mps(problem, tmp_path / "baseline.mps"))
        return timed_solve(problem, solver)

    monkeypatch.setattr(pulp_backends._PulpBackend, "solve", dsl_solve)
    monkeypatch.setattr(module, "timed_solve", baseline_solve)
    genre_file = load_genre(str(PUZZLES / f"{genre}.yaml"))
    text = puzzle.read_text()
    instance = read_puzzle(genre, genre_file, text)
    outcome = solve_puzzle(genre_file, instance, parse_formulation([]), "cbc")
    result = module.solve(text, pulp.PULP_CBC_CMD(msg=False), formulation="dslsolve")
    assert outcome.stats.solver_calls == result.solver_calls
    assert seen["dslsolve"] == seen["baseline"]
