"""Kusabi (docs/genres.md): every shipped instance has exactly one answer by the search of
tests/kusabis.py, which shares no code with dslsolve, and it is the shipped solution (which
test_genres checks dslsolve finds); the search itself keeps brackets and their marks."""

from __future__ import annotations

import pytest
from kusabis import read_circles, solutions
from wblinks import read_links

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "kusabi").glob("*.txt") if "solution" not in p.name)


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_kusabi_has_one_answer_the_shipped_one(puzzle):
    assert solutions(read_circles(puzzle)) == [read_links(solution_file(puzzle))]


def test_the_search_keeps_brackets_and_marks():
    assert len(solutions([["1", "1"], [".", "."]], limit=5)) == 1  # the bracket below them
    assert solutions([["1", ".", "1"]], limit=5) == []  # a straight line is no bracket
    assert solutions([["1", "."], [".", "1"]], limit=5) == []  # an L turns once
    assert solutions([["2", "3"], [".", "."]], limit=5) == []  # equal legs: not 2 and 3
    assert len(solutions([["3", "."], [".", "2"], [".", "."]], limit=5)) == 1  # 2's leg shorter
    assert solutions([["2", "."], [".", "3"], [".", "."]], limit=5) == []  # 3's leg longer
    assert solutions([["1", "3"], [".", "."]], limit=5) == []  # 1 joins 1 only
    assert len(solutions([["?", "3"], [".", "."]], limit=5)) == 0  # 3's leg must be longer
    assert len(solutions([["3", "."], [".", "?"], [".", "."]], limit=5)) == 1
    # a Z (legs leaving in opposite directions) is no bracket
    assert solutions([[".", "1", "."], [".", ".", "."], [".", "1", "."]], limit=5) != []
    assert solutions([["1", ".", "."], [".", ".", "."], [".", ".", "1"]], limit=5) == []
    assert len(CASES) >= 3
