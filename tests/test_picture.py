"""Pictures read like the puzzle as people draw it: what the genre files' `picture:` blocks
declare (dark and light cells, marks, letters) and what every picture does (boxes, arrows,
split clues, givens apart from the solution's values)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.errors import DslError
from dslsolve.frontends.picture import DARK, LIGHT, LINE, RADIUS, grid_corner, picture
from dslsolve.frontends.svgcanvas import BASELINE_DROP, CELL, PAD
from dslsolve.output import parse_solution

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
    with pytest.raises(DslError, match="picture.circles needs 'where'"):
        load_texts(tmp_path, GENRE + "picture:\n  circles: {text: board}\n", "board:\n..\n")
    with pytest.raises(DslError, match="unknown key 'north' in picture.moves"):
        load_texts(tmp_path, GENRE + "picture:\n  moves: {north: black}\n", "board:\n..\n")


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
    tents_svg = _draw("tents")
    tents = [p for p in tents_svg.iter(f"{SVG}polygon") if p.get("fill") == "#26a269"]
    printed = solution_file(PUZZLES / "tents" / "example.txt").read_text()
    assert len(tents) == printed.count("A") > 0
    trees = [c for c in tents_svg.iter(f"{SVG}circle") if c.get("fill") == "#33a02c"]
    assert len(trees) == printed.count("T") > 0 and "T" not in _texts(tents_svg)


def _centre(row: float, column: float, left: int = 0, top: int = 0) -> tuple[float, float]:
    """Where a point of the grid (rows and columns from its top left corner) is drawn, with
    `left` and `top` cells of margin."""
    return round(PAD + (left + column) * CELL, 1), round(PAD + (top + row) * CELL, 1)


def _circles(svg: ET.Element, radius: float) -> dict[tuple[float, float], ET.Element]:
    return {
        (round(float(c.get("cx")), 1), round(float(c.get("cy")), 1)): c
        for c in svg.iter(f"{SVG}circle")
        if float(c.get("r")) == radius
    }


def _text_centre(text: ET.Element) -> tuple[float, float]:
    """The point a text is centred on: its baseline lies BASELINE_DROP of its size below."""
    drop = BASELINE_DROP * float(text.get("font-size"))
    return float(text.get("x")), round(float(text.get("y")) - drop, 1)


STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def test_hotaru_circles_have_their_number_inside_and_their_dot_on_the_rim():
    svg = _draw("hotaru_beam")
    instance = read_puzzle(
        str(PUZZLES / "hotaru_beam" / "example.txt"), load_genre(str(genre_file("hotaru_beam")))
    )
    clues = {cell: t for cell, t in instance.grids["circles"].items() if t is not None}
    circles = _circles(svg, CELL * RADIUS)
    dots = _circles(svg, CELL * 0.09)
    assert set(circles) == {_centre(r + 0.5, c + 0.5) for r, c in clues}
    expected_dots = set()
    for (r, c), token in clues.items():
        dr, dc = STEP[token.split(",")[1]]
        expected_dots.add(_centre(r + 0.5 + dr * RADIUS, c + 0.5 + dc * RADIUS))
    assert set(dots) == expected_dots
    numbers = {_text_centre(t): t.text for t in svg.iter(f"{SVG}text") if t.get("stroke") is None}
    assert numbers == {
        _centre(r + 0.5, c + 0.5): token.split(",")[0]
        for (r, c), token in clues.items()
        if not token.startswith("?")
    }


def test_icebarn_gates_are_arrows_on_the_outline_and_the_path_reaches_them():
    svg = _draw("icebarn")  # enters r1c1 moving right, leaves r5c5 moving right (5x5)
    texts = {t.text: t for t in svg.iter(f"{SVG}text") if t.get("stroke") is None}
    assert "IN" in texts and "OUT" in texts
    tips = {
        tuple(map(float, p.get("points").split()[0].split(","))) for p in svg.iter(f"{SVG}polygon")
    }
    entrance, exit_tip = _centre(0.5, 0, left=1), _centre(4.5, 5 + 0.7, left=1)
    assert entrance in tips and exit_tip in tips
    path = [x for x in svg.iter(f"{SVG}line") if x.get("stroke") == LINE]
    ends = {
        ((float(x.get("x1")), float(x.get("y1"))), (float(x.get("x2")), float(x.get("y2"))))
        for x in path
    }
    assert (_centre(0.5, 0.5, left=1), entrance) in ends
    assert (_centre(4.5, 4.5, left=1), _centre(4.5, 5, left=1)) in ends
    alone = _draw("icebarn", solved=False)
    assert not [x for x in alone.iter(f"{SVG}line") if x.get("stroke") == LINE]
    assert len(list(alone.iter(f"{SVG}polygon"))) == 2
    assert sorted(_texts(alone)) == sorted(["←", "↑", "→", "IN", "OUT"])  # no gate in a cell


@pytest.mark.parametrize("puzzle", ["example", "puzzlink-4x4"])
def test_satogaeri_circles_are_drawn_where_their_moves_end(puzzle):
    svg = _draw("satogaeri", puzzle)
    rows = [line.split() for line in solution_file(PUZZLES / "satogaeri" / f"{puzzle}.txt").open()]
    arrows = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
    loaded = load_genre(str(genre_file("satogaeri")))
    instance = read_puzzle(str(PUZZLES / "satogaeri" / f"{puzzle}.txt"), loaded)
    starts = [cell for cell, token in instance.grids["circles"].items() if token is not None]
    ends = {}
    for r, c in starts:
        ends[(r, c)] = (r, c)
        for arrow, (dr, dc) in arrows.items():
            at = (r, c)
            while 0 <= at[0] + dr < len(rows) and 0 <= at[1] + dc < len(rows[0]):
                if rows[at[0] + dr][at[1] + dc] != arrow:
                    break
                at = (at[0] + dr, at[1] + dc)
            if at != (r, c):
                ends[(r, c)] = at
    circles = _circles(svg, CELL * RADIUS)
    solid = {xy for xy, c in circles.items() if c.get("stroke-dasharray") is None}
    faint = {xy for xy, c in circles.items() if c.get("stroke-dasharray") is not None}
    assert solid == {_centre(r + 0.5, c + 0.5) for r, c in ends.values()}
    assert faint == {_centre(r + 0.5, c + 0.5) for (r, c), end in ends.items() if end != (r, c)}
    moved = sum(1 for row in rows for t in row if t in arrows)
    assert len([x for x in svg.iter(f"{SVG}line") if x.get("stroke") == LINE]) == moved
    assert not set(arrows) & set(_texts(svg))


def _solved(genre: str, puzzle: str = "example"):
    loaded = load_genre(str(genre_file(genre)))
    path = PUZZLES / genre / f"{puzzle}.txt"
    instance = read_puzzle(str(path), loaded)
    return instance, parse_solution(loaded, instance, solution_file(path).read_text(), str(path))


def _lines(svg: ET.Element, colour: str, width: str) -> list[ET.Element]:
    return [
        x
        for x in svg.iter(f"{SVG}line")
        if x.get("stroke") == colour and x.get("stroke-width") == width
    ]


def test_slitherlink_is_a_dot_lattice_with_no_frame_over_the_loop():
    svg = _draw("slitherlink")
    instance, known = _solved("slitherlink")
    assert not _lines(svg, "#bbb", "1") and not _lines(svg, "black", "3")
    dots = _circles(svg, CELL * 0.06)
    assert set(dots) == {
        _centre(r, c) for r in range(instance.rows + 1) for c in range(instance.columns + 1)
    }
    edges = _lines(svg, LINE, "4")
    assert len(edges) == sum(1 for v in known["line"].values() if v) > 0
    top = str(_centre(0, 0)[1])
    assert [e for e in edges if e.get("y1") == e.get("y2") == top]  # the loop on the outline


def test_hashiwokakero_islands_are_circles_that_the_bridges_stop_at():
    svg = _draw("hashiwokakero")
    instance, _ = _solved("hashiwokakero")
    islands = {cell: t for cell, t in instance.grids["islands"].items() if t is not None}
    circles = _circles(svg, CELL * RADIUS)
    assert set(circles) == {_centre(r + 0.5, c + 0.5) for r, c in islands}
    assert not _lines(svg, "#bbb", "1") and not _lines(svg, "black", "3")  # no grid, no frame
    items = list(svg)
    last_bridge = max(items.index(x) for x in _lines(svg, LINE, "3"))
    assert min(items.index(c) for c in circles.values()) > last_bridge  # drawn over the ends
    numbers = {_text_centre(t): t.text for t in svg.iter(f"{SVG}text") if t.get("stroke") is None}
    assert numbers == {_centre(r + 0.5, c + 0.5): str(t) for (r, c), t in islands.items()}


@pytest.mark.parametrize(("genre", "ends"), [("numberlink", "numbers"), ("arukone", "letters")])
def test_lines_stop_at_the_white_square_of_each_end(genre, ends):
    svg = _draw(genre)
    instance, _ = _solved(genre)
    numbers = [cell for cell, t in instance.grids[ends].items() if t is not None]
    items = list(svg)
    plates = [x for x in svg.iter(f"{SVG}rect") if x.get("width") == str(CELL * 0.7)]
    corners = {(round(float(p.get("x")), 1), round(float(p.get("y")), 1)) for p in plates}
    assert corners == {_centre(r + 0.15, c + 0.15) for r, c in numbers}
    last_line = max(items.index(x) for x in _lines(svg, LINE, "3"))
    assert min(items.index(p) for p in plates) > last_line


def test_kakuro_sums_are_half_a_cell_high_and_every_clue_cell_has_its_diagonal():
    svg = _draw("kakuro")
    instance, _ = _solved("kakuro")
    blocks = {cell for cell, token in instance.grids["board"].items() if token is not None}
    diagonals = {
        (round(float(x.get("x1")), 1), round(float(x.get("y1")), 1))
        for x in svg.iter(f"{SVG}line")
        if float(x.get("x2")) - float(x.get("x1"))
        == CELL
        == float(x.get("y2")) - float(x.get("y1"))
    }
    assert diagonals == {_centre(r, c) for r, c in blocks}
    sums = [t for t in svg.iter(f"{SVG}text") if t.get("fill") == "white"]
    assert sums and all(float(t.get("font-size")) >= CELL / 2 for t in sums)


def test_a_list_clue_is_arranged_in_its_cell_with_no_commas():
    svg = _draw("tapa")
    texts = [t for t in svg.iter(f"{SVG}text") if t.get("stroke") is None]
    assert not [t for t in texts if "," in t.text]
    cell = _centre(2.5, 0.5)  # the clue 1,3
    near = sorted(
        (_text_centre(t), t.text)
        for t in texts
        if abs(_text_centre(t)[0] - cell[0]) < CELL / 2
        and abs(_text_centre(t)[1] - cell[1]) < CELL / 2
    )
    assert [text for _, text in near] == ["1", "3"]
    (x1, y1), (x2, y2) = (at for at, _ in near)
    assert x1 < cell[0] < x2 and y1 < cell[1] < y2  # top left, bottom right, as puz.link


def test_a_clue_on_a_shaded_cell_is_white_with_no_black_rim():
    svg = _draw("hitori")
    instance, known = _solved("hitori")
    shaded = [cell for cell, v in known["black"].items() if v]
    assert len(_texts(svg, "white")) == len(shaded) > 0
    rims = [t.get("stroke") for t in svg.iter(f"{SVG}text") if t.get("stroke")]
    assert "black" not in rims and DARK in rims


def test_text_is_centred_by_its_baseline_not_by_dominant_baseline():
    svg_text = picture(*_loaded_with_solution("sudoku"))
    assert "dominant-baseline" not in svg_text
    svg = ET.fromstring(svg_text)
    centres = {_text_centre(t) for t in svg.iter(f"{SVG}text")}
    assert centres <= {_centre(r + 0.5, c + 0.5) for r in range(9) for c in range(9)}


def _loaded_with_solution(genre: str):
    loaded = load_genre(str(genre_file(genre)))
    instance, known = _solved(genre)
    return loaded, instance, known


def test_a_picture_grid_is_one_of_its_kinds(tmp_path):
    with pytest.raises(DslError, match="picture.grid: unknown grid 'hex'") as err:
        load_texts(tmp_path, GENRE + "picture:\n  grid: hex\n", "board:\n..\n")
    assert "one of lines, dots, none" in err.value.render()
    with pytest.raises(DslError, match="'nothing'"):
        load_texts(tmp_path, GENRE + "picture:\n  plates: nothing\n", "board:\n..\n")


def test_inequality_signs_are_chevrons_between_cells_with_no_circle():
    svg = _draw("futoshiki")
    instance, _ = _solved("futoshiki")
    signs = [t for t in instance.grids["board"].values() if t in ("<", ">", "^", "v")]
    strokes = _lines(svg, "black", "2.5")
    assert len(strokes) == 2 * len(signs) > 0
    assert not _circles(svg, CELL * 0.22)  # no circle around a sign
    assert not {"<", ">", "^", "v"} & set(_texts(svg))


def test_long_numbers_of_a_clue_list_stay_off_the_grid():
    svg = _draw("sumline")
    loaded, instance, _ = _loaded_with_solution("sumline")
    left, _ = grid_corner(loaded, instance)
    beside = [t for t in svg.iter(f"{SVG}text") if float(t.get("x")) < left]
    assert {t.text for t in beside} >= {"1687", "9139", "5700"}
    for text in beside:  # a digit of a sans-serif font is about 0.6 of its size wide
        assert float(text.get("x")) + 0.3 * len(text.text) * float(text.get("font-size")) <= left


def test_given_pieces_of_line_are_drawn_as_lines():
    svg = _draw("pipelink", solved=False)
    loaded = load_genre(str(genre_file("pipelink")))
    instance = read_puzzle(str(PUZZLES / "pipelink" / "example.txt"), loaded)
    pieces = [t for t in instance.grids["pipes"].values() if t is not None]
    arms = {"┼": 4, "─": 2, "│": 2, "┌": 2, "┐": 2, "└": 2, "┘": 2}
    assert len(_lines(svg, "black", "4")) == sum(arms[p] for p in pieces) > 0
    assert not _texts(svg)  # no box-drawing character as text


def test_four_numbers_of_a_list_clue_stand_in_the_corners():
    loaded = load_genre(str(genre_file("tapa")))
    instance = read_puzzle("puzzle", loaded, "clues:\n. . .\n. 1,2,3,4 .\n. . .\n")
    svg = ET.fromstring(picture(loaded, instance, None))
    at = {t.text: _text_centre(t) for t in svg.iter(f"{SVG}text") if t.get("stroke") is None}
    assert set(at) == {"1", "2", "3", "4"}
    (x, y) = _centre(1.5, 1.5)
    assert at["1"][0] < x < at["2"][0] and at["1"][1] < y < at["3"][1]
    assert at["3"][0] < x < at["4"][0] and at["2"][1] < y < at["4"][1]


def test_a_wall_mark_between_cells_is_drawn_as_the_border_there():
    """Barns' `#` between cells (`marks: {'#': wall}`) is the thick border between them, and
    its ice (`'*': none`) is a fill, not a token."""
    svg = _draw("barns", "puzzlink-5x5")
    drawn = {
        ((x.get("x1"), x.get("y1")), (x.get("x2"), x.get("y2")))
        for x in svg.iter(f"{SVG}line")
        if x.get("stroke") == "black" and x.get("stroke-width") == "4"
    }
    expected = {((0, 2), (1, 2)), ((2, 4), (2, 5))}  # right of r1c2, below r2c5: (row, column)
    assert drawn == {
        tuple(tuple(str(v) for v in _centre(*end)) for end in wall) for wall in expected
    }
    assert "#" not in _texts(svg) and "*" not in _texts(svg)


@pytest.mark.parametrize("genre", ["roma", "toichika"])
def test_given_arrows_are_drawn_as_givens_solved_or_not(genre):
    """A given that a rule `VAR = INPUT` copies into the solution, printed otherwise than its
    clue (1 as U), is drawn as the solution prints it but in black: as an arrow in the puzzle
    alone too, not as the number."""
    givens = (PUZZLES / genre / "example.txt").read_text().split("givens:\n")[1].split()
    arrows = sorted("↑↓←→"[int(t) - 1] for t in givens if t in "1234")
    alone = _texts(_draw(genre, solved=False))
    assert sorted(t for t in alone if t in "↑↓←→") == arrows
    assert not any(t in "1234" for t in alone)
    solved = _draw(genre)
    assert sorted(t for t in _texts(solved, "black") if t in "↑↓←→") == arrows


def test_juosan_bars_cross_their_cells_with_the_numbers_in_a_corner():
    svg = _draw("juosan")
    solution = (PUZZLES / "juosan" / "example.solution.txt").read_text().split()
    bars = [p for p in svg.iter(f"{SVG}polygon") if p.get("fill") == LINE]
    assert len(bars) == len(solution) == 36
    clues = (PUZZLES / "juosan" / "example.txt").read_text().split("clues:\n")[1].split()
    assert sorted(_texts(svg)) == sorted(t for t in clues if t != ".")


def test_a_split_clue_on_a_dark_cell_leaves_out_its_symbol():
    """Tateyoko's `#,2`: a shaded cell with the number 2, drawn dark with a white 2."""
    board = (PUZZLES / "tateyoko" / "example.txt").read_text().split("board:\n")[1].split()
    svg = _draw("tateyoko", solved=False)
    assert _fills(svg, DARK) == sum(t.startswith("#") for t in board)
    assert sorted(_texts(svg, "white")) == sorted(t[2:] for t in board if t.startswith("#,"))
    assert not any("#" in t for t in _texts(svg))


def test_tawa_bricks_are_two_cells_drawn_as_one_with_the_number_in_the_middle():
    svg = _draw("tawa")
    instance, _ = _solved("tawa")
    board = instance.grids["board"]
    # a vertical grid line at column c of row r stands between two bricks, never inside one
    vertical = {
        (round(float(x.get("x1")), 1), round(float(x.get("y1")), 1))
        for x in _lines(svg, "#bbb", "1")
        if x.get("x1") == x.get("x2")
    }
    for (r, c), token in board.items():
        if c and token == "]":
            assert _centre(r, c) not in vertical
        elif c and token is not None:
            assert _centre(r, c) in vertical
    numbers = {_text_centre(t): t.text for t in svg.iter(f"{SVG}text") if t.get("stroke") is None}
    shown = {(r, c): t for (r, c), t in board.items() if isinstance(t, int)}
    assert numbers == {_centre(r + 0.5, c + 1): str(t) for (r, c), t in shown.items()}


def test_kusabi_circles_carry_their_marks_as_labels_in_place_of_numbers():
    svg = _draw("kusabi")
    instance = read_puzzle(
        str(PUZZLES / "kusabi" / "example.txt"), load_genre(str(genre_file("kusabi")))
    )
    label = {"1": "同", "2": "短", "3": "長", "?": "?"}
    clues = {cell: t for cell, t in instance.grids["circles"].items() if t is not None}
    numbers = {_text_centre(t): t.text for t in svg.iter(f"{SVG}text") if t.get("stroke") is None}
    assert numbers == {_centre(r + 0.5, c + 0.5): label[str(t)] for (r, c), t in clues.items()}


def test_circle_labels_must_be_a_mapping(tmp_path):
    with pytest.raises(DslError, match="picture.circles.labels"):
        load_texts(
            tmp_path,
            GENRE + "picture:\n  circles: {where: board is given, labels: [1]}\n",
            "board:\n..\n",
        )


def test_nagare_wind_arrows_are_white_on_their_dark_cells():
    svg = _draw("nagare", "puzzlink-6x6")
    instance, _ = _solved("nagare", "puzzlink-6x6")
    shaded = [t for t in instance.grids["board"].values() if t is not None and "#" in str(t)]
    winds = sorted(
        {"U": "↑", "D": "↓", "L": "←", "R": "→"}[t.split(",")[1]] for t in shaded if "," in t
    )
    assert _fills(svg, DARK) == len(shaded)
    assert sorted(_texts(svg, "white")) == winds
