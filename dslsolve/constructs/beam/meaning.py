"""The evaluator's reading of `reflections(beam ...)` and `exit(beam ...)` (`syntax.py`): the
beam followed from the side it enters, cell by cell, in the answer. No code shared with
`lowering.py` but the meaning of the mirrors' two values (`syntax.turn`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.beam.syntax import SIDES, Beam, turn
from dslsolve.geometry import Env, GeometryError

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def beam(evaluator: Evaluator, expr: Beam, env: Env) -> int:
    grid = evaluator.grid
    index = env.group.index if env.group is not None else None
    if index is None:
        raise GeometryError("a beam needs the row or column it enters at")
    _, step = SIDES[expr.side]
    r, c = {
        "top": (0, index),
        "bottom": (grid.rows - 1, index),
        "left": (index, 0),
        "right": (index, grid.columns - 1),
    }[expr.side]
    turns = 0
    for _ in range(4 * grid.rows * grid.columns + 1):  # each cell and direction at most once
        mirror = evaluator.expr(expr.mirror, Env((r, c), ir.ElementKind.CELL, None))
        after = turn(step, mirror)
        turns += after != step
        step = after
        nr, nc = r + step[0], c + step[1]
        if not (0 <= nr < grid.rows and 0 <= nc < grid.columns):
            break
        r, c = nr, nc
    if expr.margins is None:
        return turns
    top, bottom, left, right = expr.margins
    layer, slot = {
        (-1, 0): (top, c),
        (1, 0): (bottom, c),
        (0, -1): (left, r),
        (0, 1): (right, r),
    }[step]
    entry = evaluator.instance.lists[layer.name][slot]
    return entry[0] if entry else 0


EVALUATORS = {Beam: beam}
