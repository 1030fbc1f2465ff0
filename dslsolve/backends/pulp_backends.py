"""CBC, the solver bundled with PuLP: a child process fed an MPS file at every call.

PuLP writes the model and reads CBC's solution file; the child is run here so that it ends at
the time limit (plus `GRACE`) even when CBC overruns its own `-sec` (a 30x30 fillmat ran 65 s
with `-sec 29.99`), and so that any exception during the call (Ctrl-C included) kills it and
removes its files.
"""

from __future__ import annotations

import subprocess
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

import pulp

from dslsolve.backends.base import SolveStatus
from dslsolve.compiler.model import LinearModel

GRACE = 1.0  # seconds CBC gets past the time limit to write its answer before it is killed


def _ran_to_the_end(args: list[str], timeout: float | None) -> bool:
    """Run CBC; False if it was still running at the timeout. Whatever happens (the timeout,
    Ctrl-C, any exception), the child is killed and reaped before this returns or raises."""
    with subprocess.Popen(
        args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    ) as child:
        try:
            child.wait(timeout)
        except subprocess.TimeoutExpired:
            return False
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
    return True


def _run_cbc(problem: pulp.LpProblem, time_limit: float | None) -> None:
    """Solve `problem` with CBC and set its variables' values and PuLP statuses."""
    solver = pulp.PULP_CBC_CMD(msg=False)
    if not solver.available():
        raise RuntimeError("the cbc solver is not available on this machine")
    with tempfile.TemporaryDirectory(prefix="dslsolve-cbc-") as folder:
        mps, sol = Path(folder, "model-pulp.mps"), Path(folder, "model-pulp.sol")
        columns, column_names, row_names, _ = problem.writeMPS(str(mps), rename=1)
        args = [solver.path, str(mps), "-timeMode", "elapsed"]
        if problem.sense == pulp.LpMaximize:
            args.append("-max")
        if time_limit is not None:
            args += ["-sec", str(time_limit)]
        args += ["-solve", "-printingOptions", "all", "-solution", str(sol)]
        if not _ran_to_the_end(args, None if time_limit is None else time_limit + GRACE):
            problem.assignStatus(pulp.LpStatusNotSolved, pulp.LpSolutionNoSolutionFound)
            return
        if not sol.exists():
            raise RuntimeError("cbc ended without writing a solution file")
        status, values, _, _, _, solution = solver.readsol_MPS(
            str(sol), problem, columns, column_names, row_names
        )
    problem.assignVarsVals(values)
    problem.assignStatus(status, solution)


class _PulpBackend:
    name = "cbc"
    native_alldifferent = False

    def solve(self, problem: pulp.LpProblem, time_limit: float | None) -> SolveStatus:
        """The solver's verdict. CBC stopped by the time limit early in its search can write
        "Integer infeasible" (as a 16x16 sudoku under big-M alldifferent does at 0.5 s), the
        words of a proof that no solution exists: that verdict is taken only when the call
        ended before the limit; at or past it, it is the time limit."""
        started = time.perf_counter()
        _run_cbc(problem, time_limit)
        solution = problem.sol_status
        if solution in (pulp.LpSolutionOptimal, pulp.LpSolutionIntegerFeasible):
            return SolveStatus.SOLVED
        if solution == pulp.LpSolutionInfeasible:
            return SolveStatus.INFEASIBLE
        if problem.status == pulp.LpStatusInfeasible:
            late = time_limit is not None and time.perf_counter() - started >= time_limit
            return SolveStatus.TIME_LIMIT if late else SolveStatus.INFEASIBLE
        if solution == pulp.LpSolutionNoSolutionFound:
            return SolveStatus.TIME_LIMIT
        return SolveStatus.ERROR

    def load(self) -> None:
        pass  # PuLP is imported with the compiler; CBC is a program run at each call

    def session(self, model: LinearModel) -> _PulpSession:
        return _PulpSession(self, model.problem)


class _PulpSession:
    """The PuLP problem is the model: rows go into it, and every call solves it anew."""

    def __init__(self, backend: _PulpBackend, problem: pulp.LpProblem) -> None:
        self._backend = backend
        self._problem = problem
        self.rows_in_search = 0

    @property
    def proven_optimal(self) -> bool:
        return self._problem.sol_status == pulp.LpSolutionOptimal

    def solve(self, time_limit: float | None) -> SolveStatus:
        return self._backend.solve(self._problem, time_limit)

    def add(self, rows: Iterable[pulp.LpConstraint]) -> None:
        for constraint in rows:
            self._problem.addConstraint(constraint)

    def close(self) -> None:
        pass  # each call cleans up after itself


CBC = _PulpBackend()
