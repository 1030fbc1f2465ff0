"""Pictures read like the puzzle as people draw it: what the genre files' `picture:` blocks
declare (dark and light cells, marks, letters) and what every picture does (boxes, arrows,
split clues, givens apart from the solution's values)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.errors import DslError
from dslsolve.output import parse_solution
from dslsolve.picture import DARK, LIGHT, LINE, picture

from helpers import PUZZLES, genre_file, load_texts, solution_file

SVG = "{http://www.w3.org/2000/svg}"


def _draw(genre: str, puzzle: str = "example", solved: bool = True) -> ET.Element:
    loaded = load_genre(str(genre_file(genre)))
    path = PUZZLES / genre / f"{puzzle}.txt"
    instance = read_puzzle(str(path), loaded)
    known = None
    if solved:
        text = solution_file(path).read_text()
        known = parse_solution(loaded, instance, text, str(solution_file(path)))
    return ET.fromstring(picture(loaded, instance, known))


def _fills(svg: ET.Element, colour: str) -> int:
    return sum(1 for rect in svg.iter(f"{SVG}rect") if rect.get("fill") == colour)


def _texts(svg: ET.Element, colour: str | None = None) -> list[str]:
    return [
        t.text
        for t in svg.iter(f"{SVG}text")
        if t.get("stroke") is None and (colour is None or t.get("fill") == colour)
    ]


AKARI = (PUZZLES / "akari" / "example.txt").read_text().split("board:\n")[1]
WALLS = sum(1 for ch in AKARI if ch == "#" or ch.isdigit())


def test_akari_walls_are_dark_and_lights_are_lights():
    svg = _draw("akari")
    board = AKARI
    assert _fills(svg, DARK) == WALLS  # the numbered walls too
    assert sorted(_texts(svg, "white")) == sorted(ch for ch in board if ch.isdigit())
    lights = [c for c in svg.iter(f"{SVG}circle") if c.get("fill") == "#f6d32d"]
    assert len(lights) == solution_file(PUZZLES / "akari" / "example.txt").read_text().count("+")
    assert "+" not in _texts(svg)


def test_the_puzzle_alone_has_its_dark_walls_and_no_lights():
    svg = _draw("akari", solved=False)
    assert _fills(svg, DARK) == WALLS
    assert not [c for c in svg.iter(f"{SVG}circle")]


def test_kakuro_clue_cells_are_dark_with_their_sums_either_side_of_a_diagonal():
    svg = _draw("kakuro", "puzzlink-5x5")
    loaded = load_genre(str(genre_file("kakuro")))
    instance = read_puzzle(str(PUZZLES / "kakuro" / "puzzlink-5x5.txt"), loaded)
    blocks = [cell for cell, token in instance.grids["board"].items() if token is not None]
    assert _fills(svg, DARK) == len(blocks)
    sums = [str(v) for name in ("down", "across") for v in instance.grids[name].values() if v]
    assert sorted(_texts(svg, "white")) == sorted(sums)
    assert "*" not in _texts(svg) and not any("\\" in t for t in _texts(svg))


def test_sudoku_boxes_are_walled_and_givens_stand_apart_from_the_solution():
    svg = _draw("sudoku")
    thick = [x for x in svg.iter(f"{SVG}line") if x.get("stroke-width") == "3"]
    assert len(thick) == 4 + 2 * 6 * 3  # the outline; inside, 2 walls of 6 segments each way
    givens = (PUZZLES / "sudoku" / "example.txt").read_text().split("givens:\n")[1]
    count = sum(ch.isdigit() for ch in givens)
    assert len(_texts(svg, "black")) == count and len(_texts(svg, LINE)) == 81 - count


def test_directions_are_drawn_as_arrows():
    texts = _texts(_draw("yajilin"))
    assert "2↓" in texts and not [t for t in texts if "," in t]
    icebarn = _draw("icebarn", solved=False)
    assert {"←", "↑", "→"} <= set(_texts(icebarn))
    assert _fills(icebarn, LIGHT) == 6  # the ice


def test_letters_and_stars():
    abc = _texts(_draw("easy_as_abc"))
    assert sorted(set(abc)) == ["A", "B", "C"]
    stars = [p for p in _draw("star_battle").iter(f"{SVG}polygon")]
    assert len(stars) == solution_file(PUZZLES / "star_battle" / "example.txt").read_text().count(
        "*"
    )


GENRE = """
name: g
input:
  board: {type: grid}
variables:
  black: {type: bool}
rules:
  - each cell where board is given: not black
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""


def test_a_picture_block_is_checked(tmp_path):
    bad_shape = GENRE + "picture:\n  marks: {'#': moon}\n"
    with pytest.raises(DslError, match="picture.marks: unknown shape 'moon'") as err:
        load_texts(tmp_path, bad_shape, "board:\n..\n")
    assert "one of light, star" in err.value.render()
    with pytest.raises(DslError, match="unknown name 'nothing'|'nothing'"):
        load_texts(tmp_path, GENRE + "picture:\n  shade: nothing\n", "board:\n..\n")
    with pytest.raises(DslError, match="picture"):
        load_texts(tmp_path, GENRE + "picture:\n  colour: red\n", "board:\n..\n")


def test_a_drawing_shows_its_clues_and_no_blank_text():
    svg = _draw("slitherlink")
    instance = read_puzzle(
        str(PUZZLES / "slitherlink" / "example.txt"), load_genre(str(genre_file("slitherlink")))
    )
    clues = [str(t) for grid in instance.grids.values() for t in grid.values() if t is not None]
    assert sorted(_texts(svg)) == sorted(clues)


def test_fillomino_blocks_are_walled_and_tents_are_tents():
    svg = _draw("fillomino")
    rows = [line.split() for line in solution_file(PUZZLES / "fillomino" / "example.txt").open()]
    differ = sum(
        (c + 1 < len(row) and row[c] != row[c + 1])
        + (r + 1 < len(rows) and row[c] != rows[r + 1][c])
        for r, row in enumerate(rows)
        for c in range(len(row))
    )
    thick = [x for x in svg.iter(f"{SVG}line") if x.get("stroke-width") == "3"]
    assert len(thick) == 4 + differ  # the outline, a wall per pair of differing neighbours
    tents = [p for p in _draw("tents").iter(f"{SVG}polygon") if p.get("fill") == "#26a269"]
    printed = solution_file(PUZZLES / "tents" / "example.txt").read_text()
    assert len(tents) == printed.count("A") > 0
