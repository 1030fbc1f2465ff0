"""`each RECORD: VALUE traces TABLE from (ROW, COLUMN) toward DIRECTION`, with RECORD the
records of a table section: the record's word can be read along a path of orthogonally
adjacent cells from the start the record gives, first stepping toward its direction (kanaore).
The start and the direction come from the input, per record in scope.

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
class Traces:
    """The body of `each RECORD: VALUE traces TABLE from (ROW, COLUMN) toward DIRECTION`, with
    RECORD the records of a table section: the record's word (its tokens after the fields)
    can be read along a path of orthogonally adjacent cells that starts at cell (ROW, COLUMN)
    (0-based, from the input), takes its first step toward DIRECTION and visits no cell twice,
    the `value` at its i-th cell being the word's i-th token. Different records may share
    cells (kanaore)."""

    value: ir.Expr
    table: ir.InputLayer
    records: str  # the index set of the table's records, in scope
    row: ir.Expr
    column: ir.Expr
    direction: ir.Expr


NODES = (Traces,)

WORDS = ("traces", "toward")


def check(checker: Checker, node: Node, focus: Focus | None) -> Traces:
    """The table's record in scope (an `each` of a set of its rows); the start and the
    direction read from the puzzle."""
    table = checker.table_section(
        node, "the words to trace are the records of a section declared with 'type: table'"
    )
    sets = () if focus is None else focus.sets
    records = [
        s.name
        for s in checker.scope.sets.values()
        if s.section == table.section and s.source == "rows" and s.name in sets
    ]
    if not records or focus.element is not None:
        raise checker.error(
            node,
            f"'traces' needs a record of '{node.value}' in scope",
            f"e.g. each entry: char traces {node.value} from (row, column) toward arrow, "
            f"with sets: {{entry: {{rows: {node.value}}}}}",
        )
    value_node, row_node, column_node, direction_node = node.children
    value, value_type = checker.cell_value(value_node)
    if value_type not in (ir.Type.INT, ir.Type.SYMBOL, ir.Type.BOOL):
        raise checker.error(value_node, f"a {value_type.value} cannot trace a record")
    parts = []
    for part, what in ((row_node, "row"), (column_node, "column"), (direction_node, "way")):
        checked = checker.expr(part, focus)
        if not checked.static:
            raise checker.error(
                part,
                f"the start's {what} must come from the puzzle",
                "use fields of the table, e.g. (row, column) toward arrow",
            )
        parts.append(checked.expr)
    return Traces(value, table, records[-1], *parts)


RULE_SYNTAX = {"traces": check}
