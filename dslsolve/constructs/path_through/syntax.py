"""`VAR forms path through GATES [along ARROWS] [with crossings] [passing NUMBERS in order]`:
one directed path of used
links through the grid's outline: it enters the grid at the entrance gate and leaves it at
the exit gate (the two cells where the input section GATES holds a direction of travel: the
entrance has the outline behind it, the exit ahead of it) and runs from cell to cell without
branching; every used link lies on it. Where ARROWS (a section on links) holds a direction,
the link is travelled that way. With `crossings`, the path may cross itself at a cell with
four used links, going straight through it both times; otherwise a cell is visited at most
once (icebarn). The line shapes of VAR (`straight`, `turns`, `piece`) count a gate's outline
side as used (`Scope.gates`). With `passing NUMBERS in order`, the cells where NUMBERS is
given are counted along the path from the entrance, each visit once (a cell crossed twice
counts twice): the k-th such visit is at a cell whose NUMBERS holds k, or a token that is not
a number (`?`: any place in the order). Whether every such cell is passed is for other rules.

This module is the construct's contract: the IR node and the checker's typing. `meaning.py`
(the evaluator) and `lowering.py` (the compiler) read the node and share no code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Checker, Focus
    from dslsolve.dsl.parser import Node


@dataclass(frozen=True)
class PathThrough:
    """The used links of `var` are one path from the entrance gate to the exit gate of
    `gates`, passing each link of `arrows` its way, crossing itself only with `crossings`."""

    var: ir.Variable
    gates: ir.InputLayer
    arrows: ir.InputLayer | None = None
    crossings: bool = False
    order: ir.InputLayer | None = None  # `passing NUMBERS in order`


NODES = (PathThrough,)

WORDS = ("forms", "with", "crossings", "passing", "order")

# the grammar's alternatives: with crossings or not, passing numbers in order or not
KINDS = (
    "path_through",
    "path_through_crossing",
    "path_through_order",
    "path_through_crossing_order",
)


def check(checker: Checker, node: Node, focus: Focus | None) -> PathThrough:
    """VAR is a boolean variable on links in one such rule; GATES a section on cells, ARROWS
    one on links."""
    if focus is not None:
        raise checker.own_rule(node, "path through")
    var_name, gates_name, *rest = node.value
    ordered = node.kind.endswith("_order")
    arrows_name = rest[:-1] if ordered else rest
    var = checker.link_variable(node, var_name, "a path through gates")
    if len(checker.scope.gates.get(var.name, ())) > 1:
        raise checker.error(
            node,
            f"'{var.name}' forms a path through gates in more than one rule",
            "one such rule per variable: its gates are where straight, turns and piece "
            "count the outline side",
        )
    gates = checker.input_section(
        node,
        gates_name,
        ir.ElementKind.CELL,
        "the gates are the two cells where a section on cells holds the direction of travel, "
        "U, D, L or R, e.g. 'line forms path through gates'",
    )
    arrows = None
    if arrows_name:
        arrows = checker.input_section(
            node,
            arrows_name[0],
            ir.ElementKind.LINK,
            "the arrows are a grid section on links holding U, D, L or R between cells",
        )
    order = None
    if ordered:
        order = checker.input_section(
            node,
            rest[-1],
            ir.ElementKind.CELL,
            "the numbers passed in order are a section on cells: 1 for the first cell passed, "
            "2 for the next, ..., '?' for any place",
        )
    crossings = node.kind.startswith("path_through_crossing")
    return PathThrough(var, gates, arrows, crossings, order)


RULE_SYNTAX = dict.fromkeys(KINDS, check)
