"""`VAR forms paths joining ENDS`: the edges (borders or links) where the boolean VAR is true
form disjoint simple paths and no cycle; every element where the input section ENDS is given
is the end of exactly one path, no other element is, and the two ends of a path hold equal
tokens (numberlink).

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
class Paths:
    """The used edges of `var` form simple paths, each joining two equal tokens of `ends`."""

    var: ir.Variable
    ends: ir.InputLayer


NODES = (Paths,)

WORDS = ("forms", "paths", "joining")


def check(checker: Checker, node: Node, focus: Focus | None) -> Paths:
    """VAR is a boolean variable on borders or links, ENDS a section on their ends."""
    if focus is not None:
        raise checker.own_rule(node)
    var_name, ends_name = node.value
    var = checker.line_variable(node, var_name, "paths", boolean=True)
    vertex = ir.ElementKind.POINT if var.on == ir.ElementKind.BORDER else ir.ElementKind.CELL
    hint = (
        f"the path ends are the {vertex.value}s where a section of the puzzle file is given, "
        "e.g. 'line forms paths joining numbers'"
    )
    return Paths(var, checker.input_section(node, ends_name, vertex, hint))


RULE_SYNTAX = {"paths": check}
