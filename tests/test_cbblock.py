"""Combi Block (docs/genres.md): every shipped instance has exactly one division by the search
below, which shares no code with dslsolve, and that division is the shipped solution's (which
test_genres checks dslsolve finds). A division pairs the tiles: each block is two tiles that
touch, so the search takes the first tile not yet in a block (in reading order of its first
cell) and pairs it with each free tile beside it, keeping the block only when it is no
rectangle and no block beside it has the same free shape (turned or mirrored)."""

from __future__ import annotations

import pytest
from test_shape_genres import rooms_of

from helpers import PUZZLES

Cell = tuple[int, int]
CASES = sorted(p for p in (PUZZLES / "cbblock").glob("*.txt") if ".solution" not in p.name)


def _free_shape(cells) -> tuple:
    """The least of the 8 images (turns, mirrors) of the cells moved to the origin."""
    images = []
    for flip in (False, True):
        points = [(c, r) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            points = [(c, -r) for r, c in points]
            top, left = min(r for r, _ in points), min(c for _, c in points)
            images.append(tuple(sorted((r - top, c - left) for r, c in points)))
    return min(images)


def _rectangle(cells: frozenset) -> bool:
    rows = {r for r, _ in cells}
    columns = {c for _, c in cells}
    return (max(rows) - min(rows) + 1) * (max(columns) - min(columns) + 1) == len(cells)


def divisions(tiles: list[list[str]], most: int = 2) -> list[set[frozenset[Cell]]]:
    """Up to `most` divisions, each a set of blocks (sets of cells)."""
    cells_of: dict[str, set[Cell]] = {}
    for r, line in enumerate(tiles):
        for c, label in enumerate(line):
            cells_of.setdefault(label, set()).add((r, c))
    order = sorted(cells_of, key=lambda label: min(cells_of[label]))
    tile_at = {cell: label for label, cells in cells_of.items() for cell in cells}
    beside = {
        label: {
            tile_at[n]
            for r, c in cells
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if n in tile_at and tile_at[n] != label
        }
        for label, cells in cells_of.items()
    }
    block_of: dict[Cell, frozenset[Cell]] = {}
    found: list[set[frozenset[Cell]]] = []

    def fits(block: frozenset[Cell]) -> bool:
        if _rectangle(block):
            return False
        shape = _free_shape(block)
        for r, c in block:
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                other = block_of.get(n)
                if other is not None and len(other) == len(block) and _free_shape(other) == shape:
                    return False
        return True

    def search() -> None:
        if len(found) >= most:
            return
        free = [label for label in order if next(iter(cells_of[label])) not in block_of]
        if not free:
            found.append(set(block_of.values()))
            return
        first = free[0]
        for other in sorted(beside[first] & set(free), key=order.index):
            block = frozenset(cells_of[first] | cells_of[other])
            if fits(block):
                for cell in block:
                    block_of[cell] = block
                search()
                for cell in block:
                    del block_of[cell]

    search()
    return found


def read(path) -> list[list[str]]:
    """The tiles of a puzzle file (comments come before the section)."""
    lines = path.read_text().splitlines()
    start = lines.index("tiles:") + 1
    return [line.split() for line in lines[start:] if line.strip()]


def test_cbblock_ships_the_test_board_and_constructed_instances():
    assert {p.stem for p in CASES} >= {"example", "puzzlink-4x4", "constructed-8x8"}


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_cbblock_has_one_division_the_shipped_one(puzzle):
    [only] = divisions(read(puzzle))
    drawn = rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())
    assert only == drawn


def test_cbblock_search_reads_the_rules():
    """Small grids worked by hand. Two tiles of one column each make a square: no division.
    Four tiles whose two pairings each give two L trominoes side by side: none. And a 3 x 3
    grid whose only division is an L tromino and a block of six: a+c with b+d would make b+d a
    2 x 2 square, and a+d leaves b and c apart."""
    assert divisions([["a", "b"], ["a", "b"]]) == []
    assert divisions([["a", "b", "c"], ["a", "d", "c"]]) == []
    [only] = divisions([["a", "a", "c"], ["b", "d", "c"], ["d", "d", "c"]])
    assert only == {
        frozenset({(0, 0), (0, 1), (1, 0)}),
        frozenset({(0, 2), (1, 2), (2, 2), (1, 1), (2, 0), (2, 1)}),
    }
