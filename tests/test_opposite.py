"""`opposite` (docs/language.md §8.3): the cell point-symmetric to a cell about the centre of
the bounding box of the group in scope (of the grid outside any group). Pinned down by the
solver and the evaluator agreeing with a plain walk over every pattern of a small grid whose
rooms are not all rectangles (an L's opposite cell may lie in another room), and by its
errors."""

from __future__ import annotations

import itertools

from test_language_concepts import model_patterns

from helpers import accepted_patterns, load_texts

GENRE = """\
name: rooms
input:
  rooms: {type: grid, symbols: any}
  clues: {type: grid, symbols: '#'}
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

ROOMS = ["aab", "acb", "ccb"]  # a: an L in the top left, c: an L in the bottom left, b: a column


def genre(*rules: str) -> str:
    return GENRE.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


def walked(rows: list[str]) -> set[tuple[int, ...]]:
    """The patterns in which every cell of a room is black exactly where the cell opposite it
    about the centre of the room's bounding box is."""
    cells = [(r, c) for r in range(len(rows)) for c in range(len(rows[0]))]
    rooms: dict[str, list] = {}
    for r, c in cells:
        rooms.setdefault(rows[r][c], []).append((r, c))
    found = set()
    for pattern in itertools.product((0, 1), repeat=len(cells)):
        black = dict(zip(cells, pattern, strict=True))
        if all(
            black[r, c] == black[min(rs) + max(rs) - r, min(cs) + max(cs) - c]
            for members in rooms.values()
            for rs, cs in [([r for r, _ in members], [c for _, c in members])]
            for r, c in members
        ):
            found.add(pattern)
    return found


def test_opposite_is_the_cell_point_symmetric_in_the_bounding_box(tmp_path):
    text = "rooms:\n" + "\n".join(ROOMS) + "\nclues:\n...\n...\n...\n"
    rule = "each region of rooms: each cell: black = any(opposite where black)"
    loaded, instance = load_texts(tmp_path, genre(rule), text)
    accepted = accepted_patterns(loaded, instance, "black")
    assert accepted == walked(ROOMS)
    assert model_patterns(loaded, instance) == accepted
    # the L `a` ties (0, 0) to (1, 1), a cell of the room `c`: not every pattern is symmetric
    assert (1, 0, 0, 0, 0, 0, 0, 0, 0) not in accepted


def test_opposite_from_a_named_cell_in_a_row(tmp_path):
    """In a row, the opposite cell is the one as far from the other end."""
    rule = "each row: each cell as c where clues is given: all(black of opposite from c)"
    loaded, instance = load_texts(
        tmp_path, genre(rule, "count(black) = 1"), "rooms:\naaaa\nclues:\n.#..\n"
    )
    assert accepted_patterns(loaded, instance, "black") == {(0, 0, 1, 0)}


def test_opposite_without_a_group_is_about_the_centre_of_the_grid(tmp_path):
    """Outside any group, a cell's opposite is about the centre of the grid (bonsan)."""
    rule = "each cell: black = any(opposite where black)"
    text = "rooms:\n...\n...\nclues:\n#..\n...\n"
    loaded, instance = load_texts(
        tmp_path, genre(rule, "each cell where clues = '#': black", "count(black) = 2"), text
    )
    accepted = accepted_patterns(loaded, instance, "black")
    assert accepted == {(1, 0, 0, 0, 0, 1)}
    assert model_patterns(loaded, instance) == accepted


def test_opposite_needs_a_cell_and_a_group_the_puzzle_decides(tmp_path, run):
    path = tmp_path / "g.yaml"
    (tmp_path / "p.txt").write_text("rooms:\naa\nclues:\n..\n")
    path.write_text(genre("each point: count(opposite where black) = 0"))
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and "'opposite' starts from a cell" in result.err
    path.write_text(genre("each area of black: each cell: any(opposite where black)"))
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and "'opposite' needs a group that the puzzle decides" in result.err


def test_opposite_is_a_word_of_the_rule_language(tmp_path, run):
    path = tmp_path / "g.yaml"
    (tmp_path / "p.txt").write_text("rooms:\naa\nclues:\n..\n")
    path.write_text(
        genre("count(black) = 1").replace("  black: {type: bool}", "  opposite: {type: bool}")
    )
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and "'opposite' is a word of the rule language" in result.err
