"""Rows with large coefficients, which a floating-point solver cannot take exactly.

CBC works in double precision with tolerances near 1e-7: in `SEND + MORE = MONEY` written with
place values, a 14-column sum has coefficients of 10^13, and CBC then called solvable sums
infeasible. So an equality whose sides may exceed `WIDE` in size is split into base-`BASE`
digits with carries, as column addition does:

    sum a_i y_i = T,  a_i = q_i B + r_i (|r_i| < B, r_i of a_i's sign),  T = Q B + R (0 <= R < B)

holds exactly when, for an integer t (the carry),

    sum r_i y_i - R = B t    and    sum q_i y_i + t = Q,

the second the same form with coefficients B times smaller; it is split again until none is
larger than B. Every y_i is an integer variable (or binary) with finite bounds, from which each
carry's bounds follow, so every row's coefficients stay below B and the split is exact.

An inequality becomes such an equality with a slack written in digits (sum a_i y_i >= T as
sum a_i y_i - sum_k B^k s_k = T, 0 <= s_k < B): exact too. A comparison behind a guard or
inside a condition (big-M rows) whose sides may exceed `WIDE`, or one over a continuous
variable, cannot be made exact that way and is refused (`NumericRangeError`) instead of being
handed to the solver: with coefficients of 3 * 10^7, CBC took 66666666 >= 66666667 as true.
"""

from __future__ import annotations

import pulp

from dslsolve.compiler.model import LinearModel

WIDE = 10**6  # a row whose sides may exceed this is split into digits, or refused
BASE = 10**3  # the base of the digits: the coefficients of the split rows stay below it


class NumericRangeError(Exception):
    """A row whose numbers are too large for the solver to compute with exactly."""


def refuse_wide(low: int, high: int) -> None:
    """A big-M row (a comparison behind a guard, or inside a condition) whose expression may
    reach beyond `WIDE`: refused."""
    if high > WIDE or low < -WIDE:
        largest = max(high, -low)
        raise NumericRangeError(
            f"its numbers reach {largest}, beyond {WIDE} (10^6), which the solver cannot "
            "compute with exactly in a condition; a comparison that must hold may use them"
        )


def post_bound_by_digits(
    model: LinearModel, expr: pulp.LpAffineExpression, sense: str, number: int, high: int
) -> None:
    """`expr <= number` or `expr >= number` (integers), exactly: an equality with a slack s,
    0 <= s <= `high` (how far expr can be from the number), written in base-`BASE` digits."""
    slack = pulp.LpAffineExpression()
    place = 1
    while place <= high:
        slack[model.integer(0, BASE - 1, "slack")] = place
        place *= BASE
    post_equal_by_digits(model, expr + slack if sense == "<=" else expr - slack, number)


def post_equal_by_digits(model: LinearModel, expr: pulp.LpAffineExpression, number: int) -> None:
    """`expr = number`, with integer coefficients of any size, as rows whose coefficients stay
    below `BASE` (see the module's docstring)."""
    terms: dict[pulp.LpVariable, int] = {}
    for var, coefficient in expr.items():
        if var.cat != pulp.LpInteger or var.lowBound is None or var.upBound is None:
            raise NumericRangeError(
                "an equality with numbers beyond 10^6 can be taken exactly only over integer "
                "unknowns with bounds"
            )
        if coefficient != int(coefficient):
            raise NumericRangeError("an equality with large numbers needs integer coefficients")
        terms[var] = int(coefficient)
    target = number - int(expr.constant)
    while max(map(abs, terms.values()), default=0) > BASE:
        low_digits, high_digits = {}, {}
        for v, a in terms.items():
            high, low = divmod(abs(a), BASE)  # integers: no float could hold 10^20 exactly
            sign = 1 if a > 0 else -1
            low_digits[v], high_digits[v] = sign * low, sign * high
        remainder = target % BASE
        low = sum(min(d * v.lowBound, d * v.upBound) for v, d in low_digits.items())
        high = sum(max(d * v.lowBound, d * v.upBound) for v, d in low_digits.items())
        carry = model.integer(-((remainder - low) // BASE), (high - remainder) // BASE, "carry")
        column = pulp.LpAffineExpression([(v, d) for v, d in low_digits.items() if d])
        model.add(column - BASE * carry == remainder)
        terms = {v: d for v, d in high_digits.items() if d}
        terms[carry] = terms.get(carry, 0) + 1
        target = (target - remainder) // BASE
    model.add(pulp.LpAffineExpression(list(terms.items())) == target)
