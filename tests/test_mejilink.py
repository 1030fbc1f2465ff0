"""Mejilink (docs/genres.md): every shipped instance has exactly one answer by the search of
tests/mejilinks.py, which shares no code with dslsolve, and it is the shipped solution (which
test_genres checks dslsolve finds); the search itself keeps to the dotted lines and counts."""

from __future__ import annotations

import pytest
from mejilinks import read_edges, read_tiles, solutions

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "mejilink").glob("*.txt") if "solution" not in p.name)


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_mejilink_has_one_answer_the_shipped_one(puzzle):
    assert solutions(read_tiles(puzzle)) == [read_edges(solution_file(puzzle))]


def test_the_search_keeps_to_the_dots_and_counts():
    # one tile of one cell: its 4 dotted sides, and the loop around it leaves none unused
    assert solutions([["a"]]) == []
    # two tiles side by side: the loop around both uses 6 lines, leaving the 1 between them
    # dotted on each side, 1 per tile of 1 cell
    assert solutions([["a", "b"]]) == [
        {("h", 0, 0), ("h", 0, 1), ("h", 1, 0), ("h", 1, 1), ("v", 0, 0), ("v", 0, 2)}
    ]
    # one tile of two cells: 6 dotted lines, the loop would have to leave 2: it uses 4 of the
    # 6, which is no loop
    assert solutions([["a", "a"]]) == []
    assert len(CASES) >= 3
