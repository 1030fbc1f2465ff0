"""Amibo (docs/genres.md): every shipped instance has exactly one answer by the search of
tests/amibos.py, which shares no code with dslsolve, and it is the shipped solution (which
test_genres checks dslsolve finds); the search itself keeps the rules."""

from __future__ import annotations

import pytest
from amibos import is_answer, read_bars, read_circles, solutions

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "amibo").glob("*.txt") if "solution" not in p.name)


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_amibo_has_one_answer_the_shipped_one(puzzle):
    assert solutions(read_circles(puzzle)) == [read_bars(solution_file(puzzle))]


def test_the_search_keeps_the_rules():
    top = [[".", "2", "."], [".", ".", "."], [".", ".", "."]]
    found = solutions(top, limit=50)
    assert [[".", ".", "."], ["-", "+", "."], [".", "|", "."]] in found
    assert all(is_answer(top, board) for board in found)
    # a bar of 1 crosses only a bar of 1: a lone crossing, the whole network
    alone = [[[".", "+"], [".", "."]], [[".", "."], ["+", "."]]]
    assert sorted(solutions([["1", "."], [".", "."]], limit=5)) == alone
    assert solutions([["2", "2"], [".", "."]], limit=5) == []  # two poles cross: a loop or none
    # the bar of 3 across crosses only a bar of 2
    assert not is_answer(top, [[".", ".", "."], ["-", "+", "-"], [".", "|", "."]])
    # a block of four crossings is a loop
    assert not is_answer(top, [[".", ".", "."], [".", "+", "+"], [".", "+", "+"]])
    # two crosses apart: two networks
    apart = [[".", "2", ".", ".", "."], [".", ".", ".", ".", "."], [".", ".", ".", ".", "."]]
    board = [[".", ".", ".", ".", "."], ["-", "+", ".", "+", "-"], [".", "|", ".", "|", "."]]
    assert not is_answer(apart, board)
    assert len(CASES) >= 3
