"""Tasquare (docs/genres.md): every shipped instance has exactly one shading by the search of
`squares.py`, which shares no code with dslsolve, and that shading is the shipped solution's
(which test_genres checks dslsolve finds)."""

from __future__ import annotations

import pytest
from squares import shadings

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "tasquare").glob("*.txt") if "solution" not in p.name)


def grid(path, comments: bool = True) -> list[list[str]]:
    """The tokens of a puzzle file (past its comment and section lines) or a solution file
    (`comments` false: a line may start with a black cell's `#`)."""
    lines = path.read_text().splitlines()
    if comments:
        lines = [line for line in lines if not line.startswith("#") and not line.endswith(":")]
    return [line.split() for line in lines]


def test_the_test_board_and_constructed_instances_ship():
    names = {p.stem for p in CASES}
    assert {"example", "puzzlink-6x6"} <= names
    assert len([n for n in names if n.startswith("constructed")]) >= 2


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_shading_is_the_shipped_solution(puzzle):
    tokens = grid(puzzle)
    clues = {
        (r, c): token if token == "?" else int(token)
        for r, row in enumerate(tokens)
        for c, token in enumerate(row)
        if token != "."
    }
    found = shadings(len(tokens), len(tokens[0]), clues)
    assert len(found) == 1
    shipped = grid(solution_file(puzzle), comments=False)
    black = {(r, c) for r, row in enumerate(shipped) for c, t in enumerate(row) if t == "#"}
    assert found[0] == black


def test_the_search_finds_more_than_one_shading_without_numbers():
    assert len(shadings(2, 2, {}, most=5)) == 5
