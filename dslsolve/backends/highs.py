"""HiGHS in process through highspy: the model is built once and kept between calls; rows are
added to it; nothing is printed.

highspy 1.16 prints a banner ("Running HiGHS ...", a licence line) on the C stdout when a
`Highs` object is made, before any option can turn the output off: the object is made with
file descriptor 1 pointed at /dev/null, so the answer is the only thing on stdout whatever
the version does.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import os
import sys
import time
from collections.abc import Iterator

import highspy
import numpy as np
import pulp

from dslsolve.backends.base import Row, SolveStatus, bound
from dslsolve.backends.columns import ColumnSession, is_integer
from dslsolve.compiler.model import LinearModel
from dslsolve.runguard import stoppable

_STOPPED_WITH_A_SOLUTION = 2  # HiGHS's kSolutionStatusFeasible
_TOLERANCE = 1e-9


@contextlib.contextmanager
def _native_stdout_silenced() -> Iterator[None]:
    """File descriptor 1 on /dev/null: what native code prints goes nowhere."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
        yield
    finally:
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).fflush(None)  # C's buffer, before fd 1 is the real stdout again
        os.dup2(saved, 1)
        os.close(saved)


class HighsSession(ColumnSession):
    def __init__(self, model: LinearModel) -> None:
        with _native_stdout_silenced():
            self._highs = highspy.Highs()
            self._highs.setOptionValue("output_flag", False)
        self._highs.HandleUserInterrupt = True  # cancelSolve() stops a run (`stoppable`)
        super().__init__(model)

    def _set_objective(self, terms: list[tuple[pulp.LpVariable, float]], maximize: bool) -> None:
        indices = np.array([self._columns.index[v] for v, _ in terms], dtype=np.int32)
        costs = np.array([c for _, c in terms], dtype=np.float64)
        self._highs.changeColsCost(len(indices), indices, costs)
        if maximize:
            self._highs.changeObjectiveSense(highspy.ObjSense.kMaximize)

    def _add_columns(self, variables: list[pulp.LpVariable]) -> None:
        if not variables:
            return
        count = len(variables)
        low = np.array([bound(v.lowBound, -math.inf) for v in variables], dtype=np.float64)
        high = np.array([bound(v.upBound, math.inf) for v in variables], dtype=np.float64)
        first = self._highs.getNumCol()
        none = np.array([], dtype=np.int32)
        self._highs.addCols(count, np.zeros(count), low, high, 0, none, none, np.array([]))
        integers = [first + i for i, v in enumerate(variables) if is_integer(v)]
        if integers:
            self._highs.changeColsIntegrality(
                len(integers),
                np.array(integers, dtype=np.int32),
                np.full(len(integers), highspy.HighsVarType.kInteger),
            )

    def _append_rows(self, rows: list[Row]) -> None:
        index = self._columns.index
        starts, columns, values = [], [], []
        for r in rows:
            starts.append(len(columns))
            for variable, coefficient in r.terms:
                columns.append(index[variable])
                values.append(coefficient)
        self._highs.addRows(
            len(rows),
            np.array([bound(r.low, -math.inf) for r in rows], dtype=np.float64),
            np.array([bound(r.high, math.inf) for r in rows], dtype=np.float64),
            len(columns),
            np.array(starts, dtype=np.int32),
            np.array(columns, dtype=np.int32),
            np.array(values, dtype=np.float64),
        )

    def solve(self, time_limit: float | None) -> SolveStatus:
        highs = self._highs
        started = time.perf_counter()
        highs.setOptionValue("time_limit", math.inf if time_limit is None else time_limit)
        status = self._run()
        if status == highspy.HighsModelStatus.kModelEmpty:
            return self._solve_without_columns()
        if status == highspy.HighsModelStatus.kInfeasible:
            status = self._confirm_infeasible(time_limit, time.perf_counter() - started)
        self.proven_optimal = status == highspy.HighsModelStatus.kOptimal
        solved = highs.getInfo().primal_solution_status == _STOPPED_WITH_A_SOLUTION
        if self.proven_optimal or solved:
            self._columns.write_back(highs.getSolution().col_value)
            return SolveStatus.SOLVED
        if status == highspy.HighsModelStatus.kInfeasible:
            return SolveStatus.INFEASIBLE
        if status in (highspy.HighsModelStatus.kTimeLimit, highspy.HighsModelStatus.kInterrupt):
            return SolveStatus.TIME_LIMIT
        return SolveStatus.ERROR

    def _solve_without_columns(self) -> SolveStatus:
        """HiGHS calls a model without columns empty and looks no further, even at a row
        that cannot hold (a no-good `0 >= 1` once the puzzle has fixed every unknown): each
        row is decided here, as 0 within its bounds."""
        lp = self._highs.getLp()
        holds = all(
            low <= _TOLERANCE and high >= -_TOLERANCE
            for low, high in zip(lp.row_lower_, lp.row_upper_, strict=True)
        )
        self.proven_optimal = holds
        return SolveStatus.SOLVED if holds else SolveStatus.INFEASIBLE

    def _run(self) -> highspy.HighsModelStatus:
        with _native_stdout_silenced():
            stoppable(self._highs.run, self._highs.cancelSolve)
        return self._highs.getModelStatus()

    def _confirm_infeasible(
        self, time_limit: float | None, spent: float
    ) -> highspy.HighsModelStatus:
        """The verdict of a run without presolve. HiGHS 1.16's presolve declares some
        feasible models infeasible: masyu 16x24 of the benchmark sample after four rounds of
        loop cuts (CBC solves the same model, written to MPS and read back HiGHS says
        infeasible again, with presolve off it solves it)."""
        highs = self._highs
        if time_limit is not None:
            highs.setOptionValue("time_limit", max(time_limit - spent, 0.01))
        highs.setOptionValue("presolve", "off")
        try:
            return self._run()
        finally:
            highs.setOptionValue("presolve", "choose")

    def close(self) -> None:
        self._highs.clear()
