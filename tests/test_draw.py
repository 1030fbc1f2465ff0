"""`dslsolve draw GENRE PUZZLE [SOLUTION]`: a given state as SVG, checked as `check` checks."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle

from helpers import PUZZLES, genre_file, solution_file

SVG = "{http://www.w3.org/2000/svg}"
NURIKABE = PUZZLES / "nurikabe" / "example.txt"
URL = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"


def _shaded(picture: ET.Element) -> list[ET.Element]:
    return [r for r in picture.iter(f"{SVG}rect") if r.get("fill") == "#333"]


def _texts(picture: ET.Element) -> list[str]:
    return sorted(t.text for t in picture.iter(f"{SVG}text") if t.get("stroke") is None)


def _clues(genre: str, puzzle) -> list[str]:
    instance = read_puzzle(str(puzzle), load_genre(str(genre_file(genre))))
    return sorted(str(t) for grid in instance.grids.values() for t in grid.values() if t)


def test_the_puzzle_alone_shows_its_clues_and_no_solution(run):
    result = run("draw", genre_file("nurikabe"), NURIKABE)
    assert result.code == 0 and result.err == ""
    picture = ET.fromstring(result.out)
    assert _shaded(picture) == []
    assert _texts(picture) == _clues("nurikabe", NURIKABE)


def test_a_url_alone_is_drawn(run):
    result = run("draw", genre_file("nurikabe"), URL)
    assert result.code == 0
    assert _texts(ET.fromstring(result.out)) == ["1", "2", "3", "5"]


def test_with_a_solution_it_shades_what_the_solution_shades(run):
    result = run("draw", genre_file("nurikabe"), NURIKABE, solution_file(NURIKABE))
    assert result.code == 0 and result.err == ""
    picture = ET.fromstring(result.out)
    assert len(_shaded(picture)) == solution_file(NURIKABE).read_text().count("#")
    assert _texts(picture) == _clues("nurikabe", NURIKABE)


def test_the_loop_of_a_solution_is_drawn(run):
    masyu = PUZZLES / "masyu" / "example.txt"
    alone = ET.fromstring(run("draw", genre_file("masyu"), masyu).out)
    solved = ET.fromstring(run("draw", genre_file("masyu"), masyu, solution_file(masyu)).out)
    blue = f"{SVG}line"
    assert not [x for x in alone.iter(blue) if x.get("stroke") == "#1a5fb4"]
    assert [x for x in solved.iter(blue) if x.get("stroke") == "#1a5fb4"]


def test_a_wrong_solution_is_drawn_and_its_broken_rules_listed(run, tmp_path):
    wrong = tmp_path / "wrong.txt"
    right = solution_file(NURIKABE).read_text()
    wrong.write_text(right.replace("#", ".", 1))
    result = run("draw", genre_file("nurikabe"), NURIKABE, wrong)
    assert result.code == 1
    assert len(_shaded(ET.fromstring(result.out))) == right.count("#") - 1
    assert result.err.startswith("1 violation(s):") and "each area of white" in result.err
    checked = run("check", genre_file("nurikabe"), NURIKABE, wrong)
    assert checked.out == result.err  # the same report as `check`


def test_a_solution_that_does_not_read_is_an_error(run):
    result = run("draw", genre_file("nurikabe"), NURIKABE, PUZZLES / "sudoku" / "example.txt")
    assert result.code == 2 and result.out == ""
    assert "the solution has 11 rows, the puzzle 7" in result.err


def test_a_missing_puzzle_is_an_error(run, tmp_path):
    result = run("draw", genre_file("nurikabe"), tmp_path / "none.txt")
    assert result.code == 2 and result.out == ""
    assert "cannot read the puzzle file" in result.err


def test_a_genre_that_is_not_a_grid_has_no_picture(run):
    result = run("draw", genre_file("logic_grid"), PUZZLES / "logic_grid" / "example.txt")
    assert result.code == 2 and "no picture" in result.err
