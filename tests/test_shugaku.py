"""School trip (docs/genres.md): every shipped instance has exactly one solution by the search
of `cellsearch.py`, which shares no code with dslsolve, given the genre's rules below in plain
Python, and that solution is the shipped one (which test_genres checks dslsolve finds). The
rules are not vacuous: with a pillar's number gone an instance has several solutions."""

from __future__ import annotations

import pytest
from cellsearch import Cell, Grid, by_cell, orthogonal, reach, sections, solution_rows, solutions

from dslsolve.puzzlink.codecs import QUESTION, Cursor, shugaku

from helpers import PUZZLES, solution_file

# a futon cell as pzprjs writes it: (pillow?, the side of its other half); `c` (a pillow whose
# other half is below it) is Kita-makura and `g` its other half, so neither is a candidate
FUTON = {"b": (True, "up"), "d": (True, "left"), "e": (True, "right")}
FUTON |= {"h": (False, "down"), "i": (False, "left"), "j": (False, "right")}
STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
BACK = {"up": "down", "down": "up", "left": "right", "right": "left"}


def cases() -> list:
    return sorted(p for p in (PUZZLES / "shugaku").glob("*.txt") if "solution" not in p.name)


def shugaku_solutions(board: list[list[str]], most: int = 2) -> list[Grid]:
    """Every cell without a pillar is aisle (`#`) or half of a futon, the two halves side by
    side, one of them the pillow; a vertical futon's pillow is its bottom half. A pillar's
    number counts the pillows beside it. Every futon touches the aisle; the aisle is connected
    and holds no 2x2 block. Cells are decided in reading order, so a futon's other half above
    or to the left is known when a cell is decided; after each choice, pillars' numbers stay
    reachable, a futon whose surroundings are decided touches the aisle, and no part of the
    aisle is closed off from the cells still to decide while other aisle cells exist."""
    token = by_cell(board)
    pillars = {cell: t for cell, t in token.items() if t != "."}
    free = [cell for cell, t in token.items() if t == "."]
    is_free = set(free)

    def beside(cell: Cell) -> list[Cell]:
        return [n for n in orthogonal(cell) if n in token]

    def other(cell: Cell, side: str) -> Cell:
        return (cell[0] + STEP[side][0], cell[1] + STEP[side][1])

    def candidates(cell: Cell) -> list[str]:
        return ["#"] + [v for v, (_, side) in FUTON.items() if other(cell, side) in is_free]

    def pillow(grid: Grid, cell: Cell) -> bool:
        return grid.get(cell) in FUTON and FUTON[grid[cell]][0]

    def touches_aisle(grid: Grid, cell: Cell) -> bool | None:
        """Whether the futon of a cell touches the aisle (None: not decided yet)."""
        halves = [cell, other(cell, FUTON[grid[cell]][1])]
        near = {n for half in halves for n in beside(half)}
        if any(grid.get(n) == "#" for n in near):
            return True
        return None if any(n in is_free and n not in grid for n in near) else False

    def fits(grid: Grid, cell: Cell) -> bool:
        value = grid[cell]
        for side in ("up", "left"):  # a futon above or to the left reaching this cell
            n = other(cell, side)
            reaches = grid.get(n) in FUTON and FUTON[grid[n]][1] == BACK[side]
            if reaches != (value in FUTON and FUTON[value][1] == side):
                return False
            if reaches and FUTON[grid[n]][0] == FUTON[value][0]:
                return False  # one pillow per futon
        r, c = cell
        block = [(r - 1, c - 1), (r - 1, c), (r, c - 1), cell]
        if all(grid.get(b) == "#" for b in block):
            return False
        for n in beside(cell):
            if n in pillars and pillars[n] != "?":
                near = beside(n)
                held = sum(pillow(grid, m) for m in near)
                open_ = sum(m in is_free and m not in grid for m in near)
                if not held <= int(pillars[n]) <= held + open_:
                    return False
        for n in [cell, *beside(cell), *(m for b in beside(cell) for m in beside(b))]:
            if grid.get(n) in FUTON and touches_aisle(grid, n) is False:
                return False
        return aisle_open(grid)

    def aisle_open(grid: Grid) -> bool:
        aisle = {cell for cell in grid if grid[cell] == "#"}
        if not aisle:
            return True
        part = reach(min(aisle), aisle)
        if part == aisle:
            return True
        return all(
            any(n in is_free and n not in grid for m in piece for n in beside(m))
            for piece in (part, *pieces(aisle - part))
        )

    def pieces(cells: set[Cell]) -> list[set[Cell]]:
        found = []
        while cells:
            piece = reach(min(cells), cells)
            found.append(piece)
            cells = cells - piece
        return found

    def whole(grid: Grid) -> bool:
        aisle = {cell for cell in grid if grid[cell] == "#"}
        return len(pieces(aisle)) <= 1 and all(
            sum(pillow(grid, m) for m in beside(p)) == int(t)
            for p, t in pillars.items()
            if t != "?"
        )

    return solutions(free, candidates, fits, whole, most=most)


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_shugaku_has_one_solution_the_shipped_one(puzzle):
    board = sections(puzzle)["clues"]
    found = shugaku_solutions(board)
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    free = {cell for cell, t in by_cell(board).items() if t == "."}
    assert found[0] == {cell: t for cell, t in shipped.items() if cell in free}


def test_shugaku_search_finds_several_without_a_number():
    board = [row[:] for row in sections(PUZZLES / "shugaku" / "example.txt")["clues"]]
    board[5][4] = "?"  # the 1 at the bottom: its pillow could as well be its futon's other end
    assert len(shugaku_solutions(board, most=2)) == 2


def test_the_shugaku_codec_reads_numbers_questions_and_skips():
    """`0`..`4` a number, `5` "?", `6`..`z` skip 1..30 cells (pzprjs's decodeShugaku)."""
    found = shugaku(Cursor("0456z"), 35)
    assert found == [0, 4, QUESTION, None] + [None] * 30 + [None]
    assert shugaku(Cursor("7"), 3) == [None, None, None]
