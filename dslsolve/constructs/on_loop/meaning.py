"""The evaluator's reading of `diagonal of VAR on loop` (`syntax.py`): the graph of every
cell's diagonal, its bridges (networkx), and whether the cell's diagonal is not one. No code
shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve.constructs.on_loop.syntax import DiagonalOnLoop
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def _ends(values: dict, cell: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    r, c = cell
    return ((r + 1, c), (r, c + 1)) if values.get(cell) else ((r, c), (r + 1, c + 1))


def on_loop(evaluator: Evaluator, expr: DiagonalOnLoop, env: Env) -> bool:
    cell, _ = env.target(expr.at)
    values = evaluator.values[expr.var.name]
    key = ("diagonal bridges", expr.var.name)
    if key not in evaluator.memo:
        import networkx as nx  # imported here: it takes a tenth of a second

        graph = nx.Graph(_ends(values, c) for c in evaluator.grid.cells())
        evaluator.memo[key] = {frozenset(bridge) for bridge in nx.bridges(graph)}
    return frozenset(_ends(values, cell)) not in evaluator.memo[key]


EVALUATORS = {DiagonalOnLoop: on_loop}
