"""`NAME in SET`: whether the element named by an enclosing `each ... as NAME` is one of a
set's elements (`d in area of black from c`: c and d share a black area).

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
class Contains:
    """`NAME in SET`: the element bound to NAME is one of the set's."""

    element: ir.Bound
    over: ir.SetExpr


NODES = (Contains,)

WORDS = ("in",)


def check(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """The left side names an element of an enclosing `each ... as NAME`, of the set's kind."""
    subject, elements = node.children
    if subject.kind != "name":
        raise checker.error(
            subject,
            "'in' with a set of elements takes the name of an element on its left",
            "e.g. each cell as c: each cell as d: d in area of white from c",
        )
    name = subject.value
    kind = checker.binders.get(name)
    if kind is None:
        raise checker.error(subject, f"'{name}' is not named by an enclosing 'each ... as {name}'")
    over, inner, _ = checker.element_set(elements, focus)
    if inner.element != kind:
        raise checker.error(subject, f"'{name}' is a {kind.value}, not an element of this set")
    return Contains(ir.Bound(name), over), ir.Type.BOOL, checker.set_static(over)


SYNTAX = {"contains": check}
