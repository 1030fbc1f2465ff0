"""`VAR forms no loop [of diagonals]` in the model (`syntax.py`): each used edge as a 0/1
expression between its two ends (a cell's diagonal: the cell's binary for `/`, one minus it
for `\\`), handed to `lowerings/forest.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.forest import post_forest
from dslsolve.constructs.forest.syntax import NoLoop
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Lin
    from dslsolve.constructs.interface import RuleCompiler


def compile_no_loop(
    compiler: RuleCompiler, rule: ir.Rule, body: NoLoop, env: Env, guard: Lin | None
) -> None:
    grid, binaries = compiler.grid, compiler.lower.binaries(body.var)
    if body.diagonals:
        edges = []
        for (r, c), x in binaries.items():
            edges.append(((r + 1, c), (r, c + 1), x))  # '/' where the cell's binary is 1
            edges.append(((r, c), (r + 1, c + 1), 1 - x))  # '\' where it is 0
    else:
        edges = [(*grid.ends(body.var.on, e), x) for e, x in binaries.items()]
    post_forest(compiler.model, edges)


RULE_LOWERINGS = {NoLoop: compile_no_loop}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {NoLoop: ("no loop", "forest")}
