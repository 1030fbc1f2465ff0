"""The PuLP model as arrays of columns and rows, the shape in which in-process solvers take it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass, field

import pulp

from dslsolve.backends.base import Row, maximizing, objective_of
from dslsolve.compiler.model import LinearModel


@dataclass
class Columns:
    """The solver's column of every PuLP variable, in the order they were handed over."""

    index: dict[pulp.LpVariable, int] = field(default_factory=dict)

    def new(self, variables: Iterable[pulp.LpVariable]) -> list[pulp.LpVariable]:
        """The variables not yet given a column, each now given the next one."""
        fresh = []
        for variable in variables:
            if variable not in self.index:
                self.index[variable] = len(self.index)
                fresh.append(variable)
        return fresh

    def in_rows(self, rows: list[Row]) -> list[pulp.LpVariable]:
        """The variables of `rows` without a column yet (a cut never seen before could name
        one), now given one."""
        return self.new(variable for r in rows for variable, _ in r.terms)

    def write_back(self, values: Iterable[float]) -> None:
        """The solution into the PuLP variables, in column order."""
        for variable, value in zip(self.index, values, strict=True):
            variable.varValue = value


def model_rows(problem: pulp.LpProblem) -> list[Row]:
    return [Row.of(constraint) for constraint in problem.constraints.values()]


def is_integer(variable: pulp.LpVariable) -> bool:
    return variable.cat == pulp.LpInteger


class ColumnSession(ABC):
    """A session of an in-process solver that takes the model as columns and rows and keeps
    it: the subclass makes its native model, then calls this constructor to fill it."""

    def __init__(self, model: LinearModel) -> None:
        self._columns = Columns()
        self.proven_optimal = False
        self.rows_in_search = 0
        problem = model.problem
        self._add_columns(self._columns.new(problem.variables()))
        objective = objective_of(problem)
        if objective:
            self._set_objective(objective, maximizing(problem))
        self._add_rows(model_rows(problem))

    def add(self, rows: Iterable[pulp.LpConstraint]) -> None:
        self._add_rows([Row.of(r) for r in rows])

    def _add_rows(self, rows: list[Row]) -> None:
        self._add_columns(self._columns.in_rows(rows))
        self._append_rows(rows)

    @abstractmethod
    def _add_columns(self, variables: list[pulp.LpVariable]) -> None:
        """New columns for these variables, in their order."""

    @abstractmethod
    def _set_objective(self, terms: list[tuple[pulp.LpVariable, float]], maximize: bool) -> None:
        pass

    @abstractmethod
    def _append_rows(self, rows: list[Row]) -> None:
        """The rows, over variables that all have a column."""
