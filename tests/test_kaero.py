"""Return Home (kaero, docs/genres.md): every shipped instance has exactly one solution by the
search below, which shares no code with dslsolve, and it is the shipped one (whose lines
test_genres checks dslsolve draws).

The search gives every letter a line: a simple path from the letter (none: it stays) that
enters no other letter's cell and shares no cell with another letter's line. Letters are
decided kind by kind, and a line may end only in a room that fits: a room holds letters of
one kind only (a ? only with ?s, as pzprjs compares them), and the letters of one kind (not
?) all end in one room. At the end every room must hold a letter."""

from __future__ import annotations

import pytest
from cellsearch import Cell, by_cell, orthogonal, sections
from moves import drawn_links

from helpers import PUZZLES, solution_file


def cases() -> list:
    return sorted(p for p in (PUZZLES / "kaero").glob("*.txt") if "solution" not in p.name)


def kaero_solutions(
    rooms: list[list[str]], letters: list[list[str]], most: int = 2
) -> list[set[frozenset]]:
    """Up to `most` sets of lines (their links) with which the letters return home."""
    room = by_cell(rooms)
    kind = {cell: t for cell, t in by_cell(letters).items() if t != "."}
    order = sorted(kind, key=lambda cell: (kind[cell] == "?", kind[cell], cell))
    found: list[set[frozenset]] = []
    taken: set[Cell] = set(kind)
    home: dict[str, str] = {}  # a kind (not ?) -> the room its letters end in
    holds: dict[str, list[str]] = {}  # a room -> the kinds ended in it
    chosen: list[list[Cell]] = []

    def fits(end: Cell, k: str) -> bool:
        there = holds.get(room[end], [])
        if there and there[0] != k:
            return False
        return k == "?" or home.get(k, room[end]) == room[end]

    def place(at: int, path: list[Cell]) -> None:
        if len(found) >= most:
            return
        start, end = path[0], path[-1]
        k = kind[start]
        if fits(end, k):
            fresh = k != "?" and k not in home
            if fresh:
                home[k] = room[end]
            holds.setdefault(room[end], []).append(k)
            chosen.append(list(path))
            search(at + 1)
            chosen.pop()
            holds[room[end]].pop()
            if fresh:
                del home[k]
        for cell in orthogonal(end):
            if cell in room and cell not in taken:
                taken.add(cell)
                path.append(cell)
                place(at, path)
                path.pop()
                taken.discard(cell)

    def search(at: int) -> None:
        if len(found) >= most:
            return
        if at == len(order):
            if all(holds.get(r) for r in set(room.values())):
                pairs = (zip(path, path[1:], strict=False) for path in chosen)
                found.append({frozenset(pair) for links in pairs for pair in links})
            return
        place(at, [order[at]])

    search(0)
    return found


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_kaero_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = kaero_solutions(parts["rooms"], parts["letters"])
    assert len(found) == 1
    assert found[0] == drawn_links(solution_file(puzzle))
