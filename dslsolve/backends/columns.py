"""The PuLP model as arrays of columns and rows, the shape in which in-process solvers take it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import pulp

from dslsolve.backends.base import Row


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
