"""`max(E of SET)` / `min(E of SET)` in the model (`syntax.py`).

Members known and values constant: the number itself. Otherwise, for max, with members i
(membership m_i, 1 for a known member; value v_i in [lo_i, hi_i]) and 0 as the value of an
empty set when no member is certain: an integer z in [L, H] (the values' bounds, and 0 when
the set may be empty) and a binary b_i per member choosing the one z equals:
- z >= v_i - (hi_i - L)(1 - m_i): z is at least every member's value;
- z <= v_i + (H - lo_i)(1 - b_i), b_i <= m_i, sum b_i (+ b_empty) = 1: z is a member's value;
- an empty set: b_empty <= 1 - m_i for every i, L(1 - b_empty) <= z <= H(1 - b_empty).
min is the mirror image (the inequalities reversed). Cost: one integer and one binary per
possible member; the big-M rows are tight to the values' bounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pulp

from dslsolve.compiler.model import Lin, Value
from dslsolve.constructs.extreme.syntax import Extreme
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Lowerer


def _bounds(value: Value) -> tuple[int, int]:
    return (value.low, value.high) if isinstance(value, Lin) else (int(value), int(value))


def _expression(value: Value) -> pulp.LpAffineExpression:
    return value.expr if isinstance(value, Lin) else pulp.LpAffineExpression(constant=int(value))


def extreme(lowerer: Lowerer, expr: Extreme, env: Env) -> Value:
    candidates = []  # (membership, value) of each member whose value is present
    for inner, membership in lowerer.filtered(expr, env):
        value = lowerer.number(expr.value, inner)
        if value is not None and membership is not False:
            candidates.append((membership, value))
    pick = max if expr.func == "max" else min
    if all(m is True and not isinstance(v, Lin) for m, v in candidates):
        return pick((int(v) for _, v in candidates), default=0)
    may_be_empty = all(m is not True for m, _ in candidates)
    bounds = [_bounds(v) for _, v in candidates] + ([(0, 0)] if may_be_empty else [])
    low, high = min(lo for lo, _ in bounds), max(hi for _, hi in bounds)
    model = lowerer.model
    z = model.integer(low, high, prefix=expr.func)
    sign = 1 if expr.func == "max" else -1  # sign * (z - v) is 0 at the chosen member
    choices = []
    for membership, value in candidates:
        lo, hi = _bounds(value)
        below, above = (hi - low, high - lo) if sign == 1 else (high - lo, hi - low)
        gap = sign * (z - _expression(value))
        absent = 0 if membership is True else 1 - membership.expr
        model.add(gap >= -below * absent)  # z beyond every member's value
        chosen = model.binary(prefix=expr.func)
        model.add(gap <= above * (1 - chosen))  # z the chosen member's value
        if membership is not True:
            model.add(chosen <= membership.expr)
        choices.append(chosen)
    if may_be_empty:
        empty = model.binary(prefix=expr.func)
        for membership, _ in candidates:
            model.add(empty + membership.expr <= 1)
        model.add(z <= high * (1 - empty))
        model.add(z >= low * (1 - empty))
        choices.append(empty)
    model.add(pulp.lpSum(choices) == 1)
    return Lin(pulp.LpAffineExpression(z), low, high)


VALUES = {Extreme: extreme}
