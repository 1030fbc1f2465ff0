"""Implied rows when a set and its complement are both connected on a planar grid graph.

When the rules say both `C cells connected` and `D cells connected` over the same cells and
orthogonal adjacency, and D holds exactly where C does not (yin-yang's black and white; any
genre that says both), the partition has a property that the lazy cuts only learn round by
round: *around every face of the graph the colour changes at most twice*.

Proof sketch. Let a, b, c, d lie in this cyclic order on the boundary of a face F, with a, c
in C and b, d outside it. C is connected, so a path P inside C joins a and c; the complement is
connected, so a path Q outside C joins b and d, and P and Q share no vertex. Put a new point f
inside F and join it to a and c through F: with P this is a closed curve (Jordan), and the two
arcs f-a, f-c split F so that b and d lie on different sides of it. Q joins b and d without
meeting P or f, and (the graph being plane) without crossing an edge: a contradiction. A cycle
with four or more changes holds such a, b, c, d, so every face has at most two.

The faces used, in the graph's natural drawing (cells as points, edges unit steps, so plane):
- every unit square of four cells whose four edges are in the graph (nothing lies inside it):
  two changes at most means not a checkerboard, x_a + x_c - x_b - x_d <= 1 both ways round;
- the border of the cells' bounding rectangle, when all of its cells and edges are in the graph
  (all else lies inside it, so outside is the outer face): a continuous change c_i >= |x_i -
  x_{i+1}| for each step along it and sum c_i <= 2.

`planar=faces` (default) posts them; `planar=none` leaves them out.
"""

from __future__ import annotations

from collections.abc import Hashable

import pulp

from dslsolve.compiler.model import Lin, LinearModel, as_lin

Cell = tuple[int, int]
Chosen = dict[Hashable, Lin | bool]


def post_if_complements(
    model: LinearModel, earlier: list[tuple[Chosen, list]], chosen: Chosen, edges: list
) -> None:
    """Post the face rows if `chosen` is the complement of a set already said to be connected
    on the same edges (`earlier`); then remember `chosen`."""
    if model.formulation["planar"] != "none" and _plane(edges):
        for other, other_edges in earlier:
            if set(other_edges) == set(edges) and _complements(other, chosen):
                _post_faces(model, {v: as_lin(x) for v, x in chosen.items()}, edges)
                break
    earlier.append((chosen, edges))


def _plane(edges: list) -> bool:
    """Every edge is a unit step between (row, column) cells: a plane drawing."""
    return all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in edges)


def _complements(first: Chosen, second: Chosen) -> bool:
    if first.keys() != second.keys():
        return False
    for v, x in first.items():
        total = as_lin(x).expr + as_lin(second[v]).expr
        if total.constant != 1 or any(coefficient != 0 for coefficient in total.values()):
            return False
    return True


def _post_faces(model: LinearModel, x: dict[Cell, Lin], edges: list) -> None:
    linked = {frozenset(edge) for edge in edges}
    for r, c in x:
        square = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)]
        sides = zip(square, square[1:] + square[:1], strict=True)
        if all(frozenset(side) in linked for side in sides):
            a, b, d, e = (x[v].expr for v in square)
            for row in (a + d - b - e <= 1, b + e - a - d <= 1):
                if row.keys():  # a row of givens alone: the lazy cuts see to it
                    model.add(row)
    border = _border(x.keys())
    if border is None or len(border) < 4:
        return
    steps = list(zip(border, border[1:] + border[:1], strict=True))
    if not all(frozenset(step) in linked for step in steps):
        return
    changes = []
    for u, v in steps:
        change = model.continuous(0, 1, "change")
        model.add(change >= x[u].expr - x[v].expr)
        model.add(change >= x[v].expr - x[u].expr)
        changes.append(change)
    model.add(pulp.lpSum(changes) <= 2)


def _border(cells) -> list[Cell] | None:
    """The border of the cells' bounding rectangle, clockwise, if they fill the rectangle."""
    cells = set(cells)
    rows = [r for r, _ in cells]
    columns = [c for _, c in cells]
    top, bottom, left, right = min(rows), max(rows), min(columns), max(columns)
    if len(cells) != (bottom - top + 1) * (right - left + 1) or bottom == top or left == right:
        return None
    return (
        [(top, c) for c in range(left, right)]
        + [(r, right) for r in range(top, bottom)]
        + [(bottom, c) for c in range(right, left, -1)]
        + [(r, left) for r in range(bottom, top, -1)]
    )
