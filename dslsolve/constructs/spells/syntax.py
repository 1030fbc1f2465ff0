"""`each GROUP [where W]: VALUE spells TABLE once`: the groups (chosen by the puzzle) and the
records of a table section are matched one to one, each group reading, cell by cell in its
order, the VALUE that spells its record (number skeleton, skeleton). The body of an `each`
that reads all its groups at once: the groups of the whole grid, so the `each` stands at the
top of the rule, over groups of cells in order, and its `where` tests the input only.

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
class Spells:
    """The body of a top-level `each GROUP`: the groups and the records of a table section are
    matched one to one, each group reading, cell by cell in its order, the `value` that spells
    its record's tokens (the record's empty padding left out). So every group spells exactly one
    record and every record is spelled by exactly one group: the multiset of the groups' strings
    is the multiset of the records (number skeleton, skeleton)."""

    value: ir.Expr
    table: ir.InputLayer


NODES = (Spells,)

WORDS = ("spells", "once")

# the groups whose cells are in an order to read
GROUPS = ("row", "column", "run", "segment", "region", "group", "box", "window")


def check(checker: Checker, node: Node, focus: Focus | None) -> Spells:
    """The body of a top-level `each` over groups of cells in order, chosen by the puzzle."""
    scope = checker.each_scope
    if focus is not None and scope.where is not None and not scope.where_static:
        raise checker.error(
            scope.where,
            "the groups that spell must be chosen by the puzzle",
            "a 'where' before 'spells' may test the input and 'size' only",
        )
    if focus is None or scope.nested or scope.group.kind not in GROUPS:
        raise checker.error(
            node,
            "'spells' needs groups of cells in order, directly under a rule's 'each'",
            "e.g. each run of white where size >= 2: digit spells numbers once",
        )
    table = checker.table_section(
        node, "the records to spell are the lines of a section declared with 'type: table'"
    )
    value, value_type = checker.cell_value(node.children[0])
    if value_type not in (ir.Type.INT, ir.Type.SYMBOL, ir.Type.BOOL):
        raise checker.error(node.children[0], f"a {value_type.value} cannot spell a record")
    return Spells(value, table)


RULE_SYNTAX = {"spells": check}
