"""Islands (shimaguni, docs/genres.md): every shipped instance has exactly one shading by a
search that shares no code with dslsolve, and that shading is the shipped solution's (which
test_genres checks dslsolve finds). The search lists each room's islands (its connected
non-empty sets of cells, of the room's number where it has one) and picks one per room, room
by room, refusing a black cell beside a black cell of another room and two rooms side by side
with islands of one size."""

from __future__ import annotations

from itertools import combinations

import pytest
from shadings import Cell, connected, grid, neighbours, shipped_black

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "shimaguni").glob("*.txt") if "solution" not in p.name)


def shadings(rooms: list[list[str]], clues: list[list[str]], most: int = 2):
    rows, columns = len(rooms), len(rooms[0])
    near = {(r, c): neighbours(rows, columns, (r, c)) for r in range(rows) for c in range(columns)}
    cells: dict[str, list[Cell]] = {}
    for cell in near:
        cells.setdefault(rooms[cell[0]][cell[1]], []).append(cell)
    names = list(cells)
    islands = {}
    for name, room in cells.items():
        numbers = {int(clues[r][c]) for r, c in room if clues[r][c] != "."}
        sizes = numbers or set(range(1, len(room) + 1))
        islands[name] = [
            set(pick)
            for size in sorted(sizes)
            for pick in combinations(room, size)
            if connected(near, set(pick))
        ]
    beside = {
        name: {rooms[n[0]][n[1]] for cell in cells[name] for n in near[cell]} - {name}
        for name in names
    }
    found: list[frozenset[Cell]] = []

    def search(at: int, black: set[Cell], size: dict[str, int]) -> None:
        if len(found) >= most:
            return
        if at == len(names):
            found.append(frozenset(black))
            return
        name = names[at]
        for island in islands[name]:
            if any(size.get(other) == len(island) for other in beside[name]):
                continue
            if any(n in black for cell in island for n in near[cell]):
                continue
            search(at + 1, black | island, size | {name: len(island)})

    search(0, set(), {})
    return found


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_shading_is_the_shipped_solution(puzzle):
    text = puzzle.read_text()
    found = shadings(grid(text, "rooms"), grid(text, "clues"))
    assert len(found) == 1
    assert found[0] == shipped_black(solution_file(puzzle).read_text())


def test_islands_of_rooms_side_by_side_differ_in_size():
    # two rooms of two cells: an island of one at the far end and one of two, a gap between
    found = shadings([list("aabb")], [list("....")], most=5)
    assert sorted(sorted(black) for black in found) == [
        [(0, 0), (0, 1), (0, 3)],
        [(0, 0), (0, 2), (0, 3)],
    ]
    # rooms of two and three cells: a's island of 1 at the far end leaves b any island of 2
    # or 3 (3), at the near end only the far 2 (1); a's island of 2 leaves b one far cell (2)
    assert len(shadings([list("aabbb")], [list(".....")], most=10)) == 6
    # a number that no island of its room can meet
    assert shadings([list("aabb")], [list("3...")]) == []
