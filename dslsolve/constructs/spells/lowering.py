"""`each GROUP: VALUE spells TABLE once` in the model (`syntax.py`): the chosen groups (the
checker made their `where` static), each a list of its cells' values, and the table's records
handed to `lowerings/spelling.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import grounding, ir
from dslsolve.compiler.lowerings.spelling import post_spelling
from dslsolve.constructs.spells.syntax import Spells
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Lin
    from dslsolve.constructs.interface import RuleCompiler


def compile_spells(
    compiler: RuleCompiler, rule: ir.Rule, each: ir.Each, env: Env, guard: Lin | None
) -> bool:
    lower = compiler.lower
    groups = []
    for inner in grounding.environments(
        each, env, compiler.grid, lower.instance, compiler.given_holds
    ):
        if each.where is not None and lower.boolean(each.where, inner) is not True:
            continue
        cells = [
            lower.lower(each.body.value, inner.at(c, ir.ElementKind.CELL))
            for c in inner.group.cells
        ]
        groups.append((inner.group.label, cells))
    table = lower.instance.tables[each.body.table.section]
    records = [tuple(t for t in record if t is not None) for record in table.records]
    post_spelling(compiler.model, groups, records, f"line {rule.origin.line}: '{rule.text}'")
    return True


EACH = compile_spells


def accepts(each: ir.Each) -> str | None:
    """The plan's question: a `spells` body takes its whole `each` (all its groups at once)."""
    return "spelling" if isinstance(each.body, Spells) else None


ACCEPTS = accepts
