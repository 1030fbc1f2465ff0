"""The hand-written PuLP baselines of bench/baselines solve every shipped instance of their genre
and print exactly its known solution file."""

from __future__ import annotations

from pathlib import Path

import pulp
import pytest

from bench.baselines import akari, kakuro, nonogram, nurikabe, slitherlink, sudoku

from helpers import instances, solution_file

BASELINES = {
    module.__name__.rsplit(".", 1)[1]: module
    for module in (sudoku, akari, nurikabe, nonogram, slitherlink, kakuro)
}
CASES = [(genre, puzzle) for genre, puzzle in instances() if genre in BASELINES]


def test_every_baseline_has_instances() -> None:
    assert {genre for genre, _ in CASES} == set(BASELINES)


@pytest.mark.parametrize(("genre", "puzzle"), CASES, ids=[f"{g}/{p.stem}" for g, p in CASES])
def test_baseline_prints_the_solution(genre: str, puzzle: Path) -> None:
    result = BASELINES[genre].solve(puzzle.read_text(), pulp.PULP_CBC_CMD(msg=False))
    assert result.solution.encode() == solution_file(puzzle).read_bytes()
    assert result.solver_calls >= 1
    assert result.build_seconds >= 0 and result.solve_seconds > 0
