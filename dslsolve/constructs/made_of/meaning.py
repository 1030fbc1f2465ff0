"""The evaluator's reading of `made of N regions of LAYER` (`syntax.py`): the regions the
group's cells lie in, each wholly inside the group, and as many as N. No code shared with
`lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve.constructs.made_of.syntax import MadeOf
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def made_of(evaluator: Evaluator, expr: MadeOf, env: Env) -> bool | None:
    count = evaluator.number(expr.count, env)
    if count is None:
        return None
    key = ("regions", expr.layer.name)
    regions = evaluator.memo.get(key)
    if regions is None:
        regions = {}
        for cell in evaluator.grid.cells():
            label = evaluator.instance.value(expr.layer, cell)
            if label is not None:
                regions.setdefault(label, set()).add(cell)
        evaluator.memo[key] = regions
    own = set(env.group.cells)
    labels = {evaluator.instance.value(expr.layer, cell) for cell in own}
    if None in labels:
        return False
    return len(labels) == count and all(regions[label] <= own for label in labels)


EVALUATORS = {MadeOf: made_of}
