"""`VAR forms directed loop`: one loop (`loop.py`, in the form the `loop` formulation chooses)
that also runs one way round, read by `VAR leaves toward DIR` and `VAR enters from DIR`.

Direction: each edge {a, b} gets two binaries f_ab + f_ba = x (travelled from a to b, or from
b to a), and at every vertex v the arcs in equal the arcs out: sum_b f_bv = sum_b f_vb. On a
loop every used vertex has two used edges, so one arc comes in and one goes out, and the
orientations of consecutive edges agree: the loop is travelled one way round, and which way
is the solver's choice (two orientations of one loop; rules on the direction pick one).
`VAR leaves toward DIR` at v is the arc from v to its neighbour toward DIR, `VAR enters from
DIR` the arc from that neighbour to v (0 at the grid's edge). No other form: the arcs are as
few as the edges allow.
"""

from __future__ import annotations

from collections import defaultdict

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings.logic import literal
from dslsolve.compiler.model import Lin, LinearModel
from dslsolve.geometry import Grid
from dslsolve.instance import Element

Arcs = dict[tuple[Element, Element], pulp.LpVariable]


def post_orientation(
    model: LinearModel, grid: Grid, kind: ir.ElementKind, edge_vars: dict[Element, pulp.LpVariable]
) -> Arcs:
    """The arcs of the used edges, f[a, b] = 1 where the edge between vertices a and b is
    travelled from a to b, with as many arcs into each vertex as out of it."""
    arcs: Arcs = {}
    into: dict[Element, list] = defaultdict(list)
    out: dict[Element, list] = defaultdict(list)
    for edge, x in edge_vars.items():
        a, b = grid.ends(kind, edge)
        arcs[a, b], arcs[b, a] = model.binary("ahead"), model.binary("back")
        model.add(arcs[a, b] + arcs[b, a] == x)
        out[a].append(arcs[a, b])
        into[b].append(arcs[a, b])
        out[b].append(arcs[b, a])
        into[a].append(arcs[b, a])
    for vertex, leaving in out.items():
        model.add(pulp.lpSum(leaving) == pulp.lpSum(into[vertex]))
    return arcs


def travel(
    grid: Grid, kind: ir.ElementKind, arcs: Arcs, vertex: Element, direction: str, enters: bool
) -> Lin | bool:
    """The literal of the arc that leaves `vertex` toward `direction` (that enters it from
    there, `enters`); False where no edge leaves the vertex that way."""
    edge = grid.incident_by_direction(kind, vertex).get(direction)
    if edge is None:
        return False
    a, b = grid.ends(kind, edge)
    other = b if a == vertex else a
    return literal(arcs[other, vertex] if enters else arcs[vertex, other])
