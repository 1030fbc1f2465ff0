"""`reflections(beam ...)` and `exit(beam ...)` in the model (`syntax.py`).

One integer per cell and direction of travel, made once per compile for each mirror
expression (and, for `exit`, each set of margins): the value the beam that is in that cell,
travelling that way, ends with (the turns it still takes, this cell's included; or the margin
number where it leaves). A cell passes it on from the state the beam goes on in: for each of
the cell's three cases (no mirror, `\\`, `/`), under the case's literal, the integer equals
the next state's (plus 1 for a turn), or at the outline the constant it ends with. The rows
are big-M rows tight to the integers' bounds. A state on a closed circuit of mirrors that no
beam from outside reaches is left free (its rows hold among themselves); a beam from the
outline never reaches one (a beam's way is reversible), so every value read is forced: a
binary per state marks the states that some beam from the outline reaches (each state a beam
enters from the outline, and the state after a reached one), and the rows hold only there (a
closed circuit would otherwise make its turns infeasible). The beam's value is its entry
state's integer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pulp

from dslsolve import ir
from dslsolve.compiler.model import Lin, LoweringError, as_lin
from dslsolve.constructs.beam.syntax import SIDES, Beam, turn
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Value
    from dslsolve.constructs.interface import Lowerer

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _expr(value) -> pulp.LpAffineExpression:
    """A literal (True, a constant, a `Lin` or a binary) as an expression."""
    if isinstance(value, pulp.LpVariable):
        return pulp.LpAffineExpression(value)
    return as_lin(value).expr


def _cases(lowerer: Lowerer, mirror: ir.Expr, cell) -> list[tuple[int, Value]]:
    """The cell's mirror values (0 none, 1, 2) with their literals (True where certain)."""
    env = Env(cell, ir.ElementKind.CELL, None)
    value = lowerer.lower(mirror, env)
    if not isinstance(value, Lin):
        return [({1: 1, "\\": 1, 2: 2, "/": 2}.get(value, 0), True)]
    ones = lowerer.boolean(ir.Compare("=", mirror, ir.Num(1)), env)
    twos = lowerer.boolean(ir.Compare("=", mirror, ir.Num(2)), env)
    cases = [(1, ones), (2, twos)]
    cases = [(m, lit) for m, lit in cases if lit is not False and lit != 0]
    if any(lit is True or lit == 1 for _, lit in cases):
        return [next((m, True) for m, lit in cases if lit is True or lit == 1)]
    none = 1 - pulp.lpSum(_expr(lit) for _, lit in cases)
    return [(0, Lin(none, 0, 1, boolean=True)), *cases]


def _reached(lowerer: Lowerer, mirror: ir.Expr) -> dict:
    """Cell and direction -> whether a beam from the outline is there travelling that way: 1
    where it enters from the outline, and the state after a reached one (once per compile)."""
    key = ("beam reached", mirror)
    if key in lowerer.memo:
        return lowerer.memo[key]
    grid, model = lowerer.grid, lowerer.model
    reached = {}
    for cell in grid.cells():
        for step in STEPS:
            behind = (cell[0] - step[0], cell[1] - step[1])
            reached[(cell, step)] = 1 if not grid.inside(behind) else model.binary(prefix="lit")
    for (cell, step), lit in reached.items():
        for mirror_value, literal in _cases(lowerer, mirror, cell):
            after = turn(step, mirror_value)
            nxt = (cell[0] + after[0], cell[1] + after[1])
            if grid.inside(nxt) and reached[(nxt, after)] != 1:
                model.add(reached[(nxt, after)] >= lit + _expr(literal) - 1)
    lowerer.memo[key] = reached
    return reached


def _states(lowerer: Lowerer, expr: Beam) -> dict:
    """Cell and direction -> the integer of that state (made once per compile)."""
    key = ("beam", expr.mirror, expr.margins)
    if key in lowerer.memo:
        return lowerer.memo[key]
    grid, model = lowerer.grid, lowerer.model
    cells = grid.rows * grid.columns

    def leaving(cell, step) -> int:
        """What the beam ends with when it leaves `cell` travelling `step`."""
        if expr.margins is None:
            return 0
        top, bottom, left, right = expr.margins
        layer, slot = {
            (-1, 0): (top, cell[1]),
            (1, 0): (bottom, cell[1]),
            (0, -1): (left, cell[0]),
            (0, 1): (right, cell[0]),
        }[step]
        entry = lowerer.instance.lists[layer.name][slot]
        if entry is not None and len(entry) > 1:
            raise LoweringError(f"a margin of a beam holds one number, not {entry}")
        return entry[0] if entry else 0

    if expr.margins is None:
        low, high = 0, 2 * cells
    else:
        ends = [0] + [e[0] for m in expr.margins for e in lowerer.instance.lists[m.name] if e]
        low, high = min(ends), max(ends)
    span = high - low
    states = {
        (cell, step): model.integer(low, high, prefix="beam")
        for cell in grid.cells()
        for step in STEPS
    }
    reached = _reached(lowerer, expr.mirror)
    slack = span + 1 if expr.margins is None else span
    for (cell, step), here in states.items():
        lit = reached[(cell, step)]
        for mirror, literal in _cases(lowerer, expr.mirror, cell):
            after = turn(step, mirror)
            added = int(after != step) if expr.margins is None else 0
            nxt = (cell[0] + after[0], cell[1] + after[1])
            if grid.inside(nxt):
                gap = here - states[(nxt, after)] - added
            else:
                gap = here - (leaving(cell, after) + added)
            off = slack * ((1 - _expr(literal)) + (1 - _expr(lit)))
            model.add(gap <= off)
            model.add(gap >= -off)
    lowerer.memo[key] = (states, low, high)
    return lowerer.memo[key]


def beam(lowerer: Lowerer, expr: Beam, env: Env) -> Value:
    states, low, high = _states(lowerer, expr)
    grid = lowerer.grid
    index = env.group.index if env.group is not None else None
    if index is None:
        raise LoweringError("a beam needs the row or column it enters at")
    _, step = SIDES[expr.side]
    cell = {
        "top": (0, index),
        "bottom": (grid.rows - 1, index),
        "left": (index, 0),
        "right": (index, grid.columns - 1),
    }[expr.side]
    return Lin(pulp.LpAffineExpression(states[(cell, step)]), low, high)


VALUES = {Beam: beam}
