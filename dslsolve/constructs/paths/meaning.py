"""The evaluator's reading of `VAR forms paths joining ENDS` (`syntax.py`): the degree of
every vertex (1 at an end, 0 or 2 elsewhere), then each part of the used edges: a simple path
whose two ends hold equal tokens. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.paths.syntax import Paths
from dslsolve.geometry import Env, element_name, vertex_kind
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def paths(evaluator: Evaluator, rule: ir.Rule, body: Paths, env: Env) -> list[Violation]:
    grid = evaluator.grid
    kind = body.var.on
    vertices = vertex_kind(kind)
    import networkx as nx  # imported here: it takes a tenth of a second

    graph = nx.Graph()
    graph.add_nodes_from(grid.vertices(kind))
    graph.add_edges_from(
        grid.ends(kind, e) for e in grid.elements(kind) if evaluator.values[body.var.name].get(e)
    )

    def token(v):
        return evaluator.instance.value(body.ends, v)

    def name(v):
        return element_name(vertices, v)

    found = []
    for v, d in graph.degree:
        if token(v) is not None and d != 1:
            found.append(Violation(rule, f"the path end {name(v)} has {d} lines", (name(v),)))
        elif token(v) is None and d not in (0, 2):
            found.append(Violation(rule, f"{name(v)} has {d} line ends", (name(v),)))

    for part in nx.connected_components(graph):
        if len(part) == 1:
            continue
        cells = tuple(name(v) for v in sorted(part))
        sub = graph.subgraph(part)
        if sub.number_of_edges() != len(part) - 1 or max(d for _, d in sub.degree) > 2:
            found.append(Violation(rule, "lines that are not one simple path", cells))
            continue
        ends = [v for v, d in sub.degree if d == 1]
        tokens = {token(v) for v in ends}
        if None in tokens or len(tokens) != 1:
            found.append(Violation(rule, "a path whose ends are not two equal given tokens", cells))
    return found


VIOLATIONS = {Paths: paths}
