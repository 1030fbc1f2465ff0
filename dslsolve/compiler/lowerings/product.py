"""`product(E) = K`: the product of positive integers equals a number from the puzzle.

`product=exponents` (the only one): by unique factorisation, a product of whole numbers of 1
or more equals K exactly when, for every prime p, the exponents of p in the factors add up to
the exponent of p in K. With one-hot value indicators the exponent of p in x_i is the linear
sum over d of e_p(d) * [x_i = d], so the product becomes one linear equality per prime that
divides K or some value of the domains: exact, no logarithms, no big-M, no enumeration of the
factor multisets. A prime of K that no value can supply, or K < 1, is a contradiction.

Behind a guard g (a `where` on unknowns, `p implies product(E) = K`) each prime's equality
becomes two rows relaxed by 1 - g times the most its sum can differ from K's exponent (its
bounds: each factor supplies at most its largest exponent), and a contradiction becomes g = 0.
"""

from __future__ import annotations

import pulp

from dslsolve.compiler.lowerings.logic import post_compare, post_false_unless
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


def post_product(
    model: LinearModel, values: list[Value], target: int, why: Why, guard: Lin | None = None
) -> None:
    """Post product(values) = target, or only where the guard holds."""
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
        post_false_unless(model, why, guard)
        return
    wanted = _exponents(target)
    primes = set(wanted)
    for option in options:
        for d in option:
            primes.update(_exponents(d))
    for p in sorted(primes):
        terms = []
        fixed = 0
        most = 0  # the most the terms can add up to: each factor's largest exponent of p
        for option in options:
            largest = 0
            for d, is_d in option.items():
                e = _exponents(d).get(p, 0)
                if not e or (isinstance(is_d, bool) and not is_d):
                    continue
                if isinstance(is_d, bool):
                    fixed += e
                else:
                    terms.append((is_d.expr, e))
                    largest = max(largest, e)
            most += largest
        if not terms:
            if fixed != wanted.get(p, 0):
                post_false_unless(model, why, guard)
            continue
        exponent = pulp.lpSum(e * lit for lit, e in terms)
        if guard is None:
            model.add(exponent + fixed == wanted.get(p, 0))
        else:
            total = Lin(exponent, 0, most)
            post_compare(model, "=", total, wanted.get(p, 0) - fixed, guard)
