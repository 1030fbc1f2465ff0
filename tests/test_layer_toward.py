"""`LAYER toward DIR` read at a cell, LAYER an input layer on links (docs/language.md §7.3,
marks on links): whether the link from the cell toward DIR holds a token of the layer. Pinned
down by the model and the evaluator accepting the same shadings of a small grid, and by the
answer worked out here."""

from __future__ import annotations

import pytest

from dslsolve.compiler import compile_model
from dslsolve.errors import DslError
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import accepted_patterns, every_solution, load_texts

GENRE = """\
name: marks
input:
  walls: {type: grid, on: links, symbols: '#'}
  dirs: {type: grid, symbols: any}
variables:
  black: {type: bool}
rules:
RULES
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""

# 2x3 cells: a wall right of r1c1 and below r1c2, r2c3's direction is up, r2c1's an x
PUZZLE = """\
walls:
. # . . .
. . # . .
. . . . .
dirs:
. . .
x . U
"""


def genre(*rules: str) -> str:
    return GENRE.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


def model_patterns(loaded, instance) -> set[tuple[int, ...]]:
    cells = Grid(instance.rows, instance.columns).cells()
    (black,) = (v for v in loaded.genre.variables if v.name == "black")
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([]), [(black, c) for c in cells]
    )
    return every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # the side toward right (left) of each cell: r1c1 right, r1c2 left; the edge: false
        (("each cell: black = (walls toward right or walls toward left)",), (1, 1, 0, 0, 0, 0)),
        (("each cell: black = walls toward down",), (0, 1, 0, 0, 0, 0)),
        # r2c3's direction (up) holds no wall: black; r2c1's 'x' names no direction, which
        # leaves the rule without a value there: r2c1 and the cells without a direction free
        (("each cell where dirs is given: black = (not walls toward dirs)",), None),
        (("each cell: black = any(neighbours where walls toward up)",), (0, 1, 0, 1, 0, 1)),
    ],
)
def test_marks_toward_a_direction_model_solutions_are_the_evaluators(tmp_path, rules, expected):
    loaded, instance = load_texts(tmp_path, genre(*rules), PUZZLE)
    accepted = accepted_patterns(loaded, instance, "black")
    assert accepted and model_patterns(loaded, instance) == accepted
    if expected is not None:
        assert accepted == {expected}
    else:
        assert len(accepted) == 32 and all(pattern[5] == 1 for pattern in accepted)


def test_a_ray_guarded_by_marks_counts_a_line_of_walls(tmp_path):
    """From r1c1, the walls in line below the wall right of it (renban's wall lines)."""
    rules = ("each cell: black = (count(ray down until not walls toward right) >= 1)",)
    puzzle = "walls:\n. # . . .\n. . . . .\n. # . . .\n" + "dirs:\n. . .\n. . .\n"
    loaded, instance = load_texts(tmp_path, genre(*rules), puzzle)
    assert accepted_patterns(loaded, instance, "black") == {(1, 0, 0, 0, 0, 0)}
    assert model_patterns(loaded, instance) == {(1, 0, 0, 0, 0, 0)}


def test_a_direction_that_is_no_section_on_cells_is_refused(tmp_path):
    with pytest.raises(DslError, match="'sideways' is not a direction"):
        load_texts(tmp_path, genre("each cell: black = walls toward sideways"), PUZZLE)
