"""Hanare-gumi (docs/genres.md): every shipped instance has exactly one solution by the search
of `cellsearch.py`, which shares no code with dslsolve, given hanare's rules below in plain
Python, and that solution is the shipped one (which test_genres checks dslsolve finds). The
rules are not vacuous: without its givens an instance has several solutions."""

from __future__ import annotations

from collections import Counter

import pytest
from cellsearch import Cell, Grid, by_cell, sections, solution_rows, solutions

from helpers import PUZZLES, solution_file


def cases() -> list:
    return sorted(p for p in (PUZZLES / "hanare").glob("*.txt") if "solution" not in p.name)


def hanare_solutions(rooms: list[list[str]], givens: list[list[str]], most: int = 2) -> list:
    """One number per room, in a cell of the room (a given's, where the room has one), equal to
    the room's number of cells; along a row or a column, two numbers with none between them
    differ by the number of cells between them. The search decides a room at a time (its
    value: the cell of its number) and checks the lines through the room once every cell of
    a stretch between two numbers is decided."""
    room = by_cell(rooms)
    size = Counter(room.values())
    given = {cell: int(t) for cell, t in by_cell(givens).items() if t != "."}
    members: dict[str, list[Cell]] = {}
    for cell, label in room.items():
        members.setdefault(label, []).append(cell)
    height, width = len(rooms), len(rooms[0])

    def candidates(label: str) -> list[Cell]:
        held = [cell for cell in members[label] if cell in given]
        if len(held) > 1 or any(given[cell] != size[label] for cell in held):
            return []
        return held or members[label]

    def line_holds(line: list[Cell], placed: Grid, decided: set[Cell]) -> bool:
        numbers = {cell: size[label] for label, cell in placed.items()}
        last = None  # (index, number) of the last number, None past an undecided cell
        for index, cell in enumerate(line):
            if cell not in decided:
                last = None
            elif cell in numbers:
                if last is not None and abs(numbers[cell] - last[1]) != index - last[0] - 1:
                    return False
                last = (index, numbers[cell])
        return True

    def fits(placed: Grid, label: str) -> bool:
        decided = {cell for done in placed for cell in members[done]}
        rows = {r for r, _ in members[label]}
        columns = {c for _, c in members[label]}
        lines = [[(r, c) for c in range(width)] for r in rows]
        lines += [[(r, c) for r in range(height)] for c in columns]
        return all(line_holds(line, placed, decided) for line in lines)

    found = solutions(list(members), candidates, fits, most=most)
    return [{cell: size[label] for label, cell in placed.items()} for placed in found]


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_hanare_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = hanare_solutions(parts["rooms"], parts["givens"])
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    assert found[0] == {cell: int(t) for cell, t in shipped.items() if t != "."}


def test_hanare_search_finds_several_without_givens():
    rooms = sections(PUZZLES / "hanare" / "constructed-6x6.txt")["rooms"]
    assert len(hanare_solutions(rooms, [list("......")] * 6, most=2)) == 2


def test_hanare_search_keeps_the_distances():
    """A 2 next to its row's 1 would differ by 1 with no cell between: each 2 sits at the far
    end, a cell away from the 1, and the two 2s, one above the other, differ by 0."""
    rooms = [list("aab"), list("ccd")]
    assert hanare_solutions(rooms, [list("..."), list("...")]) == [
        {(0, 0): 2, (0, 2): 1, (1, 0): 2, (1, 2): 1}
    ]
