"""`each piece of WALL: BODY` without a size bound, where BODY says only what a piece holds
(`compiler/piece_rules.py` recognises it): `count(A) >= 1` (every piece holds an A-cell) and
`count(B) = 0 or count(C) = 0` (no piece holds both a B-cell and a C-cell), A, B and C read
from the puzzle. The pieces are not enumerated (they are bounded by the grid only); on the
walls w_b (the outline walled):
- no piece holds both: a binary x_c per cell, 0 at B-cells and 1 at C-cells, and
  |x_c - x_d| <= w_b across each inside border b between c and d;
- every piece holds an A-cell: in rounds, for each piece S of the current walls without an
  A-cell, sum over the inside borders b around S of (1 - w_b) >= 1 (a set of cells without an
  A-cell cannot be walled in: it would be pieces without one);
- the walls are exactly the pieces' outlines: in rounds, for each wall b between two cells
  that the current walls leave in one piece, w_b <= sum of w_e over a path of open borders
  e joining them (where that path is open, the two cells are in one piece).
Every cut holds for every answer and cuts off the current one, so the rounds end.
"""

from __future__ import annotations

import pulp

from dslsolve.compiler.model import LinearModel, Why
from dslsolve.geometry import Grid, cell_name
from dslsolve.instance import Element


def post_free_pieces(
    model: LinearModel,
    grid: Grid,
    walls: dict[Element, pulp.LpVariable],
    need: list[set[Element]],
    apart: list[tuple[set[Element], set[Element]]],
    why: Why,
) -> None:
    between = {}
    for border, w in walls.items():
        if grid.outline(border):
            model.add(w == 1)
            continue
        axis, r, c = border
        between[border] = ((r - 1, c), (r, c)) if axis == "h" else ((r, c - 1), (r, c))
    for cells in need:
        if not cells:
            model.contradiction(f"{why}: no cell can be the one every piece holds")
            return
    for first, second in apart:
        if first & second:
            model.contradiction(f"{why}: {cell_name(min(first & second))} is both")
            return
        colour = {cell: model.binary("side") for cell in grid.cells()}
        for cell in first:
            model.add(colour[cell] == 0)
        for cell in second:
            model.add(colour[cell] == 1)
        for border, (a, b) in between.items():
            model.add(colour[a] - colour[b] <= walls[border])
            model.add(colour[b] - colour[a] <= walls[border])
    model.separators.append(lambda: _cuts(grid, walls, between, need))


def _value(w: pulp.LpVariable) -> int:
    return round(w.varValue or 0)


def _cuts(grid: Grid, walls, between, need) -> list[pulp.LpConstraint]:
    piece_of: dict[Element, int] = {}
    pieces: list[list[Element]] = []
    parent: dict[Element, tuple[Element, Element] | None] = {}
    open_at = {}
    for border, (a, b) in between.items():
        if not _value(walls[border]):
            open_at.setdefault(a, []).append((b, border))
            open_at.setdefault(b, []).append((a, border))
    for start in grid.cells():
        if start in piece_of:
            continue
        piece_of[start], parent[start] = len(pieces), None
        cells, stack = [start], [start]
        while stack:
            cell = stack.pop()
            for n, border in open_at.get(cell, ()):
                if n not in piece_of:
                    piece_of[n], parent[n] = len(pieces), (cell, border)
                    cells.append(n)
                    stack.append(n)
        pieces.append(cells)
    cuts = []
    for cells in pieces:
        inside = set(cells)
        for needed in need:
            if not inside & needed:
                around = [
                    1 - walls[border]
                    for border, (a, b) in between.items()
                    if (a in inside) != (b in inside)
                ]
                cuts.append(pulp.lpSum(around) >= 1)
    for border, (a, b) in between.items():
        if _value(walls[border]) and piece_of[a] == piece_of[b]:
            path = _path(parent, a) ^ _path(parent, b)  # the open borders joining a and b
            cuts.append(walls[border] <= pulp.lpSum(walls[e] for e in path))
    return cuts


def _path(parent, cell) -> set:
    """The open borders from `cell` up to the root of its piece's search tree."""
    found = set()
    while parent[cell] is not None:
        cell, border = parent[cell]
        found.add(border)
    return found
