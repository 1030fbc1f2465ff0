"""Fourcells and fivecells (docs/genres.md): every shipped instance has exactly one cutting by
the search of `partitions.py`, which shares no code with dslsolve, and the shipped solution's
walls (which test_genres checks dslsolve finds) are that cutting's."""

from __future__ import annotations

import pytest
from partitions import tilings, walls

from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.output import parse_solution

from helpers import genre_file, instances, solution_file

SIZES = {"fourcells": 4, "fivecells": 5}
CASES = [(genre, puzzle) for genre, puzzle in instances() if genre in SIZES]


def test_both_genres_ship_the_test_board_and_constructed_instances():
    names = {f"{genre}/{puzzle.stem}" for genre, puzzle in CASES}
    for genre in SIZES:
        assert {f"{genre}/example", f"{genre}/puzzlink-6x6"} <= names
        assert any(name.startswith(f"{genre}/constructed") for name in names)


@pytest.mark.parametrize(("genre", "puzzle"), CASES, ids=[f"{g}/{p.stem}" for g, p in CASES])
def test_the_one_cutting_is_the_shipped_solution(genre, puzzle):
    rows = [line.split() for line in puzzle.read_text().splitlines()[2:]]
    holes = {(r, c) for r, line in enumerate(rows) for c, t in enumerate(line) if t == "*"}
    clues = {
        (r, c): int(t) for r, line in enumerate(rows) for c, t in enumerate(line) if t.isdigit()
    }
    found = tilings(len(rows), len(rows[0]), holes, SIZES[genre], clues)
    assert len(found) == 1
    loaded = load_genre(str(genre_file(genre)))
    instance = read_puzzle(str(puzzle), loaded)
    shipped = parse_solution(loaded, instance, solution_file(puzzle).read_text(), "solution")
    assert {b for b, wall in shipped["wall"].items() if wall} == walls(
        found[0], len(rows), len(rows[0])
    )


def test_a_second_cutting_is_found_without_the_numbers():
    """The search tells cuttings apart: a 4x4 grid without numbers has more than one."""
    assert len(tilings(4, 4, set(), 4, {}, most=5)) == 5
