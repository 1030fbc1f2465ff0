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
) -> None:
    """`chosen`: every cell and whether C holds there; `links`: each link's two cells and
    the literal saying it is used."""
    lins = {cell: as_lin(x) for cell, x in chosen.items() if x is not False}
    if choice == "flow":
        _flow(model, list(chosen), lins, links)
    else:
        model.separators.append(lambda: _cuts(list(chosen), lins, links))


def _cuts(cells, chosen: dict[Element, Lin], links) -> list[pulp.LpConstraint]:
    import networkx as nx  # imported here: it takes a tenth of a second

    graph = nx.Graph()
    graph.add_nodes_from(cells)
    graph.add_edges_from(ends for ends, used in links.values() if value_of(used) == 1)
    on = {cell for cell, x in chosen.items() if value_of(x) == 1}
    parts = [part for part in nx.connected_components(graph) if part & on]
    if len(parts) <= 1:
        return []
    parts.sort(key=lambda part: (-len(part & on), min(part & on)))
    cuts = []
    for index, part in enumerate(parts):
        s = min(part & on)
        t = min(parts[1 if index == 0 else 0] & on)
        crossing = pulp.lpSum(
            used.expr for (a, b), used in links.values() if (a in part) != (b in part)
        )
        cuts.append(crossing >= chosen[s].expr + chosen[t].expr - 1)
    return cuts


def _flow(model: LinearModel, cells, chosen: dict[Element, Lin], links) -> None:
    n = len(cells)
    root = {cell: model.binary("root") for cell in chosen}
    model.add(pulp.lpSum(root.values()) <= 1)
    balance: dict[Element, list] = {cell: [] for cell in cells}
    for cell, x in chosen.items():
        model.add(root[cell] <= x.expr)
        model.add(x.expr <= pulp.lpSum(root.values()))
        supply = model.continuous(0, n, "supply")
        model.add(supply <= n * root[cell])
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
