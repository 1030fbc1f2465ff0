"""`VAR forms paths joining ENDS` in the model (`syntax.py`): the given ends' tokens and the
variable's edge binaries handed to `lowerings/paths.py`; `VAR forms paths leaving STARTS` (an
orientation of the used links, cycles cut as there) and `STARTS carried by VAR` (a label per
cell) lowered here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings.paths import post_no_cycles, post_paths
from dslsolve.compiler.model import Lin
from dslsolve.constructs.paths.syntax import Carried, Paths, PathsLeaving
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Value
    from dslsolve.constructs.interface import Lowerer, RuleCompiler


def compile_paths(
    compiler: RuleCompiler, rule: ir.Rule, body: Paths, env: Env, guard: Lin | None
) -> None:
    grid, value = compiler.grid, compiler.lower.instance.value
    ends = {
        v: token for v in grid.vertices(body.var.on) if (token := value(body.ends, v)) is not None
    }
    post_paths(compiler.model, grid, body.var.on, compiler.lower.binaries(body.var), ends)


def compile_paths_leaving(
    compiler: RuleCompiler, rule: ir.Rule, body: PathsLeaving, env: Env, guard: Lin | None
) -> None:
    """Degrees (a start at most 1 used link, any other cell at most 2), an orientation of the
    used links (o_ab + o_ba = x_ab) in which a start has no link in and any other used cell
    exactly one (u_v, a binary at least each of its links), and no cycle (`post_no_cycles`,
    the starts as the ends, one crossing per used cell). A piece of k links is a path of k + 1
    cells and has k links in: so exactly one of its cells is a start, and has no link in, at
    an end of it."""
    grid, model = compiler.grid, compiler.model
    kind = ir.ElementKind.LINK
    value = compiler.lower.instance.value
    links = compiler.lower.binaries(body.var)
    starts = {v: 1 for v in grid.cells() if value(body.starts, v) is not None}
    into: dict = {v: [] for v in grid.cells()}
    for edge, x in links.items():
        a, b = grid.ends(kind, edge)
        ab, ba = model.binary("out"), model.binary("out")
        model.add(ab + ba == x)
        into[b].append(ab)
        into[a].append(ba)
    used: dict = {}
    for v in grid.cells():
        incident = [links[e] for e in grid.incident(kind, v)]
        if v in starts:
            model.add(pulp.lpSum(incident) <= 1)
            if into[v]:
                model.add(pulp.lpSum(into[v]) == 0)
            used[v] = 1
            continue
        model.add(pulp.lpSum(incident) <= 2)
        u = model.binary("used")
        for x in incident:
            model.add(x <= u)
        model.add(pulp.lpSum(into[v]) == u)
        used[v] = u
    post_no_cycles(model, grid, kind, links, starts, used, crossings=1)


def carried(lowerer: Lowerer, expr: Carried, env: Env) -> Value:
    """A label per cell (0..the largest number of STARTS): a start's number; equal labels
    across a used link (|L_a - L_b| <= H (1 - x)); 0 on a cell without a used link. Under the
    rule `VAR forms paths leaving STARTS` each path holds one start, so its label is the
    start's number."""
    key = ("carried", expr.starts.name, expr.var.name)
    if key not in lowerer.memo:
        grid, model = lowerer.grid, lowerer.model
        kind = ir.ElementKind.LINK
        value = lowerer.instance.value

        def number(v):
            token = value(expr.starts, v)
            return token if isinstance(token, int) and not isinstance(token, bool) else 0

        high = max([number(v) for v in grid.cells()] + [0])
        links = lowerer.binaries(expr.var)
        label: dict = {}
        for v in grid.cells():
            if value(expr.starts, v) is not None or high == 0:
                label[v] = number(v)
            else:
                label[v] = model.integer(0, high, "carried")
                incident = [links[e] for e in grid.incident(kind, v)]
                model.add(label[v] <= high * pulp.lpSum(incident))
        for edge, x in links.items():
            a, b = grid.ends(kind, edge)
            if isinstance(label[a], int) and isinstance(label[b], int):
                if label[a] != label[b]:
                    model.add(x == 0)
                continue
            model.add(label[a] - label[b] <= high * (1 - x))
            model.add(label[b] - label[a] <= high * (1 - x))
        lowerer.memo[key] = {
            v: (lab if isinstance(lab, int) else Lin(pulp.LpAffineExpression(lab), 0, high))
            for v, lab in label.items()
        }
    cell, _ = env.target(expr.at)
    return lowerer.memo[key][cell]


RULE_LOWERINGS = {Paths: compile_paths, PathsLeaving: compile_paths_leaving}

VALUES = {Carried: carried}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {Paths: ("paths", "paths"), PathsLeaving: ("paths leaving", "paths")}
