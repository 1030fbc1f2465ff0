"""Which rule instances are clues, for finding the clues that make a puzzle unsolvable.

A clue is an instance of a rule that reads a value from the puzzle (`count(...) = board` at a
numbered wall, `digit = givens` at a given): the rule asks for that value, and where the value
is absent the instance asks nothing. Tests of the input (`board is given`, `board = '#'`)
shape the board rather than give a clue, so a rule that only tests the input (akari's `each
cell where wall: not light`) is not one. Nor is a rule that cannot be relaxed by a guard:
`alldifferent`, `product` and the rules over areas and pieces are lowered as rules of their
own only (docs/lowerings.md).

`compile_model(..., relax=True)` posts each instance of a clue rule behind a binary k (the
instance holds where k = 1) and maximises the sum of the k: the fewest clues to drop.
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from dslsolve import ir

UNGUARDED = {"alldifferent", "product"}  # aggregates lowered as rules of their own


@dataclass(frozen=True)
class Dropped:
    """A clue the relaxed model left out: its rule and the place named as the evaluator
    names it (`r2c7`, `row 3`)."""

    rule: ir.Rule
    where: str

    def __str__(self) -> str:
        return f"line {self.rule.origin.line}: '{self.rule.text}' at {self.where}"


@dataclass(frozen=True)
class Kept:
    """The binary that keeps one clue of the relaxed model."""

    binary: pulp.LpVariable
    clue: Dropped


def clue_rules(genre: ir.Genre) -> list[ir.Rule]:
    """The rules whose instances are clues: `each` rules over elements or static groups
    whose condition reads a value from the puzzle and can be guarded."""
    return [rule for rule in genre.rules if _relaxable(rule.body) and _reads_a_value(rule.body)]


def _relaxable(body: ir.RuleBody) -> bool:
    if not isinstance(body, ir.Each) or body.group.kind in ("area", "piece"):
        return False
    if isinstance(body.body, ir.Each):
        return _relaxable(body.body)
    if not isinstance(body.body, ir.Holds):
        return False
    return not any(
        isinstance(node, ir.Aggregate) and node.func in UNGUARDED
        for node in ir.walk(body.body.expr)
    )


def _reads_a_value(body: ir.Each) -> bool:
    """Does the condition (not the `where`) read puzzle input as a value?"""
    inner = body
    while isinstance(inner.body, ir.Each):
        inner = inner.body
    tested = set()
    for node in ir.walk(inner.body.expr):
        if isinstance(node, ir.TokenTest):
            tested.add(id(node.ref))
        elif isinstance(node, ir.Compare) and (
            isinstance(node.left, ir.Sym) or isinstance(node.right, ir.Sym)
        ):
            tested.update(id(side) for side in (node.left, node.right))
    return any(
        isinstance(node, ir.InputRef) and id(node) not in tested
        for node in ir.walk(inner.body.expr)
    )
