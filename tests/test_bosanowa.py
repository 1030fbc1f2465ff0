"""Bosanowa (docs/genres.md): every shipped instance has exactly one solution by the search
below, which shares no code with dslsolve and has no bound on the numbers, and that solution is
the shipped one (which test_genres checks dslsolve finds). The rules are not vacuous: with a
given gone an instance has several solutions."""

from __future__ import annotations

import pytest
from cellsearch import Cell, by_cell, orthogonal, sections, solution_rows

from helpers import PUZZLES, solution_file


def cases() -> list:
    return sorted(p for p in (PUZZLES / "bosanowa").glob("*.txt") if "solution" not in p.name)


def bosanowa_solutions(board: list[list[str]], most: int = 2) -> list[dict[Cell, int]]:
    """A number of 1 or more in every cell of the board (not `#`), equal to the sum of its
    differences with its neighbours on the board; givens stay.

    No bound is needed: a cell's number is at least its difference with each neighbour, so
    two neighbours are within a factor of 2 of each other (b <= 2a and a <= 2b). Every part of
    the board holds a given (a part without one could be scaled), so the search decides, next
    to the cells decided, the cell with the fewest candidates, which are finitely many (the
    last undecided neighbour of a decided cell has at most two). After each choice, a cell's
    differences with its decided neighbours may not pass its number, and reach it once all
    are decided."""
    token = by_cell(board)
    cells = [cell for cell, t in token.items() if t != "#"]
    on_board = set(cells)
    given = {cell: int(t) for cell, t in token.items() if t.isdigit()}
    near = {cell: [n for n in orthogonal(cell) if n in on_board] for cell in cells}
    parts = list(given)
    for cell in parts:  # every cell is reached from a given
        parts += [n for n in near[cell] if n not in parts]
    assert len(parts) == len(cells), "a part of the board without a given is not unique"
    found: list[dict[Cell, int]] = []
    grid: dict[Cell, int] = dict(given)

    def holds(cell: Cell) -> bool:
        decided = [grid[n] for n in near[cell] if n in grid]
        total = sum(abs(grid[cell] - v) for v in decided)
        return total == grid[cell] if len(decided) == len(near[cell]) else total <= grid[cell]

    def candidates(cell: Cell) -> list[int]:
        """Within a factor of 2 of each decided neighbour; where the cell is a decided
        neighbour's last undecided one, that neighbour's number plus or minus what its
        differences still lack."""
        decided = [n for n in near[cell] if n in grid]
        low = max(1, *((grid[n] + 1) // 2 for n in decided))
        values = set(range(low, 2 * min(grid[n] for n in decided) + 1))
        for n in decided:
            if all(m in grid or m == cell for m in near[n]):
                lack = grid[n] - sum(abs(grid[n] - grid[m]) for m in near[n] if m in grid)
                values &= {grid[n] - lack, grid[n] + lack}
        return sorted(values)

    def search() -> None:
        if len(found) >= most:
            return
        if len(grid) == len(cells):
            found.append(dict(grid))
            return
        frontier = {n for c in grid for n in near[c] if n not in grid}
        cell, values = min(((c, candidates(c)) for c in frontier), key=lambda cv: len(cv[1]))
        for value in values:
            grid[cell] = value
            if all(holds(n) for n in [cell, *near[cell]] if n in grid):
                search()
            del grid[cell]

    if all(holds(cell) for cell in given):
        search()
    return found


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_bosanowa_has_one_solution_the_shipped_one(puzzle):
    board = sections(puzzle)["board"]
    found = bosanowa_solutions(board)
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    assert found[0] == {cell: int(t) for cell, t in shipped.items() if t != "#"}


def test_bosanowa_search_finds_several_without_a_given():
    board = [row[:] for row in sections(PUZZLES / "bosanowa" / "constructed-8x8.txt")["board"]]
    board[1][1] = "."  # the 6: the 3 alone does not say which of two fillings
    assert len(bosanowa_solutions(board)) == 2
