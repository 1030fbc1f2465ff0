"""`VAR joins equal NUMBERS with crossings` (joins_equal), `C cells connected to R via VAR with
crossings` (crossing_connected, rooted) and `passed(C along VAR from S)` (along): on a 3x3
or 3x4 grid (where lines can cross), the model has exactly the answers that the evaluator
accepts: found by trying every set of used links whose cells have 0, 2 or 4 of them (the genres
here allow no other count)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from dslsolve.compiler import compile_model
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid
from dslsolve.ir import ElementKind

from helpers import every_solution, load_texts

JOINS = """name: equal_lines
input:
  circles: {type: grid, symbols: '?'}
variables:
  line: {type: bool, on: links}
define:
  used: count(links where line)
rules:
  - each cell: used = 0 or used = 2 or used = 4
  - line joins equal circles with crossings
output:
  cell:
    - links: line
"""
ROOTED = """name: rooted_crossing
input:
  circles: {type: grid}
variables:
  line: {type: bool, on: links}
define:
  used: count(links where line)
rules:
  - each cell: used = 0 or used = 2 or used = 4
  - used = 2 cells connected to circles is given via line with crossings
output:
  cell:
    - links: line
"""
PASSED = """name: ordered_marks
input:
  board: {type: grid, symbols: 'o *'}
  numbers: {type: grid}
variables:
  line: {type: bool, on: links}
define:
  mark: board = '*' or numbers is given
rules:
  - line forms directed loop
  - each cell where board = 'o': count(links where line) = 2
  - each cell where numbers is number: passed(mark along line from board = 'o') = numbers
output:
  cell:
    - links: line
"""


def _patterns(tmp_path, genre: str, puzzle: str, choice: str) -> tuple[set, set]:
    loaded, instance = load_texts(tmp_path, genre, puzzle)
    links = Grid(instance.rows, instance.columns).links()
    line = loaded.genre.variables[0]
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([choice]), [(line, e) for e in links]
    )
    found = every_solution(compiled, lambda values: tuple(values["line"][e] for e in links))
    grid = Grid(instance.rows, instance.columns)
    ends = [grid.ends(ElementKind.LINK, e) for e in links]
    wanted = set()
    for pattern in itertools.product((0, 1), repeat=len(links)):
        degree = Counter(
            cell for used, pair in zip(pattern, ends, strict=True) if used for cell in pair
        )
        if any(count in (1, 3) for count in degree.values()):
            continue
        values = {"line": dict(zip(links, pattern, strict=True))}
        if not Evaluator(loaded.genre, instance, values).violations():
            wanted.add(pattern)
    return found, wanted


@pytest.mark.parametrize(
    ("circles", "choice"),
    [
        (".1./.../.2.", "connected=lazy"),
        (".1../2.../....", "connected=flow"),  # 3x4: the two lines may cross
    ],
    ids=["apart", "crossing-flow"],
)
def test_lines_joining_equal_numbers_have_the_evaluators_answers(tmp_path, circles, choice):
    puzzle = "circles:\n" + circles.replace("/", "\n") + "\n"
    found, wanted = _patterns(tmp_path, JOINS, puzzle, choice)
    assert found == wanted and wanted
    if len(circles.split("/")[0]) == 4:  # 3x4: some answer crosses (four links at a cell)
        grid = Grid(3, 4)
        ends = [grid.ends(ElementKind.LINK, e) for e in grid.links()]
        crossing = [
            Counter(c for used, pair in zip(p, ends, strict=True) if used for c in pair)
            for p in wanted
        ]
        assert any(4 in degree.values() for degree in crossing)


def test_lines_rooted_through_crossings_have_the_evaluators_answers(tmp_path):
    found, wanted = _patterns(tmp_path, ROOTED, "circles:\n1..\n...\n...\n", "connected=lazy")
    assert found == wanted and len(wanted) > 1
    assert all(p[0] for p in wanted if any(p))  # every loop holds the circle: it passes r1c1


@pytest.mark.parametrize(
    ("board", "numbers", "choice"),
    [
        ("o.*/.../*..", ".../.2./...", "loop=native"),  # the 2 second, either way round
        ("o../.../...", "..1/.../2..", "loop=lazy"),  # 1 then 2: one way round only
    ],
    ids=["middle", "two-lazy"],
)
def test_marks_passed_in_order_have_the_evaluators_answers(tmp_path, board, numbers, choice):
    puzzle = "board:\n" + board.replace("/", "\n") + "\nnumbers:\n"
    puzzle += numbers.replace("/", "\n") + "\n"
    found, wanted = _patterns(tmp_path, PASSED, puzzle, choice)
    assert found == wanted and wanted
