"""`C cells connected without loops`: the chosen vertices form a tree (or none are chosen).

A connected set of n >= 1 vertices holds at least n - 1 of the graph's edges between its
vertices, exactly n - 1 when it has no cycle. `post_connected` makes the set connected; this
adds that it holds no more edges than that:
    e_uv = x_u AND x_v                          (the edge lies inside the set)
    sum_uv e_uv <= sum_v x_v - y,   y >= x_v    (y: the set is not empty)
Everything is linear: no rounds, no new cuts, whichever lowering keeps the set connected.
"""

from __future__ import annotations

from collections.abc import Hashable

from dslsolve.compiler.lowerings.logic import conjunction
from dslsolve.compiler.model import Lin, LinearModel, as_lin, sum_of

Vertex = Hashable


def post_no_cycle(
    model: LinearModel, chosen: dict[Vertex, Lin | bool], edges: list[tuple[Vertex, Vertex]]
) -> None:
    """At most (number of chosen vertices - 1) edges join two chosen vertices."""
    inside: list[Lin] = []
    for a, b in edges:
        ends = [chosen[a], chosen[b]]
        if False in ends:
            continue
        literals = [as_lin(x) for x in ends if x is not True]
        inside.append(conjunction(model, literals) if literals else as_lin(1))
    if not inside:
        return
    members = [as_lin(x) for x in chosen.values() if x is not False]
    nonempty = model.binary("tree")
    for member in members:
        model.add_row(nonempty, ">=", member.expr)
    model.add_row(sum_of(inside), "<=", sum_of(members) - nonempty)
