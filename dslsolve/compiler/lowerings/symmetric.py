"""`VAR divides into pieces symmetric about CENTRES` (constructs/symmetric): every cell is
assigned to one centre, by a binary y[s,c] for each centre s and each cell c whose image under
the half-turn about s lies in the grid (elsewhere y[s,c] = 0):
- every cell: sum_s y[s,c] = 1;
- every centre s and cell c: y[s,c] = y[s,c'] (c' the image of c): s's cells are symmetric;
- the cells of a centre (its cell, the two cells of its link, the four of its point) are its;
- every border b between cells c and d and every centre s: w_b >= y[s,c] - y[s,d] (and the
  other way), w_b <= 2 - y[s,c] - y[s,d]: a wall exactly between cells of different centres
  (so no wall passes over a centre); the outline is walls;
- s's cells are joined to its first cell (`connected.post_rooted`, by cuts in rounds, a
  flow with `connected=flow`, and the native rooted global where `connected` declares one).
So s's cells are one piece, holding s and no other centre (each centre's cells are its own),
symmetric about s; every cell is in one such piece.
"""

from __future__ import annotations

import pulp

from dslsolve.compiler.lowerings.connected import post_rooted
from dslsolve.compiler.lowerings.logic import literal
from dslsolve.compiler.model import LinearModel, Why
from dslsolve.geometry import Grid, cell_name
from dslsolve.instance import Element

Centre = tuple[tuple[int, int], list[Element]]  # its place in half-cells, its cells


def post_symmetric(
    model: LinearModel,
    grid: Grid,
    walls: dict[Element, pulp.LpVariable],
    centres: list[Centre],
    why: Why,
) -> None:
    for border, w in walls.items():
        if grid.outline(border):
            model.add(w == 1)
    if any(not all(grid.inside(c) for c in cells) for _, cells in centres):
        model.contradiction(f"{why}: a centre on the outline of the grid")
        return
    owned: dict[Element, list] = {cell: [] for cell in grid.cells()}
    mine_of = []
    for (y, x), own in centres:
        mine = {}
        for r, c in grid.cells():
            if grid.inside((y - r, x - c)):
                mine[(r, c)] = model.binary("centre")
        for cell in own:
            model.add(mine[cell] == 1)
        for (r, c), v in mine.items():
            image = mine[(y - r, x - c)]
            if (r, c) < (y - r, x - c):
                model.add(v == image)
            owned[(r, c)].append(v)
        mine_of.append(mine)
    for cell, vs in owned.items():
        if not vs:
            model.contradiction(f"{why}: no centre can reach {cell_name(cell)}")
            return
        model.add(pulp.lpSum(vs) == 1)
    for border, w in walls.items():
        if grid.outline(border):
            continue
        axis, r, c = border
        a, b = ((r - 1, c), (r, c)) if axis == "h" else ((r, c - 1), (r, c))
        for mine in mine_of:
            ya, yb = mine.get(a, 0), mine.get(b, 0)
            if isinstance(ya, int) and isinstance(yb, int):
                continue
            model.add(w >= ya - yb)
            model.add(w >= yb - ya)
            model.add(w <= 2 - ya - yb)
    choice = model.formulation["connected"]
    for (_, own), mine in zip(centres, mine_of, strict=True):
        chosen = {cell: literal(v) for cell, v in mine.items()}
        edges = [(a, n) for a in mine for n in grid.neighbours(a) if n in mine and a < n]
        post_rooted(model, chosen, {own[0]: True}, edges, choice)
