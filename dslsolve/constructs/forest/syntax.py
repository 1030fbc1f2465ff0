"""`VAR forms no loop`: the edges where the boolean VAR is true (borders between points, or
links between cells) hold no cycle, so every part of them is a tree (a forest).

`VAR forms no loop of diagonals`: VAR is a boolean on cells and every cell holds one of its
two diagonals, the rising one `/` (bottom-left to top-right corner) where VAR is true, the
falling one `\\` (top-left to bottom-right) where it is false; the diagonals, edges between
lattice points, hold no cycle (gokigen, slant).

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
class NoLoop:
    """The used edges of `var` form no cycle. `diagonals`: `var` is on cells and chooses each
    cell's diagonal (true: rising `/`, false: falling `\\`), an edge between two points."""

    var: ir.Variable
    diagonals: bool = False


NODES = (NoLoop,)

WORDS = ("forms", "no", "loop", "of", "diagonals")


def diagonal_variable(checker: Checker, node: Node) -> ir.Variable:
    """The variable named by `node.value`, a boolean on cells that chooses each cell's
    diagonal (shared with `diagonal of VAR on loop`)."""
    var = checker.scope.variables.get(node.value)
    if var is None:
        raise checker.unknown(node, node.value, "variable")
    if var.on != ir.ElementKind.CELL or var.type != ir.Type.BOOL:
        raise checker.error(
            node,
            f"'{var.name}' cannot choose diagonals",
            "a diagonal is chosen by a boolean variable on cells "
            "(true: the cell's diagonal rises '/', false: it falls '\\')",
        )
    return var


def check(checker: Checker, node: Node, focus: Focus | None) -> NoLoop:
    """VAR is a boolean on borders or links; with `of diagonals`, a boolean on cells. The
    rule stands on its own."""
    if focus is not None:
        raise checker.own_rule(node, "no loop")
    if node.kind == "no_loop":
        return NoLoop(checker.line_variable(node, node.value, "no loop", boolean=True))
    var = diagonal_variable(checker, node)
    return NoLoop(var, diagonals=True)


RULE_SYNTAX = {"no_loop": check, "no_loop_diagonals": check}
