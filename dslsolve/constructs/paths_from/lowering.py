"""`VAR forms paths from STARTS [turning TURNS times]` in the model (`syntax.py`): the starts'
directions, the wanted numbers of turns and the link binaries handed to
`lowerings/paths_from.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.paths_from import post_paths_from
from dslsolve.constructs.paths_from.syntax import PathsFrom
from dslsolve.geometry import DIRECTION_TOKENS, Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Lin
    from dslsolve.constructs.interface import RuleCompiler


def compile_paths_from(
    compiler: RuleCompiler, rule: ir.Rule, body: PathsFrom, env: Env, guard: Lin | None
) -> None:
    value = compiler.lower.instance.value
    cells = compiler.grid.cells()
    starts = {v: d for v in cells if (d := value(body.starts, v)) in DIRECTION_TOKENS}
    turns = {}
    if body.turns is not None:
        turns = {v: t for v in starts if isinstance(t := value(body.turns, v), int)}
    links = compiler.lower.binaries(body.var)
    post_paths_from(compiler.model, compiler.grid, links, starts, turns)


RULE_LOWERINGS = {PathsFrom: compile_paths_from}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {PathsFrom: ("paths from", None)}
