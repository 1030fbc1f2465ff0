"""Tentaisho (docs/genres.md): every shipped instance has exactly one division by the search
below, which shares no code with dslsolve, and that division is the shipped solution's (which
test_genres checks dslsolve finds). A star sits at a place in half-cells (a cell, the border
between two cells, the point between four); the search gives the first cell in reading order
without a star a star whose half-turn image of the cell is free (or the cell itself), takes the
image too, and drops a star whose cells can no longer all reach its own through cells that are
its or free; at the end each star's cells must be connected."""

from __future__ import annotations

import pytest
from test_shape_genres import read_grid, rooms_of

from helpers import PUZZLES

Cell = tuple[int, int]
CASES = sorted(p for p in (PUZZLES / "tentaisho").glob("*.txt") if ".solution" not in p.name)


def stars_of(path) -> tuple[int, int, list[tuple[int, int]]]:
    """The drawing's size in cells and its stars, at their places in half-cells."""
    drawing = read_grid(path, "stars")
    stars = [(i, j) for i, line in enumerate(drawing) for j, t in enumerate(line) if t != "."]
    return (len(drawing) + 1) // 2, (len(drawing[0]) + 1) // 2, stars


def divisions(rows: int, columns: int, stars: list[tuple[int, int]], most: int = 2) -> list:
    inside = {(r, c) for r in range(rows) for c in range(columns)}
    owner: dict[Cell, int] = {}
    own: list[Cell] = []
    for s, (i, j) in enumerate(stars):
        cells = {(i // 2 + di, j // 2 + dj) for di in (0, i % 2) for dj in (0, j % 2)}
        if any(owner.get(cell, s) != s for cell in cells):
            return []
        owner.update(dict.fromkeys(cells, s))
        own.append(min(cells))

    def image(s: int, cell: Cell) -> Cell:
        i, j = stars[s]
        return (i - cell[0], j - cell[1])

    def steps(cell: Cell):
        r, c = cell
        return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))

    def reaches(s: int) -> bool:
        """Every cell of star s reaches its own cell through cells that are s's or free."""
        seen, stack = {own[s]}, [own[s]]
        while stack:
            for n in steps(stack.pop()):
                if n in inside and n not in seen and owner.get(n, s) == s:
                    seen.add(n)
                    stack.append(n)
        return all(cell in seen for cell, t in owner.items() if t == s)

    def connected(s: int) -> bool:
        cells = {cell for cell, t in owner.items() if t == s}
        seen, stack = {own[s]}, [own[s]]
        while stack:
            for n in steps(stack.pop()):
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return seen == cells

    found: list[dict[Cell, int]] = []
    order = sorted(inside)

    def search(at: int) -> None:
        while at < len(order) and order[at] in owner:
            at += 1
        if at == len(order):
            if all(connected(s) for s in range(len(stars))):
                found.append(dict(owner))
            return
        cell = order[at]
        for s in range(len(stars)):
            twin = image(s, cell)
            if twin not in inside or twin in owner:
                continue
            owner[cell] = owner[twin] = s
            if reaches(s):
                search(at + 1)
            del owner[cell]
            owner.pop(twin, None)
            if len(found) >= most:
                return

    search(0)
    return found


def test_tentaisho_ships_the_test_board_and_constructed_instances():
    assert {p.stem for p in CASES} >= {"example", "puzzlink-5x5", "constructed-10x10"}


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_tentaisho_has_one_division_the_shipped_one(puzzle):
    rows, columns, stars = stars_of(puzzle)
    [only] = divisions(rows, columns, stars)
    pieces: dict[int, set[Cell]] = {}
    for cell, s in only.items():
        pieces.setdefault(s, set()).add(cell)
    drawn = rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())
    assert {frozenset(p) for p in pieces.values()} == drawn


def test_tentaisho_search_reads_stars_on_cells_borders_and_points():
    """A 2x2 grid: a star on the point inside makes one piece; stars on the borders inside
    the two rows make the rows the pieces; a star on one cell cannot cover the grid."""
    assert len(divisions(2, 2, [(1, 1)])) == 1
    [two] = divisions(2, 2, [(0, 1), (2, 1)])
    assert two == {(0, 0): 0, (0, 1): 0, (1, 0): 1, (1, 1): 1}
    assert divisions(2, 2, [(0, 0)]) == []
