"""`VAR toward DIRECTION`: the edge of the boolean line VAR (on borders or links) that leaves
the focus vertex (a point for borders, a cell for links) toward DIRECTION is used: the line
leaves this cell toward that neighbour. DIRECTION is written (`up`, `down`, `left`, `right`)
or is a section on the vertices whose tokens name directions (`line toward arrows`: no value
where a token names none). At a gate of the path that VAR forms through a gates section, the
side on the grid's outline counts as used.

This module is the construct's contract: the IR node and the checker's typing. `meaning.py`
(the evaluator) and `lowering.py` (the compiler) read the node and share no code.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.geometry import vertex_kind

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Checker, Focus
    from dslsolve.dsl.parser import Node


@dataclass(frozen=True)
class Toward:
    """The edge of `var` that leaves the vertex at `at` toward `direction` is used:
    `direction` is up, down, left or right, or a layer on the vertices whose token names one
    (`geometry.DIRECTION_TOKENS`), read at the same vertex. `gates` is the gates layer of the
    rule `var forms path through GATES` (None without one): at a gate, the side on the
    grid's outline counts as a used edge (the path crosses it there)."""

    var: ir.Variable
    at: ir.Target
    gates: ir.InputLayer | None
    direction: str | ir.InputLayer


NODES = (Toward,)

WORDS = ("toward",)


def check(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """A line variable read at the focus vertex; a written direction (kind `toward`) or a
    section on the vertices (kind `toward_layer`)."""
    name, direction = node.value
    var, gates = checker.line_at_vertex(node, name, f"{name} toward {direction}", focus)
    if node.kind == "toward":
        return Toward(var, ir.Focus(), gates, direction), ir.Type.BOOL, False
    layer = checker.scope.layers.get(direction)
    vertex = vertex_kind(var.on)
    if layer is None or layer.per != vertex.value or layer.lists:
        raise checker.error(
            node,
            f"'{direction}' is not a direction",
            f"write up, down, left or right, or name a section on {vertex.value}s whose "
            "tokens are directions (← ↑ → ↓, L U R D or up ...)",
        )
    return Toward(var, ir.Focus(), gates, layer), ir.Type.BOOL, False


def rebase(expr: Toward, at: ir.Bound) -> Toward:
    """Read at the named vertex (`c.NAME`, NAME a define of `line toward D`)."""
    return dataclasses.replace(expr, at=at) if isinstance(expr.at, ir.Focus) else expr


SYNTAX = {"toward": check, "toward_layer": check}

REBASE = {Toward: rebase}
