"""`VAR toward DIRECTION` in the model (`syntax.py`): the used-edge literal of the edge that
leaves the vertex toward the direction (no new variable for a boolean line, no row), from the
lowerer's `edge_toward`, which the line shapes share; none at the grid's edge, except a gate's
outline side (used). At a cell, a boolean on borders is the literal of the cell's side toward
the direction (`side_toward`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.toward.syntax import LayerToward, SideToward, Toward, side_of
from dslsolve.geometry import DIRECTION_TOKENS, Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Value
    from dslsolve.constructs.interface import Lowerer


def _direction(lowerer: Lowerer, expr: Toward | SideToward | LayerToward, vertex) -> str | None:
    """The written direction, or the one the section's token names at the vertex (None where
    it names none)."""
    if isinstance(expr.direction, ir.InputLayer):
        return DIRECTION_TOKENS.get(lowerer.instance.value(expr.direction, vertex))
    return expr.direction


def toward(lowerer: Lowerer, expr: Toward, env: Env) -> Value:
    """A token of the direction section that names no direction leaves no value."""
    vertex, _ = env.target(expr.at)
    direction = _direction(lowerer, expr, vertex)
    if direction is None:
        return None
    key = ("toward", expr.var.name, vertex, direction)
    if key not in lowerer.shapes:
        lowerer.shapes[key] = lowerer.edge_toward(expr.var, expr.gates, vertex, direction)
    return lowerer.shapes[key]


def side_toward(lowerer: Lowerer, expr: SideToward, env: Env) -> Value:
    """The wall variable's literal on the cell's side toward the direction."""
    cell, _ = env.target(expr.at)
    direction = _direction(lowerer, expr, cell)
    return None if direction is None else lowerer.used(expr.var, side_of(cell, direction))


def layer_toward(lowerer: Lowerer, expr: LayerToward, env: Env) -> Value:
    """Whether the input layer on links holds a token on the cell's link toward the direction
    (a constant of the puzzle)."""
    cell, _ = env.target(expr.at)
    direction = _direction(lowerer, expr, cell)
    if direction is None:
        return None
    links = lowerer.grid.incident_by_direction(ir.ElementKind.LINK, cell)
    return direction in links and lowerer.instance.value(expr.layer, links[direction]) is not None


VALUES = {Toward: toward, SideToward: side_toward, LayerToward: layer_toward}
