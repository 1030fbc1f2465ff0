"""`VAR between` (docs/language.md §7.3): at a link, a boolean on borders read at the border the
link crosses. The model and the evaluator agree on it, and it is refused elsewhere."""

from __future__ import annotations

import pytest

from dslsolve import Genre
from dslsolve.errors import DslError

GENRE = """name: strips
input:
  walls: {type: grid, on: links, symbols: '#'}
variables:
  wall: {type: bool, on: borders}
rules:
  - "each piece of wall: size >= 2 and size = width * height and (width = 1 or height = 1)"
  - RULE
output:
  cell:
    - symbol: "."
  edges: wall
"""

# 2 rows, 3 columns: `#` across the border between r1c1 and r1c2, then between r1c1 and r2c1
ACROSS = "walls:\n. # . . .\n. . . . .\n. . . . .\n"
DOWN = "walls:\n. . . . .\n# . . . .\n. . . . .\n"


def load(tmp_path, rule: str) -> Genre:
    path = tmp_path / "strips.yaml"
    path.write_text(GENRE.replace("RULE", rule))
    return Genre.load(str(path))


@pytest.mark.parametrize(
    ("walls", "border"), [(ACROSS, "|.|"), (DOWN, "+-+")], ids=["across", "down"]
)
def test_the_given_border_is_a_wall_in_the_model_and_for_check(tmp_path, walls, border):
    """Strips of 2 or 3 in a 2x3 grid: with the border between r1c1 and r1c2 a wall, the
    strips run down (three) or the left one down and two across; the model's answer has the
    wall, and `check` names the link where a drawn answer leaves it open."""
    genre = load(tmp_path, "each link where walls is given: wall between")
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(walls)
    result = genre.solve(str(puzzle))
    lines = result.text.splitlines()
    if border == "|.|":
        assert lines[1][2] == "|"  # the border right of r1c1
    else:
        assert lines[2][1] == "-"  # the border below r1c1
    open_answer = "+-+-+-+\n|. . .|\n+-+-+-+\n|. . .|\n+-+-+-+\n"  # two strips across
    closed_answer = "+-+-+-+\n|.|.|.|\n+ + + +\n|.|.|.|\n+-+-+-+\n"  # three down
    broken = open_answer if border == "|.|" else closed_answer
    [violation] = genre.check(str(puzzle), broken)
    assert "wall between" in str(violation)


def test_between_is_read_at_a_link_of_a_wall(tmp_path):
    with pytest.raises(DslError) as err:
        load(tmp_path, "each cell: wall between")
    assert "'wall between' is read at a link, but here the focus is a cell" in err.value.message
