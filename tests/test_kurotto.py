"""Kurotto (docs/genres.md): every shipped instance has exactly one shading by a search that
shares no code with dslsolve, and that shading is the shipped solution's (which test_genres
checks dslsolve finds).

Cells are decided in reading order (numbered cells are white). After each decision every
number is bounded: the black areas next to it (each once) are at least its total, and the
areas of black or undecided cells next to it (numbered cells left out) at most; a number
outside its bounds ends the branch. Once every cell is decided the two bounds are equal."""

from __future__ import annotations

import pytest
from shadings import Cell, grid, neighbours, shipped_black

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "kurotto").glob("*.txt") if "solution" not in p.name)


def sizes(near: dict[Cell, list[Cell]], cells: set[Cell]) -> dict[Cell, tuple[Cell, int]]:
    """For each of `cells`: (a cell naming its component, the component's size)."""
    found: dict[Cell, tuple[Cell, int]] = {}
    for start in cells:
        if start in found:
            continue
        part, todo = {start}, [start]
        while todo:
            for n in near[todo.pop()]:
                if n in cells and n not in part:
                    part.add(n)
                    todo.append(n)
        label = (start, len(part))
        for cell in part:
            found[cell] = label
    return found


def total(near: dict[Cell, list[Cell]], cell: Cell, parts: dict[Cell, tuple[Cell, int]]) -> int:
    """The sizes of the components next to `cell`, each once."""
    return sum(dict(parts[n] for n in near[cell] if n in parts).values())


def shadings(rows: int, columns: int, clues: dict[Cell, int | str], most: int = 2):
    order = [(r, c) for r in range(rows) for c in range(columns)]
    near = {cell: neighbours(rows, columns, cell) for cell in order}
    numbers = {cell: n for cell, n in clues.items() if n != "?"}
    found: list[frozenset[Cell]] = []

    def bounded(black: set[Cell], open_: set[Cell]) -> bool:
        least, most_ = sizes(near, black), sizes(near, black | open_)
        return all(
            total(near, cell, least) <= number <= total(near, cell, most_)
            for cell, number in numbers.items()
        )

    def search(at: int, black: set[Cell]) -> None:
        if len(found) >= most:
            return
        if at == len(order):
            found.append(frozenset(black))
            return
        cell = order[at]
        open_ = {c for c in order[at + 1 :] if c not in clues}
        for shade in (False, True) if cell not in clues else (False,):
            now = black | {cell} if shade else black
            if bounded(now, open_):
                search(at + 1, now)

    search(0, set())
    return found


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_shading_is_the_shipped_solution(puzzle):
    tokens = grid(puzzle.read_text(), "clues")
    clues = {
        (r, c): token if token == "?" else int(token)
        for r, line in enumerate(tokens)
        for c, token in enumerate(line)
        if token != "."
    }
    found = shadings(len(tokens), len(tokens[0]), clues)
    assert len(found) == 1
    assert found[0] == shipped_black(solution_file(puzzle).read_text())


def test_an_area_touching_two_sides_counts_once():
    # 2x2, a 3 in the top left: the other three cells black form one area on both its sides
    assert shadings(2, 2, {(0, 0): 3}, most=5) == [frozenset({(0, 1), (1, 0), (1, 1)})]
    # a 2 in the corner: two areas of one cell, or one area of two cells on one side
    found = shadings(2, 2, {(0, 0): 2}, most=5)
    assert sorted(sorted(black) for black in found) == [
        [(0, 1), (1, 0)],
        [(0, 1), (1, 1)],
        [(1, 0), (1, 1)],
    ]
