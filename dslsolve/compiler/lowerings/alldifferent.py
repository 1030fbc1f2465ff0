"""alldifferent over a set of (membership, value) pairs.

`alldifferent=onehot` (default): for each value d, at most one member takes d (sum of the value
indicators <= 1), an equality when n members share a domain of n values (a permutation, as in a
sudoku row, given digits counted as members: the stronger LP of the assignment polytope).
MiniZinc's `fzn_all_different_int` in its linear library does the same over `eq_encode`.

`alldifferent=pairwise`: x_i - x_j >= 1 - M b_ij and x_j - x_i >= 1 - M (1 - b_ij) per pair,
M from the domains. Weaker, but it needs no value indicators (the choice for `domain=integer`).

`alldifferent=native`: where every member is in the set and each value is a given number or
one integer variable (`domain=integer`), the members are declared as an `AllDifferent` native
global, which cpsat posts as its own `AddAllDifferent`: no value indicators at all, so a
sudoku's model is its 256 integers and 48 globals, as a hand-written CP-SAT model is. The
other backends get a separator instead: after each solve, for every two members that share a
value, the rows of `pairwise` for that pair. Elsewhere (one-hot values, optional members) it
lowers as `onehot` does.

Members whose value is a given number (hitori's clue digits) with a variable membership (the
cell is white) become: among members with equal numbers, at most one is a member.

Behind a guard g (a `where` on unknowns, `p implies alldifferent(...)`) each form has its
guarded rows (MiniZinc's half-reified `_imp` forms: g implies alldifferent), which ask nothing
where g is 0: `onehot`'s row per value d becomes sum_i x[i,d] <= 1 + (k - 1)(1 - g), k the
members that can take d (and a permutation's sum_i x[i,d] >= g); `pairwise`'s rows of each
pair are guarded by g and the pair's memberships together. `native` has no guarded form in
CP-SAT's linear view (an `AllDifferent` cannot be made conditional there), so behind a guard
it posts `onehot`'s rows (`pairwise`'s where a value has no indicators, `domain=integer`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

import pulp

from dslsolve.compiler.lowerings.logic import (
    conjunction,
    different,
    post_compare,
    post_false_unless,
)
from dslsolve.compiler.model import (
    AllDifferent,
    Lin,
    LinearModel,
    Value,
    Why,
    as_lin,
    constant,
    sum_of,
    value_of,
)

Member = tuple[Lin | bool, Value]  # (is it in the set, its value)


def post_alldifferent(
    model: LinearModel, members: list[Member], why: Why, guard: Lin | None = None
) -> None:
    """The members take different values, or only where the guard holds."""
    fixed: dict[int, list[Lin | bool]] = defaultdict(list)  # given value -> memberships
    variable: list[Member] = []
    for membership, value in members:
        if constant(value):
            fixed[int(value)].append(membership)
        else:
            variable.append((membership, value))
    if not variable:
        _at_most_one_per_value(model, fixed, why, guard)
        return
    if (
        guard is None
        and model.formulation["alldifferent"] == "native"
        and all(
            membership is True and (constant(value) or len(value.expr) == 1)
            for membership, value in members
        )
    ):
        _at_most_one_per_value(model, fixed, why)
        linear = None
        if all(value.encoding is not None for _, value in variable):
            linear = _once(lambda: _onehot(model, fixed, variable, why, None, rows_only=True))
        _native(model, [value for _, value in members], why, linear)
        return
    if model.formulation["alldifferent"] == "pairwise" or any(
        value.encoding is None for _, value in variable
    ):
        _pairwise(model, members, why, guard)
        return
    _onehot(model, fixed, variable, why, guard)


def _once(function):
    """`function`, run at its first call only."""
    done = []

    def once() -> None:
        if not done:
            done.append(True)
            function()

    return once


def _onehot(
    model: LinearModel,
    fixed: dict[int, list[Lin | bool]],
    variable: list[Member],
    why: Why,
    guard: Lin | None,
    rows_only: bool = False,
) -> None:
    """At most one member per value, over the value indicators (exactly one for a
    permutation). `rows_only`: the rows of a native global's `linear`, after the compile, for
    a backend without the global: no contradiction to record (the givens' rows have been
    posted)."""
    domain = sorted({d for _, value in variable for d in value.encoding.domain} | set(fixed))
    given = [m for memberships in fixed.values() for m in memberships]
    permutation = (  # a sudoku row, its givens included: every value is taken exactly once
        len(given) + len(variable) == len(domain)
        and all(m is True for m in given)
        and all(m is True for m, _ in variable)
        and all(len(v.encoding.domain) == len(domain) for _, v in variable)
    )
    for d in domain:
        terms: list[Lin | bool] = list(fixed.get(d, []))
        for membership, value in variable:
            indicator = value.encoding.indicator(d)
            if indicator is False or membership is False:
                continue
            terms.append(
                indicator if membership is True else conjunction(model, [membership, indicator])
            )
        if rows_only and sum(1 for t in terms if t is True) > 1:
            continue  # two givens share the value: `_at_most_one_per_value` said so
        _at_most_one(model, terms, why, guard, exactly=permutation)


def _at_most_one_per_value(
    model: LinearModel, fixed: dict, why: Why, guard: Lin | None = None
) -> None:
    for memberships in fixed.values():
        _at_most_one(model, memberships, why, guard)


def _at_most_one(
    model: LinearModel,
    terms: list[Lin | bool],
    why: Why,
    guard: Lin | None = None,
    exactly: bool = False,
) -> None:
    """At most one term holds (exactly one for a permutation), or only where the guard holds:
    then the row is relaxed by 1 - g times the most the literals can exceed it."""
    certain = sum(1 for t in terms if t is True)
    literals = [t for t in terms if isinstance(t, Lin)]
    if certain > 1:
        post_false_unless(model, why, guard)
        return
    if not literals:
        return
    expr = sum_of(literals)
    if guard is None:
        model.add(expr == 1 - certain if exactly else expr <= 1 - certain)
        return
    excess = len(literals) - (1 - certain)  # k - 1 for a value no given takes
    if excess > 0:
        model.add(expr <= 1 - certain + excess * (1 - guard.expr))
    if exactly and not certain:
        model.add(expr >= guard.expr)


def _pairwise(model: LinearModel, members: list[Member], why: Why, guard: Lin | None) -> None:
    """Every two members differ: rows guarded by their memberships (and the guard)."""
    for i, (m_i, v_i) in enumerate(members):
        for m_j, v_j in members[i + 1 :]:
            if constant(v_i) and constant(v_j):
                if v_i == v_j:
                    _at_most_one(model, [m_i, m_j], why, guard)
                continue
            if False in (m_i, m_j):
                continue
            guards = [m for m in (m_i, m_j, guard) if isinstance(m, Lin)]
            both = conjunction(model, guards) if guards else None
            post_compare(model, "!=", as_lin(v_i), as_lin(v_j), both)


def _native(
    model: LinearModel, values: list[Value], why: Why, linear: Callable[[], None] | None
) -> None:
    """The global, its separator, and the bounds of the members' sum: n different integers
    from the union D of their domains sum to at least the n smallest values of D and at most
    the n largest (an equality for a permutation, as a sudoku row is). Besides helping an LP,
    the two rows hold every member's variable in the model: PuLP leaves a variable in no row
    out, and a backend without the global would get an empty model."""
    lins = [as_lin(value) for value in values]
    union = sorted({d for lin in lins for d in range(lin.low, lin.high + 1)})
    if len(union) < len(lins):
        model.contradiction(why)
        return
    total = sum_of(lins)
    model.add(total >= sum(union[: len(lins)]))
    model.add(total <= sum(union[-len(lins) :]))

    def separator() -> list[pulp.LpConstraint]:
        return _shared_values(model, lins)

    def rows() -> None:  # the rows hold the global exactly: its separator has nothing to cut
        linear()
        if separator in model.separators:
            model.separators.remove(separator)

    model.natives.append(AllDifferent([lin.expr for lin in lins], linear and rows))
    model.separators.append(separator)


def _shared_values(model: LinearModel, lins: list[Lin]) -> list[pulp.LpConstraint]:
    """For a backend without the native global: the rows of `pairwise` for every member whose
    value an earlier member already takes (with that member)."""
    first: dict[int, Lin] = {}
    cuts = []
    for lin in lins:
        value = value_of(lin)
        if value in first:
            cuts.extend(different(model, first[value], lin))
        else:
            first[value] = lin
    return cuts
