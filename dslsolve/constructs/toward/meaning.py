"""The evaluator's reading of `VAR toward DIRECTION` (`syntax.py`): whether the direction is
among the used sides of the vertex in the answer. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.toward.syntax import Toward
from dslsolve.geometry import DIRECTION_TOKENS, Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def toward(evaluator: Evaluator, expr: Toward, env: Env) -> bool | None:
    """None (no value) where the direction section's token names no direction."""
    vertex, _ = env.target(expr.at)
    used = evaluator.used_sides(expr.var, expr.gates, vertex)
    direction = expr.direction
    if isinstance(direction, ir.InputLayer):
        direction = DIRECTION_TOKENS.get(evaluator.instance.value(direction, vertex))
    return None if direction is None else direction in used


EVALUATORS = {Toward: toward}
