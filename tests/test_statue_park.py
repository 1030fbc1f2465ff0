"""Statue park (docs/genres.md): every shipped instance has exactly one solution by the search
below, which shares no code with dslsolve (its own pentomino pictures, its own rotations), and
that solution is the shipped one (which test_genres checks dslsolve finds). The circles are
not vacuous: without them an instance has several solutions.

The search places the listed pieces one at a time: while a black circle is not yet covered,
every piece left and every placement of it over the open circle that has the fewest (none: the
branch ends); then the first piece left anywhere. A placement never covers a white circle nor
a black cell or a cell beside one (two pieces never share an edge), and a branch ends as soon
as the cells not black fall apart (the white cells must stay connected, and black cells are
only ever added)."""

from __future__ import annotations

import pytest
from cellsearch import Cell, by_cell, connected, orthogonal, sections, solution_rows

from helpers import PUZZLES, solution_file

PICTURES = {  # each pentomino drawn once, in some orientation
    "F": (" ##", "## ", " # "),
    "I": ("#####",),
    "L": ("#   ", "####"),
    "N": ("##  ", " ###"),
    "P": ("###", "## "),
    "T": ("###", " # ", " # "),
    "U": ("# #", "###"),
    "V": ("###", "#  ", "#  "),
    "W": ("#  ", "## ", " ##"),
    "X": (" # ", "###", " # "),
    "Y": ("####", " #  "),
    "Z": ("#  ", "###", "  #"),
}


def cases() -> list:
    return sorted(p for p in (PUZZLES / "statue_park").glob("*.txt") if "solution" not in p.name)


def orientations(letter: str) -> set[frozenset[Cell]]:
    """The piece's distinct images under the 4 turns and their mirror images, at the origin."""
    base = [
        (r, c) for r, row in enumerate(PICTURES[letter]) for c, ch in enumerate(row) if ch == "#"
    ]
    found = set()
    for flip in (False, True):
        cells = [(r, -c) if flip else (r, c) for r, c in base]
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]
            top, left = min(r for r, _ in cells), min(c for _, c in cells)
            found.add(frozenset((r - top, c - left) for r, c in cells))
    return found


def statue_solutions(circles: list[list[str]], letters: list[str], most: int = 2) -> list:
    rows, columns = len(circles), len(circles[0])
    grid = {(r, c) for r in range(rows) for c in range(columns)}
    marks = {cell: t for cell, t in by_cell(circles).items() if t != "."}
    white = {cell for cell, t in marks.items() if t == "w"}
    circled = {cell for cell, t in marks.items() if t == "b"}
    placements = {
        letter: [
            piece
            for shape in orientations(letter)
            for dr in range(rows)
            for dc in range(columns)
            if (piece := frozenset((r + dr, c + dc) for r, c in shape)) <= grid
            and not piece & white
        ]
        for letter in set(letters)
    }
    covering = {  # letter -> black circle -> the placements of the letter over it
        letter: {cell: [p for p in placed if cell in p] for cell in circled}
        for letter, placed in placements.items()
    }
    found: list[frozenset[Cell]] = []

    def options(letter: str, cell: Cell | None, blocked: set[Cell]) -> list[frozenset[Cell]]:
        """The placements of a letter (over `cell`, if given) clear of the black cells and
        their neighbours."""
        among = placements[letter] if cell is None else covering[letter][cell]
        return [p for p in among if p.isdisjoint(blocked)]

    def search(left: list[str], black: set[Cell], blocked: set[Cell]) -> None:
        if len(found) >= most:
            return
        branches = None  # the open black circle with the fewest ways to cover it
        for cell in sorted(circled - black):
            ways = [(k, p) for k in sorted(set(left)) for p in options(k, cell, blocked)]
            if branches is None or len(ways) < len(branches):
                branches = ways
            if not ways:
                return
        if not connected(grid - black):  # tested after the cheaper test of the circles
            return
        if not left:
            if frozenset(black) not in found:  # a letter listed twice reaches one answer
                found.append(frozenset(black))  # in two orders
            return
        if branches is None:
            branches = [(left[0], p) for p in options(left[0], None, blocked)]
        for letter, piece in branches:
            rest = list(left)
            rest.remove(letter)
            near = {n for cell in piece for n in orthogonal(cell)}
            search(rest, black | piece, blocked | piece | near)

    search(sorted(letters), set(), set())
    return found


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_statue_park_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    letters = [t for row in parts["pieces"] for t in row]
    found = statue_solutions(parts["circles"], letters)
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    assert found[0] == {cell for cell, t in shipped.items() if t == "#"}


def test_statue_park_search_finds_several_without_circles():
    parts = sections(PUZZLES / "statue_park" / "example.txt")
    letters = [t for row in parts["pieces"] for t in row]
    empty = [["."] * len(parts["circles"][0]) for _ in parts["circles"]]
    assert len(statue_solutions(empty, letters, most=2)) == 2


def test_statue_park_search_draws_the_twelve_pentominoes():
    """63 fixed pentominoes: the search's pictures are the twelve free ones."""
    counts = {letter: len(orientations(letter)) for letter in PICTURES}
    assert sum(counts.values()) == 63 and counts["X"] == 1 and counts["I"] == 2
    assert all(len(next(iter(orientations(letter)))) == 5 for letter in PICTURES)
