"""The evaluator's reading of `VAR forms no loop [of diagonals]` (`syntax.py`): the graph of
the used edges, one violation per cycle of a cycle basis, naming the vertices around it. No
code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.forest.syntax import NoLoop
from dslsolve.geometry import Env, element_name, vertex_kind
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def used_edges(evaluator: Evaluator, body: NoLoop) -> list[tuple[tuple, tuple]]:
    """The two ends of every used edge: a cell's diagonal joins two of its corners."""
    values = evaluator.values[body.var.name]
    grid = evaluator.grid
    if not body.diagonals:
        return [grid.ends(body.var.on, e) for e in grid.elements(body.var.on) if values.get(e)]
    edges = []
    for r, c in grid.cells():
        if values.get((r, c)):
            edges.append(((r + 1, c), (r, c + 1)))  # '/'
        else:
            edges.append(((r, c), (r + 1, c + 1)))  # '\'
    return edges


def no_loop(evaluator: Evaluator, rule: ir.Rule, body: NoLoop, env: Env) -> list[Violation]:
    import networkx as nx  # imported here: it takes a tenth of a second

    graph = nx.Graph(used_edges(evaluator, body))
    vertices = ir.ElementKind.POINT if body.diagonals else vertex_kind(body.var.on)
    found = []
    for cycle in nx.cycle_basis(graph):
        names = tuple(element_name(vertices, v) for v in sorted(cycle))
        found.append(Violation(rule, f"a loop through {len(cycle)} {vertices.value}s", names))
    return found


VIOLATIONS = {NoLoop: no_loop}
