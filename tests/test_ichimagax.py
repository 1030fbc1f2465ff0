"""Crossing Ichimaga (docs/genres.md): every shipped instance has exactly one answer by the
search of tests/ichimagas.py with its crossing option, which shares no code with dslsolve, and
it is the shipped solution (which test_genres checks dslsolve finds); pzprjs's correct board
has three answers, all accepted by `dslsolve check`, so it is not shipped."""

from __future__ import annotations

import pytest
from ichimagas import read_circles, solutions
from wblinks import read_links

from dslsolve import Genre

from helpers import PUZZLES, ROOT, solution_file

CASES = sorted(p for p in (PUZZLES / "ichimagax").glob("*.txt") if "solution" not in p.name)
PZPR_BOARD = [list(".3.1."), list("..4.."), list("3...1"), list("..4.."), list(".3.1.")]


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_ichimagax_has_one_answer_the_shipped_one(puzzle):
    found = solutions(read_circles(puzzle), crossing=True)
    assert found == [read_links(solution_file(puzzle))]


def test_the_crossing_search_lets_straight_lines_cross_and_not_join():
    plus = [[".", "1", "."], ["1", ".", "1"], [".", "1", "."]]
    assert solutions(plus, limit=5) == []
    assert solutions(plus, limit=5, crossing=True) == []  # two lines that cross are two parts
    # pzprjs's board: no answer without crossings, three with them (below)
    assert solutions(PZPR_BOARD, limit=5) == []
    assert len(CASES) >= 3


def _pieces(links, rows, columns):
    sides = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
    names = {
        "": ".", "u": "╵", "d": "╷", "l": "╴", "r": "╶", "ud": "│", "lr": "─", "ul": "┘",
        "ur": "└", "dl": "┐", "dr": "┌", "udr": "├", "udl": "┤", "dlr": "┬", "ulr": "┴",
        "udlr": "┼",
    }  # fmt: skip
    rows_out = []
    for r in range(rows):
        row = []
        for c in range(columns):
            used = "".join(
                s
                for s in "udlr"
                if frozenset({(r, c), (r + sides[s][0], c + sides[s][1])}) in links
            )
            row.append(names[used])
        rows_out.append(" ".join(row))
    return "\n".join(rows_out) + "\n"


def test_pzprs_board_has_three_answers_each_accepted():
    answers = solutions(PZPR_BOARD, limit=5, crossing=True)
    assert len(answers) == 3
    genre = Genre.load(str(ROOT / "puzzles" / "ichimagax.yaml"))
    puzzle = "circles:\n" + "\n".join(" ".join(row) for row in PZPR_BOARD) + "\n"
    for links in answers:
        assert genre.check(puzzle, _pieces(links, 5, 5)) == []
