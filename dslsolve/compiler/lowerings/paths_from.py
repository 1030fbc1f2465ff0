"""`VAR forms paths from LAYER [turning TURNS times]`: every start (a cell where LAYER holds U,
D, L or R) sends one path out on that side; the path runs through cells that are not starts to
another start and enters it on a side other than that start's own. Every used link lies on one
such path.

Direction: each link {a, b} gets two binaries f_ab, f_ba with x = f_ab + f_ba (x binary, so a
link is travelled one way). A start sends flow out on its own side (f = 1) and on no other side;
any other cell v has a binary d_v with inflow = outflow = d_v. So every path begins at a start's
own side and ends where flow enters a start, never on that start's own side (that link already
carries the start's outflow).

Labels: a used non-start v carries one label per start, y_{v,k} (sum_k y_{v,k} = d_v); the cell
after start k is labelled k, and a label is carried along the direction of travel:
y_{v,k} >= y_{u,k} + f_uv - 1. A path may not enter its own start: y_{v,k} + f_vk <= 1.

Turns: t_v = 1 exactly when v uses one horizontal and one vertical link (t_v <= H_v, t_v <= V_v,
t_v >= h + w - 1 for each horizontal h and vertical w at v); w_{v,k} = y_{v,k} AND t_v, and
sum_v w_{v,k} = TURNS at k.

What is left is a cycle through non-starts; it is cut as for `forms paths joining`
(`paths=lazy`: cuts in rounds; `paths=flow`: flow from the starts), `paths.py`.
"""

from __future__ import annotations

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings.path_through import link_directions
from dslsolve.compiler.lowerings.paths import post_no_cycles
from dslsolve.compiler.model import LinearModel
from dslsolve.geometry import DIRECTION_TOKENS, Grid
from dslsolve.instance import Element

LINK = ir.ElementKind.LINK


def post_paths_from(
    model: LinearModel,
    grid: Grid,
    edge_vars: dict[Element, pulp.LpVariable],
    starts: dict[Element, str],
    turns: dict[Element, int],
) -> None:
    """`starts` maps each start cell to its side symbol; `turns` a start to its turn count."""
    cells = grid.cells()
    flow = link_directions(model, grid, edge_vars)
    used: dict[Element, pulp.LpAffineExpression | int] = {}
    first: dict[Element, Element] = {}  # start -> the cell its path enters first
    for v in cells:
        sides = grid.incident_by_direction(LINK, v)
        out = {}
        into = []
        for direction, edge in sides.items():
            a, b = grid.ends(LINK, edge)
            other = b if a == v else a
            out[direction] = (other, flow[v, other])
            into.append(flow[other, v])
        if v in starts:
            own = DIRECTION_TOKENS[starts[v]]
            if own not in out:  # a start facing the outline: no solution
                impossible = model.binary("none")
                model.add(impossible == 0)
                model.add(impossible >= 1)
            for direction, (other, f) in out.items():
                model.add(f == int(direction == own))
                if direction == own:
                    first[v] = other
            used[v] = 1
            continue
        d = model.binary("deg")
        model.add(pulp.lpSum(into) == d)
        model.add(pulp.lpSum(f for _, f in out.values()) == d)
        used[v] = d
    keys = sorted(starts)
    label = {v: {k: model.binary("label") for k in keys} for v in cells if v not in starts}
    for v, labels in label.items():
        model.add(pulp.lpSum(labels.values()) == used[v])
    for (u, v), f in flow.items():
        if v in starts:
            if u in label:
                model.add(label[u][v] + f <= 1)
        elif u in label:
            for k in keys:
                model.add(label[v][k] >= label[u][k] + f - 1)
    for k, v in first.items():
        if v in label:
            model.add(label[v][k] == 1)
    if turns:
        _turns(model, grid, edge_vars, label, turns)
    post_no_cycles(model, grid, LINK, edge_vars, starts, used)


def _turns(model, grid, edge_vars, label, turns) -> None:
    counted: dict[Element, list] = {k: [] for k in turns}
    for v, labels in label.items():
        sides = grid.incident_by_direction(LINK, v)
        across = [edge_vars[sides[d]] for d in ("left", "right") if d in sides]
        down = [edge_vars[sides[d]] for d in ("up", "down") if d in sides]
        if not across or not down:
            continue
        t = model.binary("turn")
        model.add(t <= pulp.lpSum(across))
        model.add(t <= pulp.lpSum(down))
        for h in across:
            for w in down:
                model.add(t >= h + w - 1)
        for k in turns:
            both = model.binary("turn_of")
            model.add(both <= t)
            model.add(both <= labels[k])
            model.add(both >= t + labels[k] - 1)
            counted[k].append(both)
    for k, amount in turns.items():
        # beyond the count's range a row fails just as surely in range (10^30 overflowed PuLP)
        amount = min(max(amount, -1), len(counted[k]) + 1)
        model.add(pulp.lpSum(counted[k]) == amount)
