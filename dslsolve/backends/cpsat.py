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
keeps the proto index of every column, which is no longer the column's number.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pulp
from ortools.sat.python import cp_model

from dslsolve.backends.base import Row, SolveStatus, integral
from dslsolve.backends.columns import ColumnSession
from dslsolve.compiler.model import Circuit, Connected, LinearModel
from dslsolve.errors import DslError, Location

# One worker, so the answer is the same at every run (several workers race, and the first to
# finish gives the solution of a puzzle with several). See bench/README.md for the measure.
WORKERS = 1

# A search between rounds of cuts that takes longer than this (CP-SAT's deterministic seconds,
# the same at every run) posts the natives that wait for their rounds: the cuts are not
# converging fast. Heyawake 31x45's rounds take at most 1.4, nurikabe 721_11x11's 2-7 (see
# docs/formulations.md).
PATIENCE = 3.0

_STATUS = {
    cp_model.OPTIMAL: SolveStatus.SOLVED,
    cp_model.FEASIBLE: SolveStatus.SOLVED,
    cp_model.INFEASIBLE: SolveStatus.INFEASIBLE,
    cp_model.UNKNOWN: SolveStatus.TIME_LIMIT,
}


class NotIntegral(DslError):
    def __init__(self, what: str) -> None:
        super().__init__(
            Location("--backend"),
            f"cpsat solves integral models only, and {what}",
            hint="choose another formulation (--formulation) or backend (--backend highs)",
        )


def _integer(value: float, what: str) -> int:
    if not integral(value):
        raise NotIntegral(what)
    return int(value)


class CpsatSession(ColumnSession):
    def __init__(self, model: LinearModel) -> None:
        self._model = cp_model.CpModel()
        self._proto: list[int] = []  # column -> the index of its variable in the proto
        super().__init__(model)
        self._rounds = 0  # calls of `add`: rounds of lazy rows (and no-goods)
        self._deferred = [n for n in model.natives if isinstance(n, Connected) and n.after_rounds]
        for native in model.natives:
            if isinstance(native, Circuit):
                self._add_circuit(native)
            elif native not in self._deferred:
                self._add_connected(native)

    def add(self, rows: Iterable[pulp.LpConstraint]) -> None:
        """The rows; then the natives deferred until this many rounds (`Connected`)."""
        super().add(rows)
        self._rounds += 1
        for native in [n for n in self._deferred if n.after_rounds <= self._rounds]:
            self._deferred.remove(native)
            self._add_connected(native)

    def _variable(self, variable: pulp.LpVariable) -> cp_model.IntVar:
        return self._model.get_int_var_from_proto_index(self._proto[self._columns.index[variable]])

    def _add_circuit(self, circuit: Circuit) -> None:
        node = {vertex: number for number, vertex in enumerate(circuit.used)}
        arcs = [(n, n, ~self._variable(circuit.used[v])) for v, n in node.items()]
        for u, v, used in circuit.edges:
            forward, backward = self._model.new_bool_var(""), self._model.new_bool_var("")
            self._model.add(forward + backward == self._variable(used))
            arcs += [(node[u], node[v], forward), (node[v], node[u], backward)]
        self._model.add_circuit(arcs)

    def _literal(self, expr: pulp.LpAffineExpression):
        """A CP-SAT literal equal to a 0/1 expression: the variable or its negation where the
        expression is one, else a new literal tied to it by a row."""
        terms = list(expr.items())
        self._add_columns(self._columns.new(v for v, _ in terms))
        if len(terms) == 1 and (terms[0][1], expr.constant) in ((1, 0), (-1, 1)):
            variable = self._variable(terms[0][0])
            return variable if terms[0][1] == 1 else ~variable
        made = self._model.new_bool_var("")
        value = self._expression(terms, "a connected set's literal") if terms else 0
        self._model.add(made == value + _integer(expr.constant, "a literal's constant"))
        return made

    def _add_connected(self, connected: Connected) -> None:
        """Every chosen vertex that is no root has a parent: a chosen neighbour one step or
        more nearer a root (depth labels, so parents never form a cycle and every chosen
        vertex leads to a root). Without given roots the root is the first chosen vertex (in
        the order of `chosen`): one root, and no choice between equal answers."""
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
                self._model.add_bool_or([~chosen])
                floor[v] = connected.depth
            depth[v] = self._model.new_int_var(floor[v], connected.depth, "")
        parents: dict = {v: [] for v in x}
        for a, b in connected.edges:
            for child, parent in ((a, b), (b, a)):
                if child in x and parent in x:
                    arc = self._model.new_bool_var("")
                    self._model.add_implication(arc, x[parent])
                    self._model.add_implication(arc, x[child])
                    self._model.add(depth[child] >= depth[parent] + 1).only_enforce_if(arc)
                    parents[child].append(arc)
        for v, chosen in x.items():
            self._model.add(depth[v] == floor[v]).only_enforce_if(~chosen)
            if v in root:
                self._model.add(depth[v] == 0).only_enforce_if(root[v])
                self._model.add_bool_or([*parents[v], root[v]]).only_enforce_if(chosen)
            else:
                self._model.add_bool_or(parents[v]).only_enforce_if(chosen)

    def _first_chosen(self, x: dict) -> dict:
        """For each vertex, a literal: it is chosen and no vertex before it is."""
        first, before = {}, None  # before: some earlier vertex is chosen
        for v, chosen in x.items():
            if before is None:
                first[v], before = chosen, chosen
                continue
            first[v] = self._model.new_bool_var("")
            self._model.add_bool_and([chosen, ~before]).only_enforce_if(first[v])
            self._model.add_bool_or([~chosen, before, first[v]])
            seen = self._model.new_bool_var("")
            self._model.add_bool_or([~seen, before, chosen])
            self._model.add_implication(before, seen)
            self._model.add_implication(chosen, seen)
            before = seen
        return first

    def _set_objective(self, terms: list[tuple[pulp.LpVariable, float]], maximize: bool) -> None:
        expression = self._expression(terms, "the objective")
        if maximize:
            self._model.maximize(expression)
        else:
            self._model.minimize(expression)

    def _add_columns(self, variables: list[pulp.LpVariable]) -> None:
        for variable in variables:
            low, high = variable.lowBound, variable.upBound
            if low is None or high is None:
                raise NotIntegral(f"variable {variable.name} has no lower or upper bound")
            what = f"variable {variable.name} has bounds {low}..{high}"
            self._proto.append(len(self._model.proto.variables))
            self._model.new_int_var(_integer(low, what), _integer(high, what), variable.name)

    def _expression(self, terms: list[tuple[pulp.LpVariable, float]], where: str):
        variables = [self._variable(v) for v, _ in terms]
        coefficients = [_integer(c, f"{where} has coefficient {c}") for _, c in terms]
        return cp_model.LinearExpr.weighted_sum(variables, coefficients)

    def _append_rows(self, rows: list[Row]) -> None:
        index = self._columns.index
        for r in rows:
            constraint = self._model.proto.constraints.add().linear
            for variable, coefficient in r.terms:
                constraint.vars.append(self._proto[index[variable]])
                constraint.coeffs.append(
                    _integer(coefficient, f"a row has coefficient {coefficient}")
                )
            # the row's sum is an integer: a fractional side rounds inwards
            low = cp_model.INT_MIN if r.low is None else math.ceil(r.low)
            high = cp_model.INT_MAX if r.high is None else math.floor(r.high)
            constraint.domain.extend([low, high])

    def solve(self, time_limit: float | None) -> SolveStatus:
        """Solve; while natives wait (`Connected.after_rounds`) and rounds of cuts are under
        way, a search that outlasts PATIENCE is stopped, the natives posted, and the search
        resumed with the time left."""
        patient = bool(self._deferred) and self._rounds > 0
        solver, status = self._search(time_limit, PATIENCE if patient else None)
        spent = solver.wall_time
        if patient and status == cp_model.UNKNOWN and solver.deterministic_time >= PATIENCE:
            for native in self._deferred:
                self._add_connected(native)
            self._deferred.clear()
            solver, status = self._search(None if time_limit is None else time_limit - spent)
        self.proven_optimal = status == cp_model.OPTIMAL
        if status == cp_model.MODEL_INVALID:
            raise RuntimeError(f"CP-SAT rejects the model: {self._model.validate()}")
        verdict = _STATUS.get(status, SolveStatus.ERROR)
        if verdict == SolveStatus.SOLVED:
            values = list(solver.response_proto.solution)
            self._columns.write_back(values[p] for p in self._proto)
            self._hint(values)
        return verdict

    def _search(self, time_limit: float | None, patience: float | None = None):
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = WORKERS
        # CP-SAT's own Ctrl-C handler leaves SIGINT at its default after the solve: the next
        # Ctrl-C would kill the process outright, with no KeyboardInterrupt and no cleanup
        solver.parameters.catch_sigint_signal = False
        if time_limit is not None:
            solver.parameters.max_time_in_seconds = max(time_limit, 0.01)
        if patience is not None:
            solver.parameters.max_deterministic_time = patience
        return solver, solver.solve(self._model)

    def _hint(self, values: list[int]) -> None:
        """The last solution as the next call's starting point: after a few cuts, most of it
        still holds."""
        self._model.clear_hints()
        hint = self._model.proto.solution_hint
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
    steps = dict.fromkeys(roots, 0)
    frontier = list(roots)
    while frontier:
        reached = []
        for v in frontier:
            for n in neighbours[v]:
                if n not in steps:
                    steps[n] = steps[v] + 1
                    reached.append(n)
        frontier = reached
    return steps
