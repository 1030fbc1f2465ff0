"""Tatebo-Yokobo (docs/genres.md): every shipped instance has exactly one solution by the
search of `cellsearch.py`, which shares no code with dslsolve, given tateyoko's rules below in
plain Python, and that solution is the shipped one (which test_genres checks dslsolve finds).
The rules are not vacuous: without its numbers an instance has several solutions."""

from __future__ import annotations

import pytest
from cellsearch import Cell, Grid, by_cell, sections, solution_rows, solutions

from helpers import PUZZLES, solution_file

VERTICAL, HORIZONTAL = "|", "-"
STEP = {VERTICAL: (1, 0), HORIZONTAL: (0, 1)}


def cases() -> list:
    return sorted(p for p in (PUZZLES / "tateyoko").glob("*.txt") if "solution" not in p.name)


def tateyoko_solutions(board: list[list[str]], most: int = 2) -> list:
    """A bar in every white cell; bars of one direction in a line join into one long bar,
    which holds at most one number, and a number above 0 is its length; a shaded cell's number
    is how many long bars end at it (vertical ones above and below, horizontal ones left and
    right). The search decides the white cells in reading order; after each choice it checks
    the long bars through the cell as decided so far (no two numbers, none longer than its
    number, its length once both ends are decided) and the shaded cells around it (the bars
    that end at them, against what the undecided neighbours could still add)."""
    token = by_cell(board)
    height, width = len(board), len(board[0])
    shaded = {cell for cell, t in token.items() if t.startswith("#")}
    ends = {cell: int(t[2:]) for cell, t in token.items() if t.startswith("#,")}
    numbers = {cell: t for cell, t in token.items() if t == "?" or t.isdigit()}
    white = [cell for cell in sorted(token) if cell not in shaded]

    def run(grid: Grid, cell: Cell, bar: str) -> tuple[list[Cell], bool]:
        """The long bar of direction `bar` through `cell`, and whether both its ends are
        decided (a cell past each end that is off the grid, shaded or decided otherwise)."""
        dr, dc = STEP[bar]
        cells, closed = [cell], True
        for sign in (-1, 1):
            r, c = cell
            while True:
                r, c = r + sign * dr, c + sign * dc
                if grid.get((r, c)) == bar:
                    cells.append((r, c))
                    continue
                inside = 0 <= r < height and 0 <= c < width
                closed = closed and not (inside and (r, c) not in shaded and (r, c) not in grid)
                break
        return cells, closed

    def bar_holds(grid: Grid, cell: Cell) -> bool:
        cells, closed = run(grid, cell, grid[cell])
        held = [numbers[m] for m in cells if m in numbers]
        if len(held) > 1:
            return False
        if not held or held[0] == "?" or int(held[0]) == 0:
            return True
        return len(cells) == int(held[0]) if closed else len(cells) <= int(held[0])

    def ends_hold(grid: Grid, cell: Cell) -> bool:
        r, c = cell
        sides = (((r - 1, c), VERTICAL), ((r + 1, c), VERTICAL))
        sides += (((r, c - 1), HORIZONTAL), ((r, c + 1), HORIZONTAL))
        found = sum(grid.get(n) == bar for n, bar in sides)
        open_ = sum(n in token and n not in shaded and n not in grid for n, _ in sides)
        return found <= ends[cell] <= found + open_

    def fits(grid: Grid, cell: Cell) -> bool:
        r, c = cell
        behind = [(r - 1, c), (r, c - 1)]  # their long bars may end at this cell's choice
        if not all(bar_holds(grid, m) for m in [cell, *behind] if m in grid):
            return False
        around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        return all(ends_hold(grid, n) for n in around if n in ends)

    return solutions(white, lambda _: (VERTICAL, HORIZONTAL), fits, most=most)


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_tateyoko_has_one_solution_the_shipped_one(puzzle):
    found = tateyoko_solutions(sections(puzzle)["board"])
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    assert found[0] == {cell: t for cell, t in shipped.items() if t in (VERTICAL, HORIZONTAL)}


def test_tateyoko_search_finds_several_without_numbers():
    board = sections(PUZZLES / "tateyoko" / "example.txt")["board"]
    blank = [["#" if t.startswith("#") else "." for t in row] for row in board]
    assert len(tateyoko_solutions(blank)) == 2


def test_tateyoko_search_keeps_the_rules():
    """A 3 in a row of three: one horizontal bar, or three vertical bars of length 1, which
    the 3 refuses; a shaded cell between two cells with 2 ends: both bars point at it."""
    assert tateyoko_solutions([list("3..")]) == [{(0, 0): "-", (0, 1): "-", (0, 2): "-"}]
    assert tateyoko_solutions([[".", "#,2", "."]]) == [{(0, 0): "-", (0, 2): "-"}]
    assert tateyoko_solutions([[".", "#,0", "."]]) == [{(0, 0): "|", (0, 2): "|"}]
    assert tateyoko_solutions([["2", ".", "2"]]) == []
