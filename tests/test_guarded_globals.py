"""Globals behind a guard (a `where` on unknowns, `p implies ...`; docs/lowerings.md, guarded
globals): the model has exactly the assignments the evaluator accepts. `alldifferent(...)` under
each lowering whose guarded rows differ (onehot's relaxed row per value, pairwise's guarded
pairs, integers with their channelled indicators; `native` has no guarded form and posts
onehot's rows there), `product(...) = K` with one-hot digits and with integers, `C cells
connected` in a group under each lowering of connectivity, and an `each` inside a guard."""

from __future__ import annotations

import pytest
from test_forbidden import assert_exactly_accepted, load
from test_guarded_runs import load as load_lines
from test_guarded_runs import model_solutions as line_solutions

from dslsolve.compiler import compile_model
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import accepted_patterns, every_native_solution

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
PRODUCT_CASES = {
    # a row with no black cell multiplies to 6: 1, 2 and 3 in some order
    "where on unknowns": (
        (
            "each row where count(black) = 0: product(digit) = 6",
            "count(black) <= 1",
            "digit = givens",
        ),
        "1..",
    ),
    # a black cell's neighbours multiply to 2
    "implies": (
        (
            "each cell: black implies product(digit of neighbours) = 2",
            "count(black) = 1",
            "each cell: digit <= 2",
        ),
        "..\n..",
    ),
    # 7 is no product of 1..3: the guard must be false
    "a product no digits make": (
        (
            "each row where count(black) = 0: product(digit) = 7",
            "count(black) <= 1",
            "digit = givens",
        ),
        "1..",
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
    assert_exactly_accepted(tmp_path, *CASES[case], CHOICES[choice])


@pytest.mark.parametrize("options", [[], ["domain=integer"]], ids=["onehot", "integer"])
@pytest.mark.parametrize("case", PRODUCT_CASES)
def test_a_guarded_product_has_exactly_the_accepted_solutions(tmp_path, case, options):
    assert_exactly_accepted(tmp_path, *PRODUCT_CASES[case], options)


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


TWO_ROWS = "rows:\n.\n.\nclues:\n...\n...\n"
BOOLEAN_CASES = {
    # a row with two black cells or more has them next to each other (not 1 0 1)
    "connected": (
        "each row where count(black) >= 2: black cells connected",
        ["connected=hybrid", "connected=flow"],
    ),
    # an `each` inside a guard: once a cell is black, every row has one black cell at most
    "each inside a guard": (
        '"each cell where black: each row: count(black) <= 1"',  # quoted: two colons
        ["domain=onehot"],
    ),
}


@pytest.mark.parametrize(
    ("case", "option"),
    [(case, option) for case, (_, options) in BOOLEAN_CASES.items() for option in options],
)
def test_a_guarded_rule_body_has_exactly_the_accepted_solutions(tmp_path, case, option):
    rule, _ = BOOLEAN_CASES[case]
    loaded, instance = load_lines(tmp_path, rule, TWO_ROWS)
    wanted = accepted_patterns(loaded, instance, "black")
    assert 0 < len(wanted) < 2**6  # the rule matters
    assert line_solutions(loaded, instance, option) == wanted


def test_a_guarded_native_connected_has_exactly_the_accepted_solutions(tmp_path):
    loaded, instance = load_lines(tmp_path, BOOLEAN_CASES["connected"][0], TWO_ROWS)
    cells = Grid(instance.rows, instance.columns).cells()
    black = loaded.genre.variables[0]
    formulation = parse_formulation(["connected=native"])
    compiled = compile_model(loaded.genre, instance, formulation, [(black, c) for c in cells])
    found = every_native_solution(compiled, lambda v: tuple(v["black"][c] for c in cells))
    assert found == accepted_patterns(loaded, instance, "black")
