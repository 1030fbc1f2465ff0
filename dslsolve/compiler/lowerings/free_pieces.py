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
Two conjuncts more read a value L of the puzzle at the cells (border block's numbers):
- `max(L) = min(L)` (one kind: no piece holds two values of L): a binary x_cv per cell and
  value v of L in the grid, one per cell, x_cv = 1 at the cells holding v, and
  |x_cv - x_dv| <= w_b across each inside border b (so a piece is of one value);
- `count(L = max(L)) = count(cells where L = max(L))` (with one kind: the piece holds every
  cell of the grid with its value): in rounds, for each piece S of the current walls that
  holds some but not all the cells of a value, sum over the inside borders around S of
  (1 - w_b) >= 1 (those cells are joined by a path that leaves S).
Every cut holds for every answer and cuts off the current one, so the rounds end.
"""

from __future__ import annotations

import pulp

from dslsolve import ir
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
    kinds: list[dict[object, set[Element]]] = (),
    gathered: list[dict[object, set[Element]]] = (),
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
    labels = []
    for values in kinds:
        if len(values) < 2:
            continue
        label = {cell: {v: model.binary("kind") for v in values} for cell in grid.cells()}
        labels.append((values, label))
        for binaries in label.values():
            model.add(pulp.lpSum(binaries.values()) == 1)
        for v, cells in values.items():
            for cell in cells:
                model.add(label[cell][v] == 1)
        for border, (a, b) in between.items():
            for v in values:
                model.add(label[a][v] - label[b][v] <= walls[border])
                model.add(label[b][v] - label[a][v] <= walls[border])
    for values, label in labels:
        if any(together == values for together in gathered):
            given = set().union(*values.values())
            whole = any(cells <= given for cells in need)
            _joined(model, grid, walls, between, values, label, whole)
    spread = [cells for values in gathered for cells in values.values() if len(cells) > 1]
    model.separators.append(lambda: _cuts(grid, walls, between, need, spread))


def _joined(model: LinearModel, grid: Grid, walls, between, values, label, whole) -> None:
    """The cells of each value, gathered in one piece, are joined through open borders and
    cells of their value: a flow from one of them to each other one (the cuts in rounds
    alone take hundreds of rounds to prove an 8x8 border block unique). Where every piece
    holds a cell with a value (`whole`), a piece is all the cells labelled with its value:
    the flow then reaches every cell of the label."""
    for v, cells in values.items():
        if len(cells) < 2 and not whole:
            continue
        root = min(cells)
        room = len(grid.cells()) - 1 if whole else len(cells) - 1
        inflow = {cell: [] for cell in grid.cells()}
        outflow = {cell: [] for cell in grid.cells()}
        for border, (a, b) in between.items():
            for tail, head in ((a, b), (b, a)):
                arc = model.continuous(0, room, "join")
                model.add(arc <= room * (1 - walls[border]))
                model.add(arc <= room * label[head][v])
                outflow[tail].append(arc)
                inflow[head].append(arc)
        demand = {
            cell: (label[cell][v] if whole else int(cell in cells))
            for cell in grid.cells()
            if cell != root
        }
        for cell in grid.cells():
            net = pulp.lpSum(inflow[cell]) - pulp.lpSum(outflow[cell])
            if cell == root:
                model.add(net == -pulp.lpSum(demand.values()))
            else:
                model.add(net == demand[cell])


def _value(w: pulp.LpVariable) -> int:
    return round(w.varValue or 0)


def one_kind(part) -> object | None:
    """The value L of a conjunct `max(L) = min(L)` (or `min(L) = max(L)`) over a piece's
    cells, or None. (`max` and `min` are a construct's nodes, read here by their fields.)"""
    if not (isinstance(part, ir.Compare) and part.op == "="):
        return None
    sides = (part.left, part.right)
    if {getattr(side, "func", None) for side in sides} != {"max", "min"}:
        return None
    if any(
        not isinstance(getattr(side, "over", None), ir.GroupMembers)
        or getattr(side, "filter", None) is not None
        for side in sides
    ):
        return None
    return part.left.value if part.left.value == part.right.value else None


def gathered(part) -> object | None:
    """The value L of a conjunct `count(L = max(L)) = count(cells where L = max(L))` (either
    side first, `min` for `max` too): the piece holds every cell of the grid with its value."""
    if not (isinstance(part, ir.Compare) and part.op == "="):
        return None
    counts = [
        side
        for side in (part.left, part.right)
        if isinstance(side, ir.Aggregate) and side.func == "count" and side.value is None
    ]
    if len(counts) != 2 or counts[0].filter != counts[1].filter:
        return None
    overs = {type(side.over) for side in counts}
    test = counts[0].filter
    if overs != {ir.GroupMembers, ir.GridCells} or not (
        isinstance(test, ir.Compare) and test.op == "="
    ):
        return None
    extreme = test.right
    if getattr(extreme, "func", None) not in ("max", "min"):
        return None
    if not isinstance(getattr(extreme, "over", None), ir.GroupMembers) or extreme.filter:
        return None
    return test.left if extreme.value == test.left else None


def _cuts(grid: Grid, walls, between, need, spread=()) -> list[pulp.LpConstraint]:
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
        cut_off = any(not inside & needed for needed in need) or any(
            inside & same and not same <= inside for same in spread
        )
        if cut_off:
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
