"""Usoone (docs/genres.md): every shipped instance has exactly one shading by the search of
`shadings.py` (black cells never share an edge, white cells connected), which shares no code
with dslsolve, given the room checks below; and that shading is the shipped solution's."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from shadings import Cell, Check, grid, neighbours, regions, shadings, shipped_black

from helpers import PUZZLES, solution_file


def usoone_checks(rows: int, columns: int, text: str) -> list[Check]:
    """A number is white; in each room exactly one number differs from the count of its black
    neighbours (a `?` never does, and a room without a number cannot hold its liar)."""
    rooms, clues = grid(text, "rooms"), grid(text, "clues")
    checks = []
    for cells in regions(rows, columns, rooms).values():
        numbers = {}
        for r, c in cells:
            if clues[r][c] != ".":
                checks.append(Check(frozenset({(r, c)}), lambda black, undecided: not black))
            if clues[r][c] not in ".?":
                numbers[(r, c)] = int(clues[r][c])
        near = {cell: set(neighbours(rows, columns, cell)) for cell in numbers}
        watched = frozenset(cells | set().union(*near.values()))
        checks.append(Check(watched, one_liar(numbers, near)))
    return checks


def one_liar(
    numbers: dict[Cell, int], near: dict[Cell, set[Cell]]
) -> Callable[[frozenset[Cell], frozenset[Cell]], bool]:
    """At most one number already lies, and at least one may still."""

    def holds(black: frozenset[Cell], undecided: frozenset[Cell]) -> bool:
        lying = may_lie = 0
        for cell, number in numbers.items():
            shaded, open_ = len(near[cell] & black), len(near[cell] & undecided)
            if open_ == 0 and shaded != number:
                lying += 1
            if open_ > 0 or shaded != number:
                may_lie += 1
        return lying <= 1 <= may_lie

    return holds


CASES = sorted(p for p in (PUZZLES / "usoone").glob("*.txt") if "solution" not in p.name)


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_shading_is_the_shipped_solution(puzzle):
    text = puzzle.read_text()
    tokens = grid(text, "clues")
    rows, columns = len(tokens), len(tokens[0])
    found = shadings(rows, columns, usoone_checks(rows, columns, text))
    assert len(found) == 1
    assert found[0] == shipped_black(solution_file(puzzle).read_text())


def test_each_room_needs_exactly_one_liar():
    # the 1 lies while neither r1c2 nor r2c1 is black (two of them would cut r1c1 off)
    found = shadings(2, 2, usoone_checks(2, 2, "rooms:\naa\naa\nclues:\n1.\n..\n"), 9)
    assert sorted(sorted(black) for black in found) == [[], [(1, 1)]]
    assert shadings(1, 2, usoone_checks(1, 2, "rooms:\nab\nclues:\n0.\n")) == []  # b: no liar
    # a `?` never lies: beside a white ?, a 0 tells the truth and a 1 lies
    assert shadings(1, 3, usoone_checks(1, 3, "rooms:\naaa\nclues:\n0?.\n"), 9) == []
    found = shadings(1, 3, usoone_checks(1, 3, "rooms:\naaa\nclues:\n1?.\n"), 9)
    assert sorted(sorted(black) for black in found) == [[], [(0, 2)]]
