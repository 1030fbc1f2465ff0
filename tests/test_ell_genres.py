"""The genres that cut the grid into Ls one cell wide (sashigane, loute): every shipped instance has
exactly one cutting by the search of `ells.py`, which shares no code with dslsolve, and that
cutting is the shipped solution's (which test_genres checks dslsolve finds); and the URL
format of the marks."""

from __future__ import annotations

import pytest
from ells import cuttings
from test_shape_genres import read_grid, rooms_of

from dslsolve.dsl.genre import load_genre
from dslsolve.errors import DslError
from dslsolve.puzzlink.source import read_puzzle

from helpers import PUZZLES, genre_file

GENRES = ("sashigane", "loute")
CASES = [
    p
    for genre in GENRES
    for p in sorted((PUZZLES / genre).glob("*.txt"))
    if ".solution" not in p.name
]


def marks(path) -> tuple[int, int, dict[tuple[int, int], str]]:
    grid = read_grid(path, "clues")
    clues = {(r, c): t for r, row in enumerate(grid) for c, t in enumerate(row) if t != "."}
    return len(grid), len(grid[0]), clues


def test_the_genres_ship_the_test_board_and_constructed_instances():
    names = {f"{p.parent.name}/{p.stem}" for p in CASES}
    for genre in GENRES:
        shipped = ("example", "puzzlink-5x5", "constructed-6x6", "constructed-8x8")
        assert {f"{genre}/{name}" for name in shipped} <= names


@pytest.mark.parametrize("puzzle", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_one_cutting_the_shipped_one(puzzle):
    rows, columns, clues = marks(puzzle)
    [only] = cuttings(rows, columns, clues)
    drawn = rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())
    assert set(only) == drawn


def test_loute_urls_give_arrows_circles_and_unknown_marks_and_refuse_other_digits():
    """pzprjs writes 1..4 for the arrows up, down, left, right, 5 for a circle, `.` for a mark
    of unknown kind; a digit it never writes is refused."""
    loute = load_genre(str(genre_file("loute")))
    clues = read_puzzle("https://puzz.link/p?loute/7/1/12345.g", loute).grids["clues"]
    assert [clues[0, c] for c in range(7)] == ["U", "D", "L", "R", "o", "?", None]
    with pytest.raises(DslError):
        read_puzzle("https://puzz.link/p?loute/2/1/6g", loute)


def test_the_search_tells_cuttings_apart():
    """Without its arrows (or without its circles), the 8x8 instance has more than one
    cutting: the search reads both kinds of mark."""
    rows, columns, clues = marks(PUZZLES / "sashigane" / "constructed-8x8.txt")
    circles = {cell: mark for cell, mark in clues.items() if mark not in "UDLR"}
    arrows = {cell: mark for cell, mark in clues.items() if mark in "UDLR"}
    assert len(cuttings(rows, columns, circles)) == 2
    assert len(cuttings(rows, columns, arrows)) == 2


def test_sashigane_urls_give_circles_numbers_arrows_and_unknown_marks():
    """pzprjs writes a circle's number as a hex digit or `-`XX, a circle without one as `.`,
    `%` a mark of unknown kind, `g`..`j` the arrows up, down, left, right, and `k`..`z` skip
    1..16 cells."""
    genre = load_genre(str(genre_file("sashigane")))
    clues = read_puzzle("https://puzz.link/p?sashigane/9/1/3-1a.%ghijk", genre).grids["clues"]
    assert [clues[0, c] for c in range(9)] == [3, 26, "o", "?", "U", "D", "L", "R", None]
    clues = read_puzzle("https://puzz.link/p?sashigane/18/1/zg", genre).grids["clues"]
    assert [clues[0, c] for c in (15, 16, 17)] == [None, "U", None]


# pzprjs's correct sashigane test board as its pzprv3 file (sabo2/pzprjs test_sashigane.js):
# `o3` a circle numbered 3, `o` a circle, 1..4 the arrows, then the answer's walls
PZPRV3 = (
    "pzprv3/sashigane/5/5/4 . . . o /. . . . . /o3 . 2 . 1 /. . . . . /4 . . . o4 /"
    "-1 0 0 -1 /0 0 0 1 /-1 1 1 1 /1 1 0 1 /-1 1 -1 -1 /"
    "1 1 1 1 -1 /1 1 1 0 -1 /-1 1 -1 1 1 /1 -1 1 1 -1 /"
)


def test_a_pzprv3_file_reads_numbered_circles_through_the_number_template(tmp_path, run):
    """`number: 'o{}'` reads `o3` as the number 3 (a circle `o` stays `o`): the file as the
    puzzle has the test board's solution, and `check` accepts its answer."""
    board = tmp_path / "b.pzprv3"
    board.write_text(PZPRV3.replace("/", "\n"))
    genre = genre_file("sashigane")
    solved = run(genre, board, "--time-limit", "30")
    shipped = PUZZLES / "sashigane" / "puzzlink-5x5.solution.txt"
    assert solved.code == 0 and solved.out == shipped.read_text(), solved.err
    assert run("check", genre, board, board).code == 0
    wrong = board.read_text().replace("o3 .", "o4 .")
    board.write_text(wrong)
    assert run("check", genre, board, board).code == 1
