"""`VAR forms directed loop` in the model (`syntax.py`): the variable's edge binaries handed to
`lowerings/loop.py` (one loop) and to `lowerings/directed_loop.py` (its arcs, one way round);
`VAR leaves toward DIR` and `VAR enters from DIR` are arcs of that orientation, made once per
variable for whichever is compiled first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.directed_loop import Arcs, post_orientation, travel
from dslsolve.compiler.lowerings.loop import post_single_loop
from dslsolve.constructs.directed.syntax import DirectedLoop, Travel
from dslsolve.geometry import DIRECTION_TOKENS, Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Lin, Value
    from dslsolve.constructs.interface import Lowerer, RuleCompiler


def _arcs(lowerer: Lowerer, var: ir.Variable) -> Arcs:
    key = ("directed", var.name)
    if key not in lowerer.shapes:
        binaries = lowerer.binaries(var)
        lowerer.shapes[key] = post_orientation(lowerer.model, lowerer.grid, var.on, binaries)
    return lowerer.shapes[key]


def compile_directed_loop(
    compiler: RuleCompiler, rule: ir.Rule, body: DirectedLoop, env: Env, guard: Lin | None
) -> None:
    post_single_loop(compiler.model, compiler.grid, body.var.on, compiler.lower.binaries(body.var))
    _arcs(compiler.lower, body.var)


def lower_travel(lowerer: Lowerer, expr: Travel, env: Env) -> Value:
    """A token of the direction section that names no direction leaves no value."""
    vertex, _ = env.target(expr.at)
    direction = expr.direction
    if isinstance(direction, ir.InputLayer):
        direction = DIRECTION_TOKENS.get(lowerer.instance.value(direction, vertex))
        if direction is None:
            return None
    arcs = _arcs(lowerer, expr.var)
    return travel(lowerer.grid, expr.var.on, arcs, vertex, direction, expr.enters)


RULE_LOWERINGS = {DirectedLoop: compile_directed_loop}

VALUES = {Travel: lower_travel}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {DirectedLoop: ("directed loop", "loop")}
