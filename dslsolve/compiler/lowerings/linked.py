"""`C cells connected via VAR`: the cells where C holds are joined by paths of used links (a
link is used where VAR is true, or not zero: hashiwokakero's islands joined by bridges). The
paths may pass through any cell; only the links decide.

`connected=lazy` (default): solve without it; take the components of the graph of used links
over all cells; while the C-cells lie in two or more of them, add for every component K that
holds a C-cell s (t a C-cell in another component)
    sum_{links leaving K} used_e >= x_s + x_t - 1,
since a path from s to t must leave K. Then solve again.

`connected=flow`: a single-commodity flow as in `connected.py`: one root among the C-cells
supplies one unit to every C-cell; any cell relays; flow runs only along used links
(f_uv <= (n - 1) used_e).

`C cells connected to R via VAR` (rooted: each C-cell joined by used links to a C-cell where R
holds, a *root*; z_v <= x_v, z_v <= r_v its literal): `lazy` adds, for every component K of the
used links that holds a C-cell s and no root, sum_{links leaving K} used_e + sum_{v in K} z_v
>= x_s; `flow` lets every root supply (g_v <= n z_v), with no single root.
"""

from __future__ import annotations

import pulp

from dslsolve.compiler.model import Lin, LinearModel, as_lin, value_of
from dslsolve.instance import Element


def post_linked(
    model: LinearModel,
    chosen: dict[Element, Lin | bool],
    links: dict[Element, tuple[tuple[Element, Element], Lin]],
    choice: str,
    roots: dict[Element, Lin | bool] | None = None,
) -> None:
    """`chosen`: every cell and whether C holds there; `links`: each link's two cells and
    the literal saying it is used; `roots`: every cell and whether R holds there (rooted)."""
    lins = {cell: as_lin(x) for cell, x in chosen.items() if x is not False}
    if roots is not None:
        rooted = _root_literals(model, lins, roots)
        if choice == "flow":
            _flow(model, list(chosen), lins, links, rooted)
        else:
            model.separators.append(lambda: _rootless_cuts(list(chosen), lins, rooted, links))
    elif choice == "flow":
        _flow(model, list(chosen), lins, links)
    else:
        model.separators.append(lambda: _cuts(list(chosen), lins, links))


def _root_literals(
    model: LinearModel, chosen: dict[Element, Lin], roots: dict[Element, Lin | bool]
) -> dict[Element, Lin]:
    """z_v, at most x_v and r_v, for each cell where both may hold: one new binary only where
    neither is constant."""
    found = {}
    for cell, x in chosen.items():
        r = roots.get(cell, False)
        if r is False or (isinstance(r, Lin) and r.high < 1):
            continue
        if r is True or (isinstance(r, Lin) and r.low >= 1):
            found[cell] = x
        elif x.low >= 1:
            found[cell] = as_lin(r)
        else:
            z = model.binary("root")
            model.add(z <= x.expr)
            model.add(z <= r.expr)
            found[cell] = Lin(pulp.LpAffineExpression(z), 0, 1, boolean=True)
    return found


def _used_parts(cells, links) -> list[set]:
    """The components of the answer's used links over all cells."""
    import networkx as nx  # imported here: it takes a tenth of a second

    graph = nx.Graph()
    graph.add_nodes_from(cells)
    graph.add_edges_from(ends for ends, used in links.values() if value_of(used) == 1)
    return list(nx.connected_components(graph))


def _leaving(part: set, links) -> pulp.LpAffineExpression:
    return pulp.lpSum(used.expr for (a, b), used in links.values() if (a in part) != (b in part))


def _rootless_cuts(cells, chosen: dict[Element, Lin], rooted: dict[Element, Lin], links):
    on = {cell for cell, x in chosen.items() if value_of(x) == 1}
    cuts = []
    for part in _used_parts(cells, links):
        if not part & on or any(value_of(rooted[v]) == 1 for v in part if v in rooted):
            continue
        roots_inside = pulp.lpSum(rooted[v].expr for v in sorted(part) if v in rooted)
        cuts.append(_leaving(part, links) + roots_inside >= chosen[min(part & on)].expr)
    return cuts


def _cuts(cells, chosen: dict[Element, Lin], links) -> list[pulp.LpConstraint]:
    on = {cell for cell, x in chosen.items() if value_of(x) == 1}
    parts = [part for part in _used_parts(cells, links) if part & on]
    if len(parts) <= 1:
        return []
    parts.sort(key=lambda part: (-len(part & on), min(part & on)))
    cuts = []
    for index, part in enumerate(parts):
        s = min(part & on)
        t = min(parts[1 if index == 0 else 0] & on)
        cuts.append(_leaving(part, links) >= chosen[s].expr + chosen[t].expr - 1)
    return cuts


def _flow(model: LinearModel, cells, chosen: dict[Element, Lin], links, rooted=None) -> None:
    """One root chosen among the C-cells supplies them all; or (`rooted`: the root literals
    of `to R`) every root may supply."""
    n = len(cells)
    balance: dict[Element, list] = {cell: [] for cell in cells}
    if rooted is None:
        root = {cell: model.binary("root") for cell in chosen}
        model.add(pulp.lpSum(root.values()) <= 1)
        for cell, x in chosen.items():
            model.add(root[cell] <= x.expr)
            model.add(x.expr <= pulp.lpSum(root.values()))
            supply = model.continuous(0, n, "supply")
            model.add(supply <= n * root[cell])
            balance[cell].append(supply)
    else:
        for cell, z in rooted.items():
            supply = model.continuous(0, n, "supply")
            model.add(supply <= n * z.expr)
            balance[cell].append(supply)
    for (a, b), used in links.values():
        for tail, head in ((a, b), (b, a)):
            f = model.continuous(0, n - 1)
            model.add(f <= (n - 1) * used.expr)
            balance[tail].append(-f)
            balance[head].append(f)
    for cell in cells:
        consumed = chosen[cell].expr if cell in chosen else 0
        model.add(pulp.lpSum(balance[cell]) == consumed)
