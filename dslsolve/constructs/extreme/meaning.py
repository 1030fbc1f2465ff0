"""The evaluator's reading of `max(E of SET)` / `min(E of SET)` (`syntax.py`): the members'
values, compared. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve.constructs.extreme.syntax import Extreme
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def extreme(evaluator: Evaluator, expr: Extreme, env: Env) -> int:
    members = evaluator.members(expr.over, env)
    if expr.filter is not None:
        keep = evaluator.function(expr.filter)
        members = [m for m in members if keep(m) is True]
    numbers = [evaluator.number(expr.value, m) for m in members]
    present = [n for n in numbers if n is not None]  # None: the value needs absent input
    if not present:
        return 0
    return max(present) if expr.func == "max" else min(present)


EVALUATORS = {Extreme: extreme}
