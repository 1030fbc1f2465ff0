"""`VAR divides into pieces symmetric about LAYER, ...` (docs/language.md §9.16) and the
`points:` layer of a section on links: on small grids the model's solutions are exactly the
wall sets the evaluator accepts, with centres on cells, links and points; the answers of a
few layouts worked out here; the checker's errors."""

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
name: halves
input:
  stars: {type: grid, on: links, cells: cstars, points: pstars, symbols: w b}
variables:
  wall: {type: bool, on: borders}
rules:
  - RULE
output:
  edges: wall
"""
RULE = "wall divides into pieces symmetric about cstars, stars, pstars"


def genre(rule: str = RULE) -> str:
    return GENRE.replace("RULE", rule)


def inside(instance) -> list:
    grid = Grid(instance.rows, instance.columns)
    return [b for b in grid.borders() if not grid.outline(b)]


def accepted(loaded, instance) -> set[frozenset]:
    """Every set of inside walls (the outline walled) that the evaluator accepts."""
    grid = Grid(instance.rows, instance.columns)
    borders = inside(instance)
    found = set()
    for bits in itertools.product((0, 1), repeat=len(borders)):
        wall = {b: 1 for b in grid.borders() if grid.outline(b)}
        wall |= dict(zip(borders, bits, strict=True))
        if not Evaluator(loaded.genre, instance, {"wall": wall}).violations():
            found.add(frozenset(b for b in borders if wall[b]))
    return found


def solutions(loaded, instance, options: tuple[str, ...] = ()) -> set[frozenset]:
    (wall,) = loaded.genre.variables
    grid = Grid(instance.rows, instance.columns)
    compiled = compile_model(
        loaded.genre,
        instance,
        parse_formulation(list(options)),
        [(wall, b) for b in grid.borders()],
    )
    borders = inside(instance)
    return every_solution(compiled, lambda v: frozenset(b for b in borders if v["wall"][b]))


DRAWINGS = {
    # 3x3: a star on a point, on a cell and on two links
    "mixed": "stars:\n. . . . .\n. w . . b\n. . . . .\n. . . . .\nw . . b .\n",
    "centre": "stars:\n. . . . .\n. . . . .\n. . w . .\n. . . . .\n. . . . .\n",
    "points": "stars:\n. . . . .\n. w . w .\n. . . . .\n. w . w .\n. . . . .\n",
    "cells": "stars:\nw . . . w\n. . . . .\n. . b . .\n. . . . .\nw . . . w\n",
    "none": "stars:\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n",
    "links 2x3": "stars:\n. w . . .\n. . . . b\n. . . . .\n",
}


@pytest.mark.parametrize("drawing", sorted(DRAWINGS))
def test_model_solutions_are_the_evaluators(tmp_path, drawing):
    loaded, instance = load_texts(tmp_path, genre(), DRAWINGS[drawing])
    expected = accepted(loaded, instance)
    assert solutions(loaded, instance) == expected
    assert solutions(loaded, instance, ("connected=flow",)) == expected


def test_the_answers_worked_out_here(tmp_path):
    """One star in the middle cell: the whole grid is its piece; four stars on the four
    points inside: no division (a 2x2 block about each would overlap); no star: none."""
    loaded, instance = load_texts(tmp_path, genre(), DRAWINGS["centre"])
    assert accepted(loaded, instance) == {frozenset()}
    loaded, instance = load_texts(tmp_path, genre(), DRAWINGS["points"])
    assert accepted(loaded, instance) == set()
    loaded, instance = load_texts(tmp_path, genre(), DRAWINGS["none"])
    assert accepted(loaded, instance) == set()


def test_the_evaluator_names_what_breaks(tmp_path):
    loaded, instance = load_texts(tmp_path, genre(), DRAWINGS["mixed"])
    grid = Grid(3, 3)
    wall = {b: int(grid.outline(b)) for b in grid.borders()}
    texts = [v.where for v in Evaluator(loaded.genre, instance, {"wall": wall}).violations()]
    assert texts == ["r1c1: a piece with 4 centres"]
    wall[("v", 0, 1)] = 1  # a wall at the point star (the top left corner of r2c2)
    texts = [v.where for v in Evaluator(loaded.genre, instance, {"wall": wall}).violations()]
    assert texts == [
        "border left of r1c2: a wall inside a piece",
        "point 2,2: a wall passes over the centre",
        "r1c1: a piece with 3 centres",
    ]


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("each cell: wall divides into pieces symmetric about stars", "must be a rule of its own"),
        ("cstars divides into pieces symmetric about stars", "'cstars' is an input section"),
        ("wall divides into pieces symmetric about wall", "not an input section on cells"),
    ],
)
def test_checker_errors(tmp_path, rule, message):
    with pytest.raises(DslError, match=message):
        load_texts(tmp_path, genre(rule), DRAWINGS["centre"])


def test_points_names_the_layer_of_the_corners(tmp_path):
    loaded, instance = load_texts(tmp_path, genre(), DRAWINGS["mixed"])
    assert {p for p, t in instance.grids["pstars"].items() if t} == {(1, 1)}
    assert {c for c, t in instance.grids["cstars"].items() if t} == {(2, 0)}
    assert {e for e, t in instance.grids["stars"].items() if t} == {("v", 0, 2), ("h", 2, 1)}
    assert accepted(loaded, instance) == {
        # the 2x2 block about the point, r1c3-r2c3, r3c1 alone, r3c2-r3c3
        frozenset({("v", 0, 2), ("v", 1, 2), ("h", 2, 0), ("h", 2, 1), ("h", 2, 2), ("v", 2, 1)})
    }
    plain = (
        genre()
        .replace(", points: pstars", "")
        .replace(RULE, "wall divides into pieces symmetric about stars")
    )
    with pytest.raises(DslError, match="is a corner between four cells"):
        load_texts(tmp_path, plain, DRAWINGS["mixed"])
    with pytest.raises(DslError, match="'points' names the point layer of a section on links"):
        load_texts(tmp_path, genre().replace("on: links, cells: cstars, ", ""), DRAWINGS["mixed"])
