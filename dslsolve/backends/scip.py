"""SCIP through PySCIPOpt, with the lazy rows inside the branch and bound.

A constraint handler stands for the model's separators: on every integral candidate solution
(the LP solution at a node, a heuristic's solution) it writes the values into the PuLP
variables, asks the separators for the rows the candidate breaks, and rejects it by adding
them; a candidate that breaks none is a solution. One search, where the other backends solve
again after each round of cuts. Dual reductions are off: they may fix a variable from the
rows SCIP knows, wrongly when lazy rows are still to come.

Rows added after a solve (a no-good, a diagnosis row) go into the original problem, which
SCIP can change only once its transformed problem is freed: the next call searches anew.
"""

from __future__ import annotations

from collections.abc import Iterable

import pulp
import pyscipopt
from pyscipopt import SCIP_RESULT, quicksum

from dslsolve.backends.base import Row, SolveStatus
from dslsolve.backends.columns import ColumnSession, is_integer
from dslsolve.compiler.model import LinearModel, Separator
from dslsolve.runguard import stoppable

_LAZY_AFTER_INTEGRALITY = -1  # a negative enforcement priority: integral candidates only


class _LazyRows(pyscipopt.Conshdlr):
    def __init__(self, session: ScipSession, separators: list[Separator]) -> None:
        self._session = session
        self._separators = separators

    def _broken(self, solution) -> list[Row]:
        self._session.write_back(solution)
        return [Row.of(cut) for separate in self._separators for cut in separate()]

    def conscheck(
        self, constraints, solution, checkintegrality, checklprows, printreason, completely
    ):
        broken = self._broken(solution)
        return {"result": SCIP_RESULT.INFEASIBLE if broken else SCIP_RESULT.FEASIBLE}

    def _enforce(self):
        broken = self._broken(None)  # None: the candidate at hand
        if not broken:
            return {"result": SCIP_RESULT.FEASIBLE}
        self._session.add_in_search(broken)
        return {"result": SCIP_RESULT.CONSADDED}

    def consenfolp(self, constraints, nusefulconss, solinfeasible):
        return self._enforce()

    def consenfops(self, constraints, nusefulconss, solinfeasible, objinfeasible):
        return self._enforce()

    def conslock(self, constraint, locktype, nlockspos, nlocksneg):
        return {}  # no constraints of its own; dual reductions are off instead


class ScipSession(ColumnSession):
    def __init__(self, model: LinearModel) -> None:
        self._scip = pyscipopt.Model()
        self._scip.hideOutput()
        # SCIP's own Ctrl-C handler would take SIGINT from Python's during a solve: the run
        # would end as 'userinterrupt', read as a time limit, never as an interruption
        self._scip.setParam("misc/catchctrlc", False)
        self._variables: list = []
        self._contradicted = False  # a row without variables that cannot hold
        self._transformed = False
        super().__init__(model)
        if model.separators:
            self._scip.setParam("misc/allowstrongdualreds", False)
            self._scip.setParam("misc/allowweakdualreds", False)
            self._scip.includeConshdlr(
                _LazyRows(self, model.separators),
                "dslsolve_lazy",
                "rows of the model's separators, added when a candidate breaks them",
                enfopriority=_LAZY_AFTER_INTEGRALITY,
                chckpriority=_LAZY_AFTER_INTEGRALITY,
                needscons=False,
            )

    def _add_columns(self, variables: list[pulp.LpVariable]) -> None:
        for variable in variables:
            kind = "I" if is_integer(variable) else "C"
            self._variables.append(
                self._scip.addVar(variable.name, kind, variable.lowBound, variable.upBound)
            )

    def _set_objective(self, terms: list[tuple[pulp.LpVariable, float]], maximize: bool) -> None:
        expression = quicksum(c * self._variables[self._columns.index[v]] for v, c in terms)
        self._scip.setObjective(expression, "maximize" if maximize else "minimize")

    def _append_rows(self, rows: list[Row]) -> None:
        index = self._columns.index
        for r in rows:
            if not r.terms:
                self._contradicted |= not r.holds_without_variables()
                continue
            expression = quicksum(c * self._variables[index[v]] for v, c in r.terms)
            self._scip.addCons(pyscipopt.scip.ExprCons(expression, lhs=r.low, rhs=r.high))

    def add(self, rows: Iterable[pulp.LpConstraint]) -> None:
        if self._transformed:  # rows go into the original problem only
            self._scip.freeTransform()
            self._transformed = False
        super().add(rows)

    def add_in_search(self, rows: list[Row]) -> None:
        """Rows into the problem being solved (by the constraint handler, during the search)."""
        self._add_rows(rows)
        self.rows_in_search += len(rows)

    def write_back(self, solution) -> None:
        """The values of a SCIP solution (None: the candidate at hand) into the PuLP variables."""
        values = self._scip.getSolVal
        self._columns.write_back(values(solution, v) for v in self._variables)

    def solve(self, time_limit: float | None) -> SolveStatus:
        if self._contradicted:
            return SolveStatus.INFEASIBLE
        scip = self._scip
        scip.setParam("limits/time", 1e20 if time_limit is None else time_limit)
        self._transformed = True
        stoppable(scip.optimizeNogil, scip.interruptSolve)
        status = scip.getStatus()
        self.proven_optimal = status == "optimal"
        if scip.getNSols() > 0:
            self.write_back(scip.getBestSol())
            return SolveStatus.SOLVED
        if status == "infeasible":
            return SolveStatus.INFEASIBLE
        if status in ("timelimit", "userinterrupt"):
            return SolveStatus.TIME_LIMIT
        return SolveStatus.ERROR

    def close(self) -> None:
        self._scip.freeProb()
