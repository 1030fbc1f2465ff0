"""`C cells connected`: the chosen vertices of a graph form one connected set (or none).

`connected=lazy`: solve without it; find the components of the chosen vertices;
while there are two or more, add for every ordered pair of components (K, K') (s in K, t in
K') the vertex-separator cut
    sum_{n in S} x_n >= x_s + x_t - 1,
S the part of N(K) (the vertices next to K outside it) that faces K': the vertices of N(K)
that K' reaches without passing through N(K), a minimal separator of K and K'. If s and t are
both chosen, some vertex of S must be chosen too. Then solve again. The Nurikabe seed adds one
cut a round, on all of N(K), for one component; cutting every pair at once on the smaller
separator needed 37 rounds where the whole N(K) of each component against one other needed
209 (yin-yang 10x10, HiGHS; docs/formulations.md). The cut of a single vertex is posted up
front, one per vertex with a nearby partner (`_alone_cuts`): the stray components of a first
answer are mostly single vertices.

For a backend that can call separators inside its search on fractional values (an LP
relaxation's), `fractional_cuts` finds the same cuts there by max flow; `post_connected` offers
it in `LinearModel.fractional_separators` (the rounds never call it).

`connected=hybrid` (default) and `native`: the rows and separators of `lazy`, and the set
declared as a `Connected` native global (`declare_native`), which cpsat posts as a spanning
forest with depth labels: `native` at once, `hybrid` once 15 rounds of cuts have been added
or the searches together outlast cpsat's `PATIENCE` (where the cuts converge fast the
forest only costs time; where they do not, or the rows alone are hard, it ends the rounds).
Other backends ignore it, and so does connectivity via links. See docs/formulations.md.

`connected=flow`: a single-commodity flow (Gavish-Graves style). A root r_v (sum r_v <= 1,
r_v <= x_v, and x_u <= sum r_v so that a root exists when anything is chosen) supplies one unit
to every chosen vertex: inflow - outflow = x_v - g_v, with the root's supply g_v <= n r_v, and
arc flows f_uv <= (n - 1) x_u, f_uv <= (n - 1) x_v. Everything is in one model; no rounds.

`C cells connected to R` (rooted: every chosen vertex is joined to a chosen vertex where R
holds, so the chosen vertices may form several components, each with a root; r_v is R's
literal at v, or a constant): `lazy` posts, for every vertex v that may be no root,
sum_{u in N(v)} x_u + r_v >= x_v up front, and in rounds, for every component K of the answer
without a root, sum_{n in S} x_n + sum_{v in K} r_v >= x_s (s in K): a chosen s whose
component stays inside K needs a root in K. S is the part of N(K) that a root can lie behind:
the vertices of N(K) that may be roots themselves or border a piece of G - N[K] holding one
that may (the last vertex of N(K) on a path from s to its root is one of them); the rest of
N(K) only leads to pieces where no root can be. `flow` lets every chosen root supply (g_v <= n x_v,
g_v <= n r_v; no root binaries, as any number of roots may supply) and every chosen vertex
consume a unit, along arcs between chosen vertices.

The same two lowerings serve loops (`dslsolve.compiler.lowerings.loop`), whose vertices are
used points or cells and whose arcs exist only along used edges (`arc_gate`).
"""

from __future__ import annotations

from collections.abc import Hashable

import pulp

from dslsolve.compiler.model import Connected, Lin, LinearModel, as_lin, value_of
from dslsolve.grounding import components, distances

Vertex = Hashable

NATIVE_AFTER = {"native": 0, "hybrid": 15}
"""The lowerings that declare a `Connected` native global, and the rounds of lazy rows after
which the backend posts it: `native` at once, `hybrid` once the cuts have not converged in a
few rounds (docs/formulations.md has the measurement that chose the number)."""


def post_connected(
    model: LinearModel,
    chosen: dict[Vertex, Lin | bool],
    edges: list[tuple[Vertex, Vertex]],
    choice: str,
    arc_gate: dict[tuple[Vertex, Vertex], Lin] | None = None,
) -> None:
    lins = {v: as_lin(x) for v, x in chosen.items() if x is not False}
    if choice == "flow":
        _flow(model, lins, edges, arc_gate)
    else:
        if arc_gate is None:
            _alone_cuts(model, lins, edges)
            model.fractional_separators.append(lambda: fractional_cuts(lins, edges))
            if choice in NATIVE_AFTER:
                declare_native(model, lins, edges, None, after_rounds=NATIVE_AFTER[choice])
        model.separators.append(lambda: _component_cuts(model, lins, edges, arc_gate))


def declare_native(
    model: LinearModel,
    chosen: dict[Vertex, Lin],
    edges: list[tuple[Vertex, Vertex]],
    roots: dict[Vertex, Lin] | None,
    depth: int | None = None,
    after_rounds: int = 0,
) -> None:
    """Declare the connectivity as a `Connected` native global beside the lazy rows: a
    backend with it (cpsat) posts it (after `after_rounds` rounds) and needs no more rounds;
    the others ignore it."""
    free = {v: x.expr for v, x in chosen.items() if x.high >= 1}
    kept = None if roots is None else {v: r.expr for v, r in roots.items() if v in free}
    bound = len(free) - 1 if depth is None else depth
    model.natives.append(Connected(free, edges, kept, max(bound, 0), after_rounds))


def _alone_cuts(model: LinearModel, chosen: dict[Vertex, Lin], edges) -> None:
    """The component cut of a single vertex v, posted up front, one per vertex:
    x_v + x_w - 1 <= sum_{u in N(v)} x_u, w the first vertex (in the vertices' order) outside
    N[v] that shares two neighbours with v (in a grid: a diagonal cell, the upper left one
    where there is one). A chosen vertex alone is the most common stray component of a first
    answer, and where most vertices are chosen, w usually is. One partner per vertex rather
    than all of them: each solver call reads the rows again, and in side-by-side runs over the
    connectivity examples one row per vertex needed less time in total than four (and than
    none); see docs/formulations.md.
    """
    neighbours = _neighbours(chosen, edges)
    for v, x in chosen.items():
        around = neighbours[v]
        if any(chosen[u].low >= 1 for u in around):
            continue  # a neighbour is always chosen: v is never alone
        shared: dict[Vertex, int] = {}
        for u in around:
            for w in neighbours[u] - around - {v}:
                shared[w] = shared.get(w, 0) + 1
        partners = [w for w, count in shared.items() if count >= 2]
        if partners:
            w = min(partners)
            model.add(pulp.lpSum(chosen[u].expr for u in around) >= x.expr + chosen[w].expr - 1)


def _component_cuts(
    model: LinearModel, chosen: dict[Vertex, Lin], edges, arc_gate
) -> list[pulp.LpConstraint]:
    on = {v for v, x in chosen.items() if value_of(x) == 1}
    used = [
        (u, v)
        for u, v in edges
        if u in on and v in on and (arc_gate is None or value_of(arc_gate[(u, v)]) == 1)
    ]
    parts = sorted(components(on, used), key=len, reverse=True)
    if len(parts) <= 1:
        return []
    neighbours = _neighbours(chosen, edges)
    if arc_gate is None:
        return _separator_cuts(chosen, neighbours, parts)
    cuts = []
    for index, part in enumerate(parts):  # cycles: see _cycle_cuts
        t = min(parts[1] if index == 0 else parts[0])  # in the largest other part
        region = next(r for r in _regions(neighbours, part) if t in r)
        cuts.extend(_cycle_cuts(part, region, chosen[min(part)], chosen[t], arc_gate))
    return cuts


def _neighbours(chosen: dict[Vertex, Lin], edges) -> dict[Vertex, set[Vertex]]:
    """The adjacency of the vertices that may be chosen."""
    neighbours: dict[Vertex, set[Vertex]] = {v: set() for v in chosen}
    for u, v in edges:
        if u in chosen and v in chosen:
            neighbours[u].add(v)
            neighbours[v].add(u)
    return neighbours


def _separator_cuts(
    chosen: dict[Vertex, Lin], neighbours: dict[Vertex, set[Vertex]], parts: list[set[Vertex]]
) -> list[pulp.LpConstraint]:
    """For every ordered pair of components (K, K'), the cut on a minimal vertex separator
    between them next to K: the vertices S of N(K) that K' reaches without passing through
    N(K). Every vertex of S is next to K and reachable from K' outside S, so no smaller subset
    separates them, and none of S is chosen now:
        sum_{n in S} x_n >= x_s + x_t - 1   (s in K, t in K').
    All components of a region of G - N[K] share that S; each gets its own t, so each pair is
    cut (the LP then needs the separator for each of them)."""
    where = {v: index for index, part in enumerate(parts) for v in part}
    cuts = []
    for index, part in enumerate(parts):
        boundary = {n for v in part for n in neighbours[v]} - part
        s = chosen[min(part)].expr
        for region in _regions(neighbours, part | boundary):
            separator = {n for v in region for n in neighbours[v]} & boundary
            crossing = pulp.lpSum(chosen[n].expr for n in sorted(separator))
            for other in sorted({where[v] for v in region if v in where} - {index}):
                cuts.append(crossing >= s + chosen[min(parts[other])].expr - 1)
    return cuts


def _regions(neighbours: dict[Vertex, set[Vertex]], removed: set[Vertex]) -> list[set[Vertex]]:
    """The connected pieces of the graph once the vertices `removed` are taken out, in the
    order of their first vertex."""
    kept = [v for v in neighbours if v not in removed]
    return components(kept, [(v, n) for v in kept for n in neighbours[v] if n not in removed])


def _cycle_cuts(
    part: set[Vertex],
    region: set[Vertex],
    s: Lin,
    t: Lin,
    arc_gate: dict[tuple[Vertex, Vertex], Lin],
) -> list[pulp.LpConstraint]:
    """Two cuts against a separate cycle on the vertex set `part` (s in it), for t in `region`,
    a piece of the graph once `part` is taken out.

    A loop through s and t crosses twice from the part into t's region, and every edge leaving
    the region ends in the part:
        sum_{e between part and region} x_e >= 2 (d_s + d_t - 1).
    Edges from the part into other regions (the other side of a cycle in a plane graph) are
    left out: no such loop needs them, and the cut is the stronger for it. A loop that also
    uses t has only paths inside the part, so fewer edges than vertices there (a loop inside
    the part has at most as many):
        sum_{e inside part} x_e <= |part| - d_t.
    The second is not implied by the first in the LP; on the 30x30 slitherlinks of the corpus
    the pair needed about a third less solve time than the first alone (bench/README.md).
    """
    crossing, inside = [], []
    for (u, v), gate in arc_gate.items():
        if (u in part and v in region) or (v in part and u in region):
            crossing.append(gate.expr)
        elif u in part and v in part:
            inside.append(gate.expr)
    return [
        pulp.lpSum(crossing) >= 2 * (s.expr + t.expr - 1),
        pulp.lpSum(inside) <= len(part) - t.expr,
    ]


def fractional_cuts(
    chosen: dict[Vertex, Lin], edges, tolerance: float = 1e-6
) -> list[pulp.LpConstraint]:
    """The separator cuts that a fractional point x* (the variables' current values, say an LP
    relaxation's) violates, found by max flow: with s the vertex of largest x*_s, for every t
    with x*_s + x*_t > 1, the least-weight set S of vertices other than s and t that separates
    them (weight x*_n; vertices split into in and out copies joined by an arc of capacity
    x*_n) is cut if its weight is below x*_s + x*_t - 1:
        sum_{n in S} x_n >= x_s + x_t - 1.
    Valid for every integral answer as the rounds' cuts are (S separates s from t). One max
    flow per t: meant for a backend that calls it at the nodes of its search, not for the
    rounds, which see integral answers only (`LinearModel.fractional_separators`)."""
    import networkx as nx  # imported here: it takes a tenth of a second

    values = {v: _fractional_value(x) for v, x in chosen.items()}
    s = max(values, key=lambda v: (values[v], v))
    network = nx.DiGraph()
    for v, value in values.items():
        network.add_edge((v, "in"), (v, "out"), capacity=value)
    for u, v in edges:
        if u in chosen and v in chosen:
            network.add_edge((u, "out"), (v, "in"))  # no capacity: never cut
            network.add_edge((v, "out"), (u, "in"))
    beside = {b for a, b in edges if a == s} | {a for a, b in edges if b == s} | {s}
    cuts = []
    for t in sorted(values):
        wanted = values[s] + values[t] - 1
        if wanted <= tolerance or t in beside:  # a neighbour of s cannot be separated from it
            continue
        weight, (near, _) = nx.minimum_cut(network, (s, "out"), (t, "in"))
        if weight < wanted - tolerance:
            separator = [v for v in chosen if (v, "in") in near and (v, "out") not in near]
            crossing = pulp.lpSum(chosen[n].expr for n in separator)
            cuts.append(crossing >= chosen[s].expr + chosen[t].expr - 1)
    return cuts


def _fractional_value(lin: Lin) -> float:
    expr = lin.expr
    return sum(c * (v.varValue or 0) for v, c in expr.items()) + expr.constant


def _flow(model: LinearModel, chosen: dict[Vertex, Lin], edges, arc_gate) -> None:
    n = len(chosen)
    root = {v: model.binary("root") for v in chosen}
    supply = {v: model.continuous(0, n, "supply") for v in chosen}
    model.add(pulp.lpSum(root.values()) <= 1)
    for v, x in chosen.items():
        model.add(root[v] <= x.expr)
        model.add(x.expr <= pulp.lpSum(root.values()))
        model.add(supply[v] <= n * root[v])
    net = _arc_flows(model, chosen, edges, arc_gate)
    for v, x in chosen.items():
        model.add(net[v] + supply[v] == x.expr)


def _arc_flows(model: LinearModel, chosen: dict[Vertex, Lin], edges, arc_gate=None) -> dict:
    """A flow of at most n - 1 each way along every edge between chosen vertices (and used,
    with `arc_gate`): each vertex's inflow minus its outflow."""
    n = len(chosen)
    inflow: dict[Vertex, list] = {v: [] for v in chosen}
    outflow: dict[Vertex, list] = {v: [] for v in chosen}
    for u, v in edges:
        if u not in chosen or v not in chosen:
            continue
        for a, b in ((u, v), (v, u)):
            f = model.continuous(0, n - 1)
            model.add(f <= (n - 1) * chosen[a].expr)
            model.add(f <= (n - 1) * chosen[b].expr)
            if arc_gate is not None:
                model.add(f <= (n - 1) * arc_gate[(u, v)].expr)
            outflow[a].append(f)
            inflow[b].append(f)
    return {v: pulp.lpSum(inflow[v]) - pulp.lpSum(outflow[v]) for v in chosen}


def post_rooted(
    model: LinearModel,
    chosen: dict[Vertex, Lin | bool],
    roots: dict[Vertex, Lin | bool],
    edges: list[tuple[Vertex, Vertex]],
    choice: str,
) -> None:
    """Every chosen vertex is joined through chosen vertices to a chosen root (see above)."""
    lins = {v: as_lin(x) for v, x in chosen.items() if x is not False}
    can_root = {v: as_lin(roots[v]) for v in lins if roots.get(v, False) is not False}
    neighbours = _neighbours(lins, edges)
    if choice == "flow":
        _rooted_flow(model, lins, can_root, edges)
        return
    for v, x in lins.items():
        root = can_root.get(v)
        if root is not None and root.low >= 1:
            continue  # always a root where chosen
        around = [lins[u].expr for u in neighbours[v]] + ([root.expr] if root else [])
        model.add(pulp.lpSum(around) >= x.expr)
    model.separators.append(lambda: _rootless_cuts(lins, can_root, neighbours))
    if choice in NATIVE_AFTER:
        declare_native(model, lins, edges, can_root, after_rounds=NATIVE_AFTER[choice])


def _rootless_cuts(
    chosen: dict[Vertex, Lin], roots: dict[Vertex, Lin], neighbours: dict[Vertex, set[Vertex]]
) -> list[pulp.LpConstraint]:
    on = {v for v, x in chosen.items() if value_of(x) == 1}
    cuts = []
    for part in components(on, ((u, v) for u in on for v in neighbours[u] if v in on)):
        if any(v in roots and value_of(roots[v]) == 1 for v in part):
            continue
        boundary = {u for v in part for u in neighbours[v]} - part
        facing = {u for u in boundary if _may_root(roots, u)}
        for region in _regions(neighbours, part | boundary):
            if any(_may_root(roots, v) for v in region):
                facing |= {u for v in region for u in neighbours[v]} & boundary
        rooted = [roots[v].expr for v in part if v in roots]
        crossing = pulp.lpSum([chosen[u].expr for u in sorted(facing)] + rooted)
        cuts.append(crossing >= chosen[min(part)].expr)
    return cuts


def _may_root(roots: dict[Vertex, Lin], v: Vertex) -> bool:
    return v in roots and roots[v].high >= 1


def _rooted_flow(
    model: LinearModel, chosen: dict[Vertex, Lin], roots: dict[Vertex, Lin], edges
) -> None:
    n = len(chosen)
    net = _arc_flows(model, chosen, edges)
    for v, x in chosen.items():
        supplied = net[v]
        if v in roots:
            supply = model.continuous(0, n, "supply")
            model.add(supply <= n * x.expr)
            if roots[v].low < 1:
                model.add(supply <= n * roots[v].expr)
            supplied += supply
        model.add(supplied == x.expr)


def post_layers(
    model: LinearModel,
    chosen: dict[Vertex, Lin | bool],
    root: Vertex,
    edges: list[tuple[Vertex, Vertex]],
    steps: int,
) -> None:
    """Every chosen vertex is joined to `root` (chosen where any is) through chosen vertices by
    a path of at most `steps` edges, as layers of reachability (the flood of puzzlekit's
    nurikabe, Noqx's `reachable`): a binary r[t, v] may hold only if v is chosen and reached
    in at most t steps,
        r[0, root] = x_root, r[t, v] <= x_v, r[t, v] <= r[t-1, v] + sum_{u in N(v)} r[t-1, u],
    and the last layer is x itself (every chosen vertex is reached in `steps`). r[t, v] exists
    only where v is at most t steps from the root in the graph. Polynomial (about steps * |V|
    binaries, `layer_count`), with no rounds: a vertex that no chosen path of `steps` edges
    reaches is out as soon as the solver sees it, where the rooted cuts wait for a round and a
    depth-labelled forest propagates through bounds. The converse rows (r[t, v] >= r[t-1, v],
    r[t, v] >= r[t-1, u] + x_v - 1, which make r exactly the reached set) prune nothing more
    and cost time: nurikabe 721_11x11 (with `connected=native`) 1.45 s of CPU without them, 1.8
    with (docs/formulations.md, "Islands as layers of reachability")."""
    lins = {v: as_lin(x) for v, x in chosen.items() if x is not False}
    neighbours = _neighbours(lins, edges)
    distance = distances(neighbours, [root])
    for v, x in lins.items():
        if distance.get(v, steps + 1) > steps:
            model.add(x.expr == 0)
    layer = {root: lins[root].expr}
    for t in range(1, steps + 1):
        nxt = {}
        for v, d in distance.items():
            if d > t:
                continue
            x = lins[v].expr
            if t == steps:
                r = x
            else:
                r = model.binary("reach")
                model.add(r <= x)
            before = [layer[u] for u in neighbours[v] if u in layer]
            if v in layer:
                before.append(layer[v])
            model.add(r <= pulp.lpSum(before))
            nxt[v] = r
        layer = nxt


def layer_count(chosen: dict[Vertex, Lin | bool], root: Vertex, edges, steps: int) -> int:
    """The binaries `post_layers` makes: one per layer below the last and vertex it reaches."""
    lins = {v: x for v, x in chosen.items() if x is not False}
    distance = distances(_neighbours(lins, edges), [root])
    return sum(max(steps - max(d, 1), 0) for d in distance.values() if d <= steps)
