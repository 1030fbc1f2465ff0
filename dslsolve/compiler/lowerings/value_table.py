"""The truth of a comparison of one-hot integers, from its table of values (`compare=table`).

`a.digit - b.digit = 1` (kropki's white dot) has no literal of its own: reified with big-M
rows (`compare=bigm`, `logic.reify_compare`) it costs three binaries and rows whose LP
relaxation says little, and CBC needed more than 30 s for a 6x6 kropki. But when both sides
are affine in the value bits of at most two one-hot integers (`domain=onehot`: x = sum_d d x_d,
exactly one x_d is 1), the comparison is a function of their two values, and its table is
small. With S(v) the values w of y for which it holds when x = v, its truth z is exact with

    z <= sum_{w in S(v)} y_w + 1 - x_v    and    z >= x_v + sum_{w in S(v)} y_w - 1

for every value v of x (given x_v = 1, both say z = sum_{w in S(v)} y_w), the rows of a
table constraint over the one-hot bits; with one integer, z is the sum of x_v over the values
that satisfy it, and no binary is made.

An `or` of such comparisons that must hold (minarism's difference on a link, `a.digit -
b.digit = k or b.digit - a.digit = k`) needs no literal at all (`compare=support`, the
default): it is a relation R between x and y, posted as its support rows x_v <= sum of y_w
over the w with (v, w) in R, both ways. Through literals (`table`), CBC needed up to 9 s for
minimal 6x6 minarism puzzles that support solves in 0.04-3 s (docs/formulations.md).
"""

from __future__ import annotations

from dslsolve.compiler.lowerings.logic import literal
from dslsolve.compiler.lowerings.nogoods import TESTS
from dslsolve.compiler.model import Lin, LinearModel, ones, sum_of

LARGEST = 400  # value pairs at most (the rows hold about as many terms); larger go to big-M


Comparison = tuple[str, Lin, Lin]  # `left op right`


def _tests(model: LinearModel, comparisons: list[Comparison]):
    """The one-hot integers that the comparisons read (at most two, fewest values first) and
    each comparison's test of their values; None where they read anything else, more than two
    integers, or more value pairs than LARGEST."""
    weighed = []
    for op, left, right in comparisons:
        weights: dict[object, dict[int, float]] = {}  # encoding -> its value -> coefficient
        for expr, sign in ((left.expr, 1), (right.expr, -1)):
            for var, coefficient in expr.items():
                found = model.value_bits.get(var)
                if found is None:
                    return None
                encoding, value = found
                by_value = weights.setdefault(encoding, {})
                by_value[value] = by_value.get(value, 0) + sign * coefficient
        weighed.append((TESTS[op], left.expr.constant - right.expr.constant, weights))
    read = list(dict.fromkeys(e for _, _, weights in weighed for e in weights))  # in order
    if not read or len(read) > 2:
        return None
    encodings = sorted(read, key=lambda e: len(e.domain))
    if len(encodings) == 2 and len(encodings[0].domain) * len(encodings[1].domain) > LARGEST:
        return None

    def holding(test, constant, weights):
        def holds(*values: int) -> bool:
            pairs = zip(encodings, values, strict=True)
            return test(constant + sum(weights.get(e, {}).get(v, 0) for e, v in pairs), 0)

        return holds

    return encodings, [holding(*w) for w in weighed]


def post_any_by_values(model: LinearModel, comparisons: list[Comparison]) -> bool:
    """Post `c_1 or c_2 or ...` (`compare=support`) as the support rows of the relation they
    make between at most two one-hot integers x and y: x_v <= sum of y_w over the values w
    with which some c_i holds when x = v, and the same with x and y swapped (one integer: its
    values where none holds are 0). No literal per comparison. False where it does not apply
    (`_tests`)."""
    found = _tests(model, comparisons)
    if found is None:
        return False
    encodings, tests = found
    if len(encodings) == 1:
        (x,) = encodings
        for v in x.domain:
            if not any(holds(v) for holds in tests):
                model.add(x.indicator(v).expr <= 0)
        return True
    x, y = encodings
    allowed = {(v, w) for v in x.domain for w in y.domain if any(t(v, w) for t in tests)}
    for one, other, pair in ((x, y, lambda v, w: (v, w)), (y, x, lambda v, w: (w, v))):
        for v in one.domain:
            supports = [w for w in other.domain if pair(v, w) in allowed]
            if len(supports) < len(other.domain):
                model.add(one.indicator(v).expr - ones(other.bits[w] for w in supports) <= 0)
    return True


def reify_by_values(model: LinearModel, op: str, left: Lin, right: Lin) -> Lin | bool | None:
    """The literal of `left op right` from its table of values, or None where it does not
    apply: a variable that is no one-hot value bit, more than two integers, or more value
    pairs than LARGEST."""
    found = _tests(model, [(op, left, right)])
    if found is None:
        return None
    encodings, (holds,) = found

    if len(encodings) == 1:
        (x,) = encodings
        true = [v for v in x.domain if holds(v)]
        if len(true) in (0, len(x.domain)):
            return bool(true)
        return Lin(sum_of(x.indicator(v) for v in true), 0, 1, boolean=True)
    x, y = encodings
    table = {v: [w for w in y.domain if holds(v, w)] for v in x.domain}
    sizes = {len(ws) for ws in table.values()}
    if sizes in ({0}, {len(y.domain)}):
        return sizes == {len(y.domain)}
    z = model.binary("tbl")
    for v, ws in table.items():
        x_v = x.indicator(v).expr
        if len(ws) == len(y.domain):
            model.add(z - x_v >= 0)
            continue
        if not ws:
            model.add(z + x_v <= 1)
            continue
        supports = ones(y.bits[w] for w in ws)
        model.add(z + x_v - supports <= 1)
        model.add(z - x_v - supports >= -1)
    return literal(z)
