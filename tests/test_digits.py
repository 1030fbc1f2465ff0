"""Rows with large numbers (`lowerings/digits.py`): an equality is split into digits with carries,
an inequality gets a slack in digits, both exact; a comparison inside a condition beyond 10^6
is refused with a message."""

from __future__ import annotations

import itertools

import pulp
import pytest

from dslsolve.backends import BACKENDS, SolveStatus
from dslsolve.compiler.lowerings.digits import BASE, post_equal_by_digits
from dslsolve.compiler.model import LinearModel
from dslsolve.formulations import parse_formulation

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


def big_genre(tmp_path, *rules: str):
    genre = tmp_path / "g.yaml"
    genre.write_text(
        "name: big\ninput:\n  clues: {type: grid}\nvariables:\n  n: {type: int, domain: 0..3}\n"
        "  black: {type: bool}\nrules:\n"
        + "".join(f"  - {rule}\n" for rule in rules)
        + "output:\n  cell:\n    - show: n\n    - when: black\n      symbol: '#'\n"
    )
    return genre


@pytest.mark.parametrize(
    ("rule", "clue", "out"),
    [
        ("n * clues >= clues - 1 and n <= 1", 10**20, "1 0\n"),  # n >= 1 - 10^-20: n = 1
        ("33333333 * n >= clues and n <= 2", 66666667, None),  # 2 * 33333333 is 1 short
        ("33333333 * n > clues and n <= 2", 66666666, None),
        ("33333333 * n <= clues and n >= 2", 66666666, "2 0\n"),
    ],
)
def test_an_inequality_with_large_numbers_is_exact(tmp_path, run, rule, clue, out):
    """CBC took 66666666 >= 66666667 as true with coefficients of 3 * 10^7: the inequality is
    now an equality with a slack in digits."""
    rules = (f"each cell where clues is number: {rule}", "each cell where clues is empty: n = 0")
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(f"clues:\n{clue} .\n")
    result = run(big_genre(tmp_path, *rules, "count(black) = 0"), puzzle, "--unique")
    if out is None:
        assert result.code == 1, result.out + result.err
    else:
        assert (result.code, result.out) == (0, out), result.err


def test_a_large_comparison_inside_a_condition_is_refused(tmp_path, run):
    """A sum of integer unknowns compared inside an `or`: reified with big-M rows (with the
    default one-hot digits, a table of their values lowers it instead, exactly)."""
    rule = "each cell where clues is number: black or 33333333 * sum(n of neighbours) >= clues"
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("clues:\n66666667 .\n. .\n")
    result = run(big_genre(tmp_path, rule), puzzle, "--formulation", "domain=integer")
    assert result.code == 2
    assert "cannot compile this rule: its numbers reach" in result.err
    assert "beyond 1000000 (10^6), which the solver cannot compute with exactly in a" in result.err


@pytest.mark.parametrize("rule", ["n * clues = clues", "clues * n = clues + 0 * n"])
def test_an_equality_with_a_large_clue_is_exact(tmp_path, run, rule):
    genre = big_genre(tmp_path, f"each cell where clues is number: {rule}", "sum(n) = 1")
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("clues:\n100000000000000000000 .\n")
    result = run(genre, puzzle, "--unique")
    assert (result.code, result.out) == (0, "1 0\n"), result.err
