"""Nuri-Maze (nurimaze, docs/genres.md): every shipped instance has exactly one shading by a
search that shares no code with dslsolve, and that shading is the shipped solution's (which
test_genres checks dslsolve finds). The search colours the rooms one by one (in reading order of
their first cell), a room with a mark white; it refuses a 2x2 window of black cells, white cells
that close a loop, and a white area that no undecided cell touches while other white cells lie
outside it. A full shading must have one white area, and the way through it from S to G must
pass every circle and no triangle."""

from __future__ import annotations

import pytest
from shadings import Cell, grid, neighbours, regions, shipped_black

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "nurimaze").glob("*.txt") if "solution" not in p.name)


def areas(near: dict[Cell, list[Cell]], cells: set[Cell]) -> list[set[Cell]]:
    left, found = set(cells), []
    while left:
        stack = [left.pop()]
        part = set(stack)
        while stack:
            for n in near[stack.pop()]:
                if n in left:
                    left.discard(n)
                    part.add(n)
                    stack.append(n)
        found.append(part)
    return found


def way(near: dict[Cell, list[Cell]], white: set[Cell], start: Cell, goal: Cell) -> set[Cell]:
    """The cells of the path from start to goal through a tree of white cells."""
    before: dict[Cell, Cell | None] = {start: None}
    stack = [start]
    while stack:
        cell = stack.pop()
        for n in near[cell]:
            if n in white and n not in before:
                before[n] = cell
                stack.append(n)
    path, cell = set(), goal
    while cell is not None:
        path.add(cell)
        cell = before[cell]
    return path


def shadings(rooms: list[list[str]], marks: list[list[str]], most: int = 2):
    rows, columns = len(rooms), len(rooms[0])
    order = [(r, c) for r in range(rows) for c in range(columns)]
    near = {cell: neighbours(rows, columns, cell) for cell in order}
    groups = sorted(sorted(cells) for cells in regions(rows, columns, rooms).values())
    mark = {(r, c): marks[r][c] for r, c in order if marks[r][c] != "."}
    start = next(cell for cell, m in mark.items() if m == "S")
    goal = next(cell for cell, m in mark.items() if m == "G")
    white_of: dict[Cell, bool] = {}
    found: list[frozenset[Cell]] = []

    def holds(room: list[Cell]) -> bool:
        for r, c in {(r - a, c - b) for r, c in room for a in (0, 1) for b in (0, 1)}:
            window = [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)]
            if all(cell in white_of and not white_of[cell] for cell in window):
                return False
        white = {cell for cell, w in white_of.items() if w}
        parts = areas(near, white)
        links = sum(n in white for cell in white for n in near[cell]) // 2
        if links != len(white) - len(parts):  # a loop of white cells
            return False
        closed = [p for p in parts if all(n in white_of for c in p for n in near[c])]
        return not closed or len(parts) == 1

    def search(at: int) -> None:
        if len(found) >= most:
            return
        if at == len(groups):
            white = {cell for cell, w in white_of.items() if w}
            if len(areas(near, white)) != 1:
                return
            path = way(near, white, start, goal)
            if all((cell in path) == (m == "o") for cell, m in mark.items() if m in "ot"):
                found.append(frozenset(cell for cell, w in white_of.items() if not w))
            return
        room = groups[at]
        for white in (True, False):
            if not white and any(cell in mark for cell in room):
                continue
            for cell in room:
                white_of[cell] = white
            if holds(room):
                search(at + 1)
        for cell in room:
            del white_of[cell]

    search(0)
    return found


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_shading_is_the_shipped_solution(puzzle):
    text = puzzle.read_text()
    found = shadings(grid(text, "rooms"), grid(text, "marks"))
    assert len(found) == 1
    assert found[0] == shipped_black(solution_file(puzzle).read_text())


def test_the_way_passes_circles_and_misses_triangles():
    rooms = [list("abc"), list("def"), list("ghi")]
    # one-cell rooms, S and G in two corners: the mazes of a 3x3 grid
    every = shadings(rooms, [list("S.."), list("..."), list("..G")], most=1000)
    assert frozenset({(0, 1), (1, 0), (1, 2), (2, 1)}) not in every  # S alone, cut off
    # a circle in the middle keeps the mazes whose way passes it; a triangle there keeps none
    # (a white centre off the way closes a 2x2 block of white cells on this grid)
    middle = shadings(rooms, [list("S.."), list(".o."), list("..G")], most=1000)
    assert middle == [black for black in every if (1, 1) not in black]
    assert middle
    assert shadings(rooms, [list("S.."), list(".t."), list("..G")]) == []
    # a triangle beside S: the way leaves S downward
    beside = shadings(rooms, [list("St."), list("..."), list("..G")], most=1000)
    assert beside
    assert all((1, 0) not in black and (0, 1) not in black for black in beside)
    assert len(beside) < len([black for black in every if (0, 1) not in black])
