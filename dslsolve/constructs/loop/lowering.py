"""`VAR forms single loop [with crossings]` in the model (`syntax.py`): the variable's edge
binaries handed to `lowerings/loop.py` (or `lowerings/crossings.py` with crossings)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.crossings import post_crossing_loop
from dslsolve.compiler.lowerings.loop import post_single_loop
from dslsolve.constructs.loop.syntax import SingleLoop
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Lin
    from dslsolve.constructs.interface import RuleCompiler


def compile_loop(
    compiler: RuleCompiler, rule: ir.Rule, body: SingleLoop, env: Env, guard: Lin | None
) -> None:
    post = post_crossing_loop if body.crossings else post_single_loop
    post(compiler.model, compiler.grid, body.var.on, compiler.lower.binaries(body.var))


RULE_LOWERINGS = {SingleLoop: compile_loop}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {SingleLoop: ("single loop", "loop")}
