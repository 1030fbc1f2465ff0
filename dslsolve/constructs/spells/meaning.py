"""The evaluator's reading of `each GROUP: VALUE spells TABLE once` (`syntax.py`): read every
chosen group's string and take away each record once; what is left over on either side is a
violation. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.spells.syntax import Spells
from dslsolve.geometry import Env
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def spells(evaluator: Evaluator, rule: ir.Rule, each: ir.Each, env: Env) -> list[Violation]:
    """The chosen groups spell the table's records, each as often as it is listed."""
    body = each.body
    table = evaluator.instance.tables[body.table.section]
    missing = [tuple(t for t in record if t is not None) for record in table.records]
    found = []
    for inner in evaluator.instances(each, env):
        text = tuple(
            evaluator.expr(body.value, inner.at(c, ir.ElementKind.CELL)) for c in inner.group.cells
        )
        if text in missing:
            missing.remove(text)
        else:
            found.append(
                Violation(
                    rule, f"{inner.group.label}, not a record left", evaluator.involved(inner)
                )
            )
    found.extend(
        Violation(rule, f"the record {''.join(map(str, record))}, spelled by no group", ())
        for record in missing
    )
    return found


EACH_VIOLATIONS = {Spells: spells}
