"""`C cells connected via VAR with crossings`: as `C cells connected via VAR` (the cells where
C holds are joined by paths of used links, through any cell), except that a cell where C does
not hold and all four links are used is a *crossing*: two lines pass straight through it,
across and down, and are not joined there. A path of used links may go straight on through a
crossing but not turn in it; at any other cell (a C-cell with four used links too) it may
turn. Crossing Ichimaga: the circles are joined by the lines, and two lines that cross
between circles do not meet. `C points connected via VAR with crossings` is the same on the
lattice points, joined by VAR on borders (Goats and Wolves: every line reaches the grid's
outline, and two lines that cross away from a dot do not meet). `C cells connected to R via
VAR with crossings` (rooted): each C-cell is joined so to a C-cell where R holds (every loop of
loop special passes a circle).

This module is the construct's contract: the IR node and the checker's typing. `meaning.py`
(the evaluator) and `lowering.py` (the compiler) read the node and share no code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.connected.syntax import links_joining

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Checker, Focus
    from dslsolve.dsl.parser import Node


@dataclass(frozen=True)
class CrossingConnected:
    """The cells where `cond` holds are joined by used links of `via`, which do not turn at a
    cell outside `cond` with all four links used."""

    cond: ir.Expr
    via: ir.Variable
    vertex: ir.ElementKind = ir.ElementKind.CELL  # the vertices: cells (links), points (borders)
    root: ir.Expr | None = None  # `to R`: each C-cell joined to a C-cell where R holds


NODES = (CrossingConnected,)

WORDS = ("cells", "points", "connected", "to", "with", "crossings")


def check(checker: Checker, node: Node, focus: Focus | None) -> CrossingConnected:
    """C is a condition on cells, V a variable on links; a rule of its own."""
    if focus is not None:
        raise checker.own_rule(node, "connected via ... with crossings")
    if node.kind == "connected_crossing_to":
        cond_node, root_node, via_node = node.children
    else:
        (cond_node, via_node), root_node = node.children, None
    cond = checker.cell_condition(cond_node)
    root = checker.cell_condition(root_node) if root_node is not None else None
    return CrossingConnected(cond, links_joining(checker, via_node), root=root)


def check_points(checker: Checker, node: Node, focus: Focus | None) -> CrossingConnected:
    """C is a condition on points, V a boolean variable on borders; a rule of its own."""
    if focus is not None:
        raise checker.own_rule(node, "connected via ... with crossings")
    cond_node, via_node = node.children
    cond = checker.cell_condition(cond_node, kind=ir.ElementKind.POINT)
    via = checker.line_variable(via_node, via_node.value, "connections")
    if via.on != ir.ElementKind.BORDER:
        raise checker.error(
            via_node,
            f"'{via.name}' is not on borders",
            "points are connected via a variable on borders",
        )
    return CrossingConnected(cond, via, ir.ElementKind.POINT)


RULE_SYNTAX = {
    "connected_crossing": check,
    "connected_crossing_to": check,
    "connected_crossing_points": check_points,
}
