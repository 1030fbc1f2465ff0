"""`VAR divides into pieces symmetric about LAYER[, LAYER ...]`: VAR, a boolean on borders
(walls), divides the grid into pieces as in `each piece of VAR` (the walls are exactly the
pieces' outlines), and each piece is symmetric under a half-turn about its *centre*: the
centres are the elements where a LAYER is given (each LAYER an input section on cells, links
or points). Each piece holds exactly one centre: a cell of it, a link between two of its cells
(no wall across it) or a point inside it (its four cells in the piece, no wall at it); a wall
across a centre's link or at a centre's point breaks the rule, and so does a piece whose cells'
images under the half-turn about its centre are not all cells of the piece (tentaisho's
galaxies, about their stars).

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
class SymmetricPieces:
    """`var` (a boolean on borders) divides the grid into pieces, each holding one centre (an
    element where one of `centres` is given) and symmetric under a half-turn about it."""

    var: ir.Variable
    centres: tuple[ir.InputLayer, ...]


NODES = (SymmetricPieces,)

WORDS = ("divides", "symmetric")

KINDS = ("cell", "link", "point")


def check(checker: Checker, node: Node, focus: Focus | None) -> SymmetricPieces:
    """VAR is a boolean on borders; each LAYER an input section on cells, links or points. The
    rule stands on its own."""
    if focus is not None:
        raise checker.own_rule(node, "divides into pieces symmetric about")
    var_name, *names = node.value
    var = checker.scope.variables.get(var_name)
    if var is None and var_name in checker.scope.layers:
        raise checker.error(
            node,
            f"'{var_name}' is an input section, not a variable",
            "the pieces are cut by a boolean variable on borders (walls)",
        )
    if var is None:
        raise checker.unknown(node, var_name, "variable")
    if var.on != ir.ElementKind.BORDER or var.type != ir.Type.BOOL:
        raise checker.error(
            node,
            f"'{var_name}' cannot divide the grid",
            "the pieces are cut by a boolean variable on borders (walls)",
        )
    centres = []
    for name in names:
        layer = checker.scope.layers.get(name)
        if layer is None or layer.per not in KINDS:
            raise checker.error(
                node,
                f"'{name}' is not an input section on cells, links or points",
                "the centres are the elements where a section of the puzzle is given, "
                "e.g. 'wall divides into pieces symmetric about stars'",
            )
        centres.append(layer)
    return SymmetricPieces(var, tuple(centres))


RULE_SYNTAX = {"symmetric_pieces": check}
