"""Conditions that must be false (`count(S where f) = 0`, `not any(...)`, `not (a and b)`) are
posted as nogood rows (`dslsolve/compiler/lowerings/nogoods.py`): the model has exactly the
solutions that the evaluator accepts, and no auxiliary binary where the parts are one-hot
value tests."""

from __future__ import annotations

import itertools

import pulp
import pytest

from dslsolve.compiler import compile_model
from dslsolve.compiler.lowerings import nogoods
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import PUZZLES, every_solution, load_texts

DIGITS = """\
name: digits
input:
  givens: {type: grid}
variables:
  black: {type: bool}
  digit: {type: int, domain: 1..3}
rules:
RULES
output:
  cell:
    - when: black
      symbol: "#"
    - show: digit
"""


def load(tmp_path, rules, grid):
    genre = DIGITS.replace("RULES", "\n".join(f"  - {r!r}" for r in rules))
    return load_texts(tmp_path, genre, f"givens:\n{grid}\n")


def model_solutions(loaded, instance, options) -> set:
    """Every solution of the compiled model, found one at a time with no-good cuts."""
    cells = Grid(instance.rows, instance.columns).cells()
    shown = [(var, cell) for var in loaded.genre.variables for cell in cells]
    compiled = compile_model(loaded.genre, instance, parse_formulation(options), shown)
    for encoding in compiled.lowerer.encodings["digit"].values():
        encoding.indicator(1)  # an integer's exact channel, so the no-goods below cut it
    return every_solution(
        compiled,
        lambda values: tuple(tuple(values[v][c] for c in cells) for v in ("black", "digit")),
    )


def accepted(loaded, instance) -> set:
    """Every assignment of the grid that the evaluator accepts (by brute force)."""
    cells = Grid(instance.rows, instance.columns).cells()
    found = set()
    for blacks in itertools.product((0, 1), repeat=len(cells)):
        for digits in itertools.product((1, 2, 3), repeat=len(cells)):
            black, digit = zip(cells, blacks, strict=True), zip(cells, digits, strict=True)
            values = {"black": dict(black), "digit": dict(digit)}
            if not Evaluator(loaded.genre, instance, values).violations():
                found.add((blacks, digits))
    return found


RIPPLE = "each cell as c: count(rays where digit = c.digit and distance <= c.digit) = 0"
CASES = {
    # pairs of one-hot values in line: x_c,v + x_d,v <= 1 for v >= the distance
    "ripple": ((RIPPLE, "each cell: not black", "digit = givens"), "3..."),
    # `not any`, guarded by a `where` on unknowns, with a threshold between two variables
    "guarded not any": (
        (
            "each cell as c where black: not any(neighbours where digit >= c.digit and not black)",
            "count(black) = 1",
            "digit = givens",
        ),
        "2.3",
    ),
    # one literal per member: the single row of `count(...) = 0`, guarded
    "guarded single literals": (
        (
            "each cell as c where black: count(neighbours where black or digit = 3) = 0",
            "count(black) = 1",
            "each cell: digit = givens or black",
        ),
        "1.2",
    ),
    # `not (a and b)` as a rule, a value test beside a boolean literal
    "not and": (("each cell: not (black and digit != 2)", "count(black) = 2"), "11."),
    # `count(...) <= 0` written the other way round, behind an `implies`
    "implies none": (
        (
            "each cell as c: black implies 0 >= count(neighbours where digit < c.digit)",
            "count(black) = 1",
            "each cell: not black or digit = 2",
        ),
        "...",
    ),
    # ... and as `1 > count(...)`: the count is zero when it is below 1
    "implies none, strict": (
        (
            "each cell as c: black implies 1 > count(neighbours where digit < c.digit)",
            "count(black) = 1",
            "each cell: not black or digit = 2",
        ),
        "...",
    ),
    # `not all` over a set the puzzle decides: one nogood over every member's condition
    "not all": (("each window(2x2): not all(black or digit = 3)", "digit = givens"), "12\n31"),
    # ... guarded by a `where` on unknowns, over a neighbourhood that the edge cuts short
    "guarded not all": (
        (
            "each cell where black: not all(neighbours where black or digit = 1)",
            "digit = givens",
        ),
        "12\n21",
    ),
}


def assert_exactly_accepted(tmp_path, rules, grid: str, options: list[str]) -> None:
    """The model of the rules on the grid has exactly the assignments the evaluator accepts."""
    loaded, instance = load(tmp_path, rules, grid)
    wanted = accepted(loaded, instance)
    assert 0 < len(wanted) < 40  # the rules matter and the enumeration stays short
    assert model_solutions(loaded, instance, options) == wanted


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("options", [[], ["domain=integer"]], ids=["onehot", "integer"])
def test_the_model_has_exactly_the_accepted_solutions(tmp_path, case, options):
    assert_exactly_accepted(tmp_path, *CASES[case], options)


def test_too_many_terms_reify_the_comparisons(tmp_path, monkeypatch):
    monkeypatch.setattr(nogoods, "MAX_TERMS", 1)
    rules = ("each cell as c: count(neighbours where digit = c.digit and black) = 0",)
    loaded, instance = load(tmp_path, (*rules, "count(black) = 2"), "3..")
    assert model_solutions(loaded, instance, []) == accepted(loaded, instance)


@pytest.mark.parametrize("nogoods", ["pairs", "cliques"])
def test_a_forbidden_pair_of_one_hot_values_needs_no_auxiliary_binary(nogoods):
    """Ripple effect: only the digits' value binaries, and the rows x_c,v + x_d,v <= 1
    (`nogoods=pairs`), or at most one of each clique of such pairs (`cliques`, the default),
    where no two of a row's variables may repeat."""
    loaded = load_genre(str(PUZZLES / "ripple_effect.yaml"))
    instance = read_puzzle(str(PUZZLES / "ripple_effect" / "example.txt"), loaded)
    compiled = compile_model(loaded.genre, instance, parse_formulation([f"nogoods={nogoods}"]))
    names = [v.name for v in compiled.model.problem.variables()]
    givens = len(compiled.lowerer.fixed["digit"])  # fixed by the puzzle: no binaries
    assert givens == 6
    largest_room = 5  # the domain is 1..largest region of rooms: one binary per value
    assert len(names) == (36 - givens) * largest_room
    assert all(name.startswith("digit_") for name in names)
    at_most_one = [
        {v.name for v in c}
        for c in compiled.model.problem.constraints.values()
        if c.sense == pulp.LpConstraintLE and c.constant == -1 and set(c.values()) == {1}
    ]

    def forbidden(*pair: str) -> bool:
        return any(set(pair) <= row for row in at_most_one)

    assert forbidden("digit_0_0_is2", "digit_0_1_is2")  # neighbours in row 0, value 2
    assert not forbidden("digit_0_0_is1", "digit_0_2_is1")  # 1s two apart may repeat
    assert forbidden("digit_0_0_is2", "digit_0_2_is2")
    if nogoods == "pairs":
        assert {"digit_0_0_is2", "digit_0_1_is2"} in at_most_one
