"""`area of COND [via VAR] [from NAME]`: an element set, the cells of the area of COND (a
maximal orthogonally connected set of cells where COND holds) that holds a cell (the focus, or
the cell named by an enclosing `each ... as NAME`), read by the aggregates like any set:
`count(area of black)` (the size of the cell's area), `sum(clues of area of white)`,
`d in area of white from c`. With `via` (a variable on links), two cells are joined only where
the link between them is used: `area of visited via line`, the cells of the loop through a
cell.

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
class AreaOf:
    """`area of COND`: the cells of the area of COND (a maximal orthogonally connected set of
    cells where COND holds) that holds a cell, the cell included; none where COND does not
    hold at the cell. COND may read unknowns. With `via` (a variable on links), two cells are
    joined only where the link between them is used: `area of visited via line`, the cells of
    the loop through a cell."""

    cond: ir.Expr
    of: ir.Target
    via: ir.Variable | None = None


NODES = (AreaOf,)

WORDS = ("area",)


def check(checker: Checker, node: Node, focus: Focus) -> tuple[AreaOf, Focus]:
    """`area of COND`: COND a condition read at each cell; the set starts from a cell."""
    cond_node, via_node = node.children
    origin, at = checker.set_start(node, focus, node.value or None)
    if origin != ir.ElementKind.CELL:
        raise checker.error(
            node,
            "'area of' starts from a cell",
            "use it inside 'each cell', or name a cell: area of black from c",
        )
    cells = checker.cell_focus(focus)
    checked = checker.expr(cond_node, cells)
    checker.expect(cond_node, checked, ir.Type.BOOL)
    via = None
    if via_node is not None:
        via = checker.line_variable(via_node, via_node.value, "lines")
        if via.on != ir.ElementKind.LINK:
            raise checker.error(
                via_node,
                "'area of ... via' joins cells by a variable on links",
                "e.g. count(area of visited via line where circles is given)",
            )
    return AreaOf(checked.expr, at, via), cells


def rebase(over: AreaOf, at: ir.Bound) -> AreaOf:
    """The area around the named element `at` instead of the focus (`c.NAME` of a define)."""
    return dataclasses.replace(over, of=at) if isinstance(over.of, ir.Focus) else over


SET_SYNTAX = {"area_of": check}

REBASE = {AreaOf: rebase}
