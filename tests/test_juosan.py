"""Juosan (docs/genres.md): every shipped instance has exactly one solution by the search of
`cellsearch.py`, which shares no code with dslsolve, given juosan's rules below in plain
Python, and that solution is the shipped one (which test_genres checks dslsolve finds). The
rules are not vacuous: without its numbers an instance has several solutions."""

from __future__ import annotations

import pytest
from cellsearch import Cell, Grid, by_cell, sections, solution_rows, solutions

from helpers import PUZZLES, solution_file

VERTICAL, HORIZONTAL = "|", "-"


def cases() -> list:
    return sorted(p for p in (PUZZLES / "juosan").glob("*.txt") if "solution" not in p.name)


def juosan_solutions(rooms: list[list[str]], clues: list[list[str]], most: int = 2) -> list:
    """A vertical or a horizontal bar in every cell; no three vertical bars side by side in a
    row, no three horizontal bars one above the other in a column; a room's number is the
    count of its bars of the direction most of them take. The search decides the cells in
    reading order and checks the three cells that end at the cell decided, and its room: some
    count of vertical bars its undecided cells can still reach makes the larger count equal
    to its number."""
    room = by_cell(rooms)
    members: dict[str, list[Cell]] = {}
    for cell, label in room.items():
        members.setdefault(label, []).append(cell)
    number = {}
    for cell, token in by_cell(clues).items():
        if token.isdigit():
            number[room[cell]] = int(token)
    cells = sorted(room)

    def fits(grid: Grid, cell: Cell) -> bool:
        r, c = cell
        if grid[cell] == VERTICAL and all(grid.get((r, c - k)) == VERTICAL for k in (1, 2)):
            return False
        if grid[cell] == HORIZONTAL and all(grid.get((r - k, c)) == HORIZONTAL for k in (1, 2)):
            return False
        label = room[cell]
        if label not in number:
            return True
        bars = [grid[m] for m in members[label] if m in grid]
        size, vertical, n = len(members[label]), bars.count(VERTICAL), number[label]
        # some count of vertical bars the undecided cells can still reach makes the larger
        # of the two counts n
        reach = range(vertical, vertical + size - len(bars) + 1)
        return any(max(v, size - v) == n for v in reach)

    return solutions(cells, lambda _: (VERTICAL, HORIZONTAL), fits, most=most)


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_juosan_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = juosan_solutions(parts["rooms"], parts["clues"])
    assert len(found) == 1
    assert found[0] == by_cell(solution_rows(solution_file(puzzle)))


def test_juosan_search_finds_several_without_numbers():
    rooms = sections(PUZZLES / "juosan" / "example.txt")["rooms"]
    blank = [["."] * len(rooms[0]) for _ in rooms]
    assert len(juosan_solutions(rooms, blank)) == 2


def test_juosan_search_keeps_the_rules():
    """A row of three cells, one room of number 3: all three bars one way, and three vertical
    bars side by side are refused, so they are horizontal; two rooms of one cell with no
    number take either bar, as long as no three vertical bars stand in a row."""
    assert juosan_solutions([list("aaa")], [list("3..")]) == [
        {(0, 0): "-", (0, 1): "-", (0, 2): "-"}
    ]
    assert len(juosan_solutions([list("abc")], [list("...")], most=10)) == 7
