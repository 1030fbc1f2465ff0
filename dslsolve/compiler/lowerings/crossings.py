"""`VAR forms single loop with crossings`: one closed loop that may cross itself at a vertex
with all four edges used, going straight through it both ways (pipelink).

Connectivity of the used edges is not enough here: two loops that cross at a vertex share it.
So each vertex v is split into a horizontal node (its left and right edges) and a vertical
node (its up and down edges), joined by an inner arc where the loop turns at v. Exclusive
binaries say what happens at v: straight across s_h, straight down s_v, a turn t, a crossing c
(four edges only):
    x_left + x_right = 2 s_h + t + 2 c,    x_up + x_down = 2 s_v + t + 2 c,
    s_h + s_v + t + c <= 1.
The horizontal node is used when s_h + t + c = 1, the vertical one when s_v + t + c = 1; the
loop, traced straight through crossings, is then a simple cycle of the split graph, whose used
nodes must be connected along used edges and inner arcs (gated by t). That is handed to
`connected.py` with the choice of `loop`: lazy cycle cuts or a single-commodity flow.
"""

from __future__ import annotations

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings.connected import post_connected
from dslsolve.compiler.lowerings.logic import literal
from dslsolve.compiler.model import Lin, LinearModel
from dslsolve.geometry import Grid


def post_crossing_loop(
    model: LinearModel, grid: Grid, kind: ir.ElementKind, edge_vars: dict[tuple, pulp.LpVariable]
) -> None:
    nodes: dict[tuple, Lin] = {}
    arcs: list[tuple] = []
    gates: dict[tuple, Lin] = {}
    for vertex in grid.vertices(kind):
        edges = grid.incident_by_direction(kind, vertex)
        across = [edge_vars[edges[d]] for d in ("left", "right") if d in edges]
        down = [edge_vars[edges[d]] for d in ("up", "down") if d in edges]
        s_h, s_v, t = model.binary("across"), model.binary("down"), model.binary("turn")
        states = [s_h, s_v, t]
        c = 0
        if len(edges) == 4:
            c = model.binary("cross")
            states.append(c)
        model.add(pulp.lpSum(across) == 2 * s_h + t + 2 * c)
        model.add(pulp.lpSum(down) == 2 * s_v + t + 2 * c)
        model.add(pulp.lpSum(states) <= 1)
        h, v = (vertex, "h"), (vertex, "v")
        nodes[h] = Lin(pulp.lpSum([s_h, t, c]), 0, 1, boolean=True)
        nodes[v] = Lin(pulp.lpSum([s_v, t, c]), 0, 1, boolean=True)
        arcs.append((h, v))
        gates[(h, v)] = literal(t)
    for edge, x in edge_vars.items():
        a, b = grid.ends(kind, edge)
        axis = "h" if edge[0] == "h" else "v"
        arc = ((a, axis), (b, axis))
        arcs.append(arc)
        gates[arc] = literal(x)
    model.add(pulp.lpSum(edge_vars.values()) >= 1)
    post_connected(model, nodes, arcs, model.formulation["loop"], arc_gate=gates)
