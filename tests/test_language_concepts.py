"""The concepts of docs/language.md that issue 20 added: a cell at an offset, absolute value and
exact division, box sizes from the grid, hidden unknowns. Each is pinned down by the solver and
the evaluator agreeing on every pattern of a small grid, and by answers worked out here."""

from __future__ import annotations

import itertools

import pytest
from test_semantics import SHADING

from dslsolve.compiler import compile_model
from dslsolve.compiler.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import accepted_patterns, every_solution, load_texts


def shading(*rules: str) -> str:
    return SHADING.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


def model_patterns(loaded, instance, options: tuple[str, ...] = ()) -> set[tuple[int, ...]]:
    """Every solution of the compiled model, as the 0/1 pattern of `black` in row-major order."""
    cells = Grid(instance.rows, instance.columns).cells()
    (black,) = (v for v in loaded.genre.variables if v.name == "black")
    every_cell = [(black, c) for c in cells]  # in the answer, read by a rule or not
    compiled = compile_model(loaded.genre, instance, parse_formulation(list(options)), every_cell)
    return every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))


# ---------------------------------------------------------------- a cell at an offset


def offset_walk(pattern: tuple[int, ...], rows: int, columns: int, steps: tuple[int, int]):
    """The black cells `steps` away from each cell (None off the grid), walked here."""
    out = {}
    for r, c in itertools.product(range(rows), range(columns)):
        there = (r + steps[0], c + steps[1])
        inside = 0 <= there[0] < rows and 0 <= there[1] < columns
        out[r, c] = pattern[there[0] * columns + there[1]] if inside else None
    return out


@pytest.mark.parametrize("steps", [(2, -1), (-1, 2), (0, 1), (1, 1)])
def test_a_cell_at_an_offset_is_one_cell_or_none_off_the_grid(tmp_path, steps):
    """A black cell with a number: the cell at the offset is black too (or off the grid, where
    `all` holds and `count` is 0); the model has exactly the patterns the evaluator accepts, and
    those are the ones a plain walk of the grid gives."""
    at = f"cell at ({steps[0]:+d}, {steps[1]:+d})"
    rules = (
        f"each cell where clues is given: black implies all(black of {at})",
        f"each cell where clues = 2: count({at} where not black) = 0 and black",
    )
    loaded, instance = load_texts(tmp_path, shading(*rules), "clues:\n1.2\n.1.\n2.1\n")
    accepted = accepted_patterns(loaded, instance, "black")
    clues = {(0, 0): 1, (0, 2): 2, (1, 1): 1, (2, 0): 2, (2, 2): 1}
    walked = set()
    for pattern in itertools.product((0, 1), repeat=9):
        there = offset_walk(pattern, 3, 3, steps)
        if all(
            (not pattern[r * 3 + c] or there[r, c] in (None, 1))
            and (clue != 2 or (pattern[r * 3 + c] and there[r, c] != 0))
            for (r, c), clue in clues.items()
        ):
            walked.add(pattern)
    assert accepted == walked
    assert model_patterns(loaded, instance) == accepted


def test_a_cell_at_an_offset_from_a_named_cell(tmp_path):
    """`from c` reads the offset from the named cell: two cells right of each numbered cell is
    black, counted inside an aggregate over the numbered cell's neighbours."""
    rules = (
        "each cell as c where clues is given: count(neighbours where any(black of cell at "
        "(0, 1) from c)) = 2",
        "count(black) = 1",
    )
    loaded, instance = load_texts(tmp_path, shading(*rules), "clues:\n1..\n...\n")
    accepted = accepted_patterns(loaded, instance, "black")
    assert accepted == {(0, 1, 0, 0, 0, 0)}
    assert model_patterns(loaded, instance) == accepted


def test_cell_at_starts_from_a_cell(tmp_path, run):
    path = tmp_path / "g.yaml"
    path.write_text(shading("each point: count(cell at (1, 1) where black) = 0"))
    (tmp_path / "p.txt").write_text("clues:\n..\n")
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2
    assert "g.yaml:10:24: error" in result.err and "'cell at' starts from a cell" in result.err
    path.write_text(shading("each cell: count(cell at (1, x) where black) = 0"))
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and "a number of steps such as +2, -1 or 0" in result.err


# ---------------------------------------------------------------- absolute value and division

NUMBERS = """\
name: numbers
input:
  clues: {type: grid}
variables:
  n: {type: int, domain: -2..2}
rules:
RULES
output:
  cell:
    - show: n
"""


def numbers_genre(*rules: str) -> str:
    return NUMBERS.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


def accepted_numbers(loaded, instance) -> set[tuple[int, ...]]:
    """Every assignment of n (row-major) that the evaluator accepts, by brute force."""
    from dslsolve.evaluator import Evaluator

    cells = Grid(instance.rows, instance.columns).cells()
    found = set()
    for values in itertools.product(range(-2, 3), repeat=len(cells)):
        assignment = {"n": dict(zip(cells, values, strict=True))}
        if not Evaluator(loaded.genre, instance, assignment).violations():
            found.add(values)
    return found


def model_numbers(loaded, instance, options: tuple[str, ...] = ()) -> set[tuple[int, ...]]:
    cells = Grid(instance.rows, instance.columns).cells()
    (n,) = loaded.genre.variables
    compiled = compile_model(
        loaded.genre, instance, parse_formulation(list(options)), [(n, c) for c in cells]
    )
    return every_solution(compiled, lambda values: tuple(values["n"][c] for c in cells))


ARITHMETIC = {
    # |E| op K with K from the puzzle, each operator, either way round
    "absolute, compared with input": (
        (
            "each cell where clues is given: |n - clues| <= 1",
            "each cell as c: all(|n - c.n| >= 1 of next right)",
            "each cell where clues = 0: 1 = |n|",
            "each cell where clues = 1: |n + 1| != 1 and |n| < 2",
        ),
        "clues:\n0.1\n",
    ),
    # |E| = K with K an unknown, |E| inside a sum, |E| on both sides, abs(...)
    "absolute as a value": (
        (
            "each cell as c: all(|n - c.n| = n of next right)",
            "each cell where clues is given: abs(n) + |n - 1| > clues",
            "each cell as c: all(|n| = |c.n| or |n| < |c.n| of next down)",
        ),
        "clues:\n2.\n..\n",
    ),
    # exact division: with the divisor or the quotient from the puzzle, guarded, negated
    "exact division": (
        (
            "each cell as c where clues is given: all(n / c.n = c.clues of next right)",
            "each cell where clues = 0: n / 2 != 1",
            "each cell as c where clues = 1: all(c.n / 2 = n or n = -2 of next right)",
            "not (n / 1 = 2)",
        ),
        "clues:\n1..\n0..\n",
    ),
}


@pytest.mark.parametrize("case", list(ARITHMETIC))
def test_arithmetic_model_solutions_are_the_evaluators(tmp_path, case):
    """Every assignment the evaluator accepts is a solution of the model and the other way
    round, under the default lowering of |E| and under abs=sign (the sign binary) and
    compare=bigm (no value tables)."""
    rules, grid = ARITHMETIC[case]
    loaded, instance = load_texts(tmp_path, numbers_genre(*rules), grid)
    accepted = accepted_numbers(loaded, instance)
    assert accepted  # some assignment holds, so the comparison means something
    for options in ((), ("abs=sign",), ("compare=bigm",)):
        assert model_numbers(loaded, instance, options) == accepted, options


def test_absolute_value_and_division_mean_what_the_docs_say(tmp_path):
    """Worked out by hand: |n - 2| = 1 is n = 1 (n <= 2 here); 4 / n = 2 is n = 2; n / 0 = 0
    never holds (the divisor must not be 0); -2 / n = 1 is n = -2 (exact, negative)."""
    for rule, wanted in (
        ("|n - 2| = 1", {(1,)}),
        ("abs(2 - n) = 1", {(1,)}),
        ("4 / n = 2", {(2,)}),
        ("n / 0 = 0", set()),
        ("-2 / n = 1", {(-2,)}),
        ("n / 2 = 1 or n / 2 = -1", {(2,), (-2,)}),
        ("|n| / 2 = 1", {(2,), (-2,)}),
    ):
        loaded, instance = load_texts(tmp_path, numbers_genre(rule), "clues:\n.\n")
        assert accepted_numbers(loaded, instance) == wanted, rule
        assert model_numbers(loaded, instance) == wanted, rule


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("n / 2 + 1 = 2", "a division is one side of a comparison with = or !="),
        ("n / 2 < 1", "a division can only be tested with = or != against a value without '/'"),
        ("n / 2 = n / 1", "a division can only be tested with = or != against"),
        (
            "each cell as c: all(n / c.n = n of next right)",
            "a / b = k means a = k * b: b or k must come from the puzzle",
        ),
        ("abs(n, 1) = 2", "abs(...) takes one number"),
        ("|n| = 'x'", "a quoted symbol can only be tested"),
    ],
)
def test_arithmetic_errors(tmp_path, run, rule, message):
    path = tmp_path / "g.yaml"
    path.write_text(numbers_genre(rule))
    (tmp_path / "p.txt").write_text("clues:\n..\n")
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and message in result.err, result.err
    assert "g.yaml:7:" in result.err  # the rule's line
