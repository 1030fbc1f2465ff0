"""A condition that must be false, as nogood rows: no literal for the condition itself.

An element of `count(S where f) = 0` or of `not any(S where f)`, or `not (a and b)`, forbids
a conjunction. Reified, it costs a binary per conjunction (and one per comparison in it) and
a row that sums them; forbidden directly, it is the nogood: the sum of its parts' literals is
at most their number minus 1.

Comparisons of one-hot integers (`domain=onehot`) are split further, into value indicators:
`x op k` (k a number) says "x takes a value of S", S the values that satisfy it, and
`x op y` is the disjunction over the values v of x of "x = v and y takes a value w with
v op w". The conjunction is distributed over these disjunctions, and each variable's value
sets in a term are intersected (a term with an empty set can never hold and is dropped; a set
that is the whole domain always holds and is left out). Each term is itself forbidden: one row

    sum over its variables i of sum over d in S_i of x_i,d + sum of the other literals
        <= (number of variables) + (number of literals) - 1

Since exactly one x_i,d is 1, each inner sum is a 0/1 literal, and no binary is added. Ripple
effect's `digit = c.digit and distance <= c.digit`, for a cell d at distance k from c, becomes
x_c,v + x_d,v <= 1 for every value v >= k: the seed's rows.

`nogoods=cliques` (default): the rows of two 0/1 variables, `a + b <= 1`, are gathered over the
whole compile as the edges of a conflict graph and posted at its end as at most one of each
clique of a cover (greedy: each edge not yet covered grows into a maximal clique, the earliest
variables first). Ripple effect's pairs of one value on one line are its windows: at most one
v in any v + 1 cells in a row. `nogoods=pairs`: a row per pair, as they come.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pulp

from dslsolve.compiler.lowerings.domain import OneHot
from dslsolve.compiler.model import Lin, LinearModel, Value, Why, ones

# A conjunction of "x takes a value of S" for distinct one-hot variables x.
Term = dict[OneHot, frozenset]

TESTS = {
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}

# Distributing multiplies the terms; past this many, comparisons are reified instead.
MAX_TERMS = 256


@dataclass(frozen=True)
class ValueTest:
    """A comparison of one-hot integers as a disjunction of terms, and its reified literal
    (`reify`, built only if the distribution would grow too large)."""

    terms: list[Term]
    reify: Callable[[], Value]


def _one_hot(value: Value) -> OneHot | None:
    if isinstance(value, Lin) and type(value.encoding) is OneHot:
        return value.encoding
    return None


def _number(value: Value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _meet(first: Term, second: Term) -> Term | None:
    """Both terms at once; None if some variable is left without a value."""
    out = dict(first)
    for var, values in second.items():
        values = out[var] & values if var in out else values
        if not values:
            return None
        out[var] = values
    return out


def value_terms(op: str, left: Value, right: Value) -> list[Term] | None:
    """`left op right` as a disjunction of terms, if both sides are one-hot integers or one is
    a number; None otherwise."""
    x, y = _one_hot(left), _one_hot(right)
    if x is not None and y is not None:
        if op == "=" and x is not y:  # the common case, without the tests: {x: {v}, y: {v}}
            return [{x: one, y: one} for v, one in _singles(x.domain) if v in y.domain]
        test = TESTS[op]
        terms = []
        for v in x.domain:
            term = _meet({x: _single(v)}, {y: frozenset(w for w in y.domain if test(v, w))})
            if term is not None:
                terms.append(term)
        return terms
    if x is not None and _number(right):
        test = TESTS[op]
        return [{x: frozenset(d for d in x.domain if test(d, right))}]
    if y is not None and _number(left):
        test = TESTS[op]
        return [{y: frozenset(d for d in y.domain if test(left, d))}]
    return None


_SINGLES: dict = {}


def _single(value: int) -> frozenset:
    """frozenset([value]), made once per value: terms hold many."""
    found = _SINGLES.get(value)
    if found is None:
        found = _SINGLES[value] = frozenset((value,))
    return found


_SINGLES_OF: dict = {}


def _singles(domain: range) -> list[tuple[int, frozenset]]:
    """(v, frozenset([v])) for each value of the domain, made once per domain."""
    found = _SINGLES_OF.get(domain)
    if found is None:
        found = _SINGLES_OF[domain] = [(v, _single(v)) for v in domain]
    return found


def forbid(model: LinearModel, tests: list[ValueTest], literals: list[Lin], why: Why) -> None:
    """Post `not (all tests and all literals)`: one nogood row per term of the distribution.

    A test whose terms would push the distribution past MAX_TERMS joins the literals reified.
    """
    literals = list(literals)
    terms: list[Term] = [{}]
    for test in sorted(tests, key=lambda t: len(t.terms)):
        if len(terms) * len(test.terms) > MAX_TERMS:
            value = test.reify()
            if value is True:
                continue
            if not isinstance(value, Lin):
                return  # false (or absent): the conjunction never holds
            literals.append(value)
            continue
        terms = [met for t in terms for u in test.terms if (met := _meet(t, u)) is not None]
        if not terms:
            return  # no term can hold: nothing to forbid
    fixed: dict = {}  # the literals' part of every row
    for lit in literals:
        for var, coefficient in lit.expr.items():
            fixed[var] = fixed.get(var, 0) + coefficient
    constant = sum(lit.expr.constant for lit in literals)
    seen = model.nogoods
    pairs = model.pairs if model.formulation["nogoods"] == "cliques" else None
    for term in terms:
        if pairs is not None and not literals and len(term) == 2:
            (x, first), (y, second) = term.items()  # a pair of one value each: not both
            if len(first) == len(second) == 1 < min(len(x.domain), len(y.domain)):
                pairs.append((x.bits[next(iter(first))], y.bits[next(iter(second))]))
                continue  # post_cliques drops the pair seen twice
        coefficients = dict(fixed)
        parts = len(literals)
        for var, values in term.items():
            if len(values) == len(var.domain):
                continue
            parts += 1
            bits = var.bits  # x_d is the indicator of d: a coefficient of 1 each
            for d in values:
                binary = bits[d]
                coefficients[binary] = coefficients.get(binary, 0) + 1
        if not parts:
            model.contradiction(why)  # the forbidden condition always holds
            return
        # the columns by identity (each lives as long as the model): a key hashed without
        # calling PuLP's __hash__ for every column
        key = (frozenset(zip(map(id, coefficients), coefficients.values(), strict=True)), constant)
        if key not in seen:  # c sees d as d sees c: post each nogood once
            seen.add(key)
            if pairs is not None and parts == 2 and constant == 0 and _two_ones(coefficients):
                pairs.append(tuple(coefficients))
                continue
            row = pulp.LpAffineExpression(list(coefficients.items()), constant)
            model.add(pulp.LpConstraint(row, pulp.LpConstraintLE, rhs=parts - 1))


def _two_ones(coefficients: dict) -> bool:
    """Two variables, each with coefficient 1: a pair that is never both 1."""
    return len(coefficients) == 2 and all(c == 1 for c in coefficients.values())


def post_cliques(model: LinearModel) -> None:
    """The pairs gathered (`model.pairs`) as at most one of each clique of a greedy cover of
    their graph; later pairs are posted as rows at once. Deterministic: the variables are
    numbered in the order they came, and a clique grows by the lowest number it can take."""
    pairs, model.pairs = model.pairs, None
    if not pairs:
        return
    number: dict[int, int] = {}  # id of a variable -> its number (id: no PuLP __hash__)
    variables: list[pulp.LpVariable] = []
    edges = []
    for pair in pairs:
        ends = []
        for variable in pair:
            i = number.get(id(variable))
            if i is None:
                i = number[id(variable)] = len(variables)
                variables.append(variable)
            ends.append(i)
        edges.append(ends)
    neighbours: list[set[int]] = [set() for _ in variables]
    for i, j in edges:
        neighbours[i].add(j)
        neighbours[j].add(i)
    uncovered = [set(n) for n in neighbours]  # the neighbours whose edge no clique has yet
    for i, j in edges:
        if j not in uncovered[i]:
            continue
        clique = [i, j]
        candidates = neighbours[i] & neighbours[j]
        while candidates:
            k = min(candidates)
            clique.append(k)
            candidates &= neighbours[k]
        clique.sort()
        members = set(clique)
        for k in clique:
            uncovered[k] -= members
        row = ones(variables[k] for k in clique)
        model.add(pulp.LpConstraint(row, pulp.LpConstraintLE, rhs=1))
