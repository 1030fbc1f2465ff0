"""`VAR forms single loop`: the used edges (borders between points, or links between cells)
form exactly one cycle.

Degree: every vertex v has a binary d_v with sum_{e at v} x_e = 2 d_v (degree 0 or 2) and
x_e <= d_v for its edges (implied for integers; it cuts fractional half-edges from the LP),
and at least one edge is used. Connectivity of the used vertices then makes the cycle unique:

`loop=lazy`: subtour elimination in rounds. For every cycle S of the current solution
(with s in S and t on the largest other cycle) add sum_{e between S and R} x_e >= 2 (d_s +
d_t - 1), R the piece of the graph without S that holds t (in a plane grid: not the edges into
the other side of S), which is valid whichever vertices the final loop uses (the classic cut
for a cycle through optional vertices, on fewer edges), and sum_{e inside S} x_e <= |S| - d_t
(see `connected._cycle_cuts`). As in the seeds' slitherlink and masyu models, but every cycle
is cut each round.

`loop=native` (default): the rows and separator of `loop=lazy`, and the loop declared as a
`Circuit` (`LinearModel.natives`) for a backend with a circuit constraint of its own: cpsat
posts `AddCircuit` on the directed arcs (each used edge is one of its two arcs; a vertex
without degree is skipped), so that every answer is a single loop and no round is needed
(0.79x the time of `loop=lazy` over 80 real loop puzzles, 0.39-0.61x on the largest: see
docs/formulations.md). Other backends ignore the declaration and solve it as `loop=lazy`; so
does a loop `with crossings` (`crossings.py`), which visits a crossing twice.

`loop=circuit`: `loop=native` without the rows x_e <= d_v, which only an LP uses (for CP-SAT
without its LP, `backends/cpsat.py`, the degree row already gives d_v = 1 from x_e = 1 and
x_e = 0 from d_v = 0, and they are presolve's work alone): the choice of the loop genres' files
for cpsat, 0.85-0.87x the solve time of `loop=native` over the masyu and slitherlink puzzles
of the dataset (docs/formulations.md, "The loop's rows for CP-SAT").

`loop=flow`: the used vertices connected by a single-commodity flow that may only travel
along used edges (see `connected.py`).
"""

from __future__ import annotations

from collections.abc import Hashable

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings.connected import post_connected
from dslsolve.compiler.lowerings.logic import literal
from dslsolve.compiler.model import Circuit, LinearModel
from dslsolve.geometry import Grid


def post_single_loop(
    model: LinearModel, grid: Grid, kind: ir.ElementKind, edge_vars: dict[tuple, pulp.LpVariable]
) -> None:
    incident = {
        vertex: [edge_vars[e] for e in grid.incident(kind, vertex)]
        for vertex in grid.vertices(kind)
    }
    post_loop(model, incident, {edge: grid.ends(kind, edge) for edge in edge_vars}, edge_vars)


def post_loop(
    model: LinearModel,
    incident: dict[Hashable, list[pulp.LpVariable]],
    ends: dict[Hashable, tuple[Hashable, Hashable]],
    edge_vars: dict[Hashable, pulp.LpVariable],
) -> None:
    """One cycle on any graph: `incident` gives each vertex's edge binaries, `ends` each
    edge's two vertices (grid edges above; the segments between given points,
    `constructs/segments`)."""
    choice = model.formulation["loop"]
    used: dict[Hashable, pulp.LpVariable] = {}
    for vertex, edges in incident.items():
        d = model.binary("deg")
        model.add_row(pulp.lpSum(edges), "==", pulp.LpAffineExpression([(d, 2)]))
        if choice != "circuit":  # implied for integers, but it keeps the LP from half-edges
            for edge in edges:
                model.add_row(edge, "<=", d)
        used[vertex] = d
    model.add(pulp.lpSum(edge_vars.values()) >= 1)
    gates = {ends[edge]: literal(var) for edge, var in edge_vars.items()}
    degree = {vertex: literal(d) for vertex, d in used.items()}
    post_connected(model, degree, list(ends.values()), choice, arc_gate=gates)
    if choice in ("native", "circuit"):
        model.natives.append(Circuit(used, [(*ends[e], var) for e, var in edge_vars.items()]))
