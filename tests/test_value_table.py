"""Comparisons of one-hot integers that need a literal (inside `or`, `not`, `implies`), lowered
from their table of values (`compare=table`), by big-M (`compare=bigm`), or, for an `or` of
comparisons that must hold, as the support rows of their relation (`compare=support`, the
default; other comparisons as in `table`): on two cells, the model's solutions are exactly the
pairs of values the evaluator accepts, for each lowering; neither table nor support adds a
big-M row, and support makes no literal for the comparisons of a posted `or`."""

from __future__ import annotations

import itertools

import pytest

from dslsolve.compiler import compile_model
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation

from helpers import every_solution, load_texts

GENRE = """\
name: pairs
input:
  marks: {type: grid}
variables:
  digit: {type: int, domain: DOMAIN}
rules:
  - "each link as (a, b): RULE"
output:
  cell:
    - show: digit
"""

RULES = [
    "not (a.digit - b.digit = 1 or b.digit - a.digit = 1)",  # kropki: no dot
    "a.digit = 2 * b.digit or b.digit = 2 * a.digit",  # kropki: black dot
    "a.digit + b.digit = 5 or a.digit = b.digit",
    "a.digit - 1 < b.digit implies b.digit != 3",
    "not (2 * a.digit - 1 = 3) and (a.digit > b.digit + 1 or b.digit >= 3)",
    "a.digit = 1 or 2 * a.digit = 6",  # one integer
    "a.digit < b.digit or a.digit = 3",
]
POSTED_OR = {1, 2, 5, 6}  # the rules that are an `or` of comparisons that must hold
DOMAINS = ["1..4", "0..3"]


def accepted(loaded, instance, values) -> set[tuple[int, int]]:
    cells = [(0, 0), (0, 1)]
    found = set()
    for pair in itertools.product(values, repeat=2):
        assignment = {"digit": dict(zip(cells, pair, strict=True))}
        if not Evaluator(loaded.genre, instance, assignment).violations():
            found.add(pair)
    return found


@pytest.mark.parametrize("lowering", ["support", "table", "bigm"])
@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("rule", RULES)
def test_the_model_has_the_pairs_the_evaluator_accepts(tmp_path, rule, domain, lowering):
    text = GENRE.replace("RULE", rule).replace("DOMAIN", domain)
    loaded, instance = load_texts(tmp_path, text, "marks:\n..\n")
    low, high = map(int, domain.split(".."))
    digit = loaded.genre.variables[0]
    compiled = compile_model(
        loaded.genre,
        instance,
        parse_formulation([f"compare={lowering}"]),
        [(digit, (0, 0)), (digit, (0, 1))],
    )
    solutions = every_solution(compiled, lambda v: (v["digit"][0, 0], v["digit"][0, 1]))
    assert solutions == accepted(loaded, instance, range(low, high + 1))
    names = compiled.model.problem.variablesDict()
    big_m = [name for name in names if name.startswith("cmp")]
    assert (lowering != "bigm") == (not big_m), big_m
    literals = [name for name in names if name.startswith("tbl")]
    if lowering == "support" and RULES.index(rule) in POSTED_OR:
        assert not literals, literals
