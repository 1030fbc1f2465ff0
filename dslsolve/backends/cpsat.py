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

import pulp
from ortools.sat.python import cp_model

from dslsolve.backends.base import Row, SolveStatus, integral
from dslsolve.backends.columns import ColumnSession
from dslsolve.compiler.model import Circuit, LinearModel
from dslsolve.errors import DslError, Location
from dslsolve.runguard import stoppable

# One worker, so the answer is the same at every run (several workers race, and the first to
# finish gives the solution of a puzzle with several). See bench/README.md for the measure.
WORKERS = 1

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
        for circuit in model.natives:
            self._add_circuit(circuit)

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
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = WORKERS
        # CP-SAT's own Ctrl-C handler leaves SIGINT at its default after the solve: the next
        # Ctrl-C would kill the process outright, with no KeyboardInterrupt and no cleanup
        solver.parameters.catch_sigint_signal = False
        if time_limit is not None:
            solver.parameters.max_time_in_seconds = time_limit
        status = stoppable(lambda: solver.solve(self._model), solver.stop_search)
        self.proven_optimal = status == cp_model.OPTIMAL
        if status == cp_model.MODEL_INVALID:
            raise RuntimeError(f"CP-SAT rejects the model: {self._model.validate()}")
        verdict = _STATUS.get(status, SolveStatus.ERROR)
        if verdict == SolveStatus.SOLVED:
            values = list(solver.response_proto.solution)
            self._columns.write_back(values[p] for p in self._proto)
            self._hint(values)
        return verdict

    def _hint(self, values: list[int]) -> None:
        """The last solution as the next call's starting point: after a few cuts, most of it
        still holds."""
        self._model.clear_hints()
        hint = self._model.proto.solution_hint
        hint.vars.extend(range(len(values)))
        hint.values.extend(values)

    def close(self) -> None:
        pass  # nothing outside Python's memory
