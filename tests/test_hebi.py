"""Hebi-Ichigo (docs/genres.md): every shipped instance has exactly one solution by the search
below, which shares no code with dslsolve, and that solution is the shipped one (which
test_genres checks dslsolve finds). The search places whole snakes: every path of five cells
numbered 1..5 in order, at the first undecided free cell in reading order (the snake's first
cell in reading order), or leaves that cell empty. The rules are not vacuous: with a clue's
number gone an instance has several solutions."""

from __future__ import annotations

import pytest
from cellsearch import Cell, by_cell, orthogonal, sections, solution_rows

from helpers import PUZZLES, solution_file

STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def cases() -> list:
    return sorted(p for p in (PUZZLES / "hebi").glob("*.txt") if "solution" not in p.name)


def hebi_solutions(board: list[list[str]], most: int = 2) -> list[dict[Cell, int]]:
    """Snakes of five cells 1..5, each number beside the next, in free cells; cells of two
    snakes never share an edge; a clue `N,DIR` sees N as the first snake cell from it toward
    DIR before a clue cell or the edge (0: none there); a head (1) looking away from its 2 sees
    no snake cell before a clue cell or the edge; at least one snake."""
    token = by_cell(board)
    free = sorted(cell for cell, t in token.items() if t == ".")
    is_free = set(free)
    arrows = {}
    for cell, t in token.items():
        amount, _, way = t.partition(",")
        if amount.isdigit() and way in STEP:
            arrows[cell] = (int(amount), way)

    paths: dict[Cell, list[tuple[Cell, ...]]] = {cell: [] for cell in free}

    def grow(path: tuple[Cell, ...]) -> None:
        if len(path) == 5:
            paths[min(path)].append(path)
            return
        for n in orthogonal(path[-1]):
            if n in is_free and n not in path:
                grow((*path, n))

    for cell in free:
        grow((cell,))

    def seen(grid: dict[Cell, int], cell: Cell, way: str) -> int | None:
        """The number of the first snake cell toward `way` (0: none before a clue cell or
        the edge; None: not decided yet)."""
        r, c = cell
        while True:
            r, c = r + STEP[way][0], c + STEP[way][1]
            if (r, c) not in is_free:
                return 0
            if (r, c) not in grid:
                return None
            if grid[(r, c)] > 0:
                return grid[(r, c)]

    def clues_hold(grid: dict[Cell, int]) -> bool:
        return all(
            seen(grid, cell, way) in (None, amount) for cell, (amount, way) in arrows.items()
        )

    def heads_blind(grid: dict[Cell, int]) -> bool:
        for cell, value in grid.items():
            if value != 1:
                continue
            two = next(n for n in orthogonal(cell) if grid.get(n) == 2)
            away = {(cell[0] - two[0], cell[1] - two[1]) == step: way for way, step in STEP.items()}
            if seen(grid, cell, away[True]) not in (0, None):
                return False
        return True

    found: list[dict[Cell, int]] = []
    grid: dict[Cell, int] = {}

    def search(at: int) -> None:
        if len(found) >= most:
            return
        while at < len(free) and free[at] in grid:
            at += 1
        if at == len(free):
            if any(grid.values()) and heads_blind(grid):
                found.append(dict(grid))
            return
        cell = free[at]
        grid[cell] = 0
        if clues_hold(grid):
            search(at + 1)
        del grid[cell]
        for path in paths[cell]:
            if any(p in grid for p in path):
                continue
            if any(grid.get(n, 0) > 0 for p in path for n in orthogonal(p) if n not in path):
                continue  # touches another snake
            for number, p in enumerate(path, start=1):
                grid[p] = number
            if clues_hold(grid) and heads_blind(grid):
                search(at + 1)
            for p in path:
                del grid[p]

    search(0)
    return found


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_hebi_has_one_solution_the_shipped_one(puzzle):
    board = sections(puzzle)["clues"]
    found = hebi_solutions(board)
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    free = {cell for cell, t in by_cell(board).items() if t == "."}
    assert found[0] == {
        cell: 0 if t == "." else int(t) for cell, t in shipped.items() if cell in free
    }


def test_hebi_search_finds_several_without_a_number():
    board = [row[:] for row in sections(PUZZLES / "hebi" / "example.txt")["clues"]]
    board[0][0] = "?,D"  # the 5 at the top left: the snake below it may run either way
    assert len(hebi_solutions(board, most=2)) == 2


def test_hebi_search_finds_three_answers_on_pzprs_test_board():
    """pzprjs's test board (https://puzz.link/p?hebi/5/5/a21g23b20b45g41a) has three answers,
    each accepted by pzpr and by dslsolve's check: it is not shipped as an instance (the
    referee judges it)."""
    board = [
        row.split()
        for row in [". 1,D . . .", ". . . . 3,D", ". . 0,D . .", "5,R . . . .", ". . . 1,R ."]
    ]
    assert len(hebi_solutions(board, most=4)) == 3
