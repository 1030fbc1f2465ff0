"""A condition over a few binary literals, posted exactly as the table of its allowed patterns.

When a condition reads only a handful of literals (the eight cells around a tapa clue), its
satisfying assignments can simply be listed: the caller enumerates the 2^k patterns and keeps
those the condition allows. The table is then posted exactly, in one of two ways:

`table=select` (default): one binary y_p per allowed pattern p, sum_p y_p = 1, and each literal
equals the sum of the y_p whose pattern sets it: x_i = sum_{p: p_i = 1} y_p. The LP relaxation
of this is the convex hull of the allowed patterns (Balas' disjunctive formulation, with every
disjunct a single point), the tightest possible; the `table` constraint of MiniZinc's linear
library is the same idea.

`table=nogoods`: for each forbidden pattern p one row that cuts off exactly that corner of the
cube: sum_{i: p_i = 0} x_i + sum_{i: p_i = 1} (1 - x_i) >= 1. No new variables, but up to 2^k
rows, and a weaker relaxation.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pulp

from dslsolve.compiler.lowerings.logic import post_equal_unless, post_false_unless, unit
from dslsolve.compiler.model import Lin, LinearModel, Why


def allowed_patterns(
    count: int, allows: Callable[[tuple[int, ...]], bool]
) -> list[tuple[int, ...]]:
    """Every 0/1 pattern of `count` literals that `allows` accepts (2^count of them are tried:
    callers keep `count` small, as the eight cells of a ring)."""
    return [p for p in itertools.product((0, 1), repeat=count) if allows(p)]


def post_table(
    model: LinearModel,
    literals: list[Lin],
    allowed: list[tuple[int, ...]],
    why: Why,
    guard: Lin | None = None,
) -> None:
    """The literals take one of the allowed patterns (where the guard holds, if one is given:
    the chosen pattern then exists only there, and a nogood row asks for the guard, not 1)."""
    if not allowed:
        post_false_unless(model, why, guard)
        return
    if len(allowed) == 1 and guard is None:
        for lit, bit in zip(literals, allowed[0], strict=True):
            model.add(lit.expr == bit)
        return
    if model.formulation["table"] == "nogoods":
        permitted = set(allowed)
        for pattern in itertools.product((0, 1), repeat=len(literals)):
            if pattern in permitted:
                continue
            model.add(
                pulp.lpSum(
                    lit.expr if bit == 0 else 1 - lit.expr
                    for lit, bit in zip(literals, pattern, strict=True)
                )
                >= unit(guard)
            )
        return
    chosen = {pattern: model.binary("pattern") for pattern in allowed}
    model.add(pulp.lpSum(chosen.values()) == unit(guard))
    for i, lit in enumerate(literals):
        setting = pulp.lpSum(y for pattern, y in chosen.items() if pattern[i])
        post_equal_unless(model, lit.expr, setting, guard)
