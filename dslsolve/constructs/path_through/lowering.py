"""`VAR forms path through GATES [along ARROWS] [with crossings] [passing NUMBERS in order]` in
the model (`syntax.py`): the entrance and exit, the arrows' directions, the numbered cells and
the link binaries handed to `lowerings/path_through.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.path_through import post_path_through
from dslsolve.constructs.path_through.syntax import PathThrough
from dslsolve.geometry import DIRECTION_TOKENS, Env, way

if TYPE_CHECKING:
    from dslsolve.compiler.model import Lin
    from dslsolve.constructs.interface import RuleCompiler


def compile_path_through(
    compiler: RuleCompiler, rule: ir.Rule, body: PathThrough, env: Env, guard: Lin | None
) -> None:
    grid, value = compiler.grid, compiler.lower.instance.value
    tokens = {v: t for v in grid.cells() if (t := value(body.gates, v)) is not None}
    arrows = {}
    if body.arrows is not None:
        for link in grid.links():
            token = value(body.arrows, link)
            if token is not None:
                way(token)  # a clear error for a token that is not a direction
                arrows[link] = DIRECTION_TOKENS[token]
    order = None
    if body.order is not None:
        order = {}
        for v in grid.cells():
            token = value(body.order, v)
            if token is not None:
                order[v] = token if isinstance(token, int) else None
    post_path_through(
        compiler.model,
        grid,
        compiler.lower.binaries(body.var),
        grid.entrance_and_exit(tokens),
        arrows,
        body.crossings,
        order,
    )


RULE_LOWERINGS = {PathThrough: compile_path_through}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {PathThrough: ("path through", "paths")}
