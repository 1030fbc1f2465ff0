"""Stostone (docs/genres.md): every shipped instance has exactly one shading by a search that
shares no code with dslsolve, and that shading is the shipped solution's (which test_genres
checks dslsolve finds). The search lists each room's blocks (its connected non-empty sets of
cells, of the room's number where it has one) and picks one per room, room by room, refusing a
black cell beside a black cell of another room and a column with more black cells than half the
rows (or too few left to reach half). A full shading is then dropped as pzprjs drops it: each
block falls as one piece, again and again, as long as one can, and the blocks must then fill
exactly the lower half of the grid."""

from __future__ import annotations

from itertools import combinations

import pytest
from shadings import Cell, connected, grid, neighbours, regions, shipped_black

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "stostone").glob("*.txt") if "solution" not in p.name)


def dropped(rows: int, blocks: list[set[Cell]]) -> set[Cell]:
    """The cells the blocks hold once each has fallen as far as it can."""
    blocks = [set(block) for block in blocks]
    moved = True
    while moved:
        moved = False
        for at, block in enumerate(blocks):
            others = set().union(*(b for i, b in enumerate(blocks) if i != at))
            fall = 0
            while all(r + fall + 1 < rows and (r + fall + 1, c) not in others for r, c in block):
                fall += 1
            if fall:
                blocks[at] = {(r + fall, c) for r, c in block}
                moved = True
    return set().union(*blocks) if blocks else set()


def shadings(rooms: list[list[str]], clues: list[list[str]], most: int = 2):
    rows, columns = len(rooms), len(rooms[0])
    near = {(r, c): neighbours(rows, columns, (r, c)) for r in range(rows) for c in range(columns)}
    cells = {name: sorted(room) for name, room in regions(rows, columns, rooms).items()}
    # rooms by their last column, so that the columns are finished left to right
    names = sorted(cells, key=lambda name: max(c for _, c in cells[name]))
    blocks = {}
    for name, room in cells.items():
        numbers = {int(clues[r][c]) for r, c in room if clues[r][c] != "."}
        sizes = numbers or set(range(1, len(room) + 1))
        blocks[name] = [
            set(pick)
            for size in sorted(sizes)
            for pick in combinations(room, size)
            if connected(near, set(pick))
        ]
    half = rows / 2
    # the most black cells each column can still get from the rooms after each place
    reach = [[0] * columns for _ in range(len(names) + 1)]
    for at in range(len(names) - 1, -1, -1):
        reach[at] = list(reach[at + 1])
        for _, c in cells[names[at]]:
            reach[at][c] += 1
    lower = {(r, c) for r in range(rows) for c in range(columns) if r >= half}
    found: list[frozenset[Cell]] = []

    def search(at: int, picked: list[set[Cell]], black: set[Cell], count: list[int]) -> None:
        if len(found) >= most:
            return
        if at == len(names):
            if dropped(rows, picked) == lower:
                found.append(frozenset(black))
            return
        for block in blocks[names[at]]:
            if any(n in black for cell in block for n in near[cell]):
                continue
            now = list(count)
            for _, c in block:
                now[c] += 1
            if any(n > half or n + reach[at + 1][c] < half for c, n in enumerate(now)):
                continue
            search(at + 1, [*picked, block], black | block, now)

    search(0, [], set(), [0] * columns)
    return found


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_shading_is_the_shipped_solution(puzzle):
    text = puzzle.read_text()
    found = shadings(grid(text, "rooms"), grid(text, "clues"))
    assert len(found) == 1
    assert found[0] == shipped_black(solution_file(puzzle).read_text())


def test_blocks_fall_as_solid_pieces():
    # an L resting on a single cell keeps a gap under its arm
    assert dropped(3, [{(0, 0), (1, 0), (0, 1)}, {(2, 0)}]) == {(0, 0), (1, 0), (0, 1), (2, 0)}
    # the same L falls to the floor where nothing holds it
    assert dropped(3, [{(0, 0), (0, 1), (1, 1)}]) == {(1, 0), (1, 1), (2, 1)}
    # two rooms of a 2x2 grid, each a column: a cell of each, on a diagonal (side by side,
    # the two rooms' black cells would share an edge)
    assert len(shadings([list("ab"), list("ab")], [list(".."), list("..")], most=5)) == 2
    # one room of a column: one cell, which falls to the floor; two cells are too many
    assert len(shadings([list("a"), list("a")], [list("."), list(".")], most=5)) == 2
    assert shadings([list("a"), list("a")], [list("2"), list(".")]) == []
