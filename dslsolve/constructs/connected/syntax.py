"""`C cells connected [diagonally] [without loops] [to R] [via V]`: the cells where the
condition C holds are joined into one set (or none at all). The modifiers say how and to what:
- `diagonally`: cells that touch at a corner are joined too (mochikoro's white cells);
- `without loops`: the set is a tree: no cells of it join around a loop (nurimaze's white
  cells; with `diagonally`, no loop through corners either);
- `to R`: the set may have several parts, but each holds a cell where R holds: every cell is
  joined to a root (cave's black cells, to the grid's edge);
- `via V` (a variable on links): cells are joined by paths of used links instead (a link is
  used where V is true, or not zero), which may pass through any cell (hashiwokakero).
`diagonally` combines with `to`, and `to` with `via`; `diagonally via` is refused (`via`
joins by links, not through neighbouring cells), and so are `without loops to` and `without
loops via` (a forest of rooted parts, or loops of links, are other concepts). In the body of
an `each` over groups (`each region of R: white cells connected`), the cells are those of the
group, joined within it; `to` and `via` are then refused.

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
class Connected:
    """The cells where `cond` holds form one connected set (or none at all), joined along
    `relation` (`diagonally`: corners too) or (`via`) by the used links of a variable on
    links; with `root`, they may form several parts, each holding a cell where `root` holds;
    `loopless`: the set is a tree (no cells of it join around a loop)."""

    cond: ir.Expr
    via: ir.Variable | None = None
    diagonally: bool = False
    root: ir.Expr | None = None
    loopless: bool = False

    @property
    def relation(self) -> str:
        """The cells next to a cell that it is joined with: a relation of `around`'s kind."""
        return "around" if self.diagonally else "neighbours"


NODES = (Connected,)

WORDS = ("cells", "connected")  # `diagonally`, `without loops`: words only after `connected`

TERMINALS = {"DIAGONALLY": "diagonally", "LOOPLESS": "without loops"}


def check(checker: Checker, node: Node, focus: Focus | None) -> Connected:
    """C (and R) are conditions on cells; V a variable on links, never with `diagonally`;
    `without loops` neither with `to` nor with `via`."""
    cond_node, root_node, via_node = node.children
    words = node.value if isinstance(node.value, tuple) else (node.value,)
    diagonally = "diagonally" in words
    loopless = any(str(word).startswith("without") for word in words)
    if focus is not None:  # the body of an `each`: only over groups, and joined within them
        if root_node is not None or via_node is not None or focus.element is not None or focus.sets:
            raise checker.own_rule(node)
        cond = checker.cell_condition(cond_node, focus)
        return Connected(cond, diagonally=diagonally, loopless=loopless)
    if loopless and (root_node is not None or via_node is not None):
        other = root_node if root_node is not None else via_node
        modifier = "to" if root_node is not None else "via"
        raise checker.error(
            other,
            f"'connected without loops {modifier}' is not in the language",
            "'without loops' makes the cells one tree: write 'C cells connected without "
            f"loops', or 'C cells connected {modifier} ...' where the cells may close loops",
        )
    cond = checker.cell_condition(cond_node)
    root = checker.cell_condition(root_node) if root_node is not None else None
    if via_node is None:
        return Connected(cond, diagonally=diagonally, root=root, loopless=loopless)
    if diagonally:
        combination = "diagonally to ... via" if root is not None else "diagonally via"
        raise checker.error(
            via_node,
            f"'connected {combination}' is not in the language",
            "'via' joins the cells by used links alone, through any cell, and 'diagonally' "
            "joins them through cells that touch at a corner: write 'C cells connected via V' "
            "or 'C cells connected diagonally'",
        )
    return Connected(cond, links_joining(checker, via_node), root=root)


def links_joining(checker: Checker, via_node: Node) -> ir.Variable:
    """The V of `connected via V`: a line variable on links."""
    via = checker.line_variable(via_node, via_node.value, "connections")
    if via.on != ir.ElementKind.LINK:
        raise checker.error(
            via_node,
            f"'{via.name}' is not on links",
            "cells are connected via a variable on links",
        )
    return via


RULE_SYNTAX = {"connected": check}
