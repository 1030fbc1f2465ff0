"""`max(E of SET)` / `min(E of SET)` (docs/language.md §8.1, dslsolve/constructs/extreme): on
small grids the model has exactly the assignments the evaluator accepts, and those are the
ones a reading of each rule written here accepts: members known or chosen by unknowns, a set
that may be empty (0), values from unknowns and from the input."""

from __future__ import annotations

import itertools

import pytest
from test_forbidden import DIGITS, accepted, load, model_solutions

from dslsolve.geometry import Grid

GRID = "2.\n.."
CELLS = Grid(2, 2).cells()


def row_major(values: tuple[int, ...]) -> dict:
    return dict(zip(CELLS, values, strict=True))


def neighbours(cell) -> list:
    r, c = cell
    return [(a, b) for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if (a, b) in CELLS]


CASES = {
    # the given is the largest digit next to it (members known, values unknown)
    "max of neighbours": (
        ("each cell where givens is given: max(digit of neighbours) = givens", "count(black) = 0"),
        lambda black, digit: (
            max((digit[n] for n in neighbours((0, 0))), default=0) == 2 and not any(black.values())
        ),
    ),
    # the least digit of the white cells of the given's row (the model cannot know that
    # the row keeps a white cell: its set may be empty)
    "min of a row where white": (
        (
            "each cell where givens is given: min(digit of row where not black) = givens - 1",
            "count(black) = 1",
            "each cell: digit <= 2",
        ),
        lambda black, digit: (
            min((digit[c] for c in CELLS if c[0] == 0 and not black[c]), default=0) == 1
            and sum(black.values()) == 1
            and all(d <= 2 for d in digit.values())
        ),
    ),
    # a set that may be empty is 0: the black neighbours' largest digit equals the given - 2
    "max of a set that may be empty": (
        (
            "each cell where givens is given: max(digit of neighbours where black) = givens - 2",
            "each cell: digit = 1 or black",
        ),
        lambda black, digit: (
            max((digit[n] for n in neighbours((0, 0)) if black[n]), default=0) == 0
            and all(digit[c] == 1 or black[c] for c in CELLS)
        ),
    ),
    # ... and not more: some black neighbour is needed for a max of 1 or more
    "max of a set that may be empty is not more than 0": (
        (
            "each cell where givens is given: max(digit of neighbours where black) >= givens - 1",
            "each cell: digit = 1",
        ),
        lambda black, digit: (black[0, 1] or black[1, 0]) and set(digit.values()) == {1},
    ),
    # values from the input, members known: a number (absent givens left out, a row of
    # none is 0)
    "max of the input": (
        ("each cell: digit >= max(givens of row)", "count(black) = 0"),
        lambda black, digit: digit[0, 0] >= 2 and digit[0, 1] >= 2 and not any(black.values()),
    ),
    # renban-like: the digits of a row are consecutive
    "max minus min": (
        ("each cell: max(digit of row) - min(digit of row) = count(row) - 1", "count(black) = 0"),
        lambda black, digit: (
            all(abs(digit[r, 0] - digit[r, 1]) == 1 for r in range(2)) and not any(black.values())
        ),
    ),
}


@pytest.mark.parametrize(("rules", "reading"), CASES.values(), ids=CASES)
def test_the_model_has_the_evaluators_assignments(tmp_path, rules, reading):
    assert_the_model_is_the_reading(tmp_path, rules, reading)


def assert_the_model_is_the_reading(tmp_path, rules, reading) -> None:
    """On the 2x2 grid, the evaluator accepts the assignments `reading` does (at least two),
    and the model has exactly those."""
    loaded, instance = load(tmp_path, rules, GRID)
    found = accepted(loaded, instance)
    assert found == {
        (blacks, digits)
        for blacks, digits in _every_assignment()
        if reading(row_major(blacks), row_major(digits))
    }
    assert len(found) >= 2
    assert model_solutions(loaded, instance, []) == found


def _every_assignment():
    """(black, digit) patterns of the 2x2 grid, row-major, digits 1..3."""
    for blacks in itertools.product((0, 1), repeat=4):
        for digits in itertools.product((1, 2, 3), repeat=4):
            yield blacks, digits


@pytest.mark.parametrize(
    ("rule", "column", "message"),
    [
        (
            "each cell: max(black of neighbours) = 1",
            16,
            "max(...) takes a number of each member, not a condition",
        ),
        (
            "each cell: min(digit of neighbours of c) = 1",
            25,
            "'c' is not named by an enclosing 'each'",
        ),
    ],
)
def test_extreme_errors_are_located(tmp_path, run, rule, column, message):
    (tmp_path / "g.yaml").write_text(DIGITS.replace("RULES", f"  - {rule!r}"))
    (tmp_path / "p.txt").write_text(f"givens:\n{GRID}\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2 and message in result.err, result.err
    assert f"g.yaml:8:{column + 5}: error" in result.err, result.err


def test_max_and_min_are_words_of_the_language(tmp_path, run):
    genre = DIGITS.replace("RULES", "  - count(black) = 0").replace("  digit:", "  max:")
    (tmp_path / "g.yaml").write_text(genre.replace("show: digit", "show: max"))
    (tmp_path / "p.txt").write_text(f"givens:\n{GRID}\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2 and "'max' is a word of the rule language" in result.err, result.err


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("each cell: digit = ", "max or min"),  # what may come: the construct's terminal named
        ("each cell: mx(digit of neighbours) = 1", "did you mean 'max'?"),
        # inside the call, the form it takes and the sets that work (the grid's `cells` too)
        ("each cell: max(digit of) = 1", "hint: max(E of SET): the value E of each member"),
        ("each cell: min(digit of row where) = 1", "or min(digit of cells) over the whole grid"),
    ],
)
def test_syntax_errors_name_max_and_min(tmp_path, run, rule, message):
    (tmp_path / "g.yaml").write_text(DIGITS.replace("RULES", f"  - {rule!r}"))
    (tmp_path / "p.txt").write_text(f"givens:\n{GRID}\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2 and message in result.err, result.err
