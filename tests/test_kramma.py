"""KaitoRamma (docs/genres.md): every shipped instance has exactly one division by the search
below, which shares no code with dslsolve, and that division is the shipped solution's (which
test_genres checks dslsolve finds). The lines run from edge to edge, so a division is a set of
vertical lines and a set of horizontal lines; for each set of vertical lines the search counts
the ways to cut the rows into bands whose blocks (a band within a strip between the vertical
lines) each hold a circle and circles of one colour only."""

from __future__ import annotations

import itertools

import pytest
from test_shape_genres import read_grid, rooms_of

from helpers import PUZZLES

Cell = tuple[int, int]
CASES = sorted(p for p in (PUZZLES / "kramma").glob("*.txt") if ".solution" not in p.name)


def good(circles: list[list[str]], top: int, bottom: int, left: int, right: int) -> bool:
    """The block of rows top..bottom-1 and columns left..right-1 holds circles of one colour."""
    seen = {circles[r][c] for r in range(top, bottom) for c in range(left, right)} - {"."}
    return len(seen) == 1


def divisions(circles: list[list[str]], most: int = 2) -> list[tuple[tuple[int, ...], ...]]:
    """Up to `most` divisions, each (vertical lines, horizontal lines): the indices of the
    columns (rows) that a line runs before."""
    rows, columns = len(circles), len(circles[0])
    found = []
    for k in range(columns):
        for vertical in itertools.combinations(range(1, columns), k):
            cuts = [0, *vertical, columns]
            strips = list(itertools.pairwise(cuts))

            def band(top: int, bottom: int, strips=strips) -> bool:
                return all(good(circles, top, bottom, a, b) for a, b in strips)

            # ways[i]: the ways to cut rows 0..i-1 into good bands, each as its lines
            ways: list[list[tuple[int, ...]]] = [[()]] + [[] for _ in range(rows)]
            for bottom in range(1, rows + 1):
                for top in range(bottom):
                    if ways[top] and band(top, bottom):
                        for lines in ways[top]:
                            if len(ways[bottom]) < most:
                                ways[bottom].append((*lines, top) if top else lines)
            found += [(vertical, lines) for lines in ways[rows]]
            if len(found) >= most:
                return found[:most]
    return found


def rooms(rows: int, columns: int, division) -> set[frozenset[Cell]]:
    vertical, horizontal = division
    columns_cut = list(itertools.pairwise([0, *vertical, columns]))
    rows_cut = list(itertools.pairwise([0, *horizontal, rows]))
    return {
        frozenset((r, c) for r in range(top, bottom) for c in range(left, right))
        for top, bottom in rows_cut
        for left, right in columns_cut
    }


def test_kramma_ships_the_test_board_and_constructed_instances():
    assert {p.stem for p in CASES} >= {"example", "puzzlink-5x5", "constructed-10x10"}


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_kramma_has_one_division_the_shipped_one(puzzle):
    circles = read_grid(puzzle, "circles")
    [only] = divisions(circles)
    drawn = rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())
    assert rooms(len(circles), len(circles[0]), only) == drawn


def test_kramma_search_needs_one_colour_and_a_circle_in_each_block():
    """1x2, white and black: the line between them. 2x2 with one white circle: no line (a
    line would leave a block empty). 2x2, white top left and black bottom right: the vertical
    line or the horizontal line, two divisions."""
    assert divisions([["w", "b"]]) == [((1,), ())]
    assert divisions([["w", "."], [".", "."]]) == [((), ())]
    assert sorted(divisions([["w", "."], [".", "b"]])) == [((), (1,)), ((1,), ())]
