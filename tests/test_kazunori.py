"""Kazunori Room (docs/genres.md): every shipped instance has exactly one solution by the search
of `cellsearch.py`, which shares no code with dslsolve, given the genre's rules below in plain
Python, and that solution is the shipped one (which test_genres checks dslsolve finds). The
rules are not vacuous: with a sum gone an instance has several solutions."""

from __future__ import annotations

import pytest
from cellsearch import Cell, Grid, by_cell, orthogonal, sections, solution_rows, solutions

from helpers import PUZZLES, solution_file


def cases() -> list:
    return sorted(p for p in (PUZZLES / "kazunori").glob("*.txt") if "solution" not in p.name)


def kazunori_solutions(rooms: list[list[str]], sums: list[list[str]], most: int = 2) -> list[Grid]:
    """A number in every cell, at most half its room's size rounded up; no number three times
    in a room, and every cell beside a cell of its room with its number; no 2x2 block of one
    number; a sum between two cells (drawn between them, `sums` twice as fine as the cells)
    is their total. Cells in reading order; a cell is judged whole (a neighbour of its room with
    its number) once the cell below it is decided, the last row at the end."""
    room = by_cell(rooms)
    size = {label: list(room.values()).count(label) for label in set(room.values())}
    cells = sorted(room)
    given = {}
    for r1, c1 in cells:
        for r2, c2 in ((r1, c1 + 1), (r1 + 1, c1)):
            token = sums[r1 + r2][c1 + c2] if (r2, c2) in room else "."
            if token.isdigit():
                given[(r1, c1), (r2, c2)] = int(token)

    def candidates(cell: Cell) -> range:
        return range(1, (size[room[cell]] + 1) // 2 + 1)

    def paired(grid: Grid, cell: Cell) -> bool:
        return any(
            n in grid and room[n] == room[cell] and grid[n] == grid[cell] for n in orthogonal(cell)
        )

    def fits(grid: Grid, cell: Cell) -> bool:
        r, c = cell
        value = grid[cell]
        mates = [m for m in grid if room[m] == room[cell] and grid[m] == value]
        if len(mates) > 2:
            return False
        for other in ((r - 1, c), (r, c - 1)):
            total = given.get((other, cell))
            if total is not None and grid[other] + value != total:
                return False
        block = [(r - 1, c - 1), (r - 1, c), (r, c - 1)]
        if all(grid.get(b) == value for b in block):
            return False
        return (r - 1, c) not in grid or paired(grid, (r - 1, c))

    def whole(grid: Grid) -> bool:
        return all(paired(grid, cell) for cell in cells)

    return solutions(cells, candidates, fits, whole, most=most)


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_kazunori_has_one_solution_the_shipped_one(puzzle):
    found = kazunori_solutions(sections(puzzle)["rooms"], sections(puzzle)["sums"])
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    assert found[0] == {cell: int(t) for cell, t in shipped.items()}


def test_kazunori_search_finds_several_without_a_sum():
    puzzle = sections(PUZZLES / "kazunori" / "puzzlink-4x4.txt")
    sums = [row[:] for row in puzzle["sums"]]
    sums[0][3] = "."  # the 4 between r1c2 and r1c3: rooms of 1s and 2s may swap
    assert len(kazunori_solutions(puzzle["rooms"], sums, most=2)) == 2
