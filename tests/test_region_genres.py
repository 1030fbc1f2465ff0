"""The region-division genres cut into rectangles with one clue each (tatamibari): every
shipped instance has exactly one cutting by the search of `rectangles.py`, which shares no code
with dslsolve, and that cutting is the shipped solution's (which test_genres checks dslsolve
finds)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rectangles import cells_of, cuttings
from test_shape_genres import read_grid, rooms_of

from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.errors import DslError

from helpers import PUZZLES, genre_file


def tatamibari_fits(mark: str, height: int, width: int) -> bool:
    """`+` a square, `-` wider than high, `|` higher than wide, `?` any rectangle."""
    wanted = {"+": height == width, "-": width > height, "|": height > width, "?": True}
    return wanted[mark]


def clue_cells(path: Path) -> tuple[int, int, dict[tuple[int, int], str]]:
    grid = read_grid(path, "clues")
    clues = {(r, c): t for r, row in enumerate(grid) for c, t in enumerate(row) if t != "."}
    return len(grid), len(grid[0]), clues


TATAMIBARI = sorted((PUZZLES / "tatamibari").glob("*[0-9a-z].txt"))
TATAMIBARI = [p for p in TATAMIBARI if not p.name.endswith(".solution.txt")]


def test_tatamibari_ships_the_test_board_and_constructed_instances():
    names = {p.stem for p in TATAMIBARI}
    assert {"example", "puzzlink-5x5", "constructed-8x8"} <= names


@pytest.mark.parametrize("puzzle", TATAMIBARI, ids=lambda p: p.stem)
def test_tatamibari_has_one_cutting_the_shipped_one(puzzle):
    rows, columns, clues = clue_cells(puzzle)
    [only] = cuttings(rows, columns, clues, tatamibari_fits, four_meet=False)
    drawn = rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())
    assert {frozenset(cells_of(box)) for box in only} == drawn


def test_the_search_tells_cuttings_apart():
    """Without the rule on four corners (the 6x6 instance), or with every mark a `?` (the 8x8
    one), an instance has more than one cutting: both rules are needed and the search sees
    them."""
    rows, columns, clues = clue_cells(PUZZLES / "tatamibari" / "constructed-6x6.txt")
    assert len(cuttings(rows, columns, clues, tatamibari_fits, four_meet=True)) == 2
    rows, columns, clues = clue_cells(PUZZLES / "tatamibari" / "constructed-8x8.txt")
    unknown = dict.fromkeys(clues, "?")
    assert len(cuttings(rows, columns, unknown, tatamibari_fits, four_meet=False)) == 2


def test_tatamibari_urls_give_marks_and_unknown_marks_and_refuse_other_digits():
    """pzprjs writes `|` as 1, `-` as 2, `+` as 3 and a mark without its kind as `.`."""
    tatamibari = load_genre(str(genre_file("tatamibari")))
    clues = read_puzzle("https://puzz.link/p?tatamibari/5/1/123.", tatamibari).grids["clues"]
    assert [clues[0, c] for c in range(5)] == ["|", "-", "+", "?", None]
    with pytest.raises(DslError) as err:
        read_puzzle("https://puzz.link/p?tatamibari/2/2/5h", tatamibari)
    assert "a clue (5) that this genre cannot hold" in err.value.message
