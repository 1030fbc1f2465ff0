"""`any`, `all` and `count` over rays: the evaluator walks a ray only until it has its answer,
and the model has exactly the solutions it accepts. Both are checked on every light pattern of
a small board against a plain walk of the rays written here."""

from __future__ import annotations

import itertools

import pytest

from dslsolve import ir
from dslsolve.compiler import compile_model
from dslsolve.compiler.rays import shared
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import accepted_patterns, every_solution, load_texts

LIGHTS = """\
name: lights
input:
  board: {type: grid, symbols: '#'}
variables:
  light: {type: bool}
define:
  wall: board is given
rules:
  - each cell where wall: not light
  - each cell where not wall: RULE
output:
  cell:
    - when: wall
      show: board
    - when: light
      symbol: "+"
    - symbol: "."
"""

BOARD = "..#\n...\n#..\n"
STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def seen(cell, walls, rows, columns) -> list[tuple[int, int]]:
    """The cells that the four rays from `cell` reach before a wall or the edge."""
    out = []
    for dr, dc in STEPS.values():
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < rows and 0 <= c < columns and (r, c) not in walls:
            out.append((r, c))
            r, c = r + dr, c + dc
    return out


# rule -> whether it holds at an open cell, given the cell's light and the lights it sees
CASES = {
    "light or any(rays until wall where light)": lambda own, others: own or any(others),
    "not light or all(rays until wall where not light)": lambda own, others: (
        not own or not any(others)
    ),
    "light or not any(rays until wall)": lambda own, others: own or not others,
    "light or all(rays until wall)": lambda own, others: True,
    # counts over rays whose stop and filter read the cell alone share their tails between
    # rays (compiler/rays.py); those that read the distance, or stop at unknowns, do not
    "light or count(rays until wall where light) >= 1": lambda own, others: own or any(others),
    "not light or count(rays until wall where light) = 0": lambda own, others: (
        not own or not any(others)
    ),
    "not (light and any(ray right until wall where light))": None,  # checked by the model only
    "light or count(rays until wall where light and distance <= 1) >= 1": None,
    "light or any(rays until light)": None,
}


def load(tmp_path, rule):
    return load_texts(tmp_path, LIGHTS.replace("RULE", rule), f"board:\n{BOARD}")


@pytest.mark.parametrize("rule", [r for r, holds in CASES.items() if holds is not None])
def test_the_evaluator_reads_rays_as_a_walk_does(tmp_path, rule):
    loaded, instance = load(tmp_path, rule)
    grid = Grid(instance.rows, instance.columns)
    walls = {cell for cell in grid.cells() if instance.grids["board"].get(cell) is not None}
    open_cells = [cell for cell in grid.cells() if cell not in walls]
    holds = CASES[rule]
    for pattern in itertools.product((0, 1), repeat=len(open_cells)):
        light = dict.fromkeys(walls, 0) | dict(zip(open_cells, pattern, strict=True))
        expected = all(
            holds(light[cell], [light[d] for d in seen(cell, walls, grid.rows, grid.columns)])
            for cell in open_cells
        )
        verdict = not Evaluator(loaded.genre, instance, {"light": light}).violations()
        assert verdict == expected, (rule, pattern)


def model_solutions(loaded, instance) -> set[tuple[int, ...]]:
    """Every solution of the compiled model, one at a time with no-good cuts."""
    cells = Grid(instance.rows, instance.columns).cells()
    light = loaded.genre.variables[0]
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([]), [(light, c) for c in cells]
    )
    return every_solution(compiled, lambda values: tuple(values["light"][c] for c in cells))


@pytest.mark.parametrize("rule", list(CASES))
def test_the_model_has_the_solutions_the_evaluator_accepts(tmp_path, rule):
    loaded, instance = load(tmp_path, rule)
    assert model_solutions(loaded, instance) == accepted_patterns(loaded, instance, "light")


@pytest.mark.parametrize(
    ("rule", "shares"),
    [
        ("light or any(rays until wall where light)", True),
        ("light or count(rays until wall where not light) >= 1", True),
        ("light or count(rays until wall where light and distance <= 1) >= 1", False),
        ("light or any(rays until light)", False),
        ("light or any(ray right until wall where light)", True),
    ],
)
def test_which_rays_share_their_tails(tmp_path, rule, shares):
    """Only a ray whose stop and filter read the cell alone shares (the others are correct
    by the model tests above, but walked from every start)."""
    loaded, _ = load(tmp_path, rule)
    any_or_count = loaded.genre.rules[1].body.body.expr.args[1]
    aggregate = any_or_count if isinstance(any_or_count, ir.Aggregate) else any_or_count.left
    assert shared(aggregate) is shares
