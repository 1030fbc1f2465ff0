"""Boolean logic and comparisons as linear constraints: the standard linearisations.

Literals are 0/1 `Lin`s. Conjunction and disjunction of literals get a fresh binary z with
the usual tight constraints (z <= a_i, z >= sum a_i - (k-1) for AND; z >= a_i, z <= sum a_i
for OR). A comparison `e >= 0` is reified with big-M constraints whose M comes from the bounds
of e (e >= low * (1 - z) and e <= -1 + (high + 1) * z, integers only), so M is never guessed.
A comparison guarded by a literal p (`p implies e <= 0`) needs no new binary:
e <= high * (1 - p).
"""

from __future__ import annotations

import pulp

from dslsolve.compiler.lowerings.digits import (
    WIDE,
    NumericRangeError,
    post_bound_by_digits,
    post_equal_by_digits,
    refuse_wide,
)
from dslsolve.compiler.model import Lin, LinearModel, Value, as_lin, constant, sum_of


def literal(var: pulp.LpVariable) -> Lin:
    return Lin(pulp.LpAffineExpression(var), 0, 1, boolean=True)


def negate(value: Lin) -> Lin:
    return Lin(1 - value.expr, 0, 1, boolean=True)


def add(left: Lin, right: Lin, sign: int = 1) -> Lin:
    if sign > 0:
        return Lin(left.expr + right.expr, left.low + right.low, left.high + right.high)
    return Lin(left.expr - right.expr, left.low - right.high, left.high - right.low)


MAX_FACTOR = 10**100  # a constant factor; a float holds no more than about 10^308


def scale(value: Lin, factor: int) -> Lin:
    if abs(factor) > MAX_FACTOR:  # 10^400 overflowed PuLP's float conversion
        digits = len(str(abs(factor)))
        raise NumericRangeError(f"a factor of {digits} digits is beyond 10^100")
    bounds = sorted((value.low * factor, value.high * factor))
    return Lin(value.expr * factor, bounds[0], bounds[1])


def total(values: list[Lin]) -> Lin:
    return Lin(sum_of(values), sum(v.low for v in values), sum(v.high for v in values))


def conjunction(model: LinearModel, literals: list[Lin]) -> Lin:
    literals = _one_hot_implied(model, literals)
    if len(literals) == 1:
        return literals[0]
    z = model.binary("and")
    for lit in literals:
        model.add(z <= lit.expr)
    model.add(z >= sum_of(literals) - (len(literals) - 1))
    return literal(z)


def _one_hot_implied(model: LinearModel, literals: list[Lin]) -> list[Lin]:
    """The literals of a conjunction less those that another implies through a one-hot
    integer (`model.value_bits`): its bit of value d implies that it is not c, 1 - x_c, for
    every c != d, and contradicts 1 - x_d (then the conjunction is the constant 0).
    `alldifferent(letter where letter != 0)` asks `letter != 0 and letter = d` of every cell
    and value: x_d alone, where a new binary and three rows stood."""
    if len(literals) < 2 or not model.value_bits:
        return literals
    bits, values = model.value_bits, {}  # encoding -> the value a literal of the list sets
    for lit in literals:
        if len(lit.expr) == 1 and lit.expr.constant == 0:
            ((var, coefficient),) = lit.expr.items()
            if coefficient == 1 and var in bits:
                encoding, value = bits[var]
                values.setdefault(encoding, value)
    if not values:
        return literals
    kept = []
    for lit in literals:
        if len(lit.expr) == 1 and lit.expr.constant == 1:
            ((var, coefficient),) = lit.expr.items()
            if coefficient == -1 and var in bits:
                encoding, value = bits[var]
                if encoding in values:
                    if values[encoding] == value:
                        return [as_lin(0)]
                    continue
        kept.append(lit)
    return kept


def disjunction(model: LinearModel, literals: list[Lin]) -> Lin:
    if len(literals) == 1:
        return literals[0]
    z = model.binary("or")
    for lit in literals:
        model.add(z >= lit.expr)
    model.add(z <= sum_of(literals))
    return literal(z)


def fold_logic(kind: str, values: list[Value]) -> Value | list[Lin]:
    """Constant-fold an AND/OR: a constant result, or the literals that remain."""
    if None in values:
        return None
    absorbing = kind == "or"  # True absorbs an OR, False absorbs an AND
    literals = []
    for value in values:
        if constant(value):
            if bool(value) == absorbing:
                return absorbing
            continue
        literals.append(value)
    return literals if literals else (not absorbing)


def product(model: LinearModel, flag: Lin, value: Lin) -> Lin:
    """flag * value for a literal flag and a bounded value (the standard four inequalities)."""
    z = model.integer(min(value.low, 0), max(value.high, 0), "prod")
    model.add(z <= value.high * flag.expr)
    model.add(z >= value.low * flag.expr)
    model.add(z <= value.expr - value.low * (1 - flag.expr))
    model.add(z >= value.expr - value.high * (1 - flag.expr))
    return Lin(pulp.LpAffineExpression(z), min(value.low, 0), max(value.high, 0))


def _at_least_zero(model: LinearModel, e: Lin) -> Lin:
    """A literal z with z = 1 iff e >= 0 (e integer-valued)."""
    if e.low >= 0:
        return as_lin(1)
    if e.high < 0:
        return as_lin(0)
    refuse_wide(e.low, e.high)
    z = model.binary("cmp")
    model.add(e.expr >= e.low * (1 - z))
    model.add(e.expr <= -1 + (e.high + 1) * z)
    return literal(z)


def difference(op: str, left: Lin, right: Lin) -> list[Lin]:
    """`left op right` as a list of conditions `e >= 0` that must all hold ('!=' excluded)."""
    if op == ">=":
        return [add(left, right, -1)]
    if op == "<=":
        return [add(right, left, -1)]
    if op == ">":
        return [offset(add(left, right, -1), -1)]
    if op == "<":
        return [offset(add(right, left, -1), -1)]
    return [add(left, right, -1), add(right, left, -1)]  # "="


def offset(value: Lin, amount: int) -> Lin:
    return Lin(value.expr + amount, value.low + amount, value.high + amount)


def indicator_equal(left: Lin, right: Value) -> Lin | bool | None:
    """`x = d` for an encoded integer x and a constant d, straight from its encoding."""
    if left.encoding is not None and constant(right) and isinstance(right, int):
        return left.encoding.indicator(right)
    return None


def reify_compare(model: LinearModel, op: str, left: Lin, right: Lin) -> Lin | bool:
    if op == "!=":
        equal = reify_compare(model, "=", left, right)
        return (not equal) if isinstance(equal, bool) else negate(equal)
    parts = [_at_least_zero(model, e) for e in difference(op, left, right)]
    folded = fold_logic("and", [p if not _is_const_lin(p) else bool(p.low) for p in parts])
    return folded if isinstance(folded, bool) else conjunction(model, folded)


def _is_const_lin(value: Lin) -> bool:
    return value.low == value.high


def post_compare(
    model: LinearModel, op: str, left: Lin | int, right: Lin | int, guard: Lin | None = None
) -> None:
    """Post `left op right`, or `guard implies left op right`, with M from the bounds. Either
    side may be a number.

    `!=` is `left - right >= 1 or right - left >= 1`, a binary b choosing the side."""
    if guard is None and op != "!=":
        if type(left) is Lin and type(right) is int:  # the common `count(...) <= k`
            post_bound(model, op, left, right)
        else:
            _post_row(model, op, as_lin(left), as_lin(right))
        return
    if guard is not None and op != "!=" and type(left) is Lin and type(right) is int:
        _post_guarded_bound(model, op, left, right, guard)  # `where tent: count(...) = 1`
        return
    left, right = as_lin(left), as_lin(right)
    off = 0 if guard is None else 1 - guard.expr  # 1 where the guard is false
    if op == "!=":
        for r in different(model, left, right, off):
            model.add(r)
        return
    for e in difference(op, left, right):
        _at_least_zero_unless(model, e, off)


def _post_guarded_bound(model: LinearModel, op: str, left: Lin, number: int, guard: Lin) -> None:
    """`guard implies left op number`: the rows e >= e.low * (1 - guard) of `difference`'s
    conditions e (left - number, number - left), each built in one pass over left's and the
    guard's terms instead of through the four or five expressions that PuLP's operators
    make on the way; the same rows, term for term."""
    op, gap = STRICT.get(op, (op, 0))
    for sign in (1,) if op == ">=" else (-1,) if op == "<=" else (1, -1):
        if sign > 0:  # e = left - number - gap
            low, high = left.low - number - gap, left.high - number - gap
        else:  # e = number - left - gap
            low, high = number - left.high - gap, number - left.low - gap
        refuse_wide(low, high)
        if low >= 0:  # e's bound says it already
            continue
        terms = {var: sign * coefficient for var, coefficient in left.expr.items()}
        for var, coefficient in guard.expr.items():
            terms[var] = terms.get(var, 0) + low * coefficient
        constant = sign * (left.expr.constant - number) - gap - low * (1 - guard.expr.constant)
        row = pulp.LpAffineExpression(terms, constant)
        model.add(pulp.LpConstraint(row, pulp.LpConstraintGE))


def different(
    model: LinearModel, left: Lin, right: Lin, off: pulp.LpAffineExpression | int = 0
) -> list[pulp.LpConstraint]:
    """The rows of `left != right` (where `off` is 0): a new binary b chooses the side,
    left > right where b is 1, left < right where it is 0."""
    b = model.binary("neq")
    (above,) = difference(">", left, right)
    (below,) = difference("<", left, right)
    rows = [_at_least_zero_row(above, (1 - b) + off), _at_least_zero_row(below, b + off)]
    return [r for r in rows if r is not None]


def unit(guard: Lin | None) -> pulp.LpAffineExpression | int:
    """1, or the guard: what "exactly one" becomes in a structure that holds where the guard
    does (none chosen where it does not)."""
    return 1 if guard is None else guard.expr


def post_equal_unless(model: LinearModel, left, right, guard: Lin | None) -> None:
    """left = right for two 0/1-valued expressions, or only where the guard holds: then
    |left - right| <= 1 - guard, which asks nothing where it does not."""
    if guard is None:
        model.add_row(left, "==", right)
        return
    model.add(left - right <= 1 - guard.expr)
    model.add(right - left <= 1 - guard.expr)


def post_false_unless(model: LinearModel, why, guard: Lin | None) -> None:
    """A structure that cannot be built: a contradiction, or the guard must be false."""
    if guard is None:
        model.contradiction(why)
    else:
        model.add(guard.expr == 0)


STRICT = {"<": ("<=", 1), ">": (">=", 1)}  # strict comparisons of integers, with their gap


def _post_row(model: LinearModel, op: str, left: Lin, right: Lin) -> None:
    """`left op right` as rows, each left out where the bounds already decide it true. An
    equality is two rows, `<=` and `>=`: as one equality row CBC took 42 s instead of 6 s on
    slitherlink's corpus 30x30_2 (its first answers differ; docs/formulations.md)."""
    if not len(right.expr):  # a number
        post_bound(model, op, left, right.expr.constant)
        return
    low, high = left.low - right.high, left.high - right.low  # of left - right
    if high > WIDE or low < -WIDE:
        _post_wide(model, op, Lin(left.expr - right.expr, low, high), 0)
        return
    op, gap = STRICT.get(op, (op, 0))
    if op in ("<=", "=") and left.high + gap > right.low:
        model.add(left.expr + gap <= right.expr)
    if op in (">=", "=") and left.low < right.high + gap:
        model.add(left.expr >= right.expr + gap)


def post_bound(model: LinearModel, op: str, left: Lin, number: int) -> None:
    """`left op number` (not `!=`) as `_post_row` does, the row being left's expression
    itself against the number: no copy of it."""
    if left.high > WIDE or left.low < -WIDE:
        _post_wide(model, op, left, number)
        return
    if abs(number) > WIDE:  # beyond left's range: a row that fails just as surely, in range
        number = min(max(number, left.low - 1), left.high + 1)  # (10^400 overflowed PuLP)
    op, gap = STRICT.get(op, (op, 0))
    if op in ("<=", "=") and left.high + gap > number:
        model.add(pulp.LpConstraint(left.expr, pulp.LpConstraintLE, rhs=number - gap))
    if op in (">=", "=") and left.low < number + gap:
        model.add(pulp.LpConstraint(left.expr, pulp.LpConstraintGE, rhs=number + gap))


def _post_wide(model: LinearModel, op: str, left: Lin, number: int) -> None:
    """`left op number` with numbers beyond `WIDE`, exactly (`digits.py`)."""
    if op == "=":
        post_equal_by_digits(model, left.expr, number)
        return
    op, gap = STRICT.get(op, (op, 0))
    if op == "<=":
        number -= gap
        if left.high > number:
            post_bound_by_digits(model, left.expr, "<=", number, number - left.low)
    else:
        number += gap
        if left.low < number:
            post_bound_by_digits(model, left.expr, ">=", number, left.high - number)


def _at_least_zero_unless(model: LinearModel, e: Lin, relax) -> None:
    row = _at_least_zero_row(e, relax)
    if row is not None:
        model.add(row)


def _at_least_zero_row(e: Lin, relax) -> pulp.LpConstraint | None:
    """e >= 0 where `relax` is 0, and nothing beyond e's own bound where it is 1 or more:
    e >= low * relax (low < 0), so M is e's lower bound. None: e's bound says it already."""
    refuse_wide(e.low, e.high)
    return e.expr >= e.low * relax if e.low < 0 else None
