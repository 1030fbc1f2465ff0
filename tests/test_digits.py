"""Rows with large numbers (`lowerings/digits.py`): an equality is split into digits with carries
and stays exact; any other row beyond 10^9 is refused with a message."""

from __future__ import annotations

import itertools

import pulp
import pytest

from dslsolve.backends import BACKENDS, SolveStatus
from dslsolve.compiler.formulations import parse_formulation
from dslsolve.compiler.lowerings.digits import BASE, post_equal_by_digits
from dslsolve.compiler.model import LinearModel

from helpers import genre_file


def test_the_split_equality_has_exactly_the_integer_solutions():
    """12345678 x - 987654321 y + 1000001 z = T over small domains: for every (x, y, z) the
    split rows are feasible exactly when the equation holds, and no row has a coefficient as
    large as the base."""
    domains = {"x": range(-2, 3), "y": range(0, 3), "z": range(0, 4)}
    coefficients = {"x": 12345678, "y": -987654321, "z": 1000001}
    target = 12345678 * 2 - 987654321 * 1 + 1000001 * 3
    for values in itertools.product(*domains.values()):
        model = LinearModel(parse_formulation([]))
        variables = {
            name: model.integer(domain.start, domain.stop - 1, name)
            for name, domain in domains.items()
        }
        expr = pulp.lpSum(coefficients[n] * v for n, v in variables.items())
        post_equal_by_digits(model, expr, target)
        rows = model.problem.constraints.values()
        assert all(abs(a) <= BASE for row in rows for a in row.values())
        for name, value in zip(domains, values, strict=True):
            model.add(pulp.LpAffineExpression(variables[name]) == value)
        holds = sum(coefficients[n] * v for n, v in zip(domains, values, strict=True)) == target
        status = BACKENDS["cbc"].solve(model.problem, None)
        assert (status == SolveStatus.SOLVED) == holds, values


FOURTEEN_COLUMNS = """\
JJCHEHGJAGJIFH
JAGIFAACEEFDII
--------------
FEFHABHHCDHDEI
"""


def test_a_fourteen_column_cryptarithm_is_solved(tmp_path, run):
    """With place values up to 10^13 CBC called this sum infeasible; split into digits it
    finds the one answer, whose sum is checked here in Python's integers."""
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(FOURTEEN_COLUMNS)
    result = run(genre_file("cryptarithm"), puzzle, "--unique")
    assert result.code == 0, result.err
    assert "unique" in result.err
    rows = [line.replace(" ", "") for line in result.out.splitlines() if "-" not in line]
    assert int(rows[0]) + int(rows[1]) == int(rows[2]) == 65601200740459


def test_an_inequality_beyond_ten_to_the_nine_is_refused(tmp_path, run):
    genre = tmp_path / "g.yaml"
    genre.write_text(
        "name: big\ninput:\n  clues: {type: grid}\nvariables:\n  n: {type: int, domain: 0..3}\n"
        "rules:\n  - each cell where clues is number: n * clues >= clues - 1\n"
        "output:\n  cell:\n    - show: n\n"
    )
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("clues:\n100000000000000000000 .\n")
    result = run(genre, puzzle)
    assert result.code == 2
    assert "cannot compile this rule: its numbers reach 300000000000000000000, beyond" in result.err
    assert "only an equality of integers ('=') may use larger numbers" in result.err


@pytest.mark.parametrize("rule", ["n * clues = clues", "clues * n = clues + 0 * n"])
def test_an_equality_with_a_large_clue_is_exact(tmp_path, run, rule):
    genre = tmp_path / "g.yaml"
    genre.write_text(
        "name: big\ninput:\n  clues: {type: grid}\nvariables:\n  n: {type: int, domain: 0..3}\n"
        f"rules:\n  - each cell where clues is number: {rule}\n  - sum(n) = 1\n"
        "output:\n  cell:\n    - show: n\n"
    )
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("clues:\n100000000000000000000 .\n")
    result = run(genre, puzzle, "--unique")
    assert (result.code, result.out) == (0, "1 0\n"), result.err
