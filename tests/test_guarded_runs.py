"""`runs(...) = list` behind a guard (a `where` on unknowns, or a clue that `--diagnose` may
leave out): the model has exactly the solutions that the evaluator accepts, under each lowering
of runs (blocks, regular) and, around a ring, of tables (select, nogoods)."""

from __future__ import annotations

import pytest

from dslsolve.compiler import compile_model
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import accepted_patterns, every_solution, load_texts

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
    return load_texts(tmp_path, LINES.replace("RULES", f"  - {rule}"), text)


def model_solutions(loaded, instance, option: str) -> set[tuple[int, ...]]:
    cells = Grid(instance.rows, instance.columns).cells()
    black = loaded.genre.variables[0]
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([option]), [(black, c) for c in cells]
    )
    return every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))


@pytest.mark.parametrize(
    ("case", "option"),
    [(case, option) for case, (_, _, options) in CASES.items() for option in options],
)
def test_guarded_runs_have_exactly_the_accepted_solutions(tmp_path, case, option):
    rule, text, _ = CASES[case]
    loaded, instance = load(tmp_path, rule, text)
    wanted = accepted_patterns(loaded, instance, "black")
    assert 0 < len(wanted) < 2**6  # the rule matters
    assert model_solutions(loaded, instance, option) == wanted
