"""Toichika (docs/genres.md): every shipped instance has exactly one solution by the search of
`cellsearch.py`, which shares no code with dslsolve, given toichika's rules below in plain
Python, and that solution is the shipped one (which test_genres checks dslsolve finds). The
rules are not vacuous: without its givens an instance has several solutions."""

from __future__ import annotations

import pytest
from cellsearch import Cell, Grid, by_cell, orthogonal, sections, solution_rows, solutions

from helpers import PUZZLES, solution_file

STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
BACK = {"U": "D", "D": "U", "L": "R", "R": "L"}
GIVEN = {"1": "U", "2": "D", "3": "L", "4": "R"}


def cases() -> list:
    return sorted(p for p in (PUZZLES / "toichika").glob("*.txt") if "solution" not in p.name)


def toichika_solutions(rooms: list[list[str]], givens: list[list[str]], most: int = 2) -> list:
    """One arrow per room; the first arrow in an arrow's direction points back at it (none
    between them, not the edge), and the rooms of such a pair do not touch; a given arrow
    stays. The search decides a room at a time (its value: the cell and direction of its
    arrow, the given one where the room has a given) and checks every arrow placed so far
    along its direction as far as decided rooms reach."""
    room = by_cell(rooms)
    height, width = len(rooms), len(rooms[0])
    given = {cell: GIVEN[t] for cell, t in by_cell(givens).items() if t != "."}
    members: dict[str, list[Cell]] = {}
    for cell, label in room.items():
        members.setdefault(label, []).append(cell)
    touching = {(room[cell], room[n]) for cell in room for n in orthogonal(cell) if n in room}
    order = sorted(
        members,
        key=lambda label: (not any(c in given for c in members[label]), min(members[label])),
    )

    def candidates(label: str) -> list:
        held = [(cell, given[cell]) for cell in members[label] if cell in given]
        if len(held) > 1:
            return []
        return held or [(cell, d) for cell in members[label] for d in "UDLR"]

    def paired(arrows: dict, cell: Cell, decided: set, complete: bool) -> bool:
        """Whether the arrow at `cell` meets its partner, as far as the decided rooms show."""
        dr, dc = STEP[arrows[cell]]
        r, c = cell
        while True:
            r, c = r + dr, c + dc
            if not (0 <= r < height and 0 <= c < width):
                return False
            if (r, c) in arrows:
                return arrows[(r, c)] == BACK[arrows[cell]] and (
                    (room[cell], room[(r, c)]) not in touching
                )
            if room[(r, c)] not in decided:
                return not complete

    def fits(placed: Grid, _: str) -> bool:
        arrows = dict(placed.values())
        decided = set(placed)
        complete = len(decided) == len(members)
        return all(paired(arrows, cell, decided, complete) for cell in arrows)

    found = solutions(order, candidates, fits, most=most)
    return [dict(placed.values()) for placed in found]


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_toichika_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = toichika_solutions(parts["rooms"], parts["givens"])
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    assert found[0] == {cell: t for cell, t in shipped.items() if t != "."}


def test_toichika_search_finds_several_without_givens():
    rooms = sections(PUZZLES / "toichika" / "example.txt")["rooms"]
    blank = [["."] * len(rooms[0]) for _ in rooms]
    assert len(toichika_solutions(rooms, blank)) == 2


def test_toichika_search_keeps_the_rules():
    """Three rooms in a row leave one arrow without a partner; two rooms side by side touch,
    so their arrows cannot pair; the arrows of pzpr's test board pair up as its answer."""
    assert toichika_solutions([list("abc")], [list("...")]) == []
    assert toichika_solutions([list("ab")], [list("..")]) == []
    rooms = [list("abbc"), list("dbcc"), list("ddef"), list("deee")]
    found = toichika_solutions(rooms, [list("4..."), *[list("....")] * 3], most=3)
    assert found == [{(0, 0): "R", (0, 3): "L", (1, 1): "D", (2, 0): "R", (2, 3): "L", (3, 1): "U"}]
