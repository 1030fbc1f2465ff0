"""`VAR forms paths from STARTS [turning TURNS times]`: paths of used links, each leaving a
*start* (a cell where the input section STARTS holds a direction symbol U, D, L or R) on that
side and running through cells that are not starts, without branching, to another start,
which it enters on a side other than that start's own direction. Every used link lies on such
a path (so no cycle, no path without a start), and a cell that is not a start has 0 or 2 used
links. With `turning TURNS times`, the path from a start where the section TURNS holds a
number turns exactly that many times (hotaru beam).

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
class PathsFrom:
    """The used links of `var` are paths between the cells where `starts` holds a direction,
    each leaving its start that way; `turns`: how often the path from a start turns."""

    var: ir.Variable
    starts: ir.InputLayer
    turns: ir.InputLayer | None = None


NODES = (PathsFrom,)

WORDS = ("forms", "paths", "from")


def check(checker: Checker, node: Node, focus: Focus | None) -> PathsFrom:
    """VAR is a boolean variable on links; STARTS and TURNS are sections on cells."""
    if focus is not None:
        raise checker.own_rule(node)
    var_name, starts_name, *turns_name = node.value
    var = checker.link_variable(node, var_name, "paths from starts")
    hint = (
        "e.g. 'line forms paths from dot turning amount times', where 'dot' holds U, D, L or R "
        "at each start"
    )
    layers = [
        checker.input_section(node, name, ir.ElementKind.CELL, hint)
        for name in (starts_name, *turns_name)
    ]
    return PathsFrom(var, layers[0], layers[1] if turns_name else None)


RULE_SYNTAX = {"paths_from": check}
