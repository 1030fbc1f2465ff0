"""`product(E) = K`: the product of positive integers equals a number from the puzzle.

`product=exponents` (the only one): by unique factorisation, a product of whole numbers of 1
or more equals K exactly when, for every prime p, the exponents of p in the factors add up to
the exponent of p in K. With one-hot value indicators the exponent of p in x_i is the linear
sum over d of e_p(d) * [x_i = d], so the product becomes one linear equality per prime that
divides K or some value of the domains: exact, no logarithms, no big-M, no enumeration of the
factor multisets. A prime of K that no value can supply, or K < 1, is a contradiction.
"""

from __future__ import annotations

import pulp

from dslsolve.compiler.model import Lin, LinearModel, Value, Why, constant


class ProductError(ValueError):
    """A product the lowering cannot take apart (values below 1, no value indicators)."""


def _exponents(n: int) -> dict[int, int]:
    """The prime factorisation of n >= 1 as prime -> exponent."""
    found: dict[int, int] = {}
    p = 2
    while p * p <= n:
        while n % p == 0:
            found[p] = found.get(p, 0) + 1
            n //= p
        p += 1
    if n > 1:
        found[n] = found.get(n, 0) + 1
    return found


def post_product(model: LinearModel, values: list[Value], target: int, why: Why) -> None:
    """Post product(values) = target."""
    options: list[dict[int, Lin | bool]] = []
    for value in values:
        if constant(value):
            options.append({int(value): True})
            continue
        if value.encoding is None:
            raise ProductError("product(...) takes a variable or puzzle values")
        options.append({d: value.encoding.indicator(d) for d in value.encoding.domain})
    if any(d < 1 for option in options for d in option):
        raise ProductError("product(...) is lowered for values of 1 or more")
    if target < 1:
        model.contradiction(why)
        return
    wanted = _exponents(target)
    primes = set(wanted)
    for option in options:
        for d in option:
            primes.update(_exponents(d))
    for p in sorted(primes):
        terms = []
        fixed = 0
        for option in options:
            for d, is_d in option.items():
                e = _exponents(d).get(p, 0)
                if not e or (isinstance(is_d, bool) and not is_d):
                    continue
                if isinstance(is_d, bool):
                    fixed += e
                else:
                    terms.append((is_d.expr, e))
        if not terms:
            if fixed != wanted.get(p, 0):
                model.contradiction(why)
            continue
        model.add(pulp.lpSum(e * lit for lit, e in terms) + fixed == wanted.get(p, 0))
