"""Renban-Madoguchi (docs/genres.md): every shipped instance has exactly one solution by the
search below, which shares no code with dslsolve and has no bound on the numbers, and that
solution is the shipped one (which test_genres checks dslsolve finds). The rules are not
vacuous: with any one given gone an instance has several solutions (tested below)."""

from __future__ import annotations

import pytest
from cellsearch import Cell, by_cell, sections, solution_rows

from helpers import PUZZLES, solution_file


def cases() -> list:
    return sorted(p for p in (PUZZLES / "renban").glob("*.txt") if "solution" not in p.name)


def wall_lengths(walls: list[list[str]], rows: int, columns: int) -> dict:
    """Each wall (a pair of cells) -> the length of the straight line of walls it is part of,
    from the between-cells drawing (`#` at (2r, 2c+1) right of cell (r, c), at (2r+1, 2c)
    below it)."""
    right = {
        (r, c) for r in range(rows) for c in range(columns - 1) if walls[2 * r][2 * c + 1] == "#"
    }
    below = {
        (r, c) for r in range(rows - 1) for c in range(columns) if walls[2 * r + 1][2 * c] == "#"
    }
    lengths = {}
    for marks, step, other in ((right, (1, 0), (0, 1)), (below, (0, 1), (1, 0))):
        for r, c in marks:
            length = 1
            for sign in (1, -1):
                k = 1
                while (r + sign * k * step[0], c + sign * k * step[1]) in marks:
                    length, k = length + 1, k + 1
            lengths[((r, c), (r + other[0], c + other[1]))] = length
    return lengths


def renban_solutions(
    rooms: list[list[str]], walls: list[list[str]], givens: list[list[str]], most: int = 2
) -> list[dict[Cell, int]]:
    """A number of 1 or more in every cell; a room's numbers differ and are consecutive; the
    two numbers on either side of a wall differ by the length of its straight line of walls.

    No bound is needed: the grid is one piece of cells joined through rooms and across walls,
    and the search decides, next to the cells decided, the cell with the fewest candidates,
    which are finitely many: across a wall of length L the decided number plus or minus L, in
    a room of k cells within k - 1 of every decided number of the room."""
    room = by_cell(rooms)
    rows, columns = len(rooms), len(rooms[0])
    length = wall_lengths(walls, rows, columns)
    across = {cell: {} for cell in room}
    for (a, b), size in length.items():
        across[a][b], across[b][a] = size, size
    members: dict[str, list[Cell]] = {}
    for cell, label in room.items():
        members.setdefault(label, []).append(cell)
    given = {cell: int(t) for cell, t in by_cell(givens).items() if t != "."}
    assert given, "without a given every number could grow by 1"
    found: list[dict[Cell, int]] = []
    grid: dict[Cell, int] = {}

    def candidates(cell: Cell) -> set[int] | None:
        values = None
        for other, size in across[cell].items():
            if other in grid:
                pair = {grid[other] - size, grid[other] + size}
                values = pair if values is None else values & pair
        mates = [grid[m] for m in members[room[cell]] if m in grid]
        if mates:
            k = len(members[room[cell]])
            span = set(range(max(mates) - k + 1, min(mates) + k)) - set(mates)
            values = span if values is None else values & span
        return None if values is None else {v for v in values if v >= 1}

    def holds(cell: Cell) -> bool:
        mates = [grid[m] for m in members[room[cell]] if m in grid]
        k = len(members[room[cell]])
        if len(set(mates)) < len(mates) or max(mates) - min(mates) > k - 1:
            return False
        return all(
            abs(grid[cell] - grid[other]) == size
            for other, size in across[cell].items()
            if other in grid
        )

    def search() -> None:
        if len(found) >= most:
            return
        if len(grid) == len(room):
            found.append(dict(grid))
            return
        options = [(cell, candidates(cell)) for cell in room if cell not in grid]
        options = [(cell, values) for cell, values in options if values is not None]
        cell, values = min(options, key=lambda cv: len(cv[1]))
        for value in sorted(values):
            grid[cell] = value
            if holds(cell):
                search()
            del grid[cell]

    for cell, value in given.items():
        grid[cell] = value
    if all(holds(cell) for cell in given):
        search()
    return found


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_renban_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = renban_solutions(parts["rooms"], parts["walls"], parts["givens"])
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    assert found[0] == {cell: int(t) for cell, t in shipped.items()}


@pytest.mark.parametrize("puzzle", ["example", "constructed-8x8"])
def test_renban_each_given_is_needed(puzzle):
    """With any one given gone (its other givens kept), the search finds a second solution."""
    parts = sections(PUZZLES / "renban" / f"{puzzle}.txt")
    givens = parts["givens"]
    places = [(r, c) for r, row in enumerate(givens) for c, t in enumerate(row) if t != "."]
    for r, c in places:
        fewer = [list(row) for row in givens]
        fewer[r][c] = "."
        assert len(renban_solutions(parts["rooms"], parts["walls"], fewer)) == 2
