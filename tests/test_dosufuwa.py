"""Dosun-Fuwari (dosufuwa, docs/genres.md): every shipped instance has exactly one placement of
balloons and iron balls by a search that shares no code with dslsolve, and that placement is the
shipped solution's (which test_genres checks dslsolve finds). The search goes room by room (by
their top row) and picks a balloon cell and another iron ball cell in each; a balloon's cell
must have the top edge, a blocked cell or a balloon above it, an iron ball's the bottom edge, a
blocked cell or an iron ball below it, checked as soon as that cell is decided. A balloon never
sits right under a cell of its own room (which holds no second balloon), nor an iron ball right
on one."""

from __future__ import annotations

import pytest
from shadings import Cell, grid, regions

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "dosufuwa").glob("*.txt") if "solution" not in p.name)
EMPTY, BALLOON, IRON, BLOCK = 0, 1, 2, 3


def placements(rooms: list[list[str]], board: list[list[str]], most: int = 2):
    """Up to `most` placements: {cell: BALLOON or IRON}."""
    rows, columns = len(rooms), len(rooms[0])
    blocked = {(r, c) for r in range(rows) for c in range(columns) if board[r][c] == "#"}
    groups = [
        sorted(cells) for cells in regions(rows, columns, rooms).values() if not cells & blocked
    ]
    groups.sort(key=lambda cells: cells[0])
    state: dict[Cell, int] = dict.fromkeys(blocked, BLOCK)

    def supported(cell: Cell) -> bool:
        """False where a ball's cell is decided to lack its support."""
        r, c = cell
        kind = state.get(cell)
        if kind not in (BALLOON, IRON):
            return True
        near = (r - 1, c) if kind == BALLOON else (r + 1, c)
        if not (0 <= near[0] < rows):
            return True
        return state.get(near) in (None, BLOCK, kind)

    found: list[dict[Cell, int]] = []

    def search(at: int) -> None:
        if len(found) >= most:
            return
        if at == len(groups):
            found.append({cell: kind for cell, kind in state.items() if kind in (BALLOON, IRON)})
            return
        cells = groups[at]
        inside = set(cells)
        tops = [(r, c) for r, c in cells if (r - 1, c) not in inside]
        bottoms = [(r, c) for r, c in cells if (r + 1, c) not in inside]
        for balloon in tops:
            for iron in bottoms:
                if iron == balloon:
                    continue
                for cell in cells:
                    state[cell] = EMPTY
                state[balloon], state[iron] = BALLOON, IRON
                touched = {(r + d, c) for r, c in cells for d in (-1, 0, 1)}
                if all(supported(cell) for cell in touched):
                    search(at + 1)
        for cell in cells:
            state.pop(cell, None)

    search(0)
    return found


def shipped(solution: str) -> dict[Cell, int]:
    marks = {"o": BALLOON, "@": IRON}
    return {
        (r, c): marks[token]
        for r, line in enumerate(grid(solution))
        for c, token in enumerate(line)
        if token in marks
    }


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_placement_is_the_shipped_solution(puzzle):
    text = puzzle.read_text()
    found = placements(grid(text, "rooms"), grid(text, "board"))
    assert len(found) == 1
    assert found[0] == shipped(solution_file(puzzle).read_text())


def test_balloons_float_and_iron_balls_sink():
    # one room of a column of three: the balloon on top, the iron ball at the bottom
    assert placements([list("a"), list("a"), list("a")], [list(".")] * 3, most=5) == [
        {(0, 0): BALLOON, (2, 0): IRON}
    ]
    # two rooms, one above the other: the lower room's balloon is on its top, so the upper
    # room's iron ball has nothing to sink onto
    assert placements([list("a"), list("a"), list("b"), list("b")], [list(".")] * 4) == []
    # a room of one cell holds no two balls
    assert placements([list("a"), list("b"), list("c")], [list("."), list("#"), list(".")]) == []
    # an L room over a blocked cell and a room below: the lower room's balloon hangs under the
    # block, its iron ball in the corner under the L; the L's balloon on either top cell, its
    # iron ball on the block or on the lower room's iron ball (not both on one cell)
    rooms, board = [list("aa"), list("ac"), list("dd")], [list(".."), list(".#"), list("..")]
    found = placements(rooms, board, most=5)
    assert len(found) == 3
    assert all(f[(2, 1)] == BALLOON and f[(2, 0)] == IRON for f in found)
