"""`VAR divides into pieces symmetric about LAYER, ...` in the model (`syntax.py`): the
centres (each element where a LAYER is given, at its place in half-cells, with its cells)
handed to `lowerings/symmetric.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.symmetric import Centre, post_symmetric
from dslsolve.constructs.symmetric.syntax import SymmetricPieces
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Lin
    from dslsolve.constructs.interface import RuleCompiler


def _centre(kind: str, element: tuple) -> Centre:
    if kind == "cell":
        r, c = element
        return (2 * r, 2 * c), [(r, c)]
    if kind == "link":
        axis, r, c = element
        if axis == "h":
            return (2 * r, 2 * c + 1), [(r, c), (r, c + 1)]
        return (2 * r + 1, 2 * c), [(r, c), (r + 1, c)]
    r, c = element
    return (2 * r - 1, 2 * c - 1), [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)]


def compile_symmetric(
    compiler: RuleCompiler, rule: ir.Rule, body: SymmetricPieces, env: Env, guard: Lin | None
) -> None:
    grids = compiler.lower.instance.grids
    centres = [
        _centre(layer.per, element)
        for layer in body.centres
        for element, token in sorted(grids[layer.name].items(), key=str)
        if token is not None
    ]
    walls = compiler.lower.binaries(body.var)
    post_symmetric(compiler.model, compiler.grid, walls, centres, compiler.why(rule, env))


RULE_LOWERINGS = {SymmetricPieces: compile_symmetric}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {SymmetricPieces: ("symmetric pieces", "connected")}
