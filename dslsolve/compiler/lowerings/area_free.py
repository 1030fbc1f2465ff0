"""`each area of C: size = E [and ...]` (or `size <= E`) where the body names no anchor: every
area picks its own *representative*, its first cell in reading order, and plays the part an
anchor plays in `area.py` and `area_assign.py`. E is one number for every area (a number, or
read from the input but not from the area's cells).

Every cell r that may be in C may represent an area. Its area's cells come after r in reading
order and lie within E - 1 steps of r through such cells (the area is connected through its own
cells), so only those are candidates:
- shapes (`area=anchored`, and `mixed`/`mixed-native` when E <= `SHAPES_UP_TO`): the connected
  cell sets S of at most E cells whose first cell is r (`placements.polyominoes` grows them
  from r toward later cells only) on which the whole body holds; one binary x_S each. Every
  cell c: C(c) = sum_{S contains c} x_S (each C-cell in one chosen shape, and at most one shape
  of each r, as all hold r); for every r and cell n: sum_{S of r, n borders S} x_S + C(n) <= 1
  (a chosen shape is a whole area). The body's other conjuncts are checked shape by shape.
- assignment (`area=assign`, `assign-flow`, `assign-native`, and `mixed`/`mixed-native` when
  E is larger): a binary y[r,c] for each r and candidate c, y[r,r] = "r represents an area";
  every cell: sum_r y[r,c] = C(c); sum_c y[r,c] = E y[r,r] (`<=` for `size <= E`); a C-cell
  next to one of r's cells is r's too (`area_assign.post_owner`), r's cells joined to r
  (separator cuts in rounds, or a flow). A C-cell with no earlier C-cell of its area is its
  area's representative, so every area has exactly one. `-native` also declares all of C as a
  native rooted connected set whose roots are the representatives (`area_assign`'s islands).
A body with `size = width * height` asks for rectangles: the shapes of r are then the rectangles
with r as their top left cell, and the body needs no size bound (`rules.py` gives the grid's).
"""

from __future__ import annotations

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings.area import (
    FREE_BOUND_MESSAGE,
    MEASURES,
    AreaFormError,
    Areas,
    choose_shapes,
    post_borders,
)
from dslsolve.compiler.lowerings.area_assign import (
    SHAPES_UP_TO,
    check_limit,
    post_owner,
    reach,
    require,
)
from dslsolve.compiler.lowerings.connected import declare_native
from dslsolve.compiler.lowerings.logic import literal
from dslsolve.compiler.lowerings.placements import polyominoes
from dslsolve.compiler.model import Lin, LinearModel, as_lin
from dslsolve.geometry import Grouping, cell_name
from dslsolve.instance import Element


def common_limit(areas: Areas, bound: ir.Expr, may_be_in: list[Element]) -> int:
    """E, read at every cell that may be in C: one number for all. An E that reads the area
    (its size, width, height or cells: `size = width * height`) is refused, as a one-cell group
    would not tell its value."""
    if any(
        isinstance(n, ir.Aggregate) or (isinstance(n, ir.Param) and n.name in MEASURES)
        for n in ir.walk(bound)
    ):
        raise AreaFormError(FREE_BOUND_MESSAGE)
    limits = {areas.bound_at(Grouping(cell_name(c), (c,))) for c in may_be_in}
    if len(limits) > 1:
        raise AreaFormError(FREE_BOUND_MESSAGE)
    (limit,) = limits or {0}
    if not isinstance(limit, int) or isinstance(limit, bool):
        raise AreaFormError("the size bound is not a given number")
    return limit


def post_free_areas(
    model: LinearModel,
    areas: Areas,
    bound: tuple[ir.Expr, bool],
    choice: str,
    shapes: tuple[bool, bool],
) -> None:
    """`bound`: E and whether `size = E` (else `size <= E`); `choice`: a lowering of `area`;
    `shapes`: whether the body has conjuncts beyond the size bound (only shapes can check
    those), and whether it says the areas are rectangles (only those are enumerated)."""
    says_more, rectangles = shapes
    may_be_in = [cell for cell, value in areas.inside.items() if value is not False]
    limit = common_limit(areas, bound[0], may_be_in)
    exact = bound[1]
    enumerate_shapes = choice == "anchored" or (
        choice.startswith("mixed") and (limit <= SHAPES_UP_TO or says_more)
    )
    if says_more and not enumerate_shapes:
        raise AreaFormError(
            f"area={choice} takes a body of 'size = E' (or 'size <= E') only; for more, "
            "choose --formulation area=anchored"
        )
    cover: dict[Element, list] = {cell: [] for cell in areas.grid.cells()}
    if limit < 1:
        pass  # no area fits: every cell is outside C (the cover rows below)
    elif enumerate_shapes:
        _post_shapes(model, areas, limit, set(may_be_in), cover, rectangles)
    else:
        _post_assigned(model, areas, limit, exact, choice, may_be_in, cover)
    for cell, parts in cover.items():
        if parts or cell in may_be_in:
            held = pulp.lpSum(parts) == as_lin(areas.inside[cell]).expr
            require(model, held, f"{areas.why}: no area fits around {cell_name(cell)}")


def _post_shapes(
    model: LinearModel,
    areas: Areas,
    limit: int,
    may_be_in: set[Element],
    cover: dict,
    rectangles: bool,
) -> None:
    outside = set(areas.grid.cells()) - may_be_in
    for first in sorted(may_be_in):
        if rectangles:
            shapes = _rectangles(first, limit, may_be_in)
        else:
            shapes = polyominoes(areas.grid, first, limit, False, outside)
        _, border_use = choose_shapes(model, areas, first, shapes, limit, cover)
        post_borders(model, areas, border_use)


def _rectangles(corner: Element, limit: int, may_be_in: set[Element]) -> list[frozenset]:
    """The rectangles of at most `limit` cells, all of which may be in C, whose top left cell
    (their first in reading order) is `corner`."""
    found = []
    for height in range(1, limit + 1):
        for width in range(1, limit // height + 1):
            cells = frozenset(
                (corner[0] + dr, corner[1] + dc) for dr in range(height) for dc in range(width)
            )
            if not cells <= may_be_in:
                break  # a wider one holds this one
            found.append(cells)
    return found


def _post_assigned(
    model: LinearModel,
    areas: Areas,
    limit: int,
    exact: bool,
    choice: str,
    may_be_in: list[Element],
    cover: dict,
) -> None:
    representatives: dict[Element, Lin] = {}
    for first in may_be_in:
        earlier = {cell for cell in may_be_in if cell < first}
        cells = reach(areas.grid, first, limit - 1, set(may_be_in), earlier)
        check_limit(first, limit, cells, areas.bound_at, set())
        here = literal(model.binary("first"))
        model.add(here.expr <= as_lin(areas.inside[first]).expr)
        representatives[first] = here
        post_owner(model, areas, (first, here), limit, cells, exact, choice, cover)
    if choice.endswith("native"):
        chosen = {cell: as_lin(areas.inside[cell]) for cell in may_be_in}
        edges = [(c, n) for c in chosen for n in areas.grid.neighbours(c) if n in chosen and c < n]
        declare_native(model, chosen, edges, representatives, limit - 1)
