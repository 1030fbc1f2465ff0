"""The region-division genres cut into rectangles with one clue each (tatamibari, usotatami): every
shipped instance has exactly one cutting by the search of `rectangles.py`, which shares no code
with dslsolve, and that cutting is the shipped solution's (which test_genres checks dslsolve
finds)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rectangles import cells_of, cuttings
from test_shape_genres import read_grid, rooms_of

from dslsolve.dsl.genre import load_genre
from dslsolve.errors import DslError
from dslsolve.puzzlink.source import read_puzzle

from helpers import PUZZLES, genre_file


def tatamibari_fits(mark: str, height: int, width: int) -> bool:
    """`+` a square, `-` wider than high, `|` higher than wide, `?` any rectangle."""
    wanted = {"+": height == width, "-": width > height, "|": height > width, "?": True}
    return wanted[mark]


def usotatami_fits(number: str, height: int, width: int) -> bool:
    """A strip one cell wide whose length is not its number (`?`: any length)."""
    return min(height, width) == 1 and (number == "?" or int(number) != height * width)


FITS = {"tatamibari": tatamibari_fits, "usotatami": usotatami_fits}


def clue_cells(path: Path) -> tuple[int, int, dict[tuple[int, int], str]]:
    grid = read_grid(path, "clues")
    clues = {(r, c): t for r, row in enumerate(grid) for c, t in enumerate(row) if t != "."}
    return len(grid), len(grid[0]), clues


CASES = [
    (genre, puzzle)
    for genre in FITS
    for puzzle in sorted((PUZZLES / genre).glob("*.txt"))
    if not puzzle.name.endswith(".solution.txt")
]


def test_the_genres_ship_the_test_board_and_constructed_instances():
    names = {f"{genre}/{puzzle.stem}" for genre, puzzle in CASES}
    assert {"tatamibari/example", "tatamibari/puzzlink-5x5", "tatamibari/constructed-8x8"} <= names
    assert {"usotatami/example", "usotatami/puzzlink-5x5", "usotatami/constructed-8x8"} <= names


@pytest.mark.parametrize(("genre", "puzzle"), CASES, ids=[f"{g}/{p.stem}" for g, p in CASES])
def test_one_cutting_the_shipped_one(genre, puzzle):
    rows, columns, clues = clue_cells(puzzle)
    [only] = cuttings(rows, columns, clues, FITS[genre], four_meet=False)
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


def test_usotatami_urls_are_number10_or_number16_after_a_dash():
    """pzpr 0.10.1 writes Number10; puz.link's newer writer a `-` then Number16 when a number
    is over 9."""
    usotatami = load_genre(str(genre_file("usotatami")))
    old = read_puzzle("https://puzz.link/p?usotatami/3/1/1.a", usotatami).grids["clues"]
    new = read_puzzle("https://puzz.link/p?usotatami/3/1/-c.g", usotatami).grids["clues"]
    assert [old[0, c] for c in range(3)] == [1, "?", None]
    assert [new[0, c] for c in range(3)] == [12, "?", None]
