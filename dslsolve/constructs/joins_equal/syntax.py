"""`VAR joins equal NUMBERS [with crossings]`: the used links of VAR (a boolean on links) form
lines, and the cells where NUMBERS (a section on cells) holds a number lie on them so that two
such cells are on one line exactly when their numbers are equal: all the cells of a number on
one line, no line with two different numbers. A token that is not a number (`?`) may be on any
line. With `crossings`, a cell with all four links used where NUMBERS is not given is a
*crossing*: two lines pass straight through it, across and down, and are not joined there (as
in `C cells connected via VAR with crossings`); without it, used links that meet at a cell
are one line. Loop special: each loop passes the circles of one number, and all of them.

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
class JoinsEqual:
    """Cells of `numbers` lie on one line of `var` exactly when their numbers are equal."""

    var: ir.Variable
    numbers: ir.InputLayer
    crossings: bool = False


NODES = (JoinsEqual,)

WORDS = ("joins", "equal", "with", "crossings")

KINDS = ("joins_equal", "joins_equal_crossing")


def check(checker: Checker, node: Node, focus: Focus | None) -> JoinsEqual:
    """VAR is a boolean variable on links, NUMBERS a section on cells; a rule of its own."""
    if focus is not None:
        raise checker.own_rule(node, "joins equal")
    var_name, numbers_name = node.value
    var = checker.link_variable(node, var_name, "lines joining equal numbers")
    numbers = checker.input_section(
        node,
        numbers_name,
        ir.ElementKind.CELL,
        "the numbers joined are a section on cells, e.g. 'line joins equal circles'",
    )
    return JoinsEqual(var, numbers, node.kind == "joins_equal_crossing")


RULE_SYNTAX = dict.fromkeys(KINDS, check)
