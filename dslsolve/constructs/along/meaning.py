"""The evaluator's reading of `passed(C along VAR from S)` (`syntax.py`): the way round that
the directed loop's choice gives (`evaluator.memo`, see `directed/meaning.py`), walked from
the start cell, counting the C-cells. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.along.syntax import Passed
from dslsolve.geometry import STEPS, Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def passed(evaluator: Evaluator, expr: Passed, env: Env) -> int | None:
    cell, _ = env.target(expr.at)
    ways = evaluator.memo.get(("directed", expr.var.name), {})
    if cell not in ways:
        return 0
    starts = [
        c
        for c in evaluator.grid.cells()
        if evaluator.expr(expr.start, Env(c, ir.ElementKind.CELL, None)) is True
    ]
    if len(starts) != 1 or starts[0] not in ways:
        return None
    count, at = 0, starts[0]
    while True:
        if evaluator.expr(expr.cond, Env(at, ir.ElementKind.CELL, None)) is True:
            count += 1
        if at == cell:
            return count
        dr, dc = STEPS[ways[at][0]]
        at = (at[0] + dr, at[1] + dc)
        if at == starts[0] or at not in ways:
            return None


EVALUATORS = {Passed: passed}
