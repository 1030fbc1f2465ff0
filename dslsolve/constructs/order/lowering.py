"""`increasing(E of SET)` / `decreasing(E of SET)` in the model (`syntax.py`).

The members must be known from the puzzle (a row, a ray that stops at input, a group): the
truth is the conjunction of `v_i < v_{i+1}` (`>` for decreasing) over neighbouring members,
each comparison the lowerer's own (a constant where both values are, else a reified literal;
a rule that holds at top level fixes each one). Members whose value is absent are left out.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from dslsolve.compiler.lowerings import logic
from dslsolve.compiler.model import LoweringError, Value
from dslsolve.constructs.order.syntax import Ordered
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Lowerer


def ordered(lowerer: Lowerer, expr: Ordered, env: Env) -> Value:
    members = lowerer.filtered(expr, env)
    if any(membership is not True for _, membership in members):
        raise LoweringError(f"{expr.direction}(...) needs a set that the puzzle decides")
    values = [lowerer.number(expr.value, inner) for inner, _ in members]
    present = [v for v in values if v is not None]
    op = "<" if expr.direction == "increasing" else ">"
    steps = [lowerer.compare_numbers(op, a, b) for a, b in itertools.pairwise(present)]
    folded = logic.fold_logic("and", steps)
    return folded if not isinstance(folded, list) else logic.conjunction(lowerer.model, folded)


VALUES = {Ordered: ordered}
