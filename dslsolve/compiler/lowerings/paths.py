"""`VAR forms paths joining LAYER`: the used edges (links between cells, or borders between
points) form disjoint simple paths, each joining two vertices where LAYER holds equal tokens.

Degree, as for a loop (`loop.py`): a vertex where LAYER is given (an *end*) has exactly one
used edge; any other vertex v has a binary d_v with sum_{e at v} x_e = 2 d_v and x_e <= d_v.

Labels: when the ends hold two or more different tokens, a used vertex carries one label per
token, y_{v,k} (sum_k y_{v,k} = d_v; an end's label is its token), and a used edge joins
equal labels: y_{u,k} - y_{v,k} <= 1 - x_e both ways. So a path never joins different tokens.

What is left is a cycle through vertices that are not ends (degree 2 everywhere, one label):

`paths=lazy` (default): in rounds, for every cycle S of the current solution (a component
without an end) and every s in S, add sum_{e from S into T} x_e >= 2 d_s, T the pieces of the
graph without S that hold an end: a path through s runs to two ends outside S, so it crosses
into T twice. The same cut as `loop=lazy`, with the ends standing in for the second vertex.

`paths=flow`: every end may supply flow (0..n); every used vertex consumes one unit; flow runs
only along used edges (f_uv <= (n - 1) x_e). A cycle holds no end, so it cannot be supplied.
"""

from __future__ import annotations

import pulp

from dslsolve import ir
from dslsolve.compiler.model import LinearModel
from dslsolve.geometry import Grid
from dslsolve.instance import Element


def post_paths(
    model: LinearModel,
    grid: Grid,
    kind: ir.ElementKind,
    edge_vars: dict[Element, pulp.LpVariable],
    ends: dict[Element, object],
) -> None:
    """`ends` maps each end vertex to its token."""
    vertices = grid.vertices(kind)
    incident = {v: [edge_vars[e] for e in grid.incident(kind, v)] for v in vertices}
    used: dict[Element, pulp.LpAffineExpression | int] = {}
    for v in vertices:
        if v in ends:
            model.add(pulp.lpSum(incident[v]) == 1)
            used[v] = 1
            continue
        d = model.binary("deg")
        model.add_row(pulp.lpSum(incident[v]), "==", pulp.LpAffineExpression([(d, 2)]))
        for edge in incident[v]:
            model.add_row(edge, "<=", d)
        used[v] = d
    tokens = sorted(set(ends.values()), key=str)
    if len(tokens) > 1:
        _labels(model, grid, kind, edge_vars, ends, used, tokens)
    post_no_cycles(model, grid, kind, edge_vars, ends, used)


def post_no_cycles(model, grid, kind, edge_vars, ends, used, crossings: int = 2) -> None:
    """Every piece of the used edges reaches an end (no cycle apart from the ends), under the
    `paths` choice: cycle cuts in rounds (`lazy`) or a flow from the ends (`flow`). Shared
    with `forms paths from`, whose starts are the ends, and `forms paths leaving`, whose paths
    have one end each (`crossings` 1: a path through a used vertex may end there)."""
    if model.formulation["paths"] == "flow":
        _flow(model, grid, kind, edge_vars, ends, used)
    else:
        model.separators.append(lambda: _cycle_cuts(grid, kind, edge_vars, ends, used, crossings))


def _labels(model, grid, kind, edge_vars, ends, used, tokens) -> None:
    label: dict[Element, list] = {}
    for v in grid.vertices(kind):
        if v in ends:
            label[v] = [int(ends[v] == token) for token in tokens]
        else:
            label[v] = [model.binary("label") for _ in tokens]
            model.add(pulp.lpSum(label[v]) == used[v])
    for edge, x in edge_vars.items():
        a, b = grid.ends(kind, edge)
        for k in range(len(tokens)):
            for one, other in ((a, b), (b, a)):
                model.add(label[one][k] - label[other][k] + x <= 1)


def _cycle_cuts(grid, kind, edge_vars, ends, used, crossings=2) -> list[pulp.LpConstraint]:
    """For every cycle S (a piece without an end) and s in S: sum of the edges between S and
    the pieces of the graph without S that hold an end >= 2 d_s. A path through s leaves S for
    its two ends; from the last time it leaves S it stays in one such piece (each piece is
    bounded by S), so it crosses into them twice; edges into pieces without an end (the
    inside of a cycle, in a plane grid) are not needed."""
    import networkx as nx  # imported here: it takes a tenth of a second

    graph = nx.Graph()
    chosen = [e for e, x in edge_vars.items() if round(x.varValue or 0) == 1]
    graph.add_edges_from(grid.ends(kind, e) for e in chosen)
    whole = nx.Graph(grid.ends(kind, e) for e in edge_vars)
    cuts = []
    for part in nx.connected_components(graph):
        if any(v in ends for v in part):
            continue
        rest = whole.subgraph(set(whole) - part)
        toward = set().union(
            *(piece for piece in nx.connected_components(rest) if any(v in ends for v in piece))
        )
        across = []
        for e, x in edge_vars.items():
            a, b = grid.ends(kind, e)
            if (a in part and b in toward) or (b in part and a in toward):
                across.append(x)
        cuts.extend(pulp.lpSum(across) >= crossings * used[s] for s in sorted(part))
    return cuts


def _flow(model, grid, kind, edge_vars, ends, used) -> None:
    vertices = grid.vertices(kind)
    n = len(vertices)
    balance: dict[Element, list] = {v: [] for v in vertices}
    for edge, x in edge_vars.items():
        a, b = grid.ends(kind, edge)
        for tail, head in ((a, b), (b, a)):
            f = model.continuous(0, n - 1)
            model.add(f <= (n - 1) * x)
            balance[tail].append(-f)
            balance[head].append(f)
    for v in vertices:
        supply = [model.continuous(0, n, "supply")] if v in ends else []
        model.add(pulp.lpSum(balance[v] + supply) == used[v])
