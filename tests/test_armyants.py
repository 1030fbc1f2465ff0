"""Army Ants (docs/genres.md): every shipped instance has exactly one solution by the search
below, which shares no code with dslsolve, and it is the shipped one (whose lines test_genres
checks dslsolve draws).

The search gives every number a line: a simple path from the number (none: it stays) that
crosses no wall, passes no other number and shares no cell with another number's line; the
lines of a wall-enclosed part of the grid stay in it, so each number has finitely many. The
numbers are decided from the smallest up, and a number k > 1 must end beside where a k - 1
ended; at the end the ants are checked as pzprjs checks them: the numbers that end side by
side and differ by 1 are joined into ants, two ants never touch, and each ant holds 1 to its
size once each, every number beside the next."""

from __future__ import annotations

import pytest
from cellsearch import Cell, by_cell, orthogonal, sections
from moves import drawn_links

from helpers import PUZZLES, solution_file


def cases() -> list:
    return sorted(p for p in (PUZZLES / "armyants").glob("*.txt") if "solution" not in p.name)


def blocked(walls: list[list[str]]) -> set[frozenset]:
    """The links that hold a wall, from the between-cells drawing."""
    found = set()
    for i, line in enumerate(walls):
        for j, token in enumerate(line):
            if token == "#" and (i + j) % 2 == 1:
                a = (i // 2, j // 2)
                b = (a[0], a[1] + 1) if i % 2 == 0 else (a[0] + 1, a[1])
                found.add(frozenset({a, b}))
    return found


def lines_from(start: Cell, inside, wall: set[frozenset], others: set[Cell]) -> list[list[Cell]]:
    """Every simple path from `start` (itself included: no line) that crosses no wall and
    enters no cell of `others`."""
    found, path = [], [start]

    def extend() -> None:
        found.append(list(path))
        for cell in orthogonal(path[-1]):
            step = frozenset({path[-1], cell})
            if inside(cell) and cell not in others and cell not in path and step not in wall:
                path.append(cell)
                extend()
                path.pop()

    extend()
    return found


def ants_hold(ends: dict[Cell, int]) -> bool:
    """pzprjs's checks on where the numbers end (bsAnt, bkDupNum, ceNumGtSize, bkWrongNum)."""
    ant: dict[Cell, int] = {}
    for first in ends:
        if first in ant:
            continue
        ant[first], stack = first, [first]
        while stack:
            cell = stack.pop()
            for other in orthogonal(cell):
                if other in ends and other not in ant and abs(ends[other] - ends[cell]) == 1:
                    ant[other] = first
                    stack.append(other)
    for cell in ends:
        if any(other in ends and ant[other] != ant[cell] for other in orthogonal(cell)):
            return False  # two ants touch
    members: dict[Cell, list[Cell]] = {}
    for cell, head in ant.items():
        members.setdefault(head, []).append(cell)
    for cells in members.values():
        if sorted(ends[c] for c in cells) != list(range(1, len(cells) + 1)):
            return False  # not 1 to its size once each
        for cell in cells:
            if ends[cell] < len(cells) and not any(
                other in cells and ends[other] == ends[cell] + 1 for other in orthogonal(cell)
            ):
                return False  # the next number is not beside it
    return True


def armyants_solutions(
    givens: list[list[str]], walls: list[list[str]], most: int = 2
) -> list[set[frozenset]]:
    """Up to `most` sets of lines (their links) with which every number's move makes ants."""
    rows, columns = len(givens), len(givens[0])
    number = {cell: int(t) for cell, t in by_cell(givens).items() if t != "."}
    assert number, "a board with no number has no solution (brNoValidNum)"

    def inside(cell: Cell) -> bool:
        return 0 <= cell[0] < rows and 0 <= cell[1] < columns

    wall = blocked(walls)
    order = sorted(number, key=lambda cell: (number[cell], cell))
    options = {cell: lines_from(cell, inside, wall, set(number) - {cell}) for cell in order}
    found: list[set[frozenset]] = []
    taken: set[Cell] = set()
    ends: dict[Cell, int] = {}
    chosen: list[list[Cell]] = []

    def search(at: int) -> None:
        if len(found) >= most:
            return
        if at == len(order):
            if ants_hold(ends):
                pairs = (zip(path, path[1:], strict=False) for path in chosen)
                found.append({frozenset(pair) for links in pairs for pair in links})
            return
        start = order[at]
        k = number[start]
        for path in options[start]:
            if any(cell in taken for cell in path):
                continue
            end = path[-1]
            near = [ends[c] for c in orthogonal(end) if c in ends]
            if k in near or (k > 1 and k - 1 not in near):
                continue  # an equal number beside it, or no k - 1 beside it
            taken.update(path)
            ends[end] = k
            chosen.append(path)
            search(at + 1)
            chosen.pop()
            del ends[end]
            taken.difference_update(path)

    search(0)
    return found


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_armyants_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = armyants_solutions(parts["givens"], parts["walls"])
    assert len(found) == 1
    assert found[0] == drawn_links(solution_file(puzzle))
