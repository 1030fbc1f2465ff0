"""`VAR forms no loop [of diagonals]`: the used edges of a graph, each a 0/1 expression x_e
between two vertices, hold no cycle (every part is a tree: a forest).

`forest=lazy` (default): in rounds, for every cycle C of a cycle basis of the current
solution's used edges, add sum_{e in C} x_e <= |C| - 1. Every cycle of a graph is a sum of
basis cycles, so a solution with no basis cycle has none; each cut removes only answers that
hold that cycle.

`forest=orient`: every used edge is given a direction, toward its end that is the other's
parent: p_uv + p_vu = x_e; a vertex has at most one parent (sum_v p_uv <= 1); a depth d_u in
0..n-1 falls along a parent: d_u >= d_v + 1 - n (1 - p_uv). A cycle of k used edges, each
taken as the parent edge of one of its ends and each vertex having one parent, is a directed
cycle, which no depths allow; a forest is oriented toward a root of each tree.
"""

from __future__ import annotations

from collections.abc import Hashable

import pulp

from dslsolve.compiler.model import LinearModel

Edge = tuple[Hashable, Hashable, pulp.LpAffineExpression | pulp.LpVariable]


def post_forest(model: LinearModel, edges: list[Edge]) -> None:
    if model.formulation["forest"] == "orient":
        _orient(model, edges)
    else:
        model.separators.append(lambda: _cycle_cuts(edges))


def edge_value(x: pulp.LpAffineExpression | pulp.LpVariable | int) -> int:
    """The solution's value of an edge; a binary that no row holds yet has none from the
    solver and is read as 0, as the decoding reads it (so a cell no other rule reads is
    `\\`, and that diagonal is used)."""
    if isinstance(x, pulp.LpVariable):
        x = pulp.LpAffineExpression(x)
    if isinstance(x, pulp.LpAffineExpression):
        return round(x.constant + sum(c * (v.varValue or 0) for v, c in x.items()))
    return round(x)


def _cycle_cuts(edges: list[Edge]) -> list[pulp.LpConstraint]:
    import networkx as nx  # imported here: it takes a tenth of a second

    graph = nx.Graph()
    for a, b, x in edges:
        if edge_value(x) == 1:
            graph.add_edge(a, b, x=x)
    cuts = []
    for cycle in nx.cycle_basis(graph):
        around = [graph.edges[a, b]["x"] for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True)]
        cuts.append(pulp.lpSum(around) <= len(cycle) - 1)
    return cuts


def _orient(model: LinearModel, edges: list[Edge]) -> None:
    vertices = sorted({v for a, b, _ in edges for v in (a, b)}, key=str)
    n = len(vertices)
    depth = {v: model.integer(0, max(n - 1, 0), "depth") for v in vertices}
    parents: dict[Hashable, list[pulp.LpVariable]] = {v: [] for v in vertices}
    for a, b, x in edges:
        toward_b, toward_a = model.binary("parent"), model.binary("parent")
        model.add(toward_b + toward_a == x)
        for child, parent, p in ((a, b, toward_b), (b, a, toward_a)):
            parents[child].append(p)
            model.add(depth[child] - depth[parent] - n * p >= 1 - n)
    for v in vertices:
        if len(parents[v]) > 1:
            model.add(pulp.lpSum(parents[v]) <= 1)
