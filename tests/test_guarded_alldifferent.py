"""`alldifferent(...)` behind a guard (a `where` on unknowns, `p implies alldifferent(...)`):
the model has exactly the assignments the evaluator accepts, under each lowering whose guarded
rows differ (onehot's relaxed row per value, pairwise's guarded pairs, and integers without
value indicators); `native` has no guarded form and posts onehot's rows there."""

from __future__ import annotations

import pytest
from test_forbidden import accepted, load, model_solutions

from dslsolve.compiler import compile_model
from dslsolve.compiler.formulations import parse_formulation
from dslsolve.geometry import Grid

CASES = {
    # a row with no black cell has different digits; a row with one may repeat a digit
    "where on unknowns": (
        (
            "each row where count(black) = 0: alldifferent(digit)",
            "count(black) = 1",
            "each cell: digit <= 2",
        ),
        "..\n..",
    ),
    # the same through `implies`, around a cell: a black cell's neighbours differ
    "implies": (
        (
            "each cell: black implies alldifferent(digit of neighbours)",
            "count(black) = 1",
            "each cell: digit <= 2",
        ),
        "..\n..",
    ),
    # three members, three values, one of them given: a permutation where the guard holds
    "permutation": (
        (
            "each row where count(black) = 0: alldifferent(digit)",
            "count(black) <= 1",
            "digit = givens",
        ),
        "1..",
    ),
    # members chosen by unknowns (the white cells) behind a guard
    "optional members": (
        (
            "each row where count(digit = 3) = 0: alldifferent(digit where not black)",
            "count(black) = 1",
            "digit = givens",
        ),
        "1..",
    ),
    # values from the puzzle, members chosen by unknowns (hitori's rule), behind a guard
    "given values": (
        (
            "each row where count(digit = 3) >= 1: alldifferent(givens where not black)",
            "count(digit = 3) <= 1",
            "count(black) <= 1",
            "each cell: digit >= 2",
        ),
        "11",
    ),
    # two equal given values in every member: the guard must be false
    "given values that repeat": (
        ("each row where count(black) = 0: alldifferent(givens)", "each cell: digit = 1"),
        "11",
    ),
}
CHOICES = {
    "onehot": [],
    "pairwise": ["alldifferent=pairwise"],
    "integer native": ["domain=integer", "alldifferent=native"],
}


@pytest.mark.parametrize("choice", CHOICES)
@pytest.mark.parametrize("case", CASES)
def test_a_guarded_alldifferent_has_exactly_the_accepted_solutions(tmp_path, case, choice):
    rules, grid = CASES[case]
    loaded, instance = load(tmp_path, rules, grid)
    wanted = accepted(loaded, instance)
    assert 0 < len(wanted) < 40  # the rule matters and the enumeration stays short
    assert model_solutions(loaded, instance, CHOICES[choice]) == wanted


def test_native_behind_a_guard_posts_the_onehot_rows(tmp_path):
    loaded, instance = load(tmp_path, CASES["where on unknowns"][0], "..\n..")
    cells = Grid(instance.rows, instance.columns).cells()
    shown = [(var, cell) for var in loaded.genre.variables for cell in cells]
    models = [
        compile_model(loaded.genre, instance, parse_formulation(options), shown).model
        for options in ([], ["alldifferent=native"])
    ]
    assert models[1].natives == []
    rows = [[str(row) for row in model.problem.constraints.values()] for model in models]
    assert rows[0] == rows[1]
