"""`VAR forms paths joining ENDS` in the model (`syntax.py`): the given ends' tokens and the
variable's edge binaries handed to `lowerings/paths.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.paths import post_paths
from dslsolve.constructs.paths.syntax import Paths
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Lin
    from dslsolve.constructs.interface import RuleCompiler


def compile_paths(
    compiler: RuleCompiler, rule: ir.Rule, body: Paths, env: Env, guard: Lin | None
) -> None:
    grid, value = compiler.grid, compiler.lower.instance.value
    ends = {
        v: token for v in grid.vertices(body.var.on) if (token := value(body.ends, v)) is not None
    }
    post_paths(compiler.model, grid, body.var.on, compiler.lower.binaries(body.var), ends)


RULE_LOWERINGS = {Paths: compile_paths}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {Paths: ("paths", "paths")}
