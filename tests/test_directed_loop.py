"""`VAR forms directed loop`, `VAR leaves toward DIR`, `VAR enters from DIR`
(dslsolve/constructs/directed): on small grids the model's solutions, under each `loop`
lowering, are exactly the assignments the evaluator accepts (the evaluator choosing the way
round itself), on links between cells and on borders between points; a direction read without
the rule, and a misplaced rule, are refused with a located message."""

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

GENRE = """\
name: directed
input:
  arrows: {type: grid, on: VERTICES, symbols: 'U D L R'}
variables:
  line: {type: bool, on: KIND}
rules:
  - line forms directed loop
  - RULE
output:
  cell:
    - show: arrows
  edges: line
"""


def model_answers(loaded, instance, choice: str) -> set[tuple[int, ...]]:
    """Every answer of the model under `loop=choice`, by cpsat: the separators' cuts go in
    until none is violated, then a no-good on the edges cuts the answer off."""
    compiled = compile_model(loaded.genre, instance, parse_formulation([f"loop={choice}"]))
    kind = loaded.genre.variables[0].on
    elements = Grid(instance.rows, instance.columns).elements(kind)
    session = BACKENDS["cpsat"].session(compiled.model)
    found = set()
    while session.solve(None) == SolveStatus.SOLVED:
        cuts = [cut for separate in compiled.model.separators for cut in separate()]
        if cuts:
            session.add(cuts)
            continue
        found.add(tuple(compiled.decode()["line"][e] for e in elements))
        session.add(no_good(compiled))
    return found


def evaluator_answers(loaded, instance) -> set[tuple[int, ...]]:
    kind = loaded.genre.variables[0].on
    elements = Grid(instance.rows, instance.columns).elements(kind)
    found = set()
    for pattern in itertools.product((0, 1), repeat=len(elements)):
        values = {"line": dict(zip(elements, pattern, strict=True))}
        if not Evaluator(loaded.genre, instance, values).violations():
            found.add(pattern)
    return found


# (kind, vertices, rule, puzzle, how many loops the rule leaves)
CASES = [
    # 2x3 cells: three loops (the two squares and the rectangle), each run either way
    (
        "links",
        "cells",
        "each cell where arrows is given: line leaves toward arrows",
        "arrows:\nR..\n...\n",
        2,
    ),  # r1c1 left rightward: the left square and the rectangle
    (
        "links",
        "cells",
        "each cell where arrows is given: line enters from arrows",
        "arrows:\n.L.\n...\n",
        2,
    ),  # r1c2 entered from its left: not the right square
    (
        "links",
        "cells",
        "each cell where arrows is given: line leaves toward arrows",
        "arrows:\n.U.\n...\n",
        0,
    ),  # nothing above the top row
    (
        "links",
        "cells",
        "each cell where arrows is given: not line leaves toward arrows and "
        "not line enters from arrows",
        "arrows:\nR..\n..L\n",
        0,
    ),  # r1c1 left only rightward
    (
        "links",
        "cells",
        "count(cells where line leaves toward right) = 1",
        "arrows:\n...\n...\n",
        2,
    ),  # the squares; the rectangle goes right twice
    (
        "links",
        "cells",
        "each cell where arrows is given: line leaves toward arrows",
        "arrows:\nR..\n.R.\n",
        0,
    ),  # the loop would run right along both rows
    # 1x2 cells, the borders between 2x3 points: the two squares and the rectangle
    (
        "borders",
        "points",
        "each point where arrows is given: line leaves toward arrows",
        "arrows:\nR..\n...\n",
        2,
    ),
    (
        "borders",
        "points",
        "each point where arrows is given: line enters from arrows",
        "arrows:\n.R.\n...\n",
        2,
    ),  # point 1,2 entered from its right: not the left square
]


@pytest.mark.parametrize("choice", ["native", "lazy", "flow"])
@pytest.mark.parametrize(("kind", "vertices", "rule", "puzzle", "count"), CASES)
def test_directed_loops_are_the_evaluators(tmp_path, choice, kind, vertices, rule, puzzle, count):
    genre = GENRE.replace("VERTICES", vertices).replace("KIND", kind).replace("RULE", rule)
    if kind == "borders":
        genre = genre.replace("  cell:\n    - show: arrows\n", "  cell:\n    - symbol: '.'\n")
    loaded, instance = load_texts(tmp_path, genre, puzzle)
    wanted = evaluator_answers(loaded, instance)
    assert len(wanted) == count
    assert model_answers(loaded, instance, choice) == wanted


@pytest.mark.parametrize(
    ("rule", "message", "line"),
    [
        ("each cell: line enters from up or true", "'line' has no direction", 8),
        ("each cell: line leaves toward nowhere", "'nowhere' is not a direction", 8),
        ("each point: line leaves toward up", "is read at a cell, but here the focus is", 8),
    ],
)
def test_a_direction_without_its_loop_is_refused_where_it_stands(
    tmp_path, run, rule, message, line
):
    genre = GENRE.replace("VERTICES", "cells").replace("KIND", "links").replace("RULE", rule)
    if "no direction" in message:
        genre = genre.replace("  - line forms directed loop\n", "  - line forms single loop\n")
    (tmp_path / "g.yaml").write_text(genre)
    (tmp_path / "p.txt").write_text("arrows:\n...\n...\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2
    assert f"g.yaml:{line}:" in result.err
    assert message in result.err


def test_a_directed_loop_is_a_rule_of_its_own(tmp_path, run):
    genre = GENRE.replace("VERTICES", "cells").replace("KIND", "links")
    genre = genre.replace("  - line forms directed loop\n", "").replace(
        "RULE", "each cell: line forms directed loop"
    )
    (tmp_path / "g.yaml").write_text(genre)
    (tmp_path / "p.txt").write_text("arrows:\n...\n...\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2
    assert "g.yaml:7:" in result.err
    assert "must be a rule of its own" in result.err


def test_check_picks_the_way_round(tmp_path, run):
    """The answer shows no direction: `check` accepts a loop that runs as the arrows say
    either way round, and names the arrow a loop cannot follow."""
    genre = GENRE.replace("VERTICES", "cells").replace("KIND", "links")
    genre = genre.replace("RULE", "each cell where arrows is given: line leaves toward arrows")
    (tmp_path / "g.yaml").write_text(genre)
    for arrows, valid in (("R..\n...\n", True), ("L..\n...\n", False), ("..D\n...\n", True)):
        (tmp_path / "p.txt").write_text(f"arrows:\n{arrows}")
        top, bottom = (row.replace(".", " ") for row in arrows.split())
        rows = [" " + "-".join(row) for row in (top, bottom)]
        drawing = f"+ + + +\n{rows[0]}\n+|+ +|+\n{rows[1]}\n+ + + +\n"
        (tmp_path / "s.txt").write_text(drawing)  # the rectangle of 2x3 cells
        result = run("check", tmp_path / "g.yaml", tmp_path / "p.txt", tmp_path / "s.txt")
        assert (result.code == 0) == valid, result.out + result.err
        assert valid or "violated at r1c1" in result.out
