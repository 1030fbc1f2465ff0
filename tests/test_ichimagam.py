"""Magnetic ichimaga (docs/genres.md): every shipped instance has exactly one answer by the
search of tests/ichimagas.py with its magnetic rule, which shares no code with dslsolve, and it
is the shipped solution (which test_genres checks dslsolve finds); the search's magnetic rule
is what makes the instances unique."""

from __future__ import annotations

import pytest
from ichimagas import read_circles, solutions
from wblinks import read_links

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "ichimagam").glob("*.txt") if "solution" not in p.name)


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_ichimagam_has_one_answer_the_shipped_one(puzzle):
    assert solutions(read_circles(puzzle), magnetic=True) == [read_links(solution_file(puzzle))]


def test_the_magnetic_search_keeps_equal_numbers_apart():
    assert len(solutions([["1", "1"]], limit=5)) == 1
    assert solutions([["1", "1"]], limit=5, magnetic=True) == []
    assert len(solutions([["?", "?"]], limit=5, magnetic=True)) == 1  # '?' meets any circle
    assert len(solutions([["1", "?"]], limit=5, magnetic=True)) == 1
    # an L between two 1s is no answer either; a 2 at the corner joins them
    assert solutions([["1", "."], [".", "1"]], limit=5, magnetic=True) == []
    assert len(solutions([["1", "2"], [".", "1"]], limit=5, magnetic=True)) == 1
    for puzzle in CASES:  # the pzpr board and the 9x9 have two answers without the rule
        if puzzle.stem in ("puzzlink-5x5", "constructed-9x9"):
            assert len(solutions(read_circles(puzzle), limit=3)) == 2
