"""`diagonal of VAR on loop` in the model (`syntax.py`): per cell read, two literals (its `/`
and its `\\` on a loop, each at most that diagonal's use), kept true exactly where it holds by
the cuts of `lowerings/diagonal_loops.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve.compiler.lowerings.diagonal_loops import DiagonalLoops
from dslsolve.constructs.on_loop.syntax import DiagonalOnLoop
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Value
    from dslsolve.constructs.interface import Lowerer


def on_loop(lowerer: Lowerer, expr: DiagonalOnLoop, env: Env) -> Value:
    cell, _ = env.target(expr.at)
    key = ("diagonal loops", expr.var.name)
    if key not in lowerer.shapes:
        lowerer.shapes[key] = DiagonalLoops(lowerer.model, lowerer.grid, lowerer.binaries(expr.var))
    return lowerer.shapes[key].literal(cell)


VALUES = {DiagonalOnLoop: on_loop}
