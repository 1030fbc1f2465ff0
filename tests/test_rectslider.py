"""Rectangle-Slider (docs/genres.md): every shipped instance has exactly one solution by a
search that shares no code with dslsolve (each shaded cell takes one straight move, in reading
order, `cellsearch.py`; tracks as in `moves.py`), and that solution is the shipped one (which
test_genres checks dslsolve finds). Where the shaded cells end is checked as soon as every
cell that could end near a spot has moved: no 2 x 2 window holds exactly three of them (so
each group is a rectangle) and none stands alone. The rules are not vacuous: with its numbers
left out an instance has several solutions."""

from __future__ import annotations

import pytest
from cellsearch import Cell, by_cell, sections, solutions
from moves import STEPS, drawn_links, end, links_of, track

from helpers import PUZZLES, solution_file


def cases() -> list:
    return sorted(p for p in (PUZZLES / "rectslider").glob("*.txt") if "solution" not in p.name)


def slides(blocks: list[list[str]], most: int = 2) -> list[dict]:
    """Up to `most` moves (row step, column step, distance) of every shaded cell: a number is
    the distance, `#` any distance, 0 included."""
    height, width = len(blocks), len(blocks[0])
    start = {cell: t for cell, t in by_cell(blocks).items() if t != "."}

    def inside(cell: Cell) -> bool:
        return 0 <= cell[0] < height and 0 <= cell[1] < width

    options = {}
    for cell, token in start.items():
        free = token == "#"
        found = [(0, 0, 0)] if free or token == "0" else []
        for dr, dc in STEPS:
            for distance in range(1, max(height, width)):
                last = track(cell, (dr, dc, distance))[-1]
                if not inside(last) or last in start:
                    break
                if free or distance == int(token):
                    found.append((dr, dc, distance))
        options[cell] = found

    reach: dict[Cell, set[Cell]] = {}  # cell -> the shaded cells that could end there
    for cell, found in options.items():
        for move in found:
            reach.setdefault(end(cell, move), set()).add(cell)

    def near(cells: list[Cell]) -> set[Cell]:
        return set().union(*(reach.get(c, set()) for c in cells))

    corners = [(r, c) for r in range(height - 1) for c in range(width - 1)]
    windows = [[(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)] for r, c in corners]
    everywhere = [(r, c) for r in range(height) for c in range(width)]
    spots = [[(r, c)] + [(r + dr, c + dc) for dr, dc in STEPS] for r, c in everywhere]
    # each test with the shaded cells it waits for, listed under each of those cells
    tests: dict[Cell, list] = {cell: [] for cell in start}
    for kind, cells in [("window", w) for w in windows] + [("spot", s) for s in spots]:
        needed = near(cells)
        for cell in needed:
            tests[cell].append((kind, cells, needed))

    def fits(placed: dict, cell: Cell) -> bool:
        mine = track(cell, placed[cell])
        taken = {c for other, move in placed.items() if other != cell for c in track(other, move)}
        if any(c in taken or c in start for c in mine):
            return False
        landed = {end(other, move) for other, move in placed.items()}
        for kind, cells, needed in tests[cell]:
            if not all(other in placed for other in needed):
                continue
            if kind == "window" and sum(c in landed for c in cells) == 3:
                return False  # a 2 x 2 window with three: not rectangles
            if kind == "spot" and cells[0] in landed and not any(c in landed for c in cells[1:]):
                return False  # alone
        return True

    return solutions(sorted(start), options.__getitem__, fits, most=most)


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_rectslider_has_one_solution_the_shipped_one(puzzle):
    found = slides(sections(puzzle)["blocks"])
    assert len(found) == 1
    links = set().union(*(links_of(cell, move) for cell, move in found[0].items()))
    assert links == drawn_links(solution_file(puzzle))


def test_rectslider_search_finds_several_without_numbers():
    blocks = sections(PUZZLES / "rectslider" / "puzzlink-6x6.txt")["blocks"]
    free = [["#" if t != "." else t for t in row] for row in blocks]
    assert len(slides(free)) == 2


def test_rectslider_search_keeps_rectangles_of_two_or_more():
    assert slides([list("1..")]) == []  # alone wherever it goes
    assert slides([list("#.#")], most=5) == [
        {(0, 0): (0, 0, 0), (0, 2): (0, -1, 1)},
        {(0, 0): (0, 1, 1), (0, 2): (0, 0, 0)},
    ]
    assert slides([list("##"), list("#.")], most=5) == []  # three cells: never a rectangle
