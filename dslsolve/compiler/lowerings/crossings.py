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


def split_vertex(
    model: LinearModel,
    vertex: tuple,
    across: list,
    down: list,
    crossing: bool,
    nodes: dict[tuple, Lin],
    arcs: list[tuple],
    gates: dict[tuple, Lin],
) -> pulp.LpVariable:
    """`vertex` as two nodes, (vertex, "h") and (vertex, "v"): the line goes straight across
    (s_h), straight down (s_v), turns (t: both nodes, joined by an arc) or, where `crossing`,
    crosses itself (c: both nodes, not joined). `across` and `down` are the terms of the used
    edges on each axis. Adds the nodes and the joining arc; returns the turn binary."""
    s_h, s_v, t = model.binary("across"), model.binary("down"), model.binary("turn")
    c: pulp.LpVariable | int = model.binary("cross") if crossing else 0
    model.add(pulp.lpSum(across) == 2 * s_h + t + 2 * c)
    model.add(pulp.lpSum(down) == 2 * s_v + t + 2 * c)
    model.add(s_h + s_v + t + c <= 1)
    h, v = (vertex, "h"), (vertex, "v")
    nodes[h] = Lin(pulp.lpSum([s_h, t, c]), 0, 1, boolean=True)
    nodes[v] = Lin(pulp.lpSum([s_v, t, c]), 0, 1, boolean=True)
    arcs.append((h, v))
    gates[(h, v)] = literal(t)
    return t


def edge_arcs(
    grid: Grid,
    kind: ir.ElementKind,
    edge_vars: dict[tuple, pulp.LpVariable],
    arcs: list[tuple],
    gates: dict[tuple, Lin],
) -> None:
    """Each edge joins the nodes of its axis at its two ends, open where the edge is used."""
    for edge, x in edge_vars.items():
        a, b = grid.ends(kind, edge)
        arc = ((a, edge[0]), (b, edge[0]))
        arcs.append(arc)
        gates[arc] = literal(x)


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
        split_vertex(model, vertex, across, down, len(edges) == 4, nodes, arcs, gates)
    edge_arcs(grid, kind, edge_vars, arcs, gates)
    model.add(pulp.lpSum(edge_vars.values()) >= 1)
    post_connected(model, nodes, arcs, model.formulation["loop"], arc_gate=gates)
