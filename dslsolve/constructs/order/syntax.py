"""`increasing(E of SET)` / `decreasing(E of SET)`: whether the number E strictly rises (falls)
from each member of SET to the next, in the set's order (a row from the left, a ray from its
start, a group of a groups section as its cells are listed); members where E needs absent
input are left out. Without a set, `increasing(E)` and `increasing(E where C)` read the cells
of the group in focus: `each group of thermometers: increasing(digit)`, a thermometer's digits
rising from its bulb. A condition like any other (`not increasing(digit of row)`).

This module is the construct's contract: the IR node and the checker's typing. `meaning.py`
(the evaluator) and `lowering.py` (the compiler) read the node and share no code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.extreme.syntax import numbers_over

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Checker, Focus
    from dslsolve.dsl.parser import Node


@dataclass(frozen=True)
class Ordered:
    """`direction(value of over where filter)`, direction `increasing` or `decreasing`; value
    and filter are read with the set's element as the focus."""

    direction: str
    value: ir.Expr
    over: ir.SetExpr
    filter: ir.Expr | None = None


NODES = (Ordered,)

WORDS = ("increasing", "decreasing")

FUNCTIONS = WORDS

TERMINALS = {"ORDER": "increasing or decreasing"}

FORMS = {  # what a syntax error inside `increasing(...)` suggests
    word: f"{word}(E of SET) or {word}(E): whether E is strictly {word} along the members "
    f"of SET in order, or the cells of the group in focus, e.g. {word}(digit of row) or "
    f"each group of thermometers: {word}(digit)"
    for word in WORDS
}


def check(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """E is a number at each member, as `max(...)` reads it (`extreme.syntax`)."""
    hint = f"e.g. {node.value}(digit of row); count(...) counts where a condition holds"
    value, over, cond, static = numbers_over(checker, node, focus, hint)
    return Ordered(node.value, value, over, cond), ir.Type.BOOL, static


SYNTAX = {"ordered": check, "ordered_group": check}
