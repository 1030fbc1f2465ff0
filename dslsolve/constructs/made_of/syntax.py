"""`made of N regions of LAYER`: in the body of an `each` over groups of cells (`each piece of
X`, `each area of C`, ...), the group is the union of exactly N whole regions of LAYER, a grid
section of cell labels (`each region of LAYER` groups its cells the same way: equal tokens
make one region). A group that holds part of a region only, or a cell of no region (`.`), is
made of no number of them. N is read from the puzzle (a number, `rows`, ...). Combi Block's
blocks, each two of the given tiles: `each piece of wall: made of 2 regions of tiles`.

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
class MadeOf:
    """The focus group is the union of exactly `count` whole regions of `layer`."""

    count: ir.Expr
    layer: ir.InputLayer


NODES = (MadeOf,)

WORDS = ("made",)


def check(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    word, name = node.value
    hint = "e.g. each piece of wall: made of 2 regions of tiles"
    if word not in ("region", "regions"):
        raise checker.error(node, f"'made of N {word} of ...' is not in the language", hint)
    if focus.element is not None or focus.group in checker.scope.sets:
        raise checker.error(
            node,
            "'made of' tells what a group of cells is made of",
            "use it inside 'each piece of ...', 'each area of ...' or 'each region of ...'",
        )
    layer = checker.scope.layers.get(name)
    if name in checker.scope.variables:
        raise checker.error(node, f"'{name}' is a variable, not a grid section of cell labels")
    if layer is None:
        raise checker.unknown(node, name, "grid section")
    if layer.per != ir.ElementKind.CELL.value or layer.name != layer.section:
        raise checker.error(node, f"'{name}' is not a grid section of cell labels (regions)")
    count = checker.expr(node.children[0], focus)
    checker.expect(node.children[0], count, ir.Type.INT)
    measures = ("size", "width", "height")
    if not count.static or any(
        isinstance(n, ir.Param) and n.name in measures for n in ir.walk(count.expr)
    ):
        raise checker.error(
            node.children[0],
            "the number of regions must be read from the puzzle",
            hint,
        )
    return MadeOf(count.expr, layer), ir.Type.BOOL, True


SYNTAX = {"made_of": check}
