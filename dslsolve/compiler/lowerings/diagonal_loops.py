"""`diagonal of VAR on loop`: whether a cell's diagonal lies on a cycle of all the cells'
diagonals (every cell holds one: `/` where the binary x_c is 1, `\\` where it is 0).

Each cell read gets two binaries, z/ <= x_c and z\\ <= 1 - x_c (that diagonal is used and on
a cycle); the value is z/ + z\\. Nothing else is posted up front; in rounds, for each such
cell, with e its used diagonal (ends a, b) and z its literal in the current solution:
- e is on a cycle and z = 0: P a shortest path from a to b among the other used diagonals;
  z >= x_e + sum_{f in P} x_f - |P| (with e and P used, e is on a cycle);
- e is a bridge and z = 1: S the points joined to a by the used diagonals other than e;
  z <= sum of the diagonals with one end in S, e excepted (a cycle through e leaves S again).
Each cut holds for every answer and cuts the current one off, so the rounds end; then every
literal is exactly its diagonal's being on a cycle.
"""

from __future__ import annotations

import itertools

import pulp

from dslsolve.compiler.lowerings.forest import edge_value
from dslsolve.compiler.model import Lin, LinearModel
from dslsolve.geometry import Grid
from dslsolve.instance import Element


class DiagonalLoops:
    """The literals of one variable's diagonals, made as cells are read, and their separator."""

    def __init__(self, model: LinearModel, grid: Grid, binaries: dict[Element, pulp.LpVariable]):
        self.model = model
        self.edges: list[tuple[Element, Element, object]] = []  # (end, end, 0/1 expression)
        self.of_cell: dict[Element, tuple[int, int]] = {}  # cell -> its two edges' indices
        for (r, c), x in binaries.items():
            self.of_cell[(r, c)] = (len(self.edges), len(self.edges) + 1)
            self.edges.append(((r + 1, c), (r, c + 1), x))  # '/'
            self.edges.append(((r, c), (r + 1, c + 1), 1 - x))  # '\'
        self.literals: dict[int, pulp.LpVariable] = {}  # edge index -> used and on a cycle
        model.separators.append(self._cuts)

    def literal(self, cell: Element) -> Lin:
        """z/ + z\\ of the cell: 1 where its diagonal is on a cycle."""
        made = []
        for index in self.of_cell[cell]:
            if index not in self.literals:
                z = self.model.binary("onloop")
                self.model.add(z <= self.edges[index][2])
                self.literals[index] = z
            made.append(self.literals[index])
        return Lin(pulp.lpSum(made), 0, 1, boolean=True)

    def _cuts(self) -> list[pulp.LpConstraint]:
        import networkx as nx  # imported here: it takes a tenth of a second

        graph = nx.Graph()
        for index, (a, b, x) in enumerate(self.edges):
            if edge_value(x) == 1:
                graph.add_edge(a, b, index=index)
        bridges = {frozenset(bridge) for bridge in nx.bridges(graph)}
        cuts = []
        for index, z in self.literals.items():
            a, b, x = self.edges[index]
            if edge_value(x) != 1:
                continue
            on_cycle = frozenset((a, b)) not in bridges
            if on_cycle and round(z.varValue or 0) == 0:
                graph.remove_edge(a, b)
                path = nx.shortest_path(graph, a, b)
                graph.add_edge(a, b, index=index)
                around = [
                    self.edges[graph.edges[p, q]["index"]][2] for p, q in itertools.pairwise(path)
                ]
                cuts.append(z >= x + pulp.lpSum(around) - len(around))
            elif not on_cycle and round(z.varValue or 0) == 1:
                graph.remove_edge(a, b)
                side = nx.node_connected_component(graph, a)
                graph.add_edge(a, b, index=index)
                leaving = [
                    y
                    for i, (p, q, y) in enumerate(self.edges)
                    if i != index and ((p in side) != (q in side))
                ]
                cuts.append(z <= pulp.lpSum(leaving))
        return cuts
