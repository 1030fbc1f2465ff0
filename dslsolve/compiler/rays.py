"""Counts, sums and `any` over rays, read once per cell instead of once per ray through it.

`any(rays until wall where light)` at every cell of a 30x30 akari walks some fifteen cells
from each cell, and every cell of a row segment is walked again from each of the others. When
the ray's stop, its filter and its value depend on the cell alone (not on where the ray
started: no `distance`, no named element, no group) and build nothing in the model, what a
ray gathers from a cell onward is the same for every ray that reaches that cell. So it is
worked out once per cell and direction and shared: each ray takes the shared tail of the cell
after its start.

The model is the same, row for row: the cells are read in the order the plain walk would
first read them (forward from the start, until a stop or a tail already known), so even the
unknowns' variables are created in the same order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dslsolve import ir
from dslsolve.compiler.model import Value
from dslsolve.geometry import STEPS, Env, Grid
from dslsolve.instance import Element

_NOTHING_NAMED: dict = {}  # the stop, filter and value of a shared ray name no element


def input_at_cell(expr: ir.Expr | None) -> bool:
    """Does `expr` read only grid input at the focus cell (so it is a constant there)?"""
    if expr is None or isinstance(expr, ir.Num | ir.Sym):
        return True
    if isinstance(expr, ir.InputRef | ir.TokenTest):
        return ir.reads_grid_at_focus(expr)
    if isinstance(expr, ir.Not):
        return input_at_cell(expr.arg)
    if isinstance(expr, ir.And | ir.Or):
        return all(input_at_cell(arg) for arg in expr.args)
    if isinstance(expr, ir.Compare):
        return input_at_cell(expr.left) and input_at_cell(expr.right)
    return False


def literal_at_cell(expr: ir.Expr) -> bool:
    """Is `expr` a constant of the focus cell, or an unknown there (or its negation)? Reading
    it again gives an equal value and builds nothing."""
    if isinstance(expr, ir.Not):
        return literal_at_cell(expr.arg)
    if isinstance(expr, ir.VarRef):
        return type(expr.at) is ir.Focus and not expr.var.sets
    return input_at_cell(expr)


def shared(expr: ir.Aggregate) -> bool:
    """Can the rays of this aggregate share their tails? count and any gather the members'
    memberships, sum their values (then the filter must be a constant of the cell: a guarded
    value would be a product, built per member)."""
    over = expr.over
    if not isinstance(over, ir.Ray) or over.length is not None or not input_at_cell(over.until):
        return False
    if expr.func in ("count", "any"):
        return expr.filter is None or literal_at_cell(expr.filter)
    if expr.func == "sum":
        return input_at_cell(expr.filter) and literal_at_cell(expr.value)
    return False


@dataclass(frozen=True)
class _Plan:
    """How the rays of one aggregate are read: its stop and filter as functions of the cell,
    whether it sums values, and per direction its step and the tails known so far."""

    until: Callable[[Env], Value] | None
    passes: Callable[[Env], Value] | None
    value: ir.Expr | None  # summed (else the memberships are gathered)
    directions: tuple[tuple[int, int, dict[Element, tuple[Value, ...]]], ...]
    cells: dict[Element, tuple[bool, Value]]  # cell -> (stops there?, its term), read once


class SharedRays:
    """The shared tails of the rays of the aggregates that `shared` accepts."""

    def __init__(
        self,
        grid: Grid,
        condition: Callable[[ir.Expr], Callable[[Env], Value]],
        number: Callable[[ir.Expr, Env], Value],
    ) -> None:
        self.grid = grid
        self.condition = condition
        self.number = number
        # id of an aggregate -> (the node, kept alive so that its id stays its own; its plan,
        # or None if its rays are not shared)
        self._plans: dict[int, tuple[ir.Aggregate, _Plan | None]] = {}

    def _plan(self, expr: ir.Aggregate) -> _Plan | None:
        found = self._plans.get(id(expr))
        if found is None:
            plan = None
            if shared(expr):
                until, where = expr.over.until, expr.filter
                plan = _Plan(
                    None if until is None else self.condition(until),
                    None if where is None else self.condition(where),
                    expr.value if expr.func == "sum" else None,
                    tuple((*STEPS[d], {}) for d in expr.over.directions),
                    {},
                )
            found = self._plans[id(expr)] = (expr, plan)
        return found[1]

    def terms(self, expr: ir.Aggregate, env: Env) -> list[Value] | None:
        """What `count` or `any` adds up (the members' memberships that are not false) or
        `sum` does (the values that are not absent), over every ray of `expr` from the focus;
        None if the aggregate's rays do not share (`shared`)."""
        plan = self._plan(expr)
        if plan is None:
            return None
        (row, column), _ = env.target(expr.over.of)
        out: list[Value] = []
        for step_row, step_column, tails in plan.directions:
            start = (row + step_row, column + step_column)
            tail = tails.get(start)
            if tail is None:
                tail = self._walk(plan, tails, start, step_row, step_column)
            out += tail
        return out

    def _walk(self, plan: _Plan, tails: dict, start: Element, step_row: int, step_column: int):
        """The tail from `start`: the cells up to a stop or a known tail, read forward."""
        inside, read = self.grid.inside, plan.cells
        walked: list[tuple[Element, Value]] = []
        cell, tail = start, ()
        while inside(cell):
            known = tails.get(cell)
            if known is not None:
                tail = known
                break
            found = read.get(cell)
            if found is None:
                found = read[cell] = self._read(plan, cell)
            stops, term = found
            if stops:
                tails[cell] = ()
                break
            walked.append((cell, term))
            cell = (cell[0] + step_row, cell[1] + step_column)
        for cell, term in reversed(walked):
            if term is not None and term is not False:
                tail = (term, *tail)
            tails[cell] = tail
        return tails.get(start, ())

    def _read(self, plan: _Plan, cell: Element) -> tuple[bool, Value]:
        """Whether the rays stop at `cell`, and if not what it adds: its membership (None
        where the filter leaves it out) or its value."""
        here = Env(cell, ir.ElementKind.CELL, None, _NOTHING_NAMED)
        if plan.until is not None and plan.until(here) is True:
            return True, None
        keep = True if plan.passes is None else plan.passes(here)
        if keep and plan.value is not None:
            return False, self.number(plan.value, here)
        return False, keep if keep else None
