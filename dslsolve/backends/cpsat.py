"""OR-Tools CP-SAT fed the same linear model: kept between calls, each new call hinted with the
previous solution.

CP-SAT works on integers: every bound and coefficient must be integral. A continuous variable
(the flow of `connected=flow`) with integral bounds becomes an integer one, which keeps the
model's meaning when its data is integral: a flow problem with integral capacities and
demands that has a solution has an integral one.

A `Circuit` of the model (`loop=native`) is posted as `AddCircuit` on new arc literals: each
edge is used in one direction or the other (a_uv + a_vu = x_e), and a vertex off the cycle
takes its self-loop (not d_v). Then every answer is one cycle, and the loop's separator, still
called after each solve, finds nothing. The arc literals have no PuLP variable: the session
keeps the proto index of every column, which is no longer the column's number. A model with a
`Circuit` is presolved lightly (CIRCUIT_PRESOLVE).

An `AllDifferent` (`alldifferent=native`) is posted as `AddAllDifferent` over the members'
affine values.

A `Connected` (`connected=native|hybrid`, `area=*-native`) is posted as a spanning forest with
depth labels: every chosen vertex but a root has a chosen parent one step nearer a root. One
that waits for rounds of cuts (`after_rounds`, hybrid) is posted when they come, or when the
searches between rounds together outlast PATIENCE.

A row of one variable narrows its domain; a row over 0/1 variables with coefficients 1 and -1
that is a clause, an at-most-one or an exactly-one of its literals is posted as CP-SAT's own
`bool_or`, `at_most_one` or `exactly_one`; every other row as a linear constraint.

The session writes the model's protocol buffer itself and hands it to the solver through
`cp_model_helper`, OR-Tools' compiled core: `cp_model`, the Python layer over it, imports
pandas (and numpy) at its start, 0.3-0.4 s of every run for an API that dslsolve does not
use (docs/formulations.md, "Fixed costs").
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pulp
from ortools.sat.python import cp_model_helper as cp

from dslsolve.backends.base import Row, SolveStatus, integral
from dslsolve.backends.columns import ColumnSession
from dslsolve.compiler.model import AllDifferent, Circuit, Connected, LinearModel
from dslsolve.errors import DslError, Location
from dslsolve.grounding import distances
from dslsolve.runguard import stoppable

# One worker, so the answer is the same at every run (several workers race, and the first to
# finish gives the solution of a puzzle with several). See bench/README.md for the measure.
WORKERS = 1
# A puzzle's default model is a SAT problem (0/1 columns, no objective): CP-SAT's LP relaxation
# (level 1) costs more than it prunes there. Level 0 (no LP, the portfolio's `no_lp` worker) took
# kakuro 31x46 from over 60 s to 2.7-3.8 s and is a tie over 65 dataset puzzles of 22 genres
# (geometric mean 0.93 of the default's time): docs/formulations.md, "CP-SAT without its LP".
# With an objective (`--diagnose`) or integer columns (flows, big-M pairs) the LP is what
# prunes (heyawake's example under connected=flow: 0.4 s with it, over 60 s without): level 1.
FEASIBILITY_LINEARIZATION = 0
# The searches of a model whose natives wait for rounds of cuts that take longer than this
# together (CP-SAT's deterministic seconds, the same at every run) post those natives: the
# cuts are not converging fast, or the rows alone are hard to satisfy. Heyawake 31x45's
# searches took at most 1.4 each (heyawake now chooses connected=lazy), nurikabe 721_11x11's
# 2-7 before its layers; nurikabe 834_15x20's 0.3-0.9 each, 3 in four rounds; nurikabe
# 690_50x50's first search 52 without the black cells' forest, 3.4 with it; kurodoko
# 560_31x45's one search 0.06 (see docs/formulations.md).
PATIENCE = 3.0
# A model with a `Circuit` (the loop genres) is presolved lightly: one pass, no SAT presolve and
# no symmetry detection. Its search is short (deterministic 0.01-0.5 s) and each call, both of
# `--unique`'s among them, paid the full presolve: 0.69-0.83x the CP-SAT CPU time in masyu,
# slitherlink, yajilin and country_road (docs/formulations.md, "The loop's rows for CP-SAT").
# No presolve at all was faster still in three of them but not in slitherlink's larger puzzles.
CIRCUIT_PRESOLVE = {
    "max_presolve_iterations": 1,
    "cp_model_use_sat_presolve": False,
    "symmetry_level": 0,
}

_STATUS = {
    cp.OPTIMAL: SolveStatus.SOLVED,
    cp.FEASIBLE: SolveStatus.SOLVED,
    cp.INFEASIBLE: SolveStatus.INFEASIBLE,
    cp.UNKNOWN: SolveStatus.TIME_LIMIT,
}
INT_MIN, INT_MAX = -(2**63), 2**63 - 1  # the open sides of a row: CP-SAT's int64 range
_INT = {int}  # the types of a row's coefficients where none needs converting


class NotIntegral(DslError):
    def __init__(self, what: str) -> None:
        super().__init__(
            Location("--backend"),
            f"cpsat solves integral models only, and {what}",
            hint="choose another formulation (--formulation) or backend (--backend highs)",
        )


class OutOfRange(DslError):
    def __init__(self, what: str) -> None:
        super().__init__(
            Location("--backend"),
            f"cpsat takes numbers within -2^63..2^63 - 1 only, and {what}",
            hint="choose another backend (--backend highs) or smaller numbers",
        )


def _integer(value: float, what: str) -> int:
    if not integral(value):
        raise NotIntegral(what)
    return _int64(int(value), what)


def _integers(coefficients: list[float]) -> list[int]:
    """A row's coefficients as int64 integers, checked for the whole list at once (a large
    model has a million of them); the first one that is not names itself in the error."""
    try:
        whole = [int(c) for c in coefficients]
    except (OverflowError, ValueError):  # infinite or not a number
        whole = None
    if whole and whole == coefficients and min(whole) >= INT_MIN and max(whole) <= INT_MAX:
        return whole
    return [_integer(c, f"a row has coefficient {c}") for c in coefficients]


def _int64(value: int, what: str) -> int:
    if not INT_MIN <= value <= INT_MAX:
        raise OutOfRange(what)
    return value


def _sides(row: Row) -> tuple[int, int]:
    """The row's sides as int64 integers, an open side CP-SAT's end of the range; the row's
    sum is an integer, so a fractional side rounds inwards."""
    low = INT_MIN if row.low is None else math.ceil(row.low)
    high = INT_MAX if row.high is None else math.floor(row.high)
    what = f"a row has the bounds {low}..{high}"
    return _int64(low, what), _int64(high, what)


def _negated(literal: int) -> int:
    """The proto's reference to the negation of a Boolean variable."""
    return -literal - 1


class CpsatSession(ColumnSession):
    def __init__(self, model: LinearModel) -> None:
        self._model = cp.CpModelProto()
        self._proto: list[int] = []  # column -> the index of its variable in the proto
        self._binary: list[bool] = []  # proto index -> is it 0/1
        self._boolean = True  # every column is 0..1: a SAT problem (FEASIBILITY_LINEARIZATION)
        self._light_presolve = False  # a `Circuit` is posted (CIRCUIT_PRESOLVE)
        super().__init__(model)
        self._rounds = 0  # calls of `add`: rounds of lazy rows (and no-goods)
        self._patience = PATIENCE  # what the searches between rounds may still spend
        self._deferred = [n for n in model.natives if isinstance(n, Connected) and n.after_rounds]
        for native in model.natives:
            if isinstance(native, Circuit):
                self._add_circuit(native)
            elif isinstance(native, AllDifferent):
                self._add_alldifferent(native)
            elif native not in self._deferred:
                self._add_connected(native)

    def add(self, rows: Iterable[pulp.LpConstraint]) -> None:
        """The rows; then the natives deferred until this many rounds (`Connected`)."""
        super().add(rows)
        self._rounds += 1
        for native in [n for n in self._deferred if n.after_rounds <= self._rounds]:
            self._deferred.remove(native)
            self._add_connected(native)

    def _post_deferred(self) -> None:
        for native in self._deferred:
            self._add_connected(native)
        self._deferred.clear()

    def _variable(self, variable: pulp.LpVariable) -> int:
        return self._proto[self._columns.index[variable]]

    def _new_variable(self, low: int, high: int) -> int:
        """A new variable of the proto, unnamed (a name is a call into the proto per column,
        and CP-SAT reads none)."""
        index = len(self._binary)  # one entry per proto variable: no call into the proto
        self._model.variables.add().domain.extend((low, high))
        self._binary.append(low >= 0 and high <= 1)
        return index

    def _add_circuit(self, circuit: Circuit) -> None:
        self._light_presolve = True
        node = {vertex: number for number, vertex in enumerate(circuit.used)}
        arcs = [(n, n, _negated(self._variable(circuit.used[v]))) for v, n in node.items()]
        for u, v, used in circuit.edges:
            forward, backward = self._new_variable(0, 1), self._new_variable(0, 1)
            split = self._model.constraints.add().linear  # forward + backward == used
            split.vars.extend([self._variable(used), forward, backward])
            split.coeffs.extend([-1, 1, 1])
            split.domain.extend([0, 0])
            arcs += [(node[u], node[v], forward), (node[v], node[u], backward)]
        proto = self._model.constraints.add().circuit
        proto.tails.extend([tail for tail, _, _ in arcs])
        proto.heads.extend([head for _, head, _ in arcs])
        proto.literals.extend([literal for _, _, literal in arcs])

    def _add_alldifferent(self, native: AllDifferent) -> None:
        """A given's value is an offset alone (a sudoku's 27 globals hold ~300 values: the
        proto is written field by field, each a call, so only what a value has)."""
        proto = self._model.constraints.add().all_diff
        column = self._columns.index
        for value in native.values:
            expression = proto.exprs.add()
            terms = list(value.items())
            if terms:
                if any(v not in column for v, _ in terms):
                    self._add_columns(self._columns.new(v for v, _ in terms))
                expression.vars.extend([self._variable(v) for v, _ in terms])
                expression.coeffs.extend(_integers([c for _, c in terms]))
            if value.constant:
                expression.offset = _integer(value.constant, "an alldifferent value's constant")

    def _constraint(self, enforced_by: Iterable[int] = ()):
        """A new constraint of the proto, holding only where every literal given holds."""
        constraint = self._model.constraints.add()
        constraint.enforcement_literal.extend(enforced_by)
        return constraint

    def _clause(self, literals: list[int], enforced_by: Iterable[int] = ()) -> None:
        self._constraint(enforced_by).bool_or.literals.extend(literals)

    def _linear(
        self, terms: list[tuple[int, int]], low: int, high: int, enforced_by: Iterable[int] = ()
    ) -> None:
        linear = self._constraint(enforced_by).linear
        linear.vars.extend(v for v, _ in terms)
        linear.coeffs.extend(c for _, c in terms)
        linear.domain.extend([low, high])

    def _literal(self, expr: pulp.LpAffineExpression) -> int:
        """A CP-SAT literal equal to a 0/1 expression: the variable or its negation where the
        expression is one, else a new literal tied to it by a row."""
        terms = list(expr.items())
        self._add_columns(self._columns.new(v for v, _ in terms))
        if len(terms) == 1 and (terms[0][1], expr.constant) in ((1, 0), (-1, 1)):
            variable = self._variable(terms[0][0])
            return variable if terms[0][1] == 1 else _negated(variable)
        made = self._new_variable(0, 1)
        constant = _integer(expr.constant, "a literal's constant")
        coefficients = [
            _integer(c, f"a connected set's literal has coefficient {c}") for _, c in terms
        ]
        value = [(self._variable(v), -c) for (v, _), c in zip(terms, coefficients, strict=True)]
        self._linear([(made, 1), *value], constant, constant)  # made - sum = constant
        return made

    def _add_connected(self, connected: Connected) -> None:
        """Every chosen vertex that is no root has a parent: a chosen neighbour one step or
        more nearer a root (depth labels, so parents never form a cycle and every chosen
        vertex leads to a root). Without given roots the root is the first chosen vertex (in
        the order of `chosen`): one root, and no choice between equal answers. The depths are
        integers: the model is no longer a SAT problem, and CP-SAT keeps its LP."""
        self._boolean = False
        x = {v: self._literal(e) for v, e in connected.chosen.items()}
        root = (
            self._first_chosen(x)
            if connected.roots is None
            else {v: self._literal(e) for v, e in connected.roots.items() if v in x}
        )
        steps = _steps_from(root, connected.edges, x) if connected.roots is not None else {}
        floor = {
            v: min(steps.get(v, 0 if connected.roots is None else math.inf), connected.depth + 1)
            for v in x
        }
        depth = {}
        for v, chosen in x.items():
            if floor[v] > connected.depth:  # no root within reach: never chosen
                self._clause([_negated(chosen)])
                floor[v] = connected.depth
            depth[v] = self._new_variable(floor[v], connected.depth)
        parents: dict = {v: [] for v in x}
        for a, b in connected.edges:
            for child, parent in ((a, b), (b, a)):
                if child in x and parent in x:
                    arc = self._new_variable(0, 1)
                    self._clause([x[parent]], [arc])
                    self._clause([x[child]], [arc])
                    # depth[child] - depth[parent] >= 1 where the arc is used
                    self._linear([(depth[child], 1), (depth[parent], -1)], 1, INT_MAX, [arc])
                    parents[child].append(arc)
        for v, chosen in x.items():
            self._linear([(depth[v], 1)], floor[v], floor[v], [_negated(chosen)])
            if v in root:
                self._linear([(depth[v], 1)], 0, 0, [root[v]])
                self._clause([*parents[v], root[v]], [chosen])
            else:
                self._clause(parents[v], [chosen])

    def _first_chosen(self, x: dict) -> dict:
        """For each vertex, a literal: it is chosen and no vertex before it is."""
        first, before = {}, None  # before: some earlier vertex is chosen
        for v, chosen in x.items():
            if before is None:
                first[v], before = chosen, chosen
                continue
            first[v] = self._new_variable(0, 1)
            self._constraint([first[v]]).bool_and.literals.extend([chosen, _negated(before)])
            self._clause([_negated(chosen), before, first[v]])
            seen = self._new_variable(0, 1)
            self._clause([_negated(seen), before, chosen])
            self._clause([seen], [before])
            self._clause([seen], [chosen])
            before = seen
        return first

    def _set_objective(self, terms: list[tuple[pulp.LpVariable, float]], maximize: bool) -> None:
        objective = self._model.objective
        sign = -1 if maximize else 1  # CP-SAT minimizes: a maximum is the negated minimum
        objective.scaling_factor = float(sign)
        for index, coefficient in sorted((self._variable(v), c) for v, c in terms):
            objective.vars.append(index)
            objective.coeffs.append(
                sign * _integer(coefficient, f"the objective has coefficient {coefficient}")
            )

    def _add_columns(self, variables: list[pulp.LpVariable]) -> None:
        proto, add = self._proto, self._model.variables.add
        for variable in variables:
            low, high = variable.lowBound, variable.upBound
            if low == 0 and high == 1:  # most columns: nothing to check
                proto.append(len(self._binary))
                add().domain.extend((0, 1))
                self._binary.append(True)
                continue
            if low is None or high is None:
                raise NotIntegral(f"variable {variable.name} has no lower or upper bound")
            what = f"variable {variable.name} has bounds {low}..{high}"
            self._boolean = False
            low, high = _integer(low, what), _integer(high, what)
            if low > high:  # an empty domain: no solution, which CP-SAT takes as a false row
                self._linear([], 1, 1)
                high = low
            proto.append(self._new_variable(low, high))

    def _add_rows(self, rows: list[Row]) -> None:
        self._append_rows(rows)  # it gives a variable without a column one on the way

    def _append_rows(self, rows: list[Row]) -> None:
        """Each row as a linear constraint of the proto, but a row of one variable, which
        narrows the variable's domain instead (CP-SAT's presolve would do it, at a cost: a
        genre's fixings and implications give hundreds of them). A large model has 10^4-10^5
        rows: the loop does only what every row needs, the checks of a rare row (a fraction,
        a number out of int64's range) are `_integers`' and `_sides`'. A variable that has
        no column yet (a cut could name one) is given one when its row comes, so that the
        rows are read once."""
        column, proto = self._columns.index, self._proto
        constraints = self._model.constraints
        for r in rows:
            terms = r.terms
            try:
                indices = [proto[column[variable]] for variable, _ in terms]
            except KeyError:
                self._add_columns(self._columns.new(variable for variable, _ in terms))
                indices = [proto[column[variable]] for variable, _ in terms]
            if len(indices) == 1:
                self._narrow(indices[0], terms[0][1], *_sides(r))
                continue
            coefficients = [c for _, c in terms]
            low = INT_MIN if r.low is None else r.low
            high = INT_MAX if r.high is None else r.high
            if not (
                type(low) is int
                and type(high) is int
                and low >= INT_MIN
                and high <= INT_MAX
                and set(map(type, coefficients)) == _INT
                and min(coefficients) >= INT_MIN
                and max(coefficients) <= INT_MAX
            ):
                coefficients, (low, high) = _integers(coefficients), _sides(r)
            if self._clausal(indices, coefficients, low, high):
                continue
            linear = constraints.add().linear
            linear.vars.extend(indices)
            linear.coeffs.extend(coefficients)
            linear.domain.extend((low, high))

    def _clausal(self, indices: list[int], coefficients: list[int], low: int, high: int) -> bool:
        """Post a row over 0/1 variables with coefficients 1 and -1 as CP-SAT's own clause
        (`bool_or`), `at_most_one` or `exactly_one` of its literals (x for 1, not x for -1)
        where it is one; False if it is not. CP-SAT's presolve finds them in linear rows
        too, at a cost: kurodoko 545_14x14 15 -> 11 ms, masyu 780_10x10 20 -> 15 (CPU)."""
        negative = coefficients.count(-1)
        if negative + coefficients.count(1) < len(coefficients):
            return False
        low, high = low + negative, high + negative  # bounds of the count of true literals
        k = len(coefficients)
        if not (low == 1 or (low <= 0 and high == 1)) or not all(
            map(self._binary.__getitem__, indices)
        ):
            return False
        literals = [
            i if c == 1 else _negated(i) for i, c in zip(indices, coefficients, strict=True)
        ]
        if low == 1 and high == 1:
            self._model.constraints.add().exactly_one.literals.extend(literals)
        elif low <= 0 and high == 1:
            self._model.constraints.add().at_most_one.literals.extend(literals)
        elif low == 1 and high >= k:
            self._model.constraints.add().bool_or.literals.extend(literals)
        else:
            return False
        return True

    def _narrow(self, index: int, coefficient: float, low: int, high: int) -> None:
        """The variable's domain intersected with `low <= coefficient * variable <= high`."""
        factor = _integer(coefficient, f"a row has coefficient {coefficient}")
        if factor < 0:
            factor, low, high = -factor, -high, -low
        domain = self._model.variables[index].domain
        least, most = domain[0], domain[1]
        if factor:
            least, most = max(least, -(-low // factor)), min(most, high // factor)
        elif low > 0 or high < 0:  # 0 * x within low..high: false
            least, most = 1, 0
        if least > most:  # no value left: no solution, which CP-SAT takes as a false row
            self._linear([], 1, 1)
            return
        domain[0], domain[1] = least, most

    def solve(self, time_limit: float | None) -> SolveStatus:
        """Solve; while natives wait (`Connected.after_rounds`), the searches share PATIENCE,
        the first one included: the one that uses up what is left is stopped, the natives
        posted, and the search resumed with the time left."""
        patient = bool(self._deferred)
        if patient and self._patience <= 0:  # the last search used up what was left
            self._post_deferred()
            patient = False
        budget = self._patience
        response = self._search(time_limit, budget if patient else None)
        if patient:
            self._patience -= response.deterministic_time
        if patient and response.status == cp.UNKNOWN and response.deterministic_time >= budget:
            self._post_deferred()
            spent = response.wall_time
            response = self._search(None if time_limit is None else time_limit - spent)
        status = response.status
        self.proven_optimal = status == cp.OPTIMAL
        if status == cp.MODEL_INVALID:
            raise RuntimeError(
                f"CP-SAT rejects the model: {cp.CpSatHelper.validate_model(self._model)}"
            )
        verdict = _STATUS.get(status, SolveStatus.ERROR)
        if verdict == SolveStatus.SOLVED:
            values = list(response.solution)
            self._columns.write_back(values[p] for p in self._proto)
            self._hint(values)
        return verdict

    def _search(self, time_limit: float | None, patience: float | None = None):
        parameters = cp.SatParameters()
        parameters.num_workers = WORKERS
        # CP-SAT's own Ctrl-C handler leaves SIGINT at its default after the solve: the next
        # Ctrl-C would kill the process outright, with no KeyboardInterrupt and no cleanup
        parameters.catch_sigint_signal = False
        if time_limit is not None:
            parameters.max_time_in_seconds = max(time_limit, 0.01)
        if patience is not None:
            parameters.max_deterministic_time = patience
        if self._boolean and not self._model.has_objective():
            parameters.linearization_level = FEASIBILITY_LINEARIZATION
        if self._light_presolve:
            for name, value in CIRCUIT_PRESOLVE.items():
                setattr(parameters, name, value)
        solver = cp.SolveWrapper()
        solver.set_parameters(parameters)
        return stoppable(lambda: solver.solve(self._model), solver.stop_search)

    def _hint(self, values: list[int]) -> None:
        """The last solution as the next call's starting point: after a few cuts, most of it
        still holds."""
        self._model.clear_solution_hint()
        hint = self._model.solution_hint
        hint.vars.extend(range(len(values)))
        hint.values.extend(values)

    def close(self) -> None:
        pass  # nothing outside Python's memory


def _steps_from(roots: dict, edges: list[tuple], vertices: dict) -> dict:
    """The fewest steps from a vertex that may be a root to each of `vertices` through them
    (breadth first): a lower bound of its depth."""
    neighbours: dict = {v: [] for v in vertices}
    for a, b in edges:
        if a in vertices and b in vertices:
            neighbours[a].append(b)
            neighbours[b].append(a)
    return distances(neighbours, roots)
