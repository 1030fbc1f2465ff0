"""`passed(C along VAR from S)` in the model (`syntax.py`): one integer g_v in 0..N per cell
(N the count of C-cells), made once per (VAR, C, S). Over the arcs of the directed loop's
orientation (`lowerings/directed_loop.py`, shared with `VAR leaves toward DIR`): where the arc
u -> v is used and v is not the start, g_v = g_u + [C at v] (two rows with a big-M of N + 1);
at the start g_s = [C at s]; a cell no arc enters has g_v = 0 (g_v <= N times its arcs in)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings.directed_loop import post_orientation
from dslsolve.compiler.model import Lin
from dslsolve.constructs.along.syntax import Passed
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Lowerer


def _counts(lowerer: Lowerer, expr: Passed) -> dict | None:
    key = ("passed", expr.var.name, expr.cond, expr.start)
    if key in lowerer.memo:
        return lowerer.memo[key]
    cells = lowerer.grid.cells()
    marked = {
        c: lowerer.boolean(expr.cond, Env(c, ir.ElementKind.CELL, None)) is True for c in cells
    }
    starts = [
        c for c in cells if lowerer.boolean(expr.start, Env(c, ir.ElementKind.CELL, None)) is True
    ]
    if len(starts) != 1:
        lowerer.memo[key] = None
        return None
    start = starts[0]
    arcs_key = ("directed", expr.var.name)
    if arcs_key not in lowerer.shapes:
        binaries = lowerer.binaries(expr.var)
        lowerer.shapes[arcs_key] = post_orientation(
            lowerer.model, lowerer.grid, expr.var.on, binaries
        )
    arcs = lowerer.shapes[arcs_key]
    model = lowerer.model
    top = sum(marked.values())
    count = {c: model.integer(0, top, "passed") for c in cells}
    into = defaultdict(list)
    for (u, v), arc in arcs.items():
        into[v].append(arc)
        if v == start:
            continue
        slack = (top + 1) * (1 - arc)
        model.add(count[v] - count[u] - int(marked[v]) <= slack)
        model.add(count[u] + int(marked[v]) - count[v] <= slack)
    model.add(count[start] == int(marked[start]))
    for cell in cells:
        if cell != start:
            model.add(count[cell] <= top * pulp.lpSum(into[cell]))
    values = {c: Lin(pulp.LpAffineExpression(count[c]), 0, top) for c in cells}
    lowerer.memo[key] = values
    return values


def lower_passed(lowerer: Lowerer, expr: Passed, env: Env) -> Lin | None:
    cell, _ = env.target(expr.at)
    values = _counts(lowerer, expr)
    return None if values is None else values[cell]


VALUES = {Passed: lower_passed}
