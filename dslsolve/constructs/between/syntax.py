"""`VAR between`: read at a link, a boolean VAR on borders (walls) at the border between the
link's two cells, the one the link crosses: `each link where walls is given: wall between`
(a given border is a wall; `each link as (a, b) where a.rooms = b.rooms: not wall between`).

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
class Between:
    """The value of `var` (a boolean on borders) at the border the focus link crosses."""

    var: ir.Variable


def crossed(link: tuple[str, int, int]) -> tuple[str, int, int]:
    """The border a link crosses: link ('h', r, c) joins cell (r, c) to (r, c + 1) across the
    border ('v', r, c + 1) left of the second; link ('v', r, c) joins (r, c) to (r + 1, c)
    across ('h', r + 1, c), the top of the second."""
    axis, r, c = link
    return ("v", r, c + 1) if axis == "h" else ("h", r + 1, c)


NODES = (Between,)

WORDS = ("between",)


def check(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    name = node.value[0] if isinstance(node.value, tuple | list) else node.value
    var = checker.scope.variables.get(name)
    if var is None:
        raise checker.unknown(node, name, "variable")
    if var.on != ir.ElementKind.BORDER or var.type != ir.Type.BOOL:
        raise checker.error(
            node,
            f"'{name} between' reads a boolean on borders at a link",
            "e.g. each link where walls is given: wall between",
        )
    if focus.element != ir.ElementKind.LINK:
        where = "a group" if focus.element is None else f"a {focus.element.value}"
        raise checker.error(
            node,
            f"'{name} between' is read at a link, but here the focus is {where}",
            "use it inside 'each link'",
        )
    return Between(var), ir.Type.BOOL, False


SYNTAX = {"between": check}
