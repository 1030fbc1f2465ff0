"""Kakuru (docs/genres.md): every shipped instance has exactly one solution by the search of
`cellsearch.py`, which shares no code with dslsolve, given kakuru's rules below in plain
Python, and that solution is the shipped one (which test_genres checks dslsolve finds). The
rules are not vacuous: with a clue gone an instance has several solutions."""

from __future__ import annotations

import pytest
from cellsearch import Cell, Grid, around, by_cell, sections, solution_rows, solutions

from dslsolve.puzzlink.codecs import QUESTION, Cursor, kakuru

from helpers import PUZZLES, solution_file


def cases() -> list:
    return sorted(p for p in (PUZZLES / "kakuru").glob("*.txt") if "solution" not in p.name)


def kakuru_solutions(board: list[list[str]], most: int = 2) -> list[Grid]:
    """A number 1..9 in every white cell (`.`); a clue (a number above 0) is the sum of the
    white cells among its eight neighbours, which are all different; equal numbers never
    touch, not even at a corner. Cells are decided column by column (on the shipped 8x8 five
    times faster than row by row); after each choice, every clue next to the cell must still
    be reachable: its sum so far plus the least and the most that its undecided cells can add
    with numbers it does not hold yet."""
    token = by_cell(board)
    white = [cell for cell, t in token.items() if t == "."]
    is_white = set(white)
    clues = {cell: int(t) for cell, t in token.items() if t.isdigit() and int(t) > 0}
    members = {clue: [n for n in around(clue) if n in is_white] for clue in clues}
    clues_of = {cell: [clue for clue in clues if cell in members[clue]] for cell in white}

    def reachable(grid: Grid, clue: Cell) -> bool:
        held = [grid[m] for m in members[clue] if m in grid]
        if len(set(held)) < len(held):
            return False
        rest = len(members[clue]) - len(held)
        unused = [v for v in range(1, 10) if v not in held]
        least = sum(held) + sum(unused[:rest])
        most_ = sum(held) + sum(unused[len(unused) - rest :])
        return least <= clues[clue] <= most_

    def fits(grid: Grid, cell: Cell) -> bool:
        if any(grid.get(n) == grid[cell] for n in around(cell)):
            return False
        return all(reachable(grid, clue) for clue in clues_of[cell])

    by_column = sorted(white, key=lambda cell: (cell[1], cell[0]))
    return solutions(by_column, lambda cell: range(1, 10), fits, most=most)


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_kakuru_has_one_solution_the_shipped_one(puzzle):
    board = sections(puzzle)["board"]
    found = kakuru_solutions(board)
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    white = {cell for cell, t in by_cell(board).items() if t == "."}
    assert found[0] == {cell: int(t) for cell, t in shipped.items() if cell in white}


def test_kakuru_search_finds_several_without_a_clue():
    board = [row[:] for row in sections(PUZZLES / "kakuru" / "puzzlink-5x5.txt")["board"]]
    board[2][2] = "?"  # the 38 around the centre: its cells are held only by smaller sums
    assert len(kakuru_solutions(board, most=2)) == 2


def test_the_kakuru_codec_reads_clues_black_cells_and_skips():
    """`+` black, `0`..`j` 0..19, `A`..`Z` 20..45, `_` "?", `.` one empty cell, `k` two."""
    found = kakuru(Cursor("+jAZ_.k3"), 9)
    assert found == ["#", 19, 20, 45, QUESTION, None, None, None, 3]
