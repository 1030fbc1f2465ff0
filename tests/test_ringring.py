"""Ring-ring (docs/genres.md): every shipped instance has exactly one answer by the search of
tests/rectloops.py, which shares no code with dslsolve, and it is the shipped solution (which
test_genres checks dslsolve finds); the search itself finds rectangles that cross."""

from __future__ import annotations

import pytest
from rectloops import links_of, loops
from wblinks import SIDES

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "ringring").glob("*.txt") if "solution" not in p.name)


def read_board(path) -> list[list[str]]:
    lines = path.read_text().splitlines()  # a row may start with `#`: no comment after `board:`
    rows = [line for line in lines[lines.index("board:") + 1 :] if line.strip()]
    return [row.split() for row in rows]


def answers(board: list[list[str]], most: int = 2) -> list[set]:
    def open_cell(cell):
        return board[cell[0]][cell[1]] != "#"

    def ok(cell, used):
        return (used > 0) == open_cell(cell)  # every open cell on a loop, no shaded one

    found = loops(len(board), len(board[0]), ok, most, may_hold=open_cell)
    return [links_of(boxes) for boxes in found]


def read_links(path) -> set:
    """The used links of a solution file of line pieces (`#` a shaded cell)."""
    links = set()
    steps = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
    for r, row in enumerate(path.read_text().split("\n")):
        for c, piece in enumerate(row.split()):
            for side in SIDES.get(piece, ""):
                links.add(frozenset({(r, c), (r + steps[side][0], c + steps[side][1])}))
    return links


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_ringring_has_one_answer_the_shipped_one(puzzle):
    assert answers(read_board(puzzle)) == [read_links(solution_file(puzzle))]


def test_the_search_finds_crossing_rectangles():
    assert len(answers([[".", "."], [".", "."]])) == 1
    assert answers([["."] * 3] * 3) == []  # no loop passes the middle cell and the rest
    plus = [list(row) for row in ("#..#", "....", "....", "#..#")]
    assert answers(plus, most=5) == [links_of([(0, 1, 3, 2), (1, 0, 2, 3)])]  # a cross
    assert len(CASES) >= 3
