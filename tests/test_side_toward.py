"""`VAR toward DIR` read at a cell, VAR a boolean on borders (docs/language.md §7.3): the
cell's side toward DIR is a wall. The model's answers are exactly the assignments the
evaluator accepts, and both are the plain reading written here, on every assignment of the
borders of a small grid."""

from __future__ import annotations

import itertools

import pytest
from test_semantics import PIECES

from dslsolve.compiler import compile_model
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import every_solution, load_texts

WALLS = PIECES.replace("clues: {type: grid}", "clues: {type: grid, symbols: '↑ ↓ ← → o'}")


def side(cell, direction):
    """The border on a side of a cell, read plainly: ('h', r, c) is above cell (r, c) and
    ('v', r, c) left of it."""
    r, c = cell
    return {
        "up": ("h", r, c),
        "down": ("h", r + 1, c),
        "left": ("v", r, c),
        "right": ("v", r, c + 1),
    }[direction]


def answers(tmp_path, rules, puzzle):
    """(what the evaluator accepts, what the model has): sets of wall assignments."""
    genre = WALLS.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))
    loaded, instance = load_texts(tmp_path, genre, puzzle)
    (wall,) = loaded.genre.variables
    borders = Grid(instance.rows, instance.columns).borders()
    accepted = set()
    for pattern in itertools.product((0, 1), repeat=len(borders)):
        values = {"wall": dict(zip(borders, pattern, strict=True))}
        if not Evaluator(loaded.genre, instance, values).violations():
            accepted.add(frozenset(values["wall"].items()))
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([]), [(wall, b) for b in borders]
    )
    model = every_solution(compiled, lambda values: frozenset(values["wall"].items()))
    return accepted, model, borders


def test_a_written_and_a_read_direction_name_a_side_of_the_cell(tmp_path):
    """An arrow's side is a wall and the top side is not: in a 1 x 2 grid of → and ↓, the
    right side of the first cell and the bottom of the second are walls, both tops are
    not, and the other three sides are free (8 answers)."""
    accepted, model, borders = answers(
        tmp_path,
        ["each cell where clues is given: wall toward clues and not wall toward up"],
        "clues:\n→↓\n",
    )
    fixed = {
        side((0, 0), "right"): 1,
        side((0, 0), "up"): 0,
        side((0, 1), "down"): 1,
        side((0, 1), "up"): 0,
    }
    plain = {
        frozenset(dict(zip(borders, p, strict=True)).items())
        for p in itertools.product((0, 1), repeat=len(borders))
        if all(dict(zip(borders, p, strict=True))[b] == v for b, v in fixed.items())
    }
    assert accepted == plain and len(plain) == 8
    assert model == accepted


@pytest.mark.parametrize("dr", ["up", "down"])
def test_a_corner_cell_has_two_open_sides_at_a_right_angle(tmp_path, dr):
    """sashigane's circle: two sides open, not opposite; in a 1 x 2 grid whose cells are both
    such corners, the walls are exactly those that leave each cell one."""
    rule = (
        "each cell where clues = 'o': count(sides where wall) = 2"
        f" and not (wall toward {dr} and wall toward {'down' if dr == 'up' else 'up'})"
        " and not (wall toward left and wall toward right)"
    )
    accepted, model, borders = answers(tmp_path, [rule], "clues:\noo\n")

    def corner(walls, cell):
        open_sides = {d for d in ("up", "down", "left", "right") if not walls[side(cell, d)]}
        return len(open_sides) == 2 and open_sides not in ({"up", "down"}, {"left", "right"})

    plain = {
        frozenset(walls.items())
        for p in itertools.product((0, 1), repeat=len(borders))
        if all(corner(walls := dict(zip(borders, p, strict=True)), c) for c in Grid(1, 2).cells())
    }
    assert accepted == plain and len(plain) >= 1
    assert model == accepted


def test_only_a_boolean_on_borders_is_read_as_a_side(tmp_path, run):
    """A variable on cells is no wall: `black toward up` keeps the line message."""
    cells = "  black: {type: bool}\n"
    genre = WALLS.replace("RULES", "  - 'each cell: black toward up'")
    genre = genre.replace("variables:\n", "variables:\n" + cells)
    (tmp_path / "g.yaml").write_text(genre)
    (tmp_path / "p.txt").write_text("clues:\n..\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2 and "'black' cannot form lines" in result.err, result.err


SASHIGANE = """\
name: sashigane_rules
input:
  clues: {type: grid, symbols: '↑ ↓ ← → o ?'}
variables:
  wall: {type: bool, on: borders}
rules:
  - "each piece of wall: shape in ells and count(clues is number and clues != size) = 0"
  - "each cell where clues = 'o' or clues is number: count(sides where wall) = 2
    and not (wall toward up and wall toward down) and not (wall toward left and wall toward right)"
  - "each cell where clues = '↑' or clues = '↓' or clues = '←' or clues = '→':
    count(sides where wall) = 3 and not wall toward clues"
output:
  cell:
    - show: clues
  edges: wall
"""

# pzprjs's correct sashigane test board (boards.jsonl, sabo2/pzprjs test/script): the URL
# sashigane/5/5/jm.o3khkgojm4 read by hand (j, h, g: arrows right, down, up; `.` a circle; a
# digit a circle with its number; k..z skip cells), and its answer's walls as pzprjs gives them
BOARD = "clues:\n→ . . . o\n. . . . .\n3 . ↓ . ↑\n. . . . .\n→ . . . 4\n"
ANSWER = """\
+-+-+-+-+-+
|→       o|
+-+-+-+-+ +
|       | |
+-+-+-+ + +
|3  |↓| |↑|
+ +-+ +-+-+
| | |   | |
+-+ +-+-+ +
|→  |    4|
+-+-+-+-+-+
"""


def test_sashigane_s_rules_solve_pzprjs_s_board(tmp_path, run):
    """Ls (`shape in ells`), circles at corners and arrows at the ends pointing to them (the
    sides toward a direction): pzprjs's own sashigane board has exactly its answer."""
    (tmp_path / "g.yaml").write_text(SASHIGANE)
    (tmp_path / "p.txt").write_text(BOARD)
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt", "--unique", "--time-limit", "30")
    assert result.code == 0 and result.out == ANSWER and "unique" in result.err, result.err
