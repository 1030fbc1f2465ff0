"""Icelom and Icelom 2 (docs/genres.md): every shipped instance has exactly one answer by the
search of tests/icepaths.py, which shares no code with dslsolve, and it is the shipped
solution (which test_genres checks dslsolve finds); the search itself follows the ice, the
crossings, the numbers' order and what must be visited."""

from __future__ import annotations

from pathlib import Path

import pytest
from icepaths import read_sections, solutions
from wblinks import read_links

from helpers import PUZZLES, solution_file

CASES = [
    (genre, p)
    for genre in ("icelom", "icelom2")
    for p in sorted((PUZZLES / genre).glob("*.txt"))
    if "solution" not in p.name
]


@pytest.mark.parametrize(("genre", "puzzle"), CASES, ids=lambda p: getattr(p, "stem", p))
def test_icelom_has_one_answer_the_shipped_one(genre, puzzle):
    found = solutions(read_sections(puzzle), every_white=genre == "icelom")
    assert found == [read_links(solution_file(puzzle))]


def _board(ice: str, numbers: str, gates: str) -> dict[str, list[list[str]]]:
    return {
        "ice": [list(row) for row in ice.split("/")],
        "numbers": [list(row) for row in numbers.split("/")],
        "gates": [list(row) for row in gates.split("/")],
    }


def test_the_search_follows_ice_numbers_and_what_must_be_visited():
    # a 2x2 without ice, in at r1c1 from the left, out at r2c1 to the left: the U through all
    # four cells (icelom), or also the short way down (icelom 2, which needs no white cell)
    board = _board("../..", "../..", "R./L.")
    assert len(solutions(board, every_white=True, limit=5)) == 1
    assert len(solutions(board, every_white=False, limit=5)) == 2
    # the numbers' order: 1 on r1c2 and 2 on r2c2 keeps the U; swapped, no answer
    assert len(solutions(_board("../..", ".1/.2", "R./L."), False, limit=5)) == 1
    assert solutions(_board("../..", ".2/.1", "R./L."), False, limit=5) == []
    # ice goes straight: across a 1x3 of ice the path runs straight from IN to OUT
    assert len(solutions(_board("***", "...", "R.R"), False, limit=5)) == 1
    assert solutions(_board("*../...", ".../...", "D../..D"), False, limit=5) != []
    # a crossing on ice: 3x3, ice in the centre, in at r2c1 (moving right), out at r1c2 (up):
    # right through the centre, round by r3c3 and up through the centre again (icelom 2)
    crossing = _board(".../.*./...", ".../.../...", ".U./R../...")
    answers = solutions(crossing, every_white=False, limit=10)
    centre = {frozenset({(1, 1), n}) for n in ((0, 1), (2, 1), (1, 0), (1, 2))}
    assert any(centre <= answer for answer in answers)
    # a number on the centre is visited twice there: no crossing answer any more
    numbered = _board(".../.*./...", ".../.?./...", ".U./R../...")
    assert any(centre <= a for a in solutions(numbered, every_white=False, limit=10))
    numbered = _board(".../.*./...", ".../.1./...", ".U./R../...")
    assert not any(centre <= a for a in solutions(numbered, every_white=False, limit=10))
    # icelom 2: the area of ice must be visited, and the U would turn on it: no answer
    assert solutions(_board("../.*", "../..", "R./L."), False, limit=5) == []
    assert len(CASES) >= 6


def test_check_names_a_number_met_out_of_order_and_refuses_numbers_off_cells():
    from dslsolve import Genre
    from dslsolve.errors import DslError

    genre = Genre.load(str(PUZZLES / "icelom.yaml"))
    puzzle = "ice:\n. .\n. .\nnumbers:\n. 1\n. 2\ngates:\nR .\nL .\n"
    assert genre.check(puzzle, "╶ ┐\n╶ ┘\n") == []  # the U: 1 then 2
    swapped = puzzle.replace(". 1\n. 2", ". 2\n. 1")
    [violation] = genre.check(swapped, "╶ ┐\n╶ ┘\n")
    assert "passes 2 as number 1" in str(violation)
    text = (PUZZLES / "icelom.yaml").read_text()
    bad = text.replace("passing numbers in order", "passing line in order")
    with pytest.raises(DslError, match="not an input section"):
        _load(bad)


def _load(text):
    import tempfile

    from dslsolve import Genre

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "bad.yaml")
        path.write_text(text)
        return Genre.load(str(path))
