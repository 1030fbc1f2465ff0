"""`runs(...) = list` behind a guard (a `where` on unknowns, or a clue that `--diagnose` may
leave out): the model has exactly the solutions that the evaluator accepts, under each lowering
of runs (blocks, regular) and, around a ring, of tables (select, nogoods)."""

from __future__ import annotations

import itertools

import pulp
import pytest

from dslsolve.backends import BACKENDS, SolveStatus
from dslsolve.compiler import compile_model
from dslsolve.compiler.formulations import parse_formulation
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.evaluator import Evaluator
from dslsolve.geometry import Grid

LINES = """\
name: lines
input:
  rows: {type: list, per: row}
  clues: {type: grid, split: ','}
variables:
  black: {type: bool}
rules:
RULES
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""

CASES = {
    # a row with two black cells or more has the runs of its clue; one clue is too long
    "row guarded": (
        "each row where count(black) >= 2: runs(black) = rows",
        "rows:\n1 1\n4\nclues:\n...\n...\n",
        ["runs=blocks", "runs=blocks-pairwise", "runs=regular"],
    ),
    # a ring's runs only where the clue cell is itself black
    "ring guarded": (
        "each cell where clues is given and black: runs(black of ring) = clues",
        "rows:\n.\n.\nclues:\n.2.\n..1\n",
        ["table=select", "table=nogoods"],
    ),
}


def load(tmp_path, rule: str, text: str):
    genre = tmp_path / "g.yaml"
    genre.write_text(LINES.replace("RULES", f"  - {rule}"))
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(text)
    loaded = load_genre(str(genre))
    return loaded, read_puzzle(str(puzzle), loaded)


def accepted(loaded, instance) -> set[tuple[int, ...]]:
    cells = Grid(instance.rows, instance.columns).cells()
    found = set()
    for pattern in itertools.product((0, 1), repeat=len(cells)):
        black = dict(zip(cells, pattern, strict=True))
        if not Evaluator(loaded.genre, instance, {"black": black}).violations():
            found.add(pattern)
    return found


def model_solutions(loaded, instance, option: str) -> set[tuple[int, ...]]:
    cells = Grid(instance.rows, instance.columns).cells()
    black = loaded.genre.variables[0]
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([option]), [(black, c) for c in cells]
    )
    found = set()
    while BACKENDS["cbc"].solve(compiled.model.problem, None) == SolveStatus.SOLVED:
        values = compiled.decode()["black"]
        found.add(tuple(values[c] for c in cells))
        binaries = compiled.decision_binaries()
        ones = [b for b in binaries if round(b.varValue or 0) == 1]
        zeros = [b for b in binaries if round(b.varValue or 0) == 0]
        compiled.model.add(pulp.lpSum(1 - b for b in ones) + pulp.lpSum(zeros) >= 1)
    return found


@pytest.mark.parametrize(
    ("case", "option"),
    [(case, option) for case, (_, _, options) in CASES.items() for option in options],
)
def test_guarded_runs_have_exactly_the_accepted_solutions(tmp_path, case, option):
    rule, text, _ = CASES[case]
    loaded, instance = load(tmp_path, rule, text)
    wanted = accepted(loaded, instance)
    assert 0 < len(wanted) < 2**6  # the rule matters
    assert model_solutions(loaded, instance, option) == wanted
