"""The per-candidate shortcuts of `each piece of X`: the rectangles generator that skips
blocked cells (against every rectangle filtered afterwards), and the folded verdict of a body
whose terms are numbers per candidate (`compiler/piece_terms.py`, against the general
lowerer on every rectangle of the shipped shikaku instances)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dslsolve.compiler.expressions import Lowerer
from dslsolve.compiler.lowerings.placements import rectangles
from dslsolve.compiler.model import LinearModel
from dslsolve.compiler.piece_terms import PieceTerms
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Env, Grid, Grouping

PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"


def every_rectangle(grid: Grid, seed, limit: int, anchored: bool) -> list[frozenset]:
    """Every rectangle of at most `limit` cells holding `seed` (anchored) or with `seed` as
    its top left cell, by height, width, top and left."""
    r0, c0 = seed
    found = []
    for height in range(1, limit + 1):
        for width in range(1, limit // height + 1):
            tops = range(r0 - height + 1, r0 + 1) if anchored else (r0,)
            lefts = range(c0 - width + 1, c0 + 1) if anchored else (c0,)
            for top in tops:
                for left in lefts:
                    inside = top >= 0 and left >= 0
                    if inside and top + height <= grid.rows and left + width <= grid.columns:
                        found.append(
                            frozenset(
                                (top + i, left + j) for i in range(height) for j in range(width)
                            )
                        )
    return found


def test_rectangles_are_those_without_blocked_cells_in_order() -> None:
    chance = random.Random(7)
    for _ in range(1500):
        grid = Grid(chance.randint(1, 7), chance.randint(1, 7))
        cells = list(grid.cells())
        seed = chance.choice(cells)
        blocked = {c for c in cells if c != seed and chance.random() < 0.15}
        limit, fewest = chance.randint(1, 50), chance.randint(1, 6)
        anchored = chance.random() < 0.6
        expected = [
            s
            for s in every_rectangle(grid, seed, limit, anchored)
            if not s & blocked and len(s) >= fewest
        ]
        assert rectangles(grid, seed, limit, anchored, blocked, fewest) == expected


@pytest.mark.parametrize("stem", ["example", "puzzlink-6x6", "puzzlink-question-4x4"])
def test_folded_verdict_is_the_lowered_one(stem: str) -> None:
    loaded = load_genre(str(PUZZLES / "shikaku.yaml"))
    instance = read_puzzle("shikaku", loaded, (PUZZLES / "shikaku" / f"{stem}.txt").read_text())
    (rule,) = loaded.genre.rules
    body = rule.body.body.expr  # `each piece of wall: BODY`
    lower = Lowerer(loaded.genre, instance, LinearModel(parse_formulation([])))
    env = Env(None, None, None)
    terms = PieceTerms(lower, body, env)
    grid = lower.grid
    seen = {True: 0, False: 0}
    for seed in grid.cells():
        for shape in rectangles(grid, seed, grid.rows * grid.columns, False):
            group = Env(None, None, Grouping("piece", tuple(sorted(shape))))
            folded = terms.value(shape)
            assert folded is not None
            assert bool(folded) == lower.boolean(body, group)
            seen[bool(folded)] += 1
    assert seen[True] and seen[False]
