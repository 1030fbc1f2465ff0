"""Order and extremes over the group in focus (docs/language.md §8.4, §8.5;
dslsolve/constructs/order, dslsolve/constructs/extreme): on the 2x2 grid the model has exactly
the assignments the evaluator accepts, and those are the ones a reading of each rule written
here accepts."""

from __future__ import annotations

import pytest
from test_extremes import GRID, assert_the_model_is_the_reading
from test_forbidden import DIGITS


def _rows(digit) -> list[tuple[int, int]]:
    return [(digit[r, 0], digit[r, 1]) for r in range(2)]


CASES = {
    # max and min over the row in focus, as sum(digit) reads it
    "max of the group": (
        ("each row: max(digit) = 3", "count(black) = 0"),
        lambda black, digit: all(max(row) == 3 for row in _rows(digit)) and not any(black.values()),
    ),
    # renban-like: each row's digits consecutive, read through the group's extremes
    "max minus min of the group": (
        ("each row: max(digit) - min(digit) = size - 1", "count(black) = 0"),
        lambda black, digit: (
            all(abs(a - b) == 1 for a, b in _rows(digit)) and not any(black.values())
        ),
    ),
    # the white cells of each column: their least digit is 2 (an empty column's is 0)
    "min of the group where white": (
        ("each column: min(digit where not black) = 2", "each cell: digit >= 2 or black"),
        lambda black, digit: (
            all(
                min(digit[r, c] for r in range(2) if not black[r, c]) == 2
                if not (black[0, c] and black[1, c])
                else False
                for c in range(2)
            )
            and all(digit[cell] >= 2 or black[cell] for cell in digit)
        ),
    ),
    # a thermometer along each row from the left
    "increasing along the group": (
        ("each row: increasing(digit)", "count(black) = 0"),
        lambda black, digit: all(a < b for a, b in _rows(digit)) and not any(black.values()),
    ),
    # the group's own order: a column read from the bottom up
    "decreasing from the bottom": (
        ("each column from bottom: decreasing(digit)", "count(black) = 0"),
        lambda black, digit: (
            all(digit[1, c] > digit[0, c] for c in range(2)) and not any(black.values())
        ),
    ),
    # a filter the puzzle decides: the given's cell is left out of its row
    "increasing where the puzzle says": (
        ("each row: increasing(digit where givens is empty)", "each cell: black = (digit = 3)"),
        lambda black, digit: (
            digit[1, 0] < digit[1, 1] and all(black[c] == (digit[c] == 3) for c in digit)
        ),
    ),
    # an element set, negated: the given's column does not rise downwards
    "not increasing of a set": (
        (
            "each cell where givens is given: not increasing(digit of column)",
            "count(black) = 0",
            "each cell: digit <= 2",
        ),
        lambda black, digit: (
            not digit[0, 0] < digit[1, 0]
            and not any(black.values())
            and all(d <= 2 for d in digit.values())
        ),
    ),
}


@pytest.mark.parametrize(("rules", "reading"), CASES.values(), ids=CASES)
def test_the_model_has_the_evaluators_assignments(tmp_path, rules, reading):
    assert_the_model_is_the_reading(tmp_path, rules, reading)


@pytest.mark.parametrize(
    ("rule", "column", "message"),
    [
        (
            "each row: increasing(black) ",
            22,
            "increasing(...) takes a number of each member, not a condition",
        ),
        ("each cell: max(digit) = 1", 12, "max(...) without a set needs a group as the focus"),
        ("each cell: decreasing(digit) ", 12, "decreasing(...) without a set needs a group"),
    ],
)
def test_order_errors_are_located(tmp_path, run, rule, column, message):
    (tmp_path / "g.yaml").write_text(DIGITS.replace("RULES", f"  - {rule!r}"))
    (tmp_path / "p.txt").write_text(f"givens:\n{GRID}\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2 and message in result.err, result.err
    assert f"g.yaml:8:{column + 5}: error" in result.err, result.err


def test_order_needs_members_the_puzzle_decides(tmp_path, run):
    rule = "each row: increasing(digit where not black)"
    (tmp_path / "g.yaml").write_text(DIGITS.replace("RULES", f"  - {rule!r}"))
    (tmp_path / "p.txt").write_text(f"givens:\n{GRID}\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2, result.err
    assert "increasing(...) needs a set that the puzzle decides" in result.err, result.err


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("each row: increasing(digit of) ", "hint: increasing(E of SET) or increasing(E)"),
        ("each row: incresing(digit) ", "did you mean 'increasing'?"),
        ("each row: max(digit where) = 1", "max(digit) over the group in focus"),
    ],
)
def test_syntax_errors_name_the_forms(tmp_path, run, rule, message):
    (tmp_path / "g.yaml").write_text(DIGITS.replace("RULES", f"  - {rule!r}"))
    (tmp_path / "p.txt").write_text(f"givens:\n{GRID}\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2 and message in result.err, result.err
