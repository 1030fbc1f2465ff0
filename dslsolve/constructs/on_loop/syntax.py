"""`diagonal of VAR on loop`, at a cell: VAR is a boolean on cells that chooses each cell's
diagonal (true: the rising `/`, false: the falling `\\`), as in `VAR forms no loop of
diagonals`; the expression holds where the focus cell's diagonal lies on a loop (a cycle) of
all the cells' diagonals, a graph on the lattice points: its two ends are still joined by
the other diagonals (wagiri's 輪 and 切).

This module is the construct's contract: the IR node and the checker's typing. `meaning.py`
(the evaluator) and `lowering.py` (the compiler) read the node and share no code.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.forest.syntax import diagonal_variable

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Checker, Focus
    from dslsolve.dsl.parser import Node


@dataclass(frozen=True)
class DiagonalOnLoop:
    """The diagonal that `var` chooses in the cell at `at` lies on a cycle of the diagonals."""

    var: ir.Variable
    at: ir.Target


NODES = (DiagonalOnLoop,)

WORDS = ("diagonal", "of", "on", "loop")


def check(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """VAR a boolean on cells, read at a cell."""
    text = f"diagonal of {node.value} on loop"
    var = diagonal_variable(checker, node)
    if focus.element != ir.ElementKind.CELL:
        where = focus.element.value if focus.element else focus.group
        raise checker.error(
            node,
            f"{text} is read at a cell, but here the focus is {where}",
            "write it inside 'each cell', or in a set of cells: count(cells where ...)",
        )
    return DiagonalOnLoop(var, ir.Focus()), ir.Type.BOOL, False


def rebase(expr: DiagonalOnLoop, at: ir.Bound) -> DiagonalOnLoop:
    """Read at the named cell (`c.NAME`, NAME a define of `diagonal of VAR on loop`)."""
    return dataclasses.replace(expr, at=at) if isinstance(expr.at, ir.Focus) else expr


SYNTAX = {"diagonal_on_loop": check}

REBASE = {DiagonalOnLoop: rebase}
