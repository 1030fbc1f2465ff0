"""Yajitatami (docs/genres.md): every shipped instance has exactly one cutting by the search
below, which shares no code with dslsolve, and that cutting is the shipped solution's (which
test_genres checks dslsolve finds). The search covers the first free cell in reading order
with a strip (tatami) one cell wide of two cells or more, going right or down, that holds no
number other than its length and leaves no lattice point with four strips around it; an
arrow's line (the cells from its number to the edge, in the arrow's direction) is checked as
soon as its borders are known: the border right in front of the arrow is one, and as many
borders cross the line as the number says."""

from __future__ import annotations

import pytest
from test_shape_genres import rooms_of

from dslsolve.dsl.genre import load_genre
from dslsolve.puzzlink.source import read_puzzle

from helpers import PUZZLES, genre_file, puzzle_sections

Cell = tuple[int, int]
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
CASES = sorted(p for p in (PUZZLES / "yajitatami").glob("*.txt") if ".solution" not in p.name)


def line_of(rows: int, columns: int, cell: Cell, arrow: str) -> list[Cell]:
    """The cell and the cells beyond it toward the arrow, to the edge."""
    dr, dc = STEP[arrow]
    r, c = cell
    out = [cell]
    while 0 <= r + dr < rows and 0 <= c + dc < columns:
        r, c = r + dr, c + dc
        out.append((r, c))
    return out


def cuttings(
    clues: list[list[str]], walls: frozenset = frozenset(), most: int = 2
) -> list[dict[Cell, int]]:
    """Up to `most` cuttings, each a map from cell to the index of its strip; `walls` holds
    the given borders as pairs of neighbouring cells (upper or left first)."""
    rows, columns = len(clues), len(clues[0])
    numbers: dict[Cell, int] = {}
    lines = []
    for r, line in enumerate(clues):
        for c, token in enumerate(line):
            if token == ".":
                continue
            amount, arrow = token.split(",")
            if not amount.isdigit():
                continue
            numbers[r, c] = int(amount)
            if arrow in STEP:
                cells = line_of(rows, columns, (r, c), arrow)
                if len(cells) < 2:
                    return []  # an arrow toward the edge has no border in front of it
                lines.append((cells, int(amount)))
    owner: dict[Cell, int] = {}
    found: list[dict[Cell, int]] = []

    def lines_hold() -> bool:
        for cells, amount in lines:
            walls = unknown = 0
            for a, b in zip(cells, cells[1:], strict=False):
                if a in owner and b in owner:
                    walls += owner[a] != owner[b]
                else:
                    unknown += 1
            if walls > amount or walls + unknown < amount:
                return False
            first, second = cells[0], cells[1]
            if first in owner and second in owner and owner[first] == owner[second]:
                return False
        return True

    def four_meet(strip: list[Cell]) -> bool:
        for r, c in strip:
            for y in (r, r + 1):
                for x in (c, c + 1):
                    if 0 < y < rows and 0 < x < columns:
                        around = [(y - 1, x - 1), (y - 1, x), (y, x - 1), (y, x)]
                        if all(a in owner for a in around) and len({owner[a] for a in around}) == 4:
                            return True
        return False

    def search(index: int) -> None:
        if len(found) >= most:
            return
        free = next(
            ((r, c) for r in range(rows) for c in range(columns) if (r, c) not in owner), None
        )
        if free is None:
            found.append(dict(owner))
            return
        for dr, dc in ((0, 1), (1, 0)):
            strip = [free]
            while True:
                r, c = strip[-1][0] + dr, strip[-1][1] + dc
                if r >= rows or c >= columns or (r, c) in owner:
                    break
                if (strip[-1], (r, c)) in walls:
                    break  # a given border ends the strip
                strip.append((r, c))
                if any(numbers.get(cell, len(strip)) != len(strip) for cell in strip):
                    continue
                for cell in strip:
                    owner[cell] = index
                if not four_meet(strip) and lines_hold():
                    search(index + 1)
                for cell in strip:
                    del owner[cell]

    search(0)
    return found


def test_yajitatami_ships_the_test_board_and_constructed_instances():
    assert {p.stem for p in CASES} >= {"example", "puzzlink-5x5", "constructed-8x8"}


def given_walls(puzzle) -> frozenset:
    """The given borders: the `#` links of the between-cells drawing `walls`."""
    drawing = puzzle_sections(puzzle)["walls"]
    found = set()
    for y, line in enumerate(drawing):
        for x, token in enumerate(line):
            if token == "#" and y % 2 == 0:  # across a border between two cells of a row
                found.add(((y // 2, x // 2), (y // 2, x // 2 + 1)))
            elif token == "#":  # across a border between two cells of a column
                found.add(((y // 2, x // 2), (y // 2 + 1, x // 2)))
    return frozenset(found)


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_yajitatami_has_one_cutting_the_shipped_one(puzzle):
    [only] = cuttings(puzzle_sections(puzzle)["clues"], given_walls(puzzle))
    strips: dict[int, set[Cell]] = {}
    for cell, index in only.items():
        strips.setdefault(index, set()).add(cell)
    drawn = rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())
    assert {frozenset(s) for s in strips.values()} == drawn


def test_yajitatami_search_reads_numbers_and_arrows():
    """A 3x2 grid has four cuttings (three strips across, two down, or a strip across above or
    below two strips down). A 3 without an arrow asks for a strip of 3: the two down. A 2
    with an arrow down from the top left asks for its strip of 2 and for two borders below
    it: the three across. An arrow toward the edge has no border in front of it: none."""
    blank = [[".", "."], [".", "."], [".", "."]]
    assert len(cuttings(blank, most=10)) == 4
    assert len(cuttings([["3,-", "."], *blank[1:]], most=10)) == 1
    [across] = cuttings([["2,D", "."], *blank[1:]], most=10)
    assert len(set(across.values())) == 3
    assert cuttings([["2,L", "."], *blank[1:]]) == []
    # a given border between the two top cells: the strips down, or across below two down
    assert len(cuttings(blank, frozenset({((0, 0), (0, 1))}), most=10)) == 2


def test_yajitatami_urls_give_numbers_and_borders():
    """pzprjs writes the given borders after the numbers (where a puzzle has any): here the
    border between the two top cells (the link across it), and a 2 without an arrow."""
    yajitatami = load_genre(str(genre_file("yajitatami")))
    board = read_puzzle("https://puzz.link/p?yajitatami/2/3/d02ag0", yajitatami)
    assert {k for k, v in board.grids["walls"].items() if v is not None} == {("h", 0, 0)}
    assert board.grids["clues"][2, 0] == "2,-"
