"""What every backend offers: a session that keeps one model between solver calls.

The solve loop (`dslsolve/solve.py`) opens a session on the compiled `LinearModel`, asks it to
solve, reads the values it writes back to the PuLP variables (`varValue`: decoding, the lazy
separators and the no-good cuts read them), adds rows (lazy cuts, a no-good, a diagnosis row)
and solves again. An in-process solver keeps its model, and what it learnt, between calls.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

import pulp

from dslsolve.compiler.model import LinearModel


class SolveStatus(StrEnum):
    SOLVED = "solved"
    INFEASIBLE = "infeasible"
    TIME_LIMIT = "time limit"  # stopped before finding a solution
    ERROR = "error"


class Session(Protocol):
    proven_optimal: bool  # the last solution is proven best (matters when there is an objective)
    rows_in_search: int  # lazy rows the solver added itself, inside its search (scip)

    def solve(self, time_limit: float | None) -> SolveStatus:
        """Solve the model with the rows added so far; when solved, the PuLP variables'
        `varValue`s hold the solution."""
        ...

    def add(self, rows: Iterable[pulp.LpConstraint]) -> None: ...

    def close(self) -> None:
        """Free what the solver holds (a child process, temporary files, a native model)."""
        ...


class Backend(Protocol):
    name: str
    # posts the model's `AllDifferent` globals itself; a backend without gets their rows
    # (`AllDifferent.linear`) before its session opens
    native_alldifferent: bool

    def load(self) -> None:
        """Import the solver library, if the backend has one to import: a start-up cost that
        `--stats` and the benchmarks do not count as solve time."""
        ...

    def session(self, model: LinearModel) -> Session: ...


@dataclass(frozen=True)
class InProcess:
    """A backend whose session is a solver object in this process. Its module is imported
    when a session is opened: each solver library takes 0.1-0.6 s to import, and a run uses
    one."""

    name: str
    module: str
    session_class: str
    native_alldifferent: bool = False

    def load(self) -> None:
        importlib.import_module(self.module)

    def session(self, model: LinearModel) -> Session:
        return getattr(importlib.import_module(self.module), self.session_class)(model)


@dataclass(frozen=True)
class Row:
    """A PuLP row as a solver takes it: `low <= sum(coefficient * variable) <= high`, with
    None for an open side."""

    terms: list[tuple[pulp.LpVariable, float]]
    low: float | None
    high: float | None

    @staticmethod
    def of(constraint: pulp.LpConstraint) -> Row:
        return Row(list(constraint.items()), constraint.getLb(), constraint.getUb())

    def holds_without_variables(self) -> bool:
        """For a row without variables (a contradiction the compiler found: `0 >= 1`)."""
        return (self.low is None or self.low <= 0) and (self.high is None or self.high >= 0)


def objective_of(problem: pulp.LpProblem) -> list[tuple[pulp.LpVariable, float]]:
    return list(problem.objective.items()) if problem.objective is not None else []


def maximizing(problem: pulp.LpProblem) -> bool:
    return problem.sense == pulp.LpMaximize


def bound(value: float | None, infinity: float) -> float:
    """A PuLP bound (None: open) as a solver's number, `infinity` with the open side's sign."""
    return infinity if value is None else float(value)


def integral(value: float) -> bool:
    return math.isfinite(value) and value == int(value)
