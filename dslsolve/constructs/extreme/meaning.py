"""The evaluator's reading of `max(E of SET)` / `min(E of SET)` (`syntax.py`): the members'
values, compared. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve.constructs.extreme.syntax import Extreme
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator
    from dslsolve.constructs.order.syntax import Ordered


def present_numbers(evaluator: Evaluator, expr: Extreme | Ordered, env: Env) -> list[int]:
    """The number E of `func(E of SET where C)` at each member of SET where C holds, in the
    set's order; members where E needs absent input are left out (`order.meaning` reads
    `increasing(...)` so too)."""
    members = evaluator.members(expr.over, env)
    if expr.filter is not None:
        keep = evaluator.function(expr.filter)
        members = [m for m in members if keep(m) is True]
    numbers = [evaluator.number(expr.value, m) for m in members]
    return [n for n in numbers if n is not None]  # None: the value needs absent input


def extreme(evaluator: Evaluator, expr: Extreme, env: Env) -> int:
    present = present_numbers(evaluator, expr, env)
    if not present:
        return 0
    return max(present) if expr.func == "max" else min(present)


EVALUATORS = {Extreme: extreme}
