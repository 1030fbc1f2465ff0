"""Mochinyoro (docs/genres.md): every shipped instance has exactly one shading by the search
below, which shares no code with dslsolve, and that shading is the shipped solution.

The search decides cells in reading order, white first (or in a shuffled order of the two,
to build instances). A finished 2x2 window is refused when it is all black or holds exactly
three white cells (a white area with a corner turned in is no rectangle); at the end of each
row, a white area with no undecided cell beside it must be a rectangle holding at most one
number, equal to its size, and a black area with none beside it must not be a rectangle; an
open white area may not already be larger than its number. A full shading must also join its
white cells through corners and hold a black cell."""

from __future__ import annotations

import random

import pytest
from shadings import Cell, grid, shipped_black

from helpers import PUZZLES, solution_file

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
AROUND = ORTHOGONAL + ((-1, -1), (-1, 1), (1, -1), (1, 1))


def parts(colour: dict[Cell, bool | None], black: bool, steps) -> list[set[Cell]]:
    """The groups of cells of one colour (True black), joined along `steps`."""
    left = {cell for cell, value in colour.items() if value is black}
    found = []
    while left:
        stack = [left.pop()]
        part = set(stack)
        while stack:
            r, c = stack.pop()
            for dr, dc in steps:
                near = (r + dr, c + dc)
                if near in left:
                    left.discard(near)
                    part.add(near)
                    stack.append(near)
        found.append(part)
    return found


def is_rectangle(part: set[Cell]) -> bool:
    rows = {r for r, _ in part}
    columns = {c for _, c in part}
    return len(part) == (max(rows) - min(rows) + 1) * (max(columns) - min(columns) + 1)


def open_beside(part: set[Cell], colour: dict[Cell, bool | None]) -> bool:
    return any(
        colour.get((r + dr, c + dc), False) is None for r, c in part for dr, dc in ORTHOGONAL
    )


def areas_hold(colour: dict[Cell, bool | None], numbers: dict[Cell, int]) -> bool:
    for part in parts(colour, False, ORTHOGONAL):
        given = [numbers[cell] for cell in part if cell in numbers]
        if len(given) > 1 or any(number < len(part) for number in given):
            return False
        if not open_beside(part, colour) and (
            not is_rectangle(part) or any(number != len(part) for number in given)
        ):
            return False
    return all(
        open_beside(part, colour) or not is_rectangle(part)
        for part in parts(colour, True, ORTHOGONAL)
    )


def window_holds(colour: dict[Cell, bool | None], r: int, c: int) -> bool:
    if r == 0 or c == 0:
        return True
    whites = sum(not colour[(r - a, c - b)] for a in (0, 1) for b in (0, 1))
    return whites not in (0, 3)


def mochinyoro(text: str, most: int = 2, shuffle: random.Random | None = None) -> list[set]:
    """Up to `most` shadings (their black cells) of a puzzle file's text."""
    tokens = grid(text, "clues")
    rows, columns = len(tokens), len(tokens[0])
    numbers = {
        (r, c): int(token)
        for r, line in enumerate(tokens)
        for c, token in enumerate(line)
        if token != "."
    }
    order = [(r, c) for r in range(rows) for c in range(columns)]
    colour: dict[Cell, bool | None] = dict.fromkeys(order)
    found: list[set] = []

    def search(at: int) -> None:
        if len(found) >= most:
            return
        if at == len(order):
            if len(parts(colour, False, AROUND)) == 1 and any(colour.values()):
                found.append({cell for cell, black in colour.items() if black})
            return
        cell = order[at]
        choices = [False, True] if cell not in numbers else [False]
        if shuffle is not None:
            shuffle.shuffle(choices)
        for black in choices:
            colour[cell] = black
            row_done = cell[1] == columns - 1
            if window_holds(colour, *cell) and (not row_done or areas_hold(colour, numbers)):
                search(at + 1)
        colour[cell] = None

    search(0)
    return found


CASES = sorted(p for p in (PUZZLES / "mochinyoro").glob("*.txt") if "solution" not in p.name)


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_shading_is_the_shipped_solution(puzzle):
    found = mochinyoro(puzzle.read_text())
    assert len(found) == 1
    assert found[0] == shipped_black(solution_file(puzzle).read_text())


def test_the_search_refuses_black_rectangles_and_white_non_rectangles():
    # 2x3 without numbers: a black row with a black cell above an end, never the row alone (a
    # black rectangle), nor the row with the middle cell above (a white area with a corner in)
    found = {frozenset(black) for black in mochinyoro("clues:\n...\n...\n", most=50)}
    assert frozenset({(0, 0), (1, 0), (1, 1), (1, 2)}) in found
    assert frozenset({(1, 0), (1, 1), (1, 2)}) not in found
    assert frozenset({(0, 1), (1, 0), (1, 1), (1, 2)}) not in found
    assert mochinyoro("clues:\n3..\n...\n") == []  # no rectangle of three holds the 3 here
