"""`VAR forms paths joining ENDS` in the model (`syntax.py`): the given ends' tokens and the
variable's edge binaries handed to `lowerings/paths.py`; `VAR forms paths leaving STARTS` (an
orientation of the used links, cycles cut as there) and `STARTS carried by VAR` (a label per
cell) lowered here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings.paths import post_no_cycles, post_paths
from dslsolve.compiler.model import Lin, LinearModel
from dslsolve.constructs.paths.syntax import Carried, Lands, Paths, PathsLeaving, ShotsLeaving
from dslsolve.geometry import Env, Grid

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
    into, _ = _oriented(model, grid, kind, links)
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


def _number(token) -> int | None:
    return token if isinstance(token, int) and not isinstance(token, bool) else None


def _shots(lowerer: Lowerer, var: ir.Variable, starts_layer: ir.InputLayer) -> dict:
    """The shot state of `VAR forms shots leaving STARTS`, once per compile: an orientation
    of the used links (o_ab + o_ba = x), and per cell u_v (used: u >= each of its links),
    len_v (the length of the shot that reaches the cell), rem_v (the steps that shot has
    still to go) and z_v (a shot lands here: rem_v = 0 on a used cell). A start with number n
    stands as if a shot of n + 1 had just landed (len n + 1, rem 0). Along a link a -> b:
    where no shot lands at a, len_b = len_a and rem_b = rem_a - 1; where one lands, len_b =
    len_a - 1 and rem_b = len_b - 1 (big-M on o_ab and z_a). Read by `lands`; the rule adds
    what makes the orientation the lines' own (`compile_shots_leaving`)."""
    key = ("shots", var.name, starts_layer.name)
    if key in lowerer.memo:
        return lowerer.memo[key]
    grid, model = lowerer.grid, lowerer.model
    kind = ir.ElementKind.LINK
    links = lowerer.binaries(var)
    number = {v: _number(lowerer.instance.value(starts_layer, v)) for v in grid.cells()}
    starts = {v: 1 for v, n in number.items() if n is not None}
    top = max([n for n in number.values() if n is not None] + [0]) + 1
    big = 2 * top + 2
    into, arcs = _oriented(model, grid, kind, links)
    used, length, rest, lands = {}, {}, {}, {}
    for v in grid.cells():
        if v in starts:
            used[v], length[v], rest[v], lands[v] = 1, number[v] + 1, 0, 1
            continue
        u = model.binary("used")
        for e in grid.incident(kind, v):
            model.add(links[e] <= u)
        used[v] = u
        length[v] = model.integer(0, top, "shot")
        rest[v] = model.integer(0, top, "left")
        z = model.binary("lands")
        lands[v] = z
        model.add(length[v] <= top * u)
        model.add(rest[v] <= top * (1 - z))
        model.add(rest[v] >= u - z)
        model.add(z <= u)
    for a, b, o in arcs:
        if b in starts:
            continue
        za = lands[a]
        keep = 1 - o + za  # 0 where a -> b is used and no shot lands at a
        turn = 2 - o - za  # 0 where a -> b is used and a shot lands at a
        model.add(length[b] - length[a] <= big * keep)
        model.add(length[a] - length[b] <= big * keep)
        model.add(rest[b] - rest[a] + 1 <= big * keep)
        model.add(rest[a] - 1 - rest[b] <= big * keep)
        model.add(length[b] - length[a] + 1 <= big * turn)
        model.add(length[a] - 1 - length[b] <= big * turn)
        model.add(rest[b] - length[b] + 1 <= big * turn)
        model.add(length[b] - 1 - rest[b] <= big * turn)
    state = {"into": into, "used": used, "length": length, "lands": lands, "starts": starts}
    lowerer.memo[key] = state
    return state


def compile_shots_leaving(
    compiler: RuleCompiler, rule: ir.Rule, body: ShotsLeaving, env: Env, guard: Lin | None
) -> None:
    """The shot state (`_shots`) made the lines' own: a start has at most one used link and
    none into it, any other cell at most two and one into it where used, no cycle (as for
    `forms paths leaving`); len_v >= u_v on every used cell, so nothing follows the last shot
    of 1; for each horizontal and vertical link h, w at a cell that is no start,
    h + w <= 1 + z_v (it turns only where a shot lands), and z_v >= 2 u_v - (its used links)
    (it ends only there)."""
    grid, model = compiler.grid, compiler.model
    kind = ir.ElementKind.LINK
    links = compiler.lower.binaries(body.var)
    state = _shots(compiler.lower, body.var, body.starts)
    into, used, length, lands = state["into"], state["used"], state["length"], state["lands"]
    for v in grid.cells():
        by_side = grid.incident_by_direction(kind, v)
        incident = [links[e] for e in by_side.values()]
        if v in state["starts"]:
            model.add(pulp.lpSum(incident) <= 1)
            if into[v]:
                model.add(pulp.lpSum(into[v]) == 0)
            continue
        model.add(pulp.lpSum(incident) <= 2)
        model.add(pulp.lpSum(into[v]) == used[v])
        model.add(length[v] >= used[v])
        model.add(lands[v] >= 2 * used[v] - pulp.lpSum(incident))
        across = [links[by_side[d]] for d in ("left", "right") if d in by_side]
        down = [links[by_side[d]] for d in ("up", "down") if d in by_side]
        for h in across:
            for w in down:
                model.add(h + w <= 1 + lands[v])
    post_no_cycles(model, grid, kind, links, state["starts"], used, crossings=1)


def lands(lowerer: Lowerer, expr: Lands, env: Env) -> Value:
    literal = _shots(lowerer, expr.var, expr.starts)["lands"]
    cell, _ = env.target(expr.at)
    value = literal[cell]
    if isinstance(value, int):
        return bool(value)
    return Lin(pulp.LpAffineExpression(value), 0, 1, boolean=True)


RULE_LOWERINGS = {
    Paths: compile_paths,
    PathsLeaving: compile_paths_leaving,
    ShotsLeaving: compile_shots_leaving,
}

VALUES = {Carried: carried, Lands: lands}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {
    Paths: ("paths", "paths"),
    PathsLeaving: ("paths leaving", "paths"),
    ShotsLeaving: ("shots leaving", "paths"),
}


def _oriented(
    model: LinearModel, grid: Grid, kind: ir.ElementKind, links: dict
) -> tuple[dict, list]:
    """An orientation of the used links: o_ab + o_ba = x_ab. Returns each cell's binaries of
    the links into it, and the arcs (a, b, o_ab)."""
    into: dict = {v: [] for v in grid.cells()}
    arcs = []
    for edge, x in links.items():
        a, b = grid.ends(kind, edge)
        ab, ba = model.binary("out"), model.binary("out")
        model.add(ab + ba == x)
        into[b].append(ab)
        into[a].append(ba)
        arcs += [(a, b, ab), (b, a, ba)]
    return into, arcs
