"""Heya-Bon (docs/genres.md): every shipped instance has exactly one solution by the search of
`moves.py`, which shares no code with dslsolve, given heyabon's rules on where the circles end
in plain Python below, and that solution is the shipped one (which test_genres checks dslsolve
finds). The rules are not vacuous: with its numbers left out an instance has several."""

from __future__ import annotations

import pytest
from cellsearch import sections
from moves import drawn_links, links_of, move_solutions, symmetric

from helpers import PUZZLES, solution_file


def cases() -> list:
    return sorted(p for p in (PUZZLES / "heyabon").glob("*.txt") if "solution" not in p.name)


def room_holds(cells, ends) -> bool:
    """At least one circle ends in the room, and they stand point-symmetric."""
    return any(cell in ends for cell in cells) and symmetric(cells, ends)


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_heyabon_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = move_solutions(parts["rooms"], parts["circles"], room_holds)
    assert len(found) == 1
    links = set().union(*(links_of(cell, move) for cell, move in found[0].items()))
    assert links == drawn_links(solution_file(puzzle))


def test_heyabon_search_finds_several_without_numbers():
    parts = sections(PUZZLES / "heyabon" / "puzzlink-5x5.txt")
    circles = [["o" if t != "." else t for t in row] for row in parts["circles"]]
    assert len(move_solutions(parts["rooms"], circles, room_holds)) == 2


def test_heyabon_search_keeps_a_circle_in_every_room():
    """An o beside an empty room: staying leaves that room empty, moving leaves its own."""
    assert move_solutions([list("ab")], [list("o.")], room_holds) == []
    assert move_solutions([list("ab")], [list("o.")], symmetric, most=3) == [
        {(0, 0): (0, 0, 0)},
        {(0, 0): (0, 1, 1)},
    ]
