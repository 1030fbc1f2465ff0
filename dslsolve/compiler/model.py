"""The linear model being built: a PuLP problem plus what the solve loop needs around it.

`Lin` is a linear expression with known integer bounds; the bounds are what every big-M in the
lowering library is derived from, so no M is ever a guess.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field

import pulp

from dslsolve.formulations import Formulation


class Lin:
    """An affine expression over model variables with bounds `low <= expr <= high`.

    `boolean` marks a 0/1-valued expression (a literal: a binary, or 1 - a binary, ...).
    `encoding` is set when the expression is exactly an integer variable, so lowerings can ask
    it for value indicators instead of building them again.

    A value: never changed once made (nor is its expression, which rows may share). A plain
    class with slots rather than a frozen dataclass, as the compiler makes one for nearly
    every literal and sum: a third of the time per Lin.
    """

    __slots__ = ("expr", "low", "high", "boolean", "encoding")

    def __init__(
        self,
        expr: pulp.LpAffineExpression,
        low: int,
        high: int,
        boolean: bool = False,
        encoding: object = None,
    ) -> None:
        self.expr = expr
        self.low = low
        self.high = high
        self.boolean = boolean
        self.encoding = encoding

    def __repr__(self) -> str:
        return f"Lin({self.expr}, {self.low}, {self.high}, boolean={self.boolean})"


# A lowered value: a constant (int, bool, symbol, tuple of ints), None for absent, or a Lin.
Value = int | bool | str | tuple | None | Lin


def sum_of(lins) -> pulp.LpAffineExpression:
    """The sum of the `Lin`s' expressions, built in one go (PuLP's `lpSum` over expressions
    adds them one at a time, which dominated the compile time of sudoku). Coefficients of a
    variable that occurs in several terms add up (PuLP would keep only the last one): a letter
    occurs in several words of a cryptarithm. The terms go straight into the new expression
    (a dict): built apart and passed to its constructor, they were copied once more."""
    exprs = [lin.expr for lin in lins]
    summed = pulp.LpAffineExpression()
    size = constant = 0
    for expr in exprs:
        summed.update(expr)  # in C, right unless a variable occurs twice
        size += len(expr)
        constant += expr.constant
    if len(summed) < size:
        summed.clear()
        for expr in exprs:
            for var, coefficient in expr.items():
                summed[var] = summed.get(var, 0) + coefficient
    summed.constant = constant
    return summed


def ones(variables) -> pulp.LpAffineExpression:
    """The sum of distinct variables, built in one go (`lpSum` adds them one at a time)."""
    return pulp.LpAffineExpression([(v, 1) for v in variables])


Side = pulp.LpAffineExpression | pulp.LpVariable | int | float  # a side of a row

SENSES = {"<=": pulp.LpConstraintLE, ">=": pulp.LpConstraintGE, "==": pulp.LpConstraintEQ}


def row(left: Side, sense: str, right: Side = 0) -> pulp.LpConstraint:
    """The row `left sense right`, built from the two sides' terms in one pass: the row that
    PuLP's operators build (left's terms, then right's, negated) without the two or three
    intermediate expressions they make on the way. Worth it for the many short rows between
    variables of the loop and path lowerings (slitherlink 20x20 compile 37 -> 34 ms); for
    `long expression op number` PuLP's own `<=` is faster, as it copies nothing."""
    terms: dict = {}
    offset = 0
    for side, sign in ((left, 1), (right, -1)):
        if isinstance(side, pulp.LpAffineExpression):
            for var, coefficient in side.items():
                terms[var] = terms.get(var, 0) + sign * coefficient
            offset += sign * side.constant
        elif isinstance(side, pulp.LpVariable):
            terms[side] = terms.get(side, 0) + sign
        else:
            offset += sign * side
    return pulp.LpConstraint(pulp.LpAffineExpression(terms, offset), SENSES[sense])


def constant(value: Value) -> bool:
    return not isinstance(value, Lin)


def as_lin(value: Value) -> Lin:
    if isinstance(value, Lin):
        return value
    number = int(value)
    return Lin(pulp.LpAffineExpression(constant=number), number, number, boolean=number in (0, 1))


class LoweringError(Exception):
    """A rule the compiler cannot lower (the evaluator can still check it)."""


class Reason:
    """Why a rule instance cannot hold (`line 4: 'RULE' cannot hold at r2c3`), put into words
    only if it is ever reported: most rule instances never are, and wording each one was a
    tenth of the compile time of small puzzles."""

    __slots__ = ("_words",)

    def __init__(self, words: Callable[[], str]) -> None:
        self._words = words

    def __str__(self) -> str:
        return self._words()


Why = str | Reason


Separator = Callable[[], list[pulp.LpConstraint]]
"""Looks at the current solution (the variables' values) and returns the cuts it violates."""


@dataclass(frozen=True)
class Circuit:
    """A native global a backend may post beside the rows: the used edges of an undirected
    graph form exactly one cycle through the used vertices (the others are skipped). The rows
    and separators of the lowering that declared it stay in the model and remain valid; a
    backend with a circuit constraint of its own (cpsat's `AddCircuit`) posts it too, so that
    its answers are single cycles and the separator finds nothing to cut."""

    used: dict[Hashable, pulp.LpVariable]  # vertex -> its binary: on the cycle
    edges: list[tuple[Hashable, Hashable, pulp.LpVariable]]  # (end, end, binary: on the cycle)


@dataclass(frozen=True, eq=False)  # compared by identity: its fields are PuLP expressions
class Connected:
    """A native global a backend may post beside the rows: the chosen vertices of an
    undirected graph form one connected set (`roots` None), or each is joined through chosen
    vertices to a chosen vertex where its root literal holds. As with `Circuit`, the rows and
    separators of the lowering that declared it stay and remain valid; cpsat posts it as a
    spanning forest with depth labels (`backends/cpsat.py`), so that its answers need no round.
    `depth`: no chosen vertex is more than this many steps from its root (a bound the
    declaring lowering knows, such as an area's size; else the number of vertices).
    `after_rounds`: post it only once this many rounds of lazy rows have been added (0: at
    once), or earlier when a search between rounds is slow (cpsat's `PATIENCE`), so that a
    model whose cuts converge fast never pays for it."""

    chosen: dict[Hashable, pulp.LpAffineExpression]  # vertex -> its 0/1 expression
    edges: list[tuple[Hashable, Hashable]]
    roots: dict[Hashable, pulp.LpAffineExpression] | None
    depth: int
    after_rounds: int = 0


@dataclass(frozen=True, eq=False)
class AllDifferent:
    """A native global a backend may post: the integer expressions (each a number or one
    variable times a number, plus a number) take pairwise different values. Unlike `Circuit`
    and `Connected` no row says it: the declaring lowering (`alldifferent=native`) gives the
    other backends a separator that cuts, in rounds, the pairs that share a value, and
    `linear` where it can: called once before a backend without the global gets the model, it
    adds `alldifferent=onehot`'s rows over the members' value indicators (made then), so that
    such a backend starts from the rows it solves best instead of from rounds of cuts."""

    values: list[pulp.LpAffineExpression]
    linear: Callable[[], None] | None = None


@dataclass
class LinearModel:
    formulation: Formulation
    problem: pulp.LpProblem = field(default_factory=lambda: pulp.LpProblem("dslsolve"))
    separators: list[Separator] = field(default_factory=list)
    # optional: separators that also read fractional values (an LP relaxation's), for a backend
    # that calls them inside its search; each returns only cuts valid for every integral answer
    fractional_separators: list[Separator] = field(default_factory=list)
    contradictions: list[str] = field(default_factory=list)
    nogoods: set = field(default_factory=set)  # rows posted by lowerings/nogoods.py
    # pairs of 0/1 variables never both 1 (`nogoods=cliques`), posted as the rows of cliques
    # at the end of the compile (`nogoods.post_cliques`); None once posted
    pairs: list[tuple[pulp.LpVariable, pulp.LpVariable]] | None = field(default_factory=list)
    # the bit of a one-hot integer -> (its encoding, the value it stands for in its linear
    # value): lowerings/value_table.py reads comparisons of those values off their bits
    value_bits: dict = field(default_factory=dict)
    # native globals (`Circuit`, `Connected`, `AllDifferent`) for a backend that has them; a
    # backend without ignores them
    natives: list[Circuit | Connected | AllDifferent] = field(default_factory=list)
    _names: Iterable[int] = field(default_factory=itertools.count)

    def variable(
        self,
        name: str,
        low: float | None = None,
        high: float | None = None,
        cat: str = pulp.LpBinary,
    ) -> pulp.LpVariable:
        """A new model variable (through the problem, as PuLP 4 asks: constructing
        `LpVariable` directly warns on every call, a tenth of sudoku's compile time)."""
        return self.problem.add_variable(name, low, high, cat)

    def binary(self, prefix: str = "aux") -> pulp.LpVariable:
        return self.variable(f"{prefix}_{next(self._names)}")

    def integer(self, low: int, high: int, prefix: str = "aux") -> pulp.LpVariable:
        return self.variable(f"{prefix}_{next(self._names)}", low, high, pulp.LpInteger)

    def continuous(self, low: float, high: float, prefix: str = "flow") -> pulp.LpVariable:
        return self.variable(f"{prefix}_{next(self._names)}", low, high, pulp.LpContinuous)

    def add(self, constraint: pulp.LpConstraint) -> None:
        self.problem.addConstraint(constraint)

    def add_row(self, left: Side, sense: str, right: Side = 0) -> None:
        """Add `left sense right` (see `row`)."""
        self.problem.addConstraint(row(left, sense, right))

    def contradiction(self, why: Why) -> None:
        """A rule instance is false whatever the unknowns are: record why, make it infeasible."""
        why = str(why)
        if why not in self.contradictions:
            self.contradictions.append(why)
        self.add(pulp.LpAffineExpression(constant=0) >= 1)


def value_of(lin: Lin) -> int:
    """The value of a lowered expression in the current solution, rounded. A variable in no
    row has no value from the solver; it counts as 0, as `Compiled.decode` reads it (PuLP's
    `value` made the whole expression None, so `1 - black` read 0 where decode read 1)."""
    expr = lin.expr
    return round(sum(c * (v.varValue or 0) for v, c in expr.items()) + expr.constant)
