"""The evaluator's reading of `increasing(E of SET)` / `decreasing(E of SET)` (`syntax.py`):
the members' values in the set's order, each compared with the one before. No code shared
with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve.constructs.extreme.meaning import present_numbers
from dslsolve.constructs.order.syntax import Ordered
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def ordered(evaluator: Evaluator, expr: Ordered, env: Env) -> bool:
    present = present_numbers(evaluator, expr, env)  # as max(...) reads them
    rising = expr.direction == "increasing"
    for index in range(1, len(present)):
        before, after = present[index - 1], present[index]
        if (after <= before) if rising else (after >= before):
            return False
    return True


EVALUATORS = {Ordered: ordered}
