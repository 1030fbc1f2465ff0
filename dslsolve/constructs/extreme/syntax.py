"""`max(E of SET)` and `min(E of SET)`: the greatest (least) value of the number E over the
members of SET (any element set, `where` filters included), read at each member as an
aggregate reads it; 0 when SET has no member, and members where E needs absent input are
left out. A number like any other: `max(digit of row) - min(digit of row) = 3`. Without a
set, `max(E)` and `max(E where C)` range over the cells of the group in focus, as `sum(E)`
does: `each room: max(digit) - min(digit) = size - 1`.

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
class Extreme:
    """`func(value of over where filter)`, func `max` or `min`; value and filter are read
    with the set's element as the focus."""

    func: str
    value: ir.Expr
    over: ir.SetExpr
    filter: ir.Expr | None = None


NODES = (Extreme,)

WORDS = ("max", "min")

FUNCTIONS = WORDS

TERMINALS = {"EXTREME": "max or min"}

FORMS = {  # what a syntax error inside `max(...)` suggests
    word: f"{word}(E of SET): the value E of each member of SET, e.g. {word}(digit of row), "
    f"{word}(digit of neighbours where white) or {word}(digit of cells) over the whole grid; "
    f"{word}(digit) over the group in focus (each room: {word}(digit) ...)"
    for word in WORDS
}


def check(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """E is a number at each member of SET; a condition is refused (`any`, `all` say that)."""
    hint = f"whether it holds somewhere: any(SET where C); e.g. {node.value}(digit of row)"
    value, over, cond, static = numbers_over(checker, node, focus, hint)
    return Extreme(node.value, value, over, cond), ir.Type.INT, static


def numbers_over(
    checker: Checker, node: Node, focus: Focus, hint: str
) -> tuple[ir.Expr, ir.SetExpr, ir.Expr | None, bool]:
    """The number E of `func(E of SET)` and `func(E [where C])` (over the cells of the group
    in focus, as `sum(E)` reads them), typed: (E, the set, the filter, whether all of it
    depends on the input only). `hint` follows the refusal of a condition as E."""
    if node.kind.endswith("_group"):
        value_node, filter_node = node.children
        over, inner = checker.group_members(node, focus, node.value)
    else:
        value_node, set_node = node.children
        over, inner, filter_node = checker.element_set(set_node, focus)
    value = checker.expr(value_node, inner)
    if value.type == ir.Type.BOOL:
        raise checker.error(
            value_node, f"{node.value}(...) takes a number of each member, not a condition", hint
        )
    checker.expect(value_node, value, ir.Type.INT)
    cond = checker.expr(filter_node, inner) if filter_node is not None else None
    if cond is not None:
        checker.expect(filter_node, cond, ir.Type.BOOL)
    static = all(c.static for c in (value, cond) if c is not None) and checker.set_static(over)
    return value.expr, over, cond.expr if cond is not None else None, static


SYNTAX = {"extreme": check, "extreme_group": check}
