"""Shirokuro-link (docs/genres.md): every shipped instance has exactly one answer by the
search of tests/wblinks.py, which shares no code with dslsolve, and it is the shipped solution
(which test_genres checks dslsolve finds); the search itself refuses equal colours, lines in
the way and circles left alone."""

from __future__ import annotations

import pytest
from wblinks import read_circles, read_links, solutions

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "wblink").glob("*.txt") if "solution" not in p.name)


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_wblink_has_one_answer_the_shipped_one(puzzle):
    assert solutions(read_circles(puzzle)) == [read_links(solution_file(puzzle))]


def test_the_search_joins_other_colours_straight():
    joined = frozenset({(0, 0), (0, 1)}), frozenset({(0, 1), (0, 2)})
    assert solutions(["w.b"]) == [set(joined)]
    assert solutions(["w.w"]) == []  # equal colours
    assert solutions(["w.b", "...", "b.."]) == []  # a circle left alone: three circles
    # the line r1c2-r3c2 is in the way of r2c1-r2c3 (no crossing), and the other way round
    assert solutions([".w.", "w.b", ".b."]) == []
    assert len(CASES) >= 3
