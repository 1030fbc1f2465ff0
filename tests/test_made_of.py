"""`made of N regions of LAYER` (constructs/made_of), `shape differs from` between the pieces of
walls (constructs/shape) and `C points connected via VAR with crossings`
(constructs/crossing_connected): on small grids the model has exactly the answers that the
evaluator accepts, found by brute force over the inside borders; and the checker's errors."""

from __future__ import annotations

import itertools

import pytest

from dslsolve.compiler import compile_model
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import every_solution, load_texts

BLOCKS = """name: blocks
input:
  tiles: {type: grid, symbols: any}
variables:
  wall: {type: bool, on: borders}
rules:
  - "each piece of wall: BODY"
output:
  cell:
    - show: tiles
  edges: wall
"""
LINES = """name: lines
input:
  animals: {type: grid, symbols: g w}
  dots: {type: grid, on: points, symbols: '#'}
variables:
  wall: {type: bool, on: borders}
rules:
  - "each point where count(sides) = 4 and dots is empty:
      (wall toward left) = (wall toward right) and (wall toward up) = (wall toward down)"
  - "each point where dots is given: count(sides where wall) = 0 or count(sides where wall) = 2"
  - "each piece of wall: count(animals = 'g') = 0 or count(animals = 'w') = 0"
  - "(count(sides) < 4 or (dots is given and count(sides where wall) = 2))
      points connected via wall with crossings"
output:
  cell:
    - show: animals
  edges: wall
"""


def _answers(tmp_path, genre: str, puzzle: str, choice: str = "connected=lazy") -> tuple[set, set]:
    """The model's answers and the evaluator's, as patterns of the inside borders (the
    outline is always a wall)."""
    loaded, instance = load_texts(tmp_path, genre, puzzle)
    grid = Grid(instance.rows, instance.columns)
    inside = [b for b in grid.borders() if not grid.outline(b)]
    outline = {b: 1 for b in grid.borders() if grid.outline(b)}
    wall = loaded.genre.variables[0]
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([choice]), [(wall, b) for b in inside]
    )
    found = every_solution(compiled, lambda values: tuple(values["wall"][b] for b in inside))
    wanted = set()
    for pattern in itertools.product((0, 1), repeat=len(inside)):
        values = {"wall": {**outline, **dict(zip(inside, pattern, strict=True))}}
        if not Evaluator(loaded.genre, instance, values).violations():
            wanted.add(pattern)
    return found, wanted


@pytest.mark.parametrize(
    ("body", "tiles", "count"),
    [
        ("made of 2 regions of tiles", "aab/cdb", None),
        ("made of 2 regions of tiles and shape differs from neighbours", "abc/def", None),
        ("made of 2 regions of tiles and size != width * height", "abc/def", None),
        ("made of 3 region of tiles and shape differs from around", "abc/def", None),
        ("made of 1 regions of tiles", "aab/cdb", 1),
    ],
    ids=["pairs", "differ", "no-rectangle", "triples", "the-tiles"],
)
def test_pieces_made_of_regions_have_the_evaluators_answers(tmp_path, body, tiles, count):
    puzzle = "tiles:\n" + "\n".join(" ".join(row) for row in tiles.split("/")) + "\n"
    found, wanted = _answers(tmp_path, BLOCKS.replace("BODY", body), puzzle)
    assert found == wanted
    assert count is None or len(wanted) == count


def test_pieces_of_one_shape_apart(tmp_path):
    """Six one-cell tiles of a 2 x 3 grid in pairs: every pairing into dominoes (three) puts two
    of them side by side, so with `shape differs from neighbours` there is none."""
    puzzle = "tiles:\na b c\nd e f\n"
    body = "made of 2 regions of tiles and shape differs from neighbours"
    found, wanted = _answers(tmp_path, BLOCKS.replace("BODY", body), puzzle)
    assert found == wanted == set()
    found, wanted = _answers(tmp_path, BLOCKS.replace("BODY", "made of 2 regions of tiles"), puzzle)
    assert len(wanted) == 3  # the three domino tilings


@pytest.mark.parametrize("choice", ["connected=lazy", "connected=flow"])
@pytest.mark.parametrize(
    ("animals", "dots"),
    [("w.w/...", ".../.#../..#.")],
    ids=["turns"],
)
def test_points_connected_with_crossings_have_the_evaluators_answers(
    tmp_path, animals, dots, choice
):
    rows = animals.split("/")
    puzzle = "animals:\n" + "\n".join(" ".join(r) for r in rows) + "\ndots:\n"
    width = len(rows[0]) + 1
    marks = dots.split("/")
    marks = [m.ljust(width, ".") for m in marks] + ["." * width] * (len(rows) + 1 - len(marks))
    puzzle += "\n".join(" ".join(m) for m in marks[: len(rows) + 1]) + "\n"
    found, wanted = _answers(tmp_path, LINES, puzzle, choice)
    assert found == wanted
    assert wanted


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("each piece of wall: made of 2 tiles of tiles", "'made of N tiles of ...' is not in"),
        ("each cell: made of 2 regions of tiles", "'made of' tells what a group of cells"),
        ("each piece of wall: made of 2 regions of wall", "'wall' is a variable, not a grid"),
        ("each piece of wall: made of size regions of tiles", "must be read from the puzzle"),
        ("tiles is given points connected via wall with crossings", "here the focus is a point"),
    ],
)
def test_made_of_errors(tmp_path, run, rule, message):
    genre = BLOCKS.replace('"each piece of wall: BODY"', f'"{rule}"')
    (tmp_path / "g.yaml").write_text(genre)
    (tmp_path / "p.txt").write_text("tiles:\na b\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2 and message in result.err, result.err
