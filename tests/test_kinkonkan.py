"""Kin-Kon-Kan (docs/genres.md): every shipped instance has exactly one solution by the search
of `cellsearch.py`, which shares no code with dslsolve, given kinkonkan's rules below in plain
Python, and that solution is the shipped one (which test_genres checks dslsolve finds). The
rules are not vacuous: with its letters and numbers dropped an instance has several
solutions."""

from __future__ import annotations

import pytest
from cellsearch import Cell, by_cell, sections, solution_rows

from helpers import PUZZLES, solution_file

# a margin: (side, index); the direction a beam from it travels into the grid
INTO = {"top": (1, 0), "bottom": (-1, 0), "left": (0, 1), "right": (0, -1)}
OUT = {(-1, 0): "top", (1, 0): "bottom", (0, -1): "left", (0, 1): "right"}


def cases() -> list:
    return sorted(p for p in (PUZZLES / "kinkonkan").glob("*.txt") if "solution" not in p.name)


def margins(parts: dict) -> dict:
    """(side, index) -> (letter, number or None) of each lettered margin."""
    found = {}
    for side in INTO:
        letters, numbers = parts[f"{side}l"], parts[f"{side}n"]
        for index, (letter, number) in enumerate(zip(letters, numbers, strict=True)):
            if letter[0] != ".":
                found[(side, index)] = (letter[0], None if number[0] == "." else int(number[0]))
    return found


def kinkonkan_solutions(rooms: list[list[str]], clues: dict, most: int = 2) -> list:
    """One mirror (`\\` or `/`) in each room; the beam shone in at a lettered margin leaves at
    a margin with the same letter, meeting as many mirrors as its number. The search follows
    the lettered margins' beams: where one reaches a cell not yet decided, it decides that cell
    (no mirror, `\\` or `/`; a mirror leaves the rest of its room empty, and a room keeps a
    cell for its mirror). A beam that leaves at another letter or meets more mirrors than its
    number is cut off. Once every beam has left, each room still without a mirror takes one
    in any of its undecided cells, either way (every such choice is a solution)."""
    room = by_cell(rooms)
    height, width = len(rooms), len(rooms[0])
    members: dict[str, list[Cell]] = {}
    for cell, label in room.items():
        members.setdefault(label, []).append(cell)
    found: list[dict] = []

    def start(side: str, index: int) -> Cell:
        return {
            "top": (0, index),
            "bottom": (height - 1, index),
            "left": (index, 0),
            "right": (index, width - 1),
        }[side]

    def follow(margin, decided: dict) -> tuple[object, int, object]:
        """(the margin where the beam leaves, the mirrors it meets, None); or (None, the
        mirrors met so far, the first undecided cell it reaches)."""
        (r, c), (dr, dc) = start(*margin), INTO[margin[0]]
        met = 0
        while True:
            if (r, c) not in decided:
                return None, met, (r, c)
            way = decided[(r, c)]
            if way == "\\":
                dr, dc, met = dc, dr, met + 1
            elif way == "/":
                dr, dc, met = -dc, -dr, met + 1
            if not (0 <= r + dr < height and 0 <= c + dc < width):
                side = OUT[(dr, dc)]
                return (side, c if side in ("top", "bottom") else r), met, None
            r, c = r + dr, c + dc

    def place(decided: dict, cell: Cell, way: str) -> dict | None:
        """The decisions with `cell` set to `way`, None where its room cannot hold it."""
        cells = members[room[cell]]
        mirrors = [x for x in cells if decided.get(x, ".") != "."]
        if way == ".":
            left = [x for x in cells if x not in decided and x != cell]
            return None if not mirrors and not left else {**decided, cell: "."}
        if mirrors:
            return None
        return {**decided, **{x: "." for x in cells}, cell: way}

    def search(decided: dict) -> None:
        if len(found) >= most:
            return
        frontier = None
        for margin, (letter, number) in clues.items():
            end, met, cell = follow(margin, decided)
            if number is not None and met > number:
                return
            if end is None:
                frontier = frontier or cell
            elif end not in clues or clues[end][0] != letter or number not in (None, met):
                return
        if frontier is not None:
            for way in (".", "\\", "/"):
                after = place(decided, frontier, way)
                if after is not None:
                    search(after)
            return
        for cells in members.values():  # the rooms no beam decided
            if all(decided.get(x, ".") == "." for x in cells):
                for cell in cells:
                    if cell not in decided:
                        for way in ("\\", "/"):
                            search(place(decided, cell, way))
                return
        found.append({cell: way for cell, way in decided.items() if way != "."})

    search({})
    return found


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_kinkonkan_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = kinkonkan_solutions(parts["rooms"], margins(parts))
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    assert found[0] == {cell: t for cell, t in shipped.items() if t != "."}


def test_kinkonkan_search_finds_several_without_clues():
    rooms = sections(PUZZLES / "kinkonkan" / "example.txt")["rooms"]
    assert len(kinkonkan_solutions(rooms, {}, most=2)) == 2


def test_kinkonkan_search_counts_a_mirror_met_twice():
    """In a 2x2 room, a `\\` at the top left: the beam in at the top of the left column turns
    right, and the one in at the left of the top row turns down: each meets it once; an
    exit at the wrong margin or a wrong count is cut off."""
    rooms = [["a", "a"], ["a", "a"]]
    clues = {("top", 0): ("A", 1), ("right", 0): ("A", 1)}
    found = kinkonkan_solutions(rooms, clues, most=10)
    assert {way for placed in found for way in placed.values()} == {"\\"}
    assert sorted({cell for placed in found for cell in placed}) == [(0, 0)]
