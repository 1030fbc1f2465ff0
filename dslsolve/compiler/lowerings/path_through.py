"""`VAR forms path through GATES [along ARROWS] [with crossings]`: one directed path that enters
the grid at the entrance gate, leaves it at the exit gate and uses every used link; a link where
ARROWS holds a direction is travelled that way (icebarn).

Direction: each link {a, b} gets two binaries f_ab + f_ba = x (`link_directions`, shared with
`forms paths from`). Each cell v is split into a horizontal node (left, right) and a vertical
node (up, down); a gate adds a constant inflow (entrance) or outflow (exit) on the axis of its
border side. Exclusive binaries say what happens at v: straight across s_h, straight down s_v,
a turn t, a crossing c (only `with crossings`):
    in_h + out_h = 2 s_h + t + 2 c,   in_v + out_v = 2 s_v + t + 2 c,
    -t <= in_h - out_h <= t,          in_h + in_v = out_h + out_v.
So a node that the path crosses straight has one way in and one way out on its axis, and a turn
goes in on one axis and out on the other. Every used node has two arcs in the split graph (a
gate node one arc and its border), so its components are the path and cycles: the used nodes
must be connected along used links and the inner arcs of turns, which `connected.py` enforces
with the choice of `paths` (lazy cuts or a single-commodity flow).

`passing NUMBERS in order` (`post_path_order`): each direction of a link gets an integer label
q_ab in [0, M], q_ab <= M f_ab: how many visits of numbered cells the path has made when it
travels the link from a to b (M: twice the numbered cells). At a cell v with incoming labels
I_h, I_v and outgoing labels O_h, O_v per axis (the exit's outline side a free label, the
entrance's a constant 0), inc = 1 where NUMBERS is given, and S the used sides (the outline
counting at a gate, so S/2 visits):
    O_h + O_v - I_h - I_v = inc * S / 2,
    |O_h - I_h - inc| <= M (4 - S)            (a crossing: each axis is one visit; without
                                               it one axis could gain what the other loses),
and where NUMBERS holds the number n: S <= 2 (a cell visited twice has two places in the
order) and I_h + I_v = (n - 1) * S / 2: its one visit comes after n - 1 others.
"""

from __future__ import annotations

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings.connected import post_connected
from dslsolve.compiler.lowerings.crossings import edge_arcs, split_vertex
from dslsolve.compiler.model import Lin, LinearModel
from dslsolve.geometry import Grid
from dslsolve.instance import Element

LINK = ir.ElementKind.LINK
AXIS = {"left": "h", "right": "h", "up": "v", "down": "v"}


def link_directions(
    model: LinearModel, grid: Grid, edge_vars: dict[Element, pulp.LpVariable]
) -> dict[tuple[Element, Element], pulp.LpVariable]:
    """f[a, b] = 1 where the link between cells a and b is travelled from a to b."""
    flow: dict[tuple[Element, Element], pulp.LpVariable] = {}
    for edge, x in edge_vars.items():
        a, b = grid.ends(LINK, edge)
        flow[a, b], flow[b, a] = model.binary("fwd"), model.binary("back")
        model.add(flow[a, b] + flow[b, a] == x)
    return flow


def post_path_through(
    model: LinearModel,
    grid: Grid,
    edge_vars: dict[Element, pulp.LpVariable],
    gates: dict[Element, tuple[str, str]],
    arrows: dict[Element, str],
    crossings: bool,
    order: dict[Element, int | None] | None = None,
) -> None:
    """`gates` maps the entrance and the exit cell to ("in" or "out", direction of travel);
    `arrows` maps a link to the direction (up, down, left, right) it is travelled in; `order`
    (`passing NUMBERS in order`) the numbered cells to their number (None: any place)."""
    flow = link_directions(model, grid, edge_vars)
    nodes: dict[tuple, Lin] = {}
    arcs: list[tuple] = []
    gates_of_arcs: dict[tuple, Lin] = {}
    for v in grid.cells():
        ins: dict[str, list] = {"h": [], "v": []}
        outs: dict[str, list] = {"h": [], "v": []}
        for direction, edge in grid.incident_by_direction(LINK, v).items():
            a, b = grid.ends(LINK, edge)
            other = b if a == v else a
            ins[AXIS[direction]].append(flow[other, v])
            outs[AXIS[direction]].append(flow[v, other])
        if v in gates:
            way, direction = gates[v]
            (ins if way == "in" else outs)[AXIS[direction]].append(1)
        across, down = ins["h"] + outs["h"], ins["v"] + outs["v"]
        t = split_vertex(model, v, across, down, crossings, nodes, arcs, gates_of_arcs)
        model.add(pulp.lpSum(ins["h"]) - pulp.lpSum(outs["h"]) <= t)
        model.add(pulp.lpSum(outs["h"]) - pulp.lpSum(ins["h"]) <= t)
        model.add(pulp.lpSum(ins["h"] + ins["v"]) == pulp.lpSum(outs["h"] + outs["v"]))
    edge_arcs(grid, LINK, edge_vars, arcs, gates_of_arcs)
    for edge, x in edge_vars.items():
        a, b = grid.ends(LINK, edge)
        axis = edge[0]
        wanted = arrows.get(edge)
        if wanted is not None:
            forward = "right" if axis == "h" else "down"
            backward = "left" if axis == "h" else "up"
            if wanted == forward:
                model.add(flow[a, b] == 1)
            elif wanted == backward:
                model.add(flow[b, a] == 1)
            else:  # an arrow across its own link: no solution
                model.add(x >= 1)
                model.add(x <= 0)
    post_connected(model, nodes, arcs, model.formulation["paths"], arc_gate=gates_of_arcs)
    if order is not None:
        post_path_order(model, grid, flow, gates, order)


def post_path_order(
    model: LinearModel,
    grid: Grid,
    flow: dict[tuple[Element, Element], pulp.LpVariable],
    gates: dict[Element, tuple[str, str]],
    order: dict[Element, int | None],
) -> None:
    """The visits of the cells of `order` are numbered along the path (module docstring)."""
    most = 2 * len(order)
    label = {}
    for (a, b), f in flow.items():
        label[a, b] = model.integer(0, most, "order")
        model.add(label[a, b] <= most * f)
    for v in grid.cells():
        ins: dict[str, list] = {"h": [], "v": []}
        outs: dict[str, list] = {"h": [], "v": []}
        sides: list = []
        for direction, edge in grid.incident_by_direction(LINK, v).items():
            a, b = grid.ends(LINK, edge)
            other = b if a == v else a
            ins[AXIS[direction]].append(label[other, v])
            outs[AXIS[direction]].append(label[v, other])
            sides += [flow[other, v], flow[v, other]]
        if v in gates:
            way, direction = gates[v]
            sides.append(1)
            if way == "out":  # the label the path leaves the grid with: any
                outs[AXIS[direction]].append(model.integer(0, most, "order"))
        used = pulp.lpSum(sides)
        inc = int(v in order)
        model.add(
            2 * pulp.lpSum(outs["h"] + outs["v"]) - 2 * pulp.lpSum(ins["h"] + ins["v"])
            == inc * used
        )
        # a crossing is two visits, one per axis: each gains inc on its own (in total alone,
        # one axis could gain what the other loses)
        across = pulp.lpSum(outs["h"]) - pulp.lpSum(ins["h"]) - inc
        model.add(across <= most * (4 - used))
        model.add(-across <= most * (4 - used))
        if v not in order:
            continue
        number = order[v]
        if number is not None:
            model.add(used <= 2)
            model.add(2 * pulp.lpSum(ins["h"] + ins["v"]) == (number - 1) * used)
