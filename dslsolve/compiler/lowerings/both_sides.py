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

The same holds when one of the two is `connected to ROOT` rather than connected (cave: white
connected, black connected to the edge) and every cell that may be a root lies on the border
of the rectangle: a new vertex o in the outer face, joined to every border cell, keeps the
graph plane and makes the rooted set plus o connected (each of its components holds a root, a
border cell). The unit squares are still faces, so no checkerboard; the outer face is split
into triangles at o, so the border rows are not posted.

`planar=faces` (default) posts them; `planar=none` leaves them out.
"""

from __future__ import annotations

from collections.abc import Hashable

import pulp

from dslsolve.compiler.model import Lin, LinearModel, as_lin

Cell = tuple[int, int]
Chosen = dict[Hashable, Lin | bool]


def post_if_complements(
    model: LinearModel,
    earlier: list[tuple[Chosen, list, bool]],
    chosen: Chosen,
    edges: list,
    roots: Chosen | None = None,
) -> None:
    """Post the face rows if `chosen` is the complement of a set already said to be connected
    on the same edges (`earlier`); then remember `chosen`. `roots`: the root literals of
    `connected to ROOT`, which counts only if every cell that may be a root lies on the border
    of the cells' rectangle, and then for the squares only (one of the two sets rooted)."""
    rooted = roots is not None
    if rooted and not _on_border(chosen.keys(), roots):
        return
    if model.formulation["planar"] != "none" and _plane(edges):
        for other, other_edges, other_rooted in earlier:
            if rooted and other_rooted:
                continue
            if set(other_edges) == set(edges) and _complements(other, chosen):
                x = {v: as_lin(value) for v, value in chosen.items()}
                _post_faces(model, x, edges, outer=not (rooted or other_rooted))
                break
    earlier.append((chosen, edges, rooted))


def _on_border(cells, roots: Chosen) -> bool:
    border = _border(cells)
    may_root = {v for v, r in roots.items() if r is not False and as_lin(r).high >= 1}
    return border is not None and may_root <= set(border)


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


def _post_faces(model: LinearModel, x: dict[Cell, Lin], edges: list, outer: bool) -> None:
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
    if not outer or border is None or len(border) < 4:
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
