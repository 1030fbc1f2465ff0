"""Gokigen and wagiri (docs/genres.md): every shipped instance has exactly one answer by the
search of tests/slants.py, which shares no code with dslsolve, and it is the shipped solution
(which test_genres checks dslsolve finds); the search itself sees loops, counts and marks."""

from __future__ import annotations

import pytest
from slants import read_answer, read_clues, solutions

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "gokigen").glob("*.txt") if "solution" not in p.name)
WAGIRI = sorted(p for p in (PUZZLES / "wagiri").glob("*.txt") if "solution" not in p.name)


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_gokigen_has_one_answer_the_shipped_one(puzzle):
    assert solutions(read_clues(puzzle)) == [read_answer(solution_file(puzzle))]


@pytest.mark.parametrize("puzzle", WAGIRI, ids=lambda p: p.stem)
def test_wagiri_has_one_answer_the_shipped_one(puzzle):
    marks = read_clues(puzzle, "marks")
    assert solutions(read_clues(puzzle), marks=marks) == [read_answer(solution_file(puzzle))]


def test_the_search_sees_wagiri_marks():
    """A 2x2 grid without numbers: a 1 in r1c1 leaves only the diamond; a 2 there leaves the
    15 fillings without it; a 1 and a 2 on its cells, none."""
    empty = [[None] * 3 for _ in range(3)]
    assert solutions(empty, 20, [[1, None], [None, None]]) == [["/\\", "\\/"]]
    assert len(solutions(empty, 20, [[2, None], [None, None]])) == 15
    assert solutions(empty, 20, [[1, 2], [None, None]]) == []
    assert len(WAGIRI) >= 3


def test_the_search_sees_loops_and_counts():
    """A 2x2 grid without clues has 16 fillings, one of them the diamond (r1c1 '/', r1c2
    '\\', r2c1 '\\', r2c2 '/'), a loop: 15 answers; a 4 in the centre allows exactly the
    filling whose four diagonals end there."""
    empty = [[None] * 3 for _ in range(3)]
    found = solutions(empty, limit=20)
    assert len(found) == 15 and ["/\\", "\\/"] not in found
    centre = [[None] * 3, [None, 4, None], [None] * 3]
    assert solutions(centre, limit=20) == [["\\/", "/\\"]]
    assert len(CASES) >= 4
