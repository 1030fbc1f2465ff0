"""`VAR forms single loop [with crossings]`: the edges (borders or links) where the boolean
VAR is true form exactly one cycle (slitherlink, masyu). With `crossings`, a vertex may also
have all four of its edges used: the loop crosses itself there, going straight.

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
class SingleLoop:
    """The edges where the boolean `var` is true form exactly one cycle: every vertex has
    degree 0 or 2 (or 4, a crossing, with `crossings`) and the used edges are connected."""

    var: ir.Variable
    crossings: bool = False


NODES = (SingleLoop,)

WORDS = ("forms", "single", "loop", "with", "crossings")


def loop_variable(checker: Checker, node: Node, focus: Focus | None) -> ir.Variable:
    """The VAR of a rule `VAR forms ... loop`: a boolean variable on borders or links; the
    rule stands on its own (the directed loop's check shares this)."""
    if focus is not None:
        raise checker.own_rule(node)
    var = checker.scope.variables.get(node.value)
    if var is None:
        raise checker.unknown(node, node.value, "variable")
    if var.on not in (ir.ElementKind.BORDER, ir.ElementKind.LINK) or var.type != ir.Type.BOOL:
        raise checker.error(
            node,
            f"'{var.name}' cannot form a loop",
            "a loop needs a boolean variable on borders or links",
        )
    return var


def check(checker: Checker, node: Node, focus: Focus | None) -> SingleLoop:
    return SingleLoop(loop_variable(checker, node, focus), node.kind == "single_loop_crossing")


RULE_SYNTAX = {"single_loop": check, "single_loop_crossing": check}
