"""`VAR forms directed loop`: the edges (borders or links) where the boolean VAR is true form
exactly one cycle, as `VAR forms single loop` says, and the loop also runs one way round: the
solver chooses the orientation, the answer shows only the edges. Two expressions read the
direction at the focus vertex (a cell for links, a point for borders):

- `VAR leaves toward DIR`: the loop leaves the vertex toward DIR (its edge toward DIR is used
  and travelled away from the vertex);
- `VAR enters from DIR`: the loop comes into the vertex from DIR (the edge toward DIR is used
  and travelled toward the vertex).

DIR is `up`, `down`, `left` or `right`, or a section on the vertices whose tokens name
directions (`geometry.DIRECTION_TOKENS`; no value where a token names none), as for
`VAR toward DIR`. Both need the rule `VAR forms directed loop` on the same variable (anywhere
among the rules): nagare's arrows on the loop and its wind.

This module is the construct's contract: the IR nodes and the checker's typing. `meaning.py`
(the evaluator) and `lowering.py` (the compiler) read the nodes and share no code.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.loop.syntax import loop_variable
from dslsolve.constructs.toward.syntax import direction_layer
from dslsolve.geometry import vertex_kind

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Checker, Focus
    from dslsolve.dsl.parser import Node


@dataclass(frozen=True)
class DirectedLoop:
    """The edges where the boolean `var` is true form exactly one cycle (every vertex has
    degree 0 or 2, the used edges connected), run in one of its two directions."""

    var: ir.Variable


@dataclass(frozen=True)
class Travel:
    """At the vertex `at`, the directed loop of `var` leaves toward `direction` (`enters`
    False) or comes in from `direction` (`enters` True); `direction` is up, down, left or
    right, or a layer on the vertices whose token names one, read at the same vertex."""

    var: ir.Variable
    at: ir.Target
    direction: str | ir.InputLayer
    enters: bool


NODES = (DirectedLoop, Travel)

WORDS = ("directed", "leaves", "enters")


def check_loop(checker: Checker, node: Node, focus: Focus | None) -> DirectedLoop:
    return DirectedLoop(loop_variable(checker, node, focus))


def check_travel(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """A line variable read at the focus vertex, whose rule `VAR forms directed loop` gives it
    a direction; a written direction (kinds `leaves`, `enters`) or a section on the vertices
    (`leaves_layer`, `enters_layer`)."""
    name, direction = node.value
    enters = node.kind.startswith("enters")
    word = "enters from" if enters else "leaves toward"
    var, _ = checker.line_at_vertex(node, name, f"{name} {word} {direction}", focus)
    if var.name not in checker.scope.directed:
        raise checker.error(
            node,
            f"'{name}' has no direction",
            f"'{word}' reads a directed loop: add the rule '{name} forms directed loop'",
        )
    if not node.kind.endswith("_layer"):
        return Travel(var, ir.Focus(), direction, enters), ir.Type.BOOL, False
    vertex = vertex_kind(var.on)
    layer = direction_layer(checker, node, direction, vertex)
    return Travel(var, ir.Focus(), layer, enters), ir.Type.BOOL, False


def rebase(expr: Travel, at: ir.Bound) -> Travel:
    """Read at the named vertex (`c.NAME`, NAME a define of `line leaves toward D`)."""
    return dataclasses.replace(expr, at=at) if isinstance(expr.at, ir.Focus) else expr


RULE_SYNTAX = {"directed_loop": check_loop}

SYNTAX = {
    "leaves": check_travel,
    "leaves_layer": check_travel,
    "enters": check_travel,
    "enters_layer": check_travel,
}

REBASE = {Travel: rebase}
