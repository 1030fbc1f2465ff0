"""`VAR forms no loop [of diagonals]` (dslsolve/constructs/forest): on small grids the model's
solutions, under each `forest` lowering, are exactly the assignments the evaluator accepts
(diagonals of cells between points; borders between points; links between cells), and a
misplaced variable is refused with a located message."""

from __future__ import annotations

import itertools

import pytest

from dslsolve.backends import BACKENDS, SolveStatus
from dslsolve.compiler import compile_model
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid
from dslsolve.solve import no_good

from helpers import load_texts

DIAGONALS = """\
name: diagonals
input:
  clues: {type: grid, on: points}
variables:
  rising: {type: bool}
rules:
  - rising forms no loop of diagonals
output:
  cell:
    - when: rising
      symbol: "/"
    - symbol: "\\\\"
"""

EDGES = """\
name: edges
input:
  clues: {type: grid}
variables:
  line: {type: bool, on: KIND}
rules:
  - line forms no loop
output:
  cell:
    - show: clues
  edges: line
"""


def model_answers(loaded, instance, variable: str, choice: str) -> set[tuple[int, ...]]:
    """Every answer of the model under `forest=choice`, by cpsat: the separators' cuts go in
    until none is violated, then a no-good cuts the answer off."""
    compiled = compile_model(loaded.genre, instance, parse_formulation([f"forest={choice}"]))
    kind = loaded.genre.variables[0].on
    elements = Grid(instance.rows, instance.columns).elements(kind)
    session = BACKENDS["cpsat"].session(compiled.model)
    found = set()
    while session.solve(None) == SolveStatus.SOLVED:
        cuts = [cut for separate in compiled.model.separators for cut in separate()]
        if cuts:
            session.add(cuts)
            continue
        found.add(tuple(compiled.decode()[variable][e] for e in elements))
        session.add(no_good(compiled))
    return found


def evaluator_answers(loaded, instance, variable: str) -> set[tuple[int, ...]]:
    kind = loaded.genre.variables[0].on
    elements = Grid(instance.rows, instance.columns).elements(kind)
    found = set()
    for pattern in itertools.product((0, 1), repeat=len(elements)):
        values = {variable: dict(zip(elements, pattern, strict=True))}
        if not Evaluator(loaded.genre, instance, values).violations():
            found.add(pattern)
    return found


@pytest.mark.parametrize("choice", ["lazy", "orient"])
def test_diagonals_without_loop_are_the_evaluators(tmp_path, choice):
    loaded, instance = load_texts(tmp_path, DIAGONALS, "clues:\n....\n....\n....\n")
    wanted = evaluator_answers(loaded, instance, "rising")
    assert model_answers(loaded, instance, "rising", choice) == wanted
    # cells in reading order r1c1 r1c2 r1c3 r2c1 r2c2 r2c3: a diamond around point 2,2
    assert (1, 0, 0, 0, 1, 0) not in wanted
    assert (0, 1, 0, 0, 0, 1) not in wanted  # a diamond around point 2,3
    assert (1, 1, 1, 1, 1, 1) in wanted
    assert len(wanted) == 64 - 4 - 4  # each diamond fixes four cells; they differ at r1c2


@pytest.mark.parametrize("choice", ["lazy", "orient"])
@pytest.mark.parametrize(
    ("kind", "puzzle"), [("borders", "clues:\n..\n"), ("links", "clues:\n..\n..\n")]
)
def test_edges_without_loop_are_the_evaluators(tmp_path, choice, kind, puzzle):
    loaded, instance = load_texts(tmp_path, EDGES.replace("KIND", kind), puzzle)
    wanted = evaluator_answers(loaded, instance, "line")
    assert model_answers(loaded, instance, "line", choice) == wanted
    edges = len(Grid(instance.rows, instance.columns).elements(loaded.genre.variables[0].on))
    assert (1,) * edges not in wanted and (0,) * edges in wanted
    if kind == "links":  # 2x2 cells: one square of links
        assert len(wanted) == 15
    else:  # 1x2 cells, 7 borders: the sets that hold neither square nor the outline
        assert len(wanted) == 128 - (8 + 8 + 2 - 1 - 1 - 1 + 1)


def test_check_names_the_points_of_a_loop(tmp_path, run):
    (tmp_path / "g.yaml").write_text(DIAGONALS)
    (tmp_path / "p.txt").write_text("clues:\n...\n...\n...\n")
    (tmp_path / "s.txt").write_text("/ \\\n\\ /\n")
    result = run("check", tmp_path / "g.yaml", tmp_path / "p.txt", tmp_path / "s.txt")
    assert result.code == 1
    assert "rising forms no loop of diagonals" in result.out
    assert "a loop through 4 points: point 1,2, point 2,1, point 2,3, point 3,2" in result.out


@pytest.mark.parametrize(
    ("genre", "message"),
    [
        (
            DIAGONALS.replace("rising: {type: bool}", "rising: {type: bool, on: links}"),
            "'rising' cannot choose diagonals",
        ),
        (EDGES.replace("KIND", "cells"), "'line' cannot form no loop"),
        (
            DIAGONALS.replace("  - rising", "  - each cell: rising"),
            "'no loop' must be a rule of its own",
        ),
    ],
)
def test_a_misplaced_no_loop_is_refused_where_it_stands(tmp_path, run, genre, message):
    (tmp_path / "g.yaml").write_text(genre)
    (tmp_path / "p.txt").write_text("clues:\n...\n...\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2
    assert "g.yaml:7:" in result.err
    assert message in result.err


ON_LOOP = """\
name: on_loop
input:
  marks: {type: grid}
variables:
  rising: {type: bool}
rules:
  - RULE
output:
  cell:
    - when: rising
      symbol: "/"
    - symbol: "\\\\"
"""


@pytest.mark.parametrize(
    ("rule", "marks", "count"),
    [
        # r1c1 on a loop: the diamond around point 2,2; r1c3 on none; r2c3 free
        ("each cell where marks = 1: diagonal of rising on loop", "1.2\n...\n", 4),
        ("each cell where marks = 2: not diagonal of rising on loop", "2.2\n...\n", 64 - 4 - 4),
        ("count(cells where diagonal of rising on loop) = 4", "...\n...\n", 4 + 4),
    ],
)
def test_diagonals_on_a_loop_are_the_evaluators(tmp_path, rule, marks, count):
    loaded, instance = load_texts(tmp_path, ON_LOOP.replace("RULE", rule), f"marks:\n{marks}")
    wanted = evaluator_answers(loaded, instance, "rising")
    assert model_answers(loaded, instance, "rising", "lazy") == wanted
    assert len(wanted) == count


def test_a_diagonal_on_a_loop_is_read_at_a_cell(tmp_path, run):
    genre = ON_LOOP.replace("RULE", "each point: diagonal of rising on loop")
    (tmp_path / "g.yaml").write_text(genre)
    (tmp_path / "p.txt").write_text("marks:\n...\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2
    assert "g.yaml:7:" in result.err
    assert "diagonal of rising on loop is read at a cell, but here the focus is point" in result.err
