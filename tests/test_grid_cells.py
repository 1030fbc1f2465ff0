"""`cells`, the set of every cell of the grid (docs/language.md §8, `ir.GridCells`,
`dslsolve/elementsets.py`): read anywhere (a rule of its own, at a cell, inside `each SET`),
on small grids the model has exactly the assignments the evaluator accepts, and those are the
ones a reading of each rule written here accepts."""

from __future__ import annotations

import pytest
from test_extremes import CELLS, GRID, assert_the_model_is_the_reading
from test_forbidden import DIGITS, accepted, model_solutions

from helpers import load_texts

CASES = {
    # a rule of its own: how many cells of the whole grid
    "a rule of its own": (
        ("count(cells where black) = 2", "each cell: digit = 1"),
        lambda black, digit: sum(black.values()) == 2 and set(digit.values()) == {1},
    ),
    # at a cell: the given says which digit one cell of the grid holds (the filter reads at
    # each member cell, so the given is named: c.givens)
    "at a cell": (
        (
            "each cell as c where givens is given: count(cells where digit = c.givens) = 1",
            "count(black) = 0",
            "each cell: digit <= 2",
        ),
        lambda black, digit: (
            list(digit.values()).count(2) == 1
            and all(d <= 2 for d in digit.values())
            and not any(black.values())
        ),
    ),
    # at a cell, beside the cell's own value: no other cell of the grid has its digit
    "the focus and the cells": (
        (
            "each cell as c: black or count(cells where digit = c.digit) = 1",
            "count(black) = 2",
            "each cell where givens is given: digit = givens",
        ),
        lambda black, digit: (
            sum(black.values()) == 2
            and digit[0, 0] == 2
            and all(black[c] or list(digit.values()).count(digit[c]) == 1 for c in CELLS)
        ),
    ),
}


@pytest.mark.parametrize(("rules", "reading"), CASES.values(), ids=CASES)
def test_the_model_has_the_evaluators_assignments(tmp_path, rules, reading):
    assert_the_model_is_the_reading(tmp_path, rules, reading)


FLEET = DIGITS.replace(
    "  givens: {type: grid}\n", "  givens: {type: grid}\n  fleet: {type: table}\n"
)
FLEET = FLEET.replace("variables:\n", "sets:\n  length: {rows: fleet}\nvariables:\n")


def test_inside_each_member_of_a_set(tmp_path):
    """`each length: count(cells where digit = length) = length`: 1 one, 2 twos (the set's
    members are the fleet's record numbers, 1 and 2), the last cell a 3."""
    rules = ("each length: count(cells where digit = length) = length", "count(black) = 0")
    genre = FLEET.replace("RULES", "\n".join(f"  - {r!r}" for r in rules))
    loaded, instance = load_texts(tmp_path, genre, f"fleet:\nA\nB\ngivens:\n{GRID}\n")
    found = accepted(loaded, instance)
    counts = {
        digits for _, digits in found if sorted(digits) == [1, 2, 2, 3]
    }  # every order of one 1, two 2s and a 3
    assert len(found) == len(counts) == 12
    assert all(blacks == (0, 0, 0, 0) for blacks, _ in found)
    assert model_solutions(loaded, instance, []) == found
