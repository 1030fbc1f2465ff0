"""An expression that a rule repeats (a define used in several places) is worked out once per
rule instance, by the compiler where that builds nothing in the model, and by the evaluator:
the model is the same as without sharing, and it has exactly the solutions the evaluator
accepts, whichever way the evaluator works."""

from __future__ import annotations

import pytest

from dslsolve import ir
from dslsolve.compiler import compile_model
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import accepted_patterns, every_solution, load_texts

GENRE = """\
name: repeats
input:
  board: {type: grid, symbols: '#'}
variables:
  black: {type: bool}
define:
  near: count(neighbours where black)
  crowded: near >= 2
rules:
  - each cell where board is given: black
  - RULE
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""

RULES = [
    # a sum of literals, repeated: shared by the compiler too
    "each cell: near <= 2 and (black or near >= 1)",
    # a reified comparison, repeated: the evaluator shares it, the compiler builds it each time
    "each cell: crowded or not black or (not crowded and near = 1)",
    # inside an aggregate: repeated at every member
    "each cell where black: count(neighbours where near >= 2 and not crowded) = 0",
]


def load(tmp_path, rule):
    return load_texts(tmp_path, GENRE.replace("RULE", rule), "board:\n#..\n...\n..#\n")


def compiled(loaded, instance):
    cells = Grid(instance.rows, instance.columns).cells()
    light = loaded.genre.variables[0]
    return compile_model(loaded.genre, instance, parse_formulation([]), [(light, c) for c in cells])


def lp_text(problem, path) -> str:
    problem.writeLP(str(path))
    return path.read_text()


@pytest.mark.parametrize("rule", RULES)
def test_the_rule_repeats_an_expression(tmp_path, rule):
    loaded, _ = load(tmp_path, rule)
    assert ir.occurrences(loaded.genre.rules[1])
    assert not ir.occurrences(loaded.genre.rules[0])


@pytest.mark.parametrize("rule", RULES)
def test_sharing_leaves_the_model_as_it_was(tmp_path, rule, monkeypatch):
    loaded, instance = load(tmp_path, rule)
    shared = lp_text(compiled(loaded, instance).model.problem, tmp_path / "shared.lp")
    monkeypatch.setattr(ir, "occurrences", lambda rule: {})
    plain = lp_text(compiled(loaded, instance).model.problem, tmp_path / "plain.lp")
    assert shared == plain


@pytest.mark.parametrize("rule", RULES)
def test_the_model_has_the_solutions_the_evaluator_accepts(tmp_path, rule, monkeypatch):
    loaded, instance = load(tmp_path, rule)
    cells = Grid(instance.rows, instance.columns).cells()
    solutions = every_solution(
        compiled(loaded, instance), lambda values: tuple(values["black"][c] for c in cells)
    )
    accepted = accepted_patterns(loaded, instance, "black")
    assert 0 < len(accepted) < 2 ** len(cells)  # the rule matters
    assert solutions == accepted
    monkeypatch.setattr(ir, "occurrences", lambda rule: {})  # the evaluator without sharing
    assert accepted_patterns(loaded, instance, "black") == accepted
