"""`each piece of wall: BODY` without a size bound, where BODY says only what a piece holds
(`count(A) >= 1`, `count(B) = 0 or count(C) = 0`; docs/language.md §9.6): on small grids the
model's solutions are exactly the wall sets the evaluator accepts."""

from __future__ import annotations

import itertools

import pytest

from dslsolve.compiler import compile_model
from dslsolve.errors import DslError
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import every_solution, load_texts

GENRE = """\
name: holds
input:
  circles: {type: grid, symbols: w b}
variables:
  wall: {type: bool, on: borders}
rules:
  - "each piece of wall: BODY"
output:
  edges: wall
"""


def accepted(loaded, instance) -> set[frozenset]:
    grid = Grid(instance.rows, instance.columns)
    inside = [b for b in grid.borders() if not grid.outline(b)]
    found = set()
    for bits in itertools.product((0, 1), repeat=len(inside)):
        wall = {b: 1 for b in grid.borders() if grid.outline(b)}
        wall |= dict(zip(inside, bits, strict=True))
        if not Evaluator(loaded.genre, instance, {"wall": wall}).violations():
            found.add(frozenset(b for b in inside if wall[b]))
    return found


def solutions(loaded, instance) -> set[frozenset]:
    (wall,) = loaded.genre.variables
    grid = Grid(instance.rows, instance.columns)
    inside = [b for b in grid.borders() if not grid.outline(b)]
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([]), [(wall, b) for b in grid.borders()]
    )
    return every_solution(compiled, lambda v: frozenset(b for b in inside if v["wall"][b]))


@pytest.mark.parametrize(
    ("body", "circles"),
    [
        ("count(circles is given) >= 1", "circles:\nw . .\n. . b\n"),
        ("count(circles = 'w') = 0 or count(circles = 'b') = 0", "circles:\nw . .\n. b .\n"),
        (
            "count(circles is given) > 0"
            " and (count(circles = 'w') = 0 or count(circles = 'b') = 0)",
            "circles:\nw . b\nb . w\n",
        ),
    ],
)
def test_model_solutions_are_the_evaluators(tmp_path, body, circles):
    loaded, instance = load_texts(tmp_path, GENRE.replace("BODY", body), circles)
    expected = accepted(loaded, instance)
    assert expected
    assert solutions(loaded, instance) == expected


def test_a_body_that_reads_more_still_needs_a_bound(tmp_path):
    body = "count(circles is given) >= 1 and width <= 2"
    loaded, instance = load_texts(tmp_path, GENRE.replace("BODY", body), "circles:\nw .\n")
    with pytest.raises(DslError, match="to bound the pieces"):
        compile_model(loaded.genre, instance, parse_formulation([]), [])
