"""Bonsan (docs/genres.md): every shipped instance has exactly one solution by the search of
`moves.py`, which shares no code with dslsolve, given bonsan's rule on where the circles end
(point-symmetric about the centre of the board), and that solution is
the shipped one (which test_genres checks dslsolve finds). The rules are not vacuous: with its
numbers left out an instance has several."""

from __future__ import annotations

import pytest
from cellsearch import sections
from moves import drawn_links, links_of, move_solutions, symmetric

from dslsolve.dsl.genre import load_genre
from dslsolve.errors import DslError
from dslsolve.puzzlink.referee import pzpr_files, referee_ready
from dslsolve.puzzlink.source import read_puzzle

from helpers import PUZZLES, canonical, genre_file, solution_file


def cases() -> list:
    return sorted(p for p in (PUZZLES / "bonsan").glob("*.txt") if "solution" not in p.name)


def board(circles: list[list[str]]) -> list[list[str]]:
    """The board as one room: the circles stand point-symmetric about its centre."""
    return [["a"] * len(row) for row in circles]


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_bonsan_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = move_solutions(board(parts["circles"]), parts["circles"], symmetric)
    assert len(found) == 1
    links = set().union(*(links_of(cell, move) for cell, move in found[0].items()))
    assert links == drawn_links(solution_file(puzzle))


def test_bonsan_search_finds_several_without_numbers():
    parts = sections(PUZZLES / "bonsan" / "puzzlink-5x5.txt")
    circles = [["o" if t != "." else t for t in row] for row in parts["circles"]]
    assert len(move_solutions(board(circles), circles, symmetric)) == 2


def test_bonsan_search_keeps_the_symmetry():
    """A 1 beside the centre of a row of three: it moves onto the centre, not away."""
    assert move_solutions([list("aaa")], [list("1..")], symmetric) == [{(0, 0): (0, 1, 1)}]


# pzprjs's own parser test: a URL in the older format (walls first, here none) and the same
# puzzle as pzprjs writes it today (`c`: no walls)
OLDER = "http://indi.s58.xrea.com/pzpr/v3/p.html?bonsan/5/5/000000003h2i0j1g1n0g"
TODAY = "https://puzz.link/p?bonsan/c/5/5/3h2i0j1g1n0g"
WALLED = "https://puzz.link/p?bonsan/5/5/co360rr0g1h0g.j121g3h1h.g.g"  # pzprjs: a heyabon


def test_the_older_url_format_reads_as_today_s():
    """`unless: c` on the border step: with the flag the URL has no walls; without it, the
    walls come first and must be none (pzprjs opens a bonsan URL with walls as heyabon)."""
    bonsan = load_genre(str(genre_file("bonsan")))
    assert canonical(read_puzzle(OLDER, bonsan), bonsan) == canonical(
        read_puzzle(TODAY, bonsan), bonsan
    )
    with pytest.raises(DslError, match="draws walls"):
        read_puzzle(WALLED, bonsan)


@pytest.mark.skipif(not referee_ready(), reason="needs node and `npm ci --prefix referee`")
def test_both_url_formats_read_as_pzpr_reads_them():
    bonsan = load_genre(str(genre_file("bonsan")))
    read = pzpr_files([OLDER, TODAY, WALLED])
    for url, file in zip((OLDER, TODAY), read, strict=False):
        from_pzpr = read_puzzle("(pzpr's file)", bonsan, text=file["file"])
        assert canonical(read_puzzle(url, bonsan), bonsan) == canonical(from_pzpr, bonsan)
    assert read[2]["type"] == "heyabon"
