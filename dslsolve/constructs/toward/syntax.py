"""`VAR toward DIRECTION`: the edge of the boolean line VAR (on borders or links) that leaves
the focus vertex (a point for borders, a cell for links) toward DIRECTION is used: the line
leaves this cell toward that neighbour. DIRECTION is written (`up`, `down`, `left`, `right`)
or is a section on the vertices whose tokens name directions (`line toward arrows`: no value
where a token names none). At a gate of the path that VAR forms through a gates section, the
side on the grid's outline counts as used. A boolean on borders (walls) read at a cell is
the cell's side toward DIRECTION instead: `wall toward up` holds where the top side of the
cell is a wall (the outline's sides too).

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


@dataclass(frozen=True)
class SideToward:
    """`VAR toward DIRECTION` read at a cell, VAR a boolean on borders (walls): the cell's side
    toward `direction` (a border, on the outline too) holds VAR. `direction` as in `Toward`."""

    var: ir.Variable
    at: ir.Target
    direction: str | ir.InputLayer


@dataclass(frozen=True)
class LayerToward:
    """`LAYER toward DIRECTION` read at a cell, LAYER an input layer on links (walls given as
    marks between cells): the link from the cell toward `direction` holds a given token (no
    link past the grid's edge: false). `direction` as in `Toward`."""

    layer: ir.InputLayer
    at: ir.Target
    direction: str | ir.InputLayer


def side_of(cell: tuple[int, int], direction: str) -> tuple[str, int, int]:
    """The border on the side of `cell` toward `direction` ('h', r, c: the top of cell (r, c);
    'v', r, c: its left)."""
    r, c = cell
    return {
        "up": ("h", r, c),
        "down": ("h", r + 1, c),
        "left": ("v", r, c),
        "right": ("v", r, c + 1),
    }[direction]


NODES = (Toward, SideToward, LayerToward)

WORDS = ("toward",)


def check(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """A line variable read at the focus vertex; a written direction (kind `toward`) or a
    section on the vertices (kind `toward_layer`)."""
    name, direction = node.value
    var = checker.scope.variables.get(name)
    marks = checker.scope.layers.get(name)
    if (
        var is None
        and marks is not None
        and marks.per == ir.ElementKind.LINK.value
        and focus.element == ir.ElementKind.CELL
    ):
        if node.kind == "toward":
            return LayerToward(marks, ir.Focus(), direction), ir.Type.BOOL, True
        layer = checker.scope.layers.get(direction)
        if layer is None or layer.per != ir.ElementKind.CELL.value or layer.lists:
            raise checker.error(
                node, f"'{direction}' is not a direction", "write up, down, left or right"
            )
        return LayerToward(marks, ir.Focus(), layer), ir.Type.BOOL, True
    side = (
        var is not None
        and var.on == ir.ElementKind.BORDER
        and var.type == ir.Type.BOOL
        and focus.element == ir.ElementKind.CELL
    )
    if side:
        vertex = ir.ElementKind.CELL
    else:
        var, gates = checker.line_at_vertex(node, name, f"{name} toward {direction}", focus)
        vertex = vertex_kind(var.on)
    if node.kind == "toward":
        if side:
            return SideToward(var, ir.Focus(), direction), ir.Type.BOOL, False
        return Toward(var, ir.Focus(), gates, direction), ir.Type.BOOL, False
    layer = direction_layer(checker, node, direction, vertex)
    if side:
        return SideToward(var, ir.Focus(), layer), ir.Type.BOOL, False
    return Toward(var, ir.Focus(), gates, layer), ir.Type.BOOL, False


def rebase(
    expr: Toward | SideToward | LayerToward, at: ir.Bound
) -> Toward | SideToward | LayerToward:
    """Read at the named vertex (`c.NAME`, NAME a define of `line toward D`)."""
    return dataclasses.replace(expr, at=at) if isinstance(expr.at, ir.Focus) else expr


SYNTAX = {"toward": check, "toward_layer": check}

REBASE = {Toward: rebase, SideToward: rebase, LayerToward: rebase}


def direction_layer(
    checker: Checker, node: Node, direction: str, vertex: ir.ElementKind
) -> ir.InputLayer:
    """The input section named where a direction is read: one on the vertices (`vertex`)
    whose tokens are directions (the directed loop's `leaves toward` shares this)."""
    layer = checker.scope.layers.get(direction)
    if layer is None or layer.per != vertex.value or layer.lists:
        raise checker.error(
            node,
            f"'{direction}' is not a direction",
            f"write up, down, left or right, or name a section on {vertex.value}s whose "
            "tokens are directions (← ↑ → ↓, L U R D or up ...)",
        )
    return layer
