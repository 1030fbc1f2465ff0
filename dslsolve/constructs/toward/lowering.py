"""`VAR toward DIRECTION` in the model (`syntax.py`): the used-edge literal of the edge that
leaves the vertex toward the direction (no new variable for a boolean line, no row), from the
lowerer's `edge_toward`, which the line shapes share; none at the grid's edge, except a gate's
outline side (used)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.toward.syntax import Toward
from dslsolve.geometry import DIRECTION_TOKENS, Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Value
    from dslsolve.constructs.interface import Lowerer


def toward(lowerer: Lowerer, expr: Toward, env: Env) -> Value:
    """A token of the direction section that names no direction leaves no value."""
    vertex, _ = env.target(expr.at)
    direction = expr.direction
    if isinstance(direction, ir.InputLayer):
        direction = DIRECTION_TOKENS.get(lowerer.instance.value(direction, vertex))
        if direction is None:
            return None
    key = ("toward", expr.var.name, vertex, direction)
    if key not in lowerer.shapes:
        lowerer.shapes[key] = lowerer.edge_toward(expr.var, expr.gates, vertex, direction)
    return lowerer.shapes[key]


VALUES = {Toward: toward}
