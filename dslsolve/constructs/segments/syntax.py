"""`VAR forms segments between (X, Y)` and `VAR forms single loop of segments between (X, Y)`,
each optionally followed by `crossing at right angles` or `without crossings`.

The points are the records of a table section: X and Y are two of its fields, a point's
lattice column and row (numbers). VAR is a boolean on two index sets over that table's records
(`on: p x q`, both `rows: TABLE`): VAR(p, q) says that the straight segment between points p
and q is drawn. The rule says what such a drawing is:

- a segment is drawn both ways or not at all (VAR(p, q) = VAR(q, p)), and no point is joined
  to itself;
- no drawn segment passes over a third point (so no two drawn segments overlap on one line);
- two drawn segments that cross (properly: each passes through the other's inside) do so at a
  right angle (`crossing at right angles`), never (`without crossings`), or at any angle (no
  clause);
- `single loop of segments`: besides, every point has 0 or 2 drawn segments, some segment is
  drawn, and the drawn segments are connected: they form exactly one closed polygon, which
  may cross itself as the crossing clause allows (kouchoku).

The geometry depends on the puzzle only, so the compiler works it out once per puzzle (which
segments pass over a point, which pairs cross and at which angle) and the model gets only the
resulting pairs. This module is the construct's contract: the IR node and the checker's
typing. `meaning.py` (the evaluator) and `lowering.py` (the compiler) read the node and share
no code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Checker, Focus
    from dslsolve.dsl.parser import Node


@dataclass(frozen=True)
class Segments:
    """The pairs of points where the boolean `var` holds are straight segments between the
    points at (`x`, `y`); `crossing` is `any`, `right` (only at right angles) or `none`;
    `loop`: they form one closed polygon."""

    var: ir.Variable
    x: ir.InputLayer
    y: ir.InputLayer
    crossing: str = "any"
    loop: bool = False


NODES = (Segments,)

WORDS = ("forms", "segments", "between", "angles", "crossings")

CROSSING = {"": "any", "_right": "right", "_apart": "none"}
KINDS = {
    f"{form}{suffix}": (form == "segment_loop", crossing)
    for form in ("segments", "segment_loop")
    for suffix, crossing in CROSSING.items()
}


def check(checker: Checker, node: Node, focus: Focus | None) -> Segments:
    """VAR is a boolean on two index sets of one table's records; X and Y are fields of that
    table; a rule of its own."""
    if focus is not None:
        raise checker.own_rule(node, "segments between points")
    var_name, x_name, y_name = node.value
    var = checker.scope.variables.get(var_name)
    if var is None:
        raise checker.unknown(node, var_name, "variable")
    sets = [checker.scope.sets.get(name) for name in var.sets]
    hint = "e.g. seg: {type: bool, on: p x q} with p and q both {rows: points}"
    if (
        var.type != ir.Type.BOOL
        or len(sets) != 2
        or any(s is None or s.source != "rows" for s in sets)
        or sets[0].section != sets[1].section
    ):
        raise checker.error(
            node,
            f"'{var_name}' cannot be segments between points",
            "segments need a boolean on two sets of one table's records: " + hint,
        )
    table = sets[0].section
    fields = []
    for name in (x_name, y_name):
        layer = checker.scope.layers.get(name)
        if layer is None:
            raise checker.unknown(node, name, "input layer")
        if layer.per != "table" or layer.field is None or layer.section != table:
            raise checker.error(
                node,
                f"'{name}' is not a field of the table '{table}'",
                "a point's column and row are two fields of its record, e.g. fields: [x, y]",
            )
        fields.append(layer)
    loop, crossing = KINDS[node.kind]
    return Segments(var, fields[0], fields[1], crossing, loop)


RULE_SYNTAX = dict.fromkeys(KINDS, check)
