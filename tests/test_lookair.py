"""Look-Air (docs/genres.md): every shipped instance has exactly one shading by a search that
shares no code with dslsolve, and that shading is the shipped solution's (which test_genres
checks dslsolve finds). Cells are decided in reading order: the first undecided cell is white,
or the top left corner of a k x k black square over undecided cells whose orthogonal rim turns
white. A number is bounded by its decided cells, and two squares of one size that already see
each other (white cells between them along a row or a column) end the branch."""

from __future__ import annotations

import pytest
from shadings import Cell, grid, neighbours, shipped_black

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "lookair").glob("*.txt") if "solution" not in p.name)


def sighted(rows: int, columns: int, side: dict[Cell, int], white: set[Cell]) -> bool:
    """Whether two black cells with only white cells between them (one at least) in a row or
    a column belong to squares of one size."""
    for (r, c), size in side.items():
        for dr, dc in ((0, 1), (1, 0)):
            a, b, gap = r + dr, c + dc, 0
            while (a, b) in white:
                a, b, gap = a + dr, b + dc, gap + 1
            if gap and (a, b) in side and side[(a, b)] == size:
                return True
    return False


def shadings(rows: int, columns: int, clues: dict[Cell, int], most: int = 2):
    order = [(r, c) for r in range(rows) for c in range(columns)]
    near = {cell: neighbours(rows, columns, cell) for cell in order}
    found: list[frozenset[Cell]] = []

    def clue_fails(side: dict[Cell, int], white: set[Cell]) -> bool:
        for cell, number in clues.items():
            five = [cell, *near[cell]]
            black = sum(c in side for c in five)
            open_ = sum(c not in side and c not in white for c in five)
            if not black <= number <= black + open_:
                return True
        return False

    def search(at: int, side: dict[Cell, int], white: set[Cell]) -> None:
        if len(found) >= most or clue_fails(side, white) or sighted(rows, columns, side, white):
            return
        while at < len(order) and (order[at] in side or order[at] in white):
            at += 1
        if at == len(order):
            found.append(frozenset(side))
            return
        r, c = order[at]
        search(at + 1, side, white | {(r, c)})
        for k in range(1, min(rows - r, columns - c) + 1):
            square = {(r + i, c + j) for i in range(k) for j in range(k)}
            if any(cell in side or cell in white for cell in square):
                break
            rim = {n for cell in square for n in near[cell]} - square
            if any(n in side for n in rim):
                continue
            search(at + 1, side | dict.fromkeys(square, k), white | rim)

    search(0, {}, set())
    return found


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_shading_is_the_shipped_solution(puzzle):
    tokens = grid(puzzle.read_text(), "clues")
    clues = {
        (r, c): int(t) for r, line in enumerate(tokens) for c, t in enumerate(line) if t != "."
    }
    found = shadings(len(tokens), len(tokens[0]), clues)
    assert len(found) == 1
    assert found[0] == shipped_black(solution_file(puzzle).read_text())


def test_squares_of_one_size_do_not_see_each_other():
    # a row of three: two single black cells with a white one between see each other
    assert frozenset({(0, 0), (0, 2)}) not in shadings(1, 3, {}, most=10)
    # with a 2x2 square beside a single cell they differ: allowed
    assert frozenset({(0, 0), (0, 1), (1, 0), (1, 1), (0, 3)}) in shadings(2, 4, {}, most=50)
