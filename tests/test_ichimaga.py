"""Ichimaga (docs/genres.md): every shipped instance has exactly one answer by the search of
tests/ichimagas.py, which shares no code with dslsolve, and it is the shipped solution (which
test_genres checks dslsolve finds); the search itself counts lines, turns and parts."""

from __future__ import annotations

import pytest
from ichimagas import read_circles, solutions
from wblinks import read_links

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "ichimaga").glob("*.txt") if "solution" not in p.name)


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_ichimaga_has_one_answer_the_shipped_one(puzzle):
    assert solutions(read_circles(puzzle)) == [read_links(solution_file(puzzle))]


def test_the_search_counts_lines_turns_and_parts():
    corner = [["1", "."], [".", "1"]]  # an L either way round
    assert len(solutions(corner, limit=5)) == 2
    assert len(solutions([["2", "."], [".", "2"]], limit=5)) == 1  # both Ls: a square
    assert solutions([["1", ".", "."], [".", ".", "."], [".", ".", "1"]], limit=5) != []
    assert solutions([["1", "1"], ["1", "1"]], limit=5) == []  # two parts at best
    assert solutions([["2", ".", "1"]], limit=5) == []  # one line between two circles
    assert solutions([["1", "1"], [".", "."], ["1", "1"]], limit=5) == []  # two lines: apart
    # r1c1 to r2c3: the two Ls, not the path r1c1 r1c2 r2c2 r2c3, which turns twice
    assert len(solutions([["1", ".", "."], [".", ".", "1"]], limit=5)) == 2
    assert len(CASES) >= 3
