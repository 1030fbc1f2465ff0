"""Aho-ni-Narikire (docs/genres.md): every shipped instance has exactly one cutting by the
search below, which shares no code with dslsolve, and that cutting is the shipped solution's
(which test_genres checks dslsolve finds). The search places, on the first uncovered cell in
reading order, every block that covers it: for a number n, the rectangles (n not a multiple
of 3) or the Ls (n a multiple of 3: a box less a smaller box at one of its corners) of n
cells that hold that number and no other, over uncovered cells only."""

from __future__ import annotations

import pytest
from test_shape_genres import read_grid, rooms_of

from helpers import PUZZLES

Cell = tuple[int, int]
CASES = sorted(p for p in (PUZZLES / "aho").glob("*.txt") if ".solution" not in p.name)


def boxes(rows: int, columns: int, cell: Cell):
    """Every box (top, left, height, width) of the grid that holds `cell`."""
    r, c = cell
    for height in range(1, rows + 1):
        for width in range(1, columns + 1):
            for top in range(max(0, r - height + 1), min(r, rows - height) + 1):
                for left in range(max(0, c - width + 1), min(c, columns - width) + 1):
                    yield top, left, height, width


def blocks(rows: int, columns: int, cell: Cell, n: int) -> set[frozenset[Cell]]:
    """The blocks of n cells holding `cell` that the number n allows."""
    found = set()
    for top, left, height, width in boxes(rows, columns, cell):
        box = {(i, j) for i in range(top, top + height) for j in range(left, left + width)}
        if n % 3:
            if height * width == n:
                found.add(frozenset(box))
            continue
        for cut_h in range(1, height):
            for cut_w in range(1, width):
                if height * width - cut_h * cut_w != n:
                    continue
                bottom = top + height
                for rows_cut in (range(top, top + cut_h), range(bottom - cut_h, bottom)):
                    for cols_cut in (
                        range(left, left + cut_w),
                        range(left + width - cut_w, left + width),
                    ):
                        block = box - {(i, j) for i in rows_cut for j in cols_cut}
                        if cell in block:
                            found.add(frozenset(block))
    return found


def cuttings(rows: int, columns: int, numbers: dict[Cell, int], most: int = 2) -> list:
    choices: dict[Cell, list[frozenset[Cell]]] = {}
    for cell, n in numbers.items():
        for block in blocks(rows, columns, cell, n):
            if all(other == cell or other not in block for other in numbers):
                for member in block:
                    choices.setdefault(member, []).append(block)
    found: list[list[frozenset[Cell]]] = []
    order = [(r, c) for r in range(rows) for c in range(columns)]

    def search(covered: set[Cell], placed: list) -> None:
        first = next((cell for cell in order if cell not in covered), None)
        if first is None:
            found.append(list(placed))
            return
        for block in choices.get(first, []):
            if len(found) < most and not block & covered:
                search(covered | block, [*placed, block])

    search(set(), [])
    return found


def numbers_of(path) -> tuple[int, int, dict[Cell, int]]:
    grid = read_grid(path, "clues")
    numbers = {(r, c): int(t) for r, row in enumerate(grid) for c, t in enumerate(row) if t != "."}
    return len(grid), len(grid[0]), numbers


def test_aho_ships_the_test_board_and_constructed_instances():
    assert {p.stem for p in CASES} >= {"example", "puzzlink-6x6", "constructed-8x8"}


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_aho_has_one_cutting_the_shipped_one(puzzle):
    rows, columns, numbers = numbers_of(puzzle)
    [only] = cuttings(rows, columns, numbers)
    drawn = rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())
    assert set(only) == drawn


def test_aho_search_tells_rectangles_from_ells():
    """A 3 is an L tromino, never a straight one; a 4 a rectangle (1 x 4 or 2 x 2), never an
    L; a 6 an L of any arm widths (a 2 x 4 box less a 1 x 2 corner, among others)."""
    assert all(len(b) == 3 and len({r for r, _ in b}) == 2 for b in blocks(3, 3, (1, 1), 3))
    fours = blocks(4, 4, (0, 0), 4)
    assert {frozenset({(0, 0), (0, 1), (1, 0), (1, 1)})} <= fours
    assert all(len({r for r, _ in b}) * len({c for _, c in b}) == 4 for b in fours)
    assert frozenset({(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1)}) in blocks(2, 4, (0, 0), 6)
