"""The evaluator's reading of `VAR toward DIRECTION` (`syntax.py`): whether the direction is
among the used sides of the vertex in the answer. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.toward.syntax import LayerToward, SideToward, Toward, side_of
from dslsolve.geometry import DIRECTION_TOKENS, Env, edge_toward

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def _direction(evaluator: Evaluator, expr: Toward | SideToward | LayerToward, vertex) -> str | None:
    """The written direction, or the one the section's token names at the vertex."""
    if isinstance(expr.direction, ir.InputLayer):
        return DIRECTION_TOKENS.get(evaluator.instance.value(expr.direction, vertex))
    return expr.direction


def toward(evaluator: Evaluator, expr: Toward, env: Env) -> bool | None:
    """None (no value) where the direction section's token names no direction."""
    vertex, _ = env.target(expr.at)
    used = evaluator.used_sides(expr.var, expr.gates, vertex)
    direction = _direction(evaluator, expr, vertex)
    return None if direction is None else direction in used


def side_toward(evaluator: Evaluator, expr: SideToward, env: Env) -> bool | None:
    """The value of the wall on the cell's side toward the direction in the answer."""
    cell, _ = env.target(expr.at)
    direction = _direction(evaluator, expr, cell)
    if direction is None:
        return None
    return bool(evaluator.values[expr.var.name][side_of(cell, direction)])


def layer_toward(evaluator: Evaluator, expr: LayerToward, env: Env) -> bool | None:
    """Whether the puzzle gives a token on the cell's link toward the direction."""
    cell, _ = env.target(expr.at)
    direction = _direction(evaluator, expr, cell)
    if direction is None:
        return None
    return evaluator.instance.value(expr.layer, edge_toward(cell, direction)) is not None


EVALUATORS = {Toward: toward, SideToward: side_toward, LayerToward: layer_toward}
