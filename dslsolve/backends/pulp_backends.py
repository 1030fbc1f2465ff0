"""CBC (bundled with PuLP) and HiGHS (through PuLP's highspy interface)."""

from __future__ import annotations

import time
from enum import StrEnum
from typing import Protocol

import pulp


class SolveStatus(StrEnum):
    SOLVED = "solved"
    INFEASIBLE = "infeasible"
    TIME_LIMIT = "time limit"  # stopped before finding a solution
    ERROR = "error"


class Backend(Protocol):
    name: str

    def solve(self, problem: pulp.LpProblem, time_limit: float | None) -> SolveStatus: ...


class _PulpBackend:
    def __init__(self, name: str, make_solver) -> None:
        self.name = name
        self._make_solver = make_solver

    def solve(self, problem: pulp.LpProblem, time_limit: float | None) -> SolveStatus:
        """The solver's verdict. CBC stopped by the time limit early in its search can write
        "Integer infeasible" (as a 16x16 sudoku under big-M alldifferent does at 0.5 s), the
        words of a proof that no solution exists: that verdict is taken only when the call
        ended before the limit; at or past it, it is the time limit."""
        solver = self._make_solver(time_limit)
        if not solver.available():
            raise RuntimeError(f"the {self.name} solver is not available on this machine")
        started = time.perf_counter()
        status = problem.solve(solver)
        solution = problem.sol_status
        if solution in (pulp.LpSolutionOptimal, pulp.LpSolutionIntegerFeasible):
            return SolveStatus.SOLVED
        if solution == pulp.LpSolutionInfeasible:
            return SolveStatus.INFEASIBLE
        if status == pulp.LpStatusInfeasible:
            late = time_limit is not None and time.perf_counter() - started >= time_limit
            return SolveStatus.TIME_LIMIT if late else SolveStatus.INFEASIBLE
        if solution == pulp.LpSolutionNoSolutionFound:
            return SolveStatus.TIME_LIMIT
        return SolveStatus.ERROR


BACKENDS: dict[str, Backend] = {
    "cbc": _PulpBackend("cbc", lambda limit: pulp.PULP_CBC_CMD(msg=False, timeLimit=limit)),
    "highs": _PulpBackend("highs", lambda limit: pulp.HiGHS(msg=False, timeLimit=limit)),
}
