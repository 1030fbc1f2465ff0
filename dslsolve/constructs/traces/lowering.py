"""`VALUE traces TABLE from (ROW, COLUMN) toward DIRECTION` in the model (`syntax.py`): the
word of the record in scope, its start and first step (all input) and the cells' values
handed to `lowerings/tracing.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.tracing import post_tracing
from dslsolve.compiler.model import LoweringError
from dslsolve.constructs.traces.syntax import Traces
from dslsolve.geometry import Env, way

if TYPE_CHECKING:
    from dslsolve.compiler.model import Lin
    from dslsolve.constructs.interface import RuleCompiler


def compile_traces(
    compiler: RuleCompiler, rule: ir.Rule, body: Traces, env: Env, guard: Lin | None
) -> None:
    if guard is not None:
        raise LoweringError("a 'where' on unknowns cannot guard 'traces'")
    lower = compiler.lower
    row = lower.lower(body.row, env)
    column = lower.lower(body.column, env)
    direction = lower.lower(body.direction, env)
    if not isinstance(row, int) or not isinstance(column, int):
        raise LoweringError(f"the start ({row}, {column}) is not two numbers")
    member = env.bound[body.records][0]
    word = lower.instance.tables[body.table.section].body(member - 1)
    post_tracing(
        compiler.model,
        lambda c: lower.lower(body.value, env.at(c, ir.ElementKind.CELL)),
        word,
        (row, column),
        way(direction),
        (compiler.grid.rows, compiler.grid.columns),
        compiler.why(rule, env),
    )


RULE_LOWERINGS = {Traces: compile_traces}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {Traces: ("traces", None)}
