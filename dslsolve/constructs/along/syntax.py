"""`passed(C along VAR from S)`: at a cell on the directed loop of VAR (a boolean on links with
the rule `VAR forms directed loop`), the number of cells where C holds that the loop passes
from its start, the one cell where S holds, to this cell, both included, in the way the loop
runs; 0 at a cell off the loop. C and S depend on the input only. Slalom: the gates are
passed in the order of their numbers, `passed(gate along line from start)` at a gate's cell
is its place in that order. Where the start is not on the loop (or there is no start, or
more than one), the expression has no value.

This module is the construct's contract: the IR node and the checker's typing. `meaning.py`
(the evaluator) and `lowering.py` (the compiler) read the node and share no code.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Checker, Focus
    from dslsolve.dsl.parser import Node


@dataclass(frozen=True)
class Passed:
    """The count of `cond`-cells on the directed loop of `var` from the `start` cell to the
    cell `at`, both included (0 off the loop)."""

    var: ir.Variable
    cond: ir.Expr
    start: ir.Expr
    at: ir.Target = dataclasses.field(default_factory=ir.Focus)


NODES = (Passed,)

WORDS = ("passed", "along")

FUNCTIONS = ("passed",)

TERMINALS = {"PASSED": "passed"}

FORMS = {
    "passed": "passed(C along VAR from S): the cells where C holds that the directed loop of "
    "VAR passes from the cell where S holds to here, e.g. passed(gate along line from start)"
}


def check(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """Read at a cell; VAR is a boolean on links with a `forms directed loop` rule; C and S are
    conditions on cells that depend on the input only."""
    cond_node, start_node = node.children
    name = node.value if isinstance(node.value, str) else node.value[-1]
    if focus.element != ir.ElementKind.CELL:
        raise checker.error(node, "'passed' is read at a cell", "e.g. each cell: ...")
    var = checker.link_variable(node, name, "a directed loop")
    if var.name not in checker.scope.directed:
        raise checker.error(
            node,
            f"'{name}' has no direction",
            f"'passed' counts along a directed loop: add the rule '{name} forms directed loop'",
        )
    parts = []
    for part in (cond_node, start_node):
        checked = checker.expr(part, type(focus)(ir.ElementKind.CELL))
        checker.expect(part, checked, ir.Type.BOOL)
        if not checked.static:
            raise checker.error(
                part,
                "the cells counted and the start of 'passed' depend on the puzzle only",
                "e.g. passed(board = 'i' along line from board = 'o')",
            )
        parts.append(checked.expr)
    return Passed(var, parts[0], parts[1]), ir.Type.INT, False


def rebase(expr: Passed, at: ir.Bound) -> Passed:
    """Read at the named cell (`c.NAME`, NAME a define of `passed(...)`)."""
    return dataclasses.replace(expr, at=at) if isinstance(expr.at, ir.Focus) else expr


SYNTAX = {"passed": check}

REBASE = {Passed: rebase}
