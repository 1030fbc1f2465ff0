"""`each area of C: count(A) = 1 and size = E and ...`: every maximal connected set of cells
where C holds (an *area*) satisfies the body.

`area=anchored` (and `mixed`, for anchors of up to 7 cells) applies when the body says each
area holds exactly one *anchor* (a cell where the given condition A holds) and bounds its size
by E, a number that the anchor's own input decides (nurikabe: `size = sum(clue)`). It is the
seed's nurikabe formulation, made exact:
- for every anchor a, enumerate the connected cell sets S containing a and no other anchor, of
  at most E(a) cells, and keep those on which the whole body holds (it must depend on the
  input only, once C is known to hold on S);
- one binary x_S per kept shape; sum_S x_S = C(a): an anchor in C lies in exactly one area;
- every cell c: C(c) = sum_{S contains c} x_S: every C-cell lies in exactly one chosen shape,
  so no area is without an anchor;
- for every anchor a and cell n: sum_{S of a, n borders S} x_S + C(n) <= 1: the chosen shape
  is a *maximal* C-area (its border is not C). Summing over one anchor's shapes is valid since
  at most one of them is chosen, and tighter than one constraint per shape and border cell.
`area=assign` (`dslsolve.compiler.lowerings.area_assign`) assigns cells to anchors instead,
for bodies that say nothing but the anchor count and the size bound.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings.placements import polyominoes
from dslsolve.compiler.model import Lin, LinearModel, Value, Why, as_lin
from dslsolve.geometry import Grid, Grouping, cell_name
from dslsolve.instance import Element

MEASURES = ("size", "width", "height")


class AreaFormError(Exception):
    """The body does not have the form this lowering needs."""


BOUND_MESSAGE = "the size bound must depend on the anchor's input only"
FREE_BOUND_MESSAGE = "without an anchor, the size bound must be the same for every area"


def _conjuncts(expr: ir.Expr) -> tuple[ir.Expr, ...]:
    return expr.args if isinstance(expr, ir.And) else (expr,)


def _anchor_count(part: ir.Expr) -> ir.Expr | None:
    """A for a conjunct `count(A) = 1` over the area's members; None for any other, and for
    an A that reads a measure of the area (its size is not known at a cell)."""
    if (
        isinstance(part, ir.Compare)
        and part.op == "="
        and isinstance(part.left, ir.Aggregate)
        and part.left.func == "count"
        and isinstance(part.left.over, ir.GroupMembers)
        and part.left.filter is not None
        and part.right == ir.Num(1)
        and not _measures(part.left.filter)
    ):
        return part.left.filter
    return None


def _measures(expr: ir.Expr) -> bool:
    """Does `expr` read a measure of the area (its size, width or height)?"""
    return any(isinstance(n, ir.Param) and n.name in MEASURES for n in ir.walk(expr))


def _size_limit(part: ir.Expr) -> tuple[ir.Expr, bool] | None:
    """(E, exact) for a conjunct `size = E`, `E = size` (exact) or `size <= E`, E not a
    measure of the area (`size = width * height` bounds nothing); else None."""
    if not isinstance(part, ir.Compare) or part.op not in ("=", "<="):
        return None
    if part.left == ir.Param("size") and not _measures(part.right):
        return part.right, part.op == "="
    if part.right == ir.Param("size") and part.op == "=" and not _measures(part.left):
        return part.left, True
    return None


RECTANGLE = ir.Compare("=", ir.Param("size"), ir.Arith("*", ir.Param("width"), ir.Param("height")))


def rectangular(body: ir.Expr) -> bool:
    """Does the body say that the areas are rectangles (`size = width * height`)?"""
    return RECTANGLE in _conjuncts(body)


def anchor_condition(body: ir.Expr) -> ir.Expr | None:
    """A of the body's conjunct `count(A) = 1`; None for a body without one (no anchor)."""
    for part in _conjuncts(body):
        if (found := _anchor_count(part)) is not None:
            return found
    return None


def size_bound(body: ir.Expr) -> tuple[ir.Expr, bool]:
    """E and whether the size must equal it (`size = E`) or may be less (`size <= E`)."""
    for part in _conjuncts(body):
        if (found := _size_limit(part)) is not None:
            return found
    raise AreaFormError("the body needs 'size = E' or 'size <= E' to bound the areas")


def exact_unless(body: ir.Expr) -> tuple[ir.Expr, ir.Expr] | None:
    """(F, D) of the body's conjunct `size = F or D` (either order), D and F no measure of the
    area: the area has exactly F cells unless D holds. Nurikabe's `size = sum(clues where clues
    is number) or any(clues = '?')` beside `size <= ...`: where D is false at an anchor, its
    area's size is exact, and the lowerings take the tighter model of `size = E` there."""
    for part in _conjuncts(body):
        if not isinstance(part, ir.Or) or len(part.args) != 2:
            continue
        for sized, unless in (part.args, part.args[::-1]):
            found = _size_limit(sized)
            if found is not None and found[1] and not _measures(unless):
                return found[0], unless
    return None


def says_more(body: ir.Expr, anchored: bool = True, unless: bool = False) -> bool:
    """Does the body say more than its anchor count (if `anchored`), its size bound (which
    `anchor_condition` and `size_bound` found) and (if `unless`) its `size = F or D`?"""
    return len(_conjuncts(body)) > (2 if anchored else 1) + unless


GRID_SIZE = ir.Arith("*", ir.Param("rows"), ir.Param("columns"))


@dataclass(frozen=True)
class AreaForm:
    """Which of the area lowerings takes an `each area` body and what it reads of it, decided
    at plan time from the body and the `area` choice (`plan.plan_rule` names it):
    `free` (no anchor: `area_free.py`), `anchored` (shapes grown from each anchor:
    `post_areas`) or `assigned` (cells assigned to anchors: `area_assign.py`)."""

    lowering: str
    anchor: ir.Expr | None  # A of `count(A) = 1`
    bound: ir.Expr  # E of `size = E` or `size <= E`
    exact: bool  # `size = E`
    more: bool  # the body says more than its anchor count and size bound (and `unless`)
    rectangles: bool  # `size = width * height`
    unless: tuple[ir.Expr, ir.Expr] | None = None  # (F, D) of `size = F or D` (`exact_unless`)


def area_form(body: ir.Expr, choice: str) -> AreaForm:
    """The form of the body (`AreaFormError` if no lowering takes it)."""
    anchor = anchor_condition(body)
    rectangles = rectangular(body)
    unless = None
    try:
        bound, exact = size_bound(body)
        if anchor is not None and not exact:
            unless = exact_unless(body)
        more = says_more(body, anchor is not None, unless is not None)
    except AreaFormError:
        if anchor is not None or not rectangles:
            raise
        # any rectangle, up to the grid; then every conjunct says more than this bound
        bound, exact, more = GRID_SIZE, False, True
    if anchor is None:
        lowering = "free"
    elif choice == "anchored" or (choice.startswith("mixed") and more):
        lowering = "anchored"
    elif more:
        raise AreaFormError(
            f"area={choice} takes a body of 'count(A) = 1' and 'size = E' (or "
            "'size <= E') only; for more, choose --formulation area=anchored"
        )
    else:
        lowering = "assigned"
    return AreaForm(lowering, anchor, bound, exact, more, rectangles, unless)


def anchor_limit(anchor: Element, bound_at: Callable[[Grouping], Value]) -> int:
    """E read at the anchor alone."""
    limit = bound_at(Grouping(cell_name(anchor), (anchor,)))
    if not isinstance(limit, int) or isinstance(limit, bool):
        raise AreaFormError(f"the size bound at {cell_name(anchor)} is not a given number")
    return limit


@dataclass(frozen=True)
class Areas:
    """What the lowerings read of one `each area of C` rule."""

    grid: Grid
    inside: dict[Element, Value]  # C at each cell
    anchors: list[Element]
    bound_at: Callable[[Grouping], Value]  # E over a group
    body_holds: Callable[[Grouping], Value]
    why: Why
    # F over a group where D of `size = F or D` is false, None where D holds (`exact_unless`)
    exact_size: Callable[[Grouping], Value] | None = None


def exact_at(anchor: Element, areas: Areas, limit: int) -> bool:
    """Must the anchor's area have exactly `limit` cells by the body's `size = F or D`?"""
    if areas.exact_size is None:
        return False
    size = areas.exact_size(Grouping(cell_name(anchor), (anchor,)))
    if size is None:
        return False
    if size != limit:
        raise AreaFormError(
            f"at {cell_name(anchor)}, 'size = F or D' needs F equal to the size bound "
            "where D does not hold"
        )
    return True


def post_areas(model: LinearModel, areas: Areas) -> None:
    cover: dict[Element, list] = {c: [] for c in areas.grid.cells()}
    for anchor in areas.anchors:
        post_shapes(model, areas, anchor, anchor_limit(anchor, areas.bound_at), cover)
    for cell, shapes in cover.items():
        model.add(pulp.lpSum(shapes) == as_lin(areas.inside[cell]).expr)


def post_shapes(
    model: LinearModel,
    areas: Areas,
    anchor: Element,
    limit: int,
    cover: dict[Element, list],
    exact: bool = False,
) -> None:
    """One anchor's shapes, its choice of one and their borders; each shape's binary goes
    into `cover` at each of its cells. `exact`: the body is the anchor count and `size = E`
    alone (`area=mixed`), so only shapes of `limit` cells can satisfy it: the smaller ones
    (a quarter of all heptominoes) are not evaluated at all."""
    shapes = polyominoes(areas.grid, anchor, limit, True, claimed(areas, anchor))
    if exact:
        shapes = [s for s in shapes if len(s) == limit]
    chosen, border_use = choose_shapes(model, areas, anchor, shapes, limit, cover)
    inside = areas.inside
    if not chosen and inside[anchor] is not True:
        # no area of C can hold this anchor, so it is not in C (a C-cell would be in one)
        if inside[anchor] is not False:
            model.add(as_lin(inside[anchor]).expr == 0)
        return
    if not chosen:
        model.contradiction(f"{areas.why}: no area fits around {cell_name(anchor)}")
        return
    model.add(pulp.lpSum(chosen) == as_lin(inside[anchor]).expr)
    post_borders(model, areas, border_use)


def claimed(areas: Areas, anchor: Element) -> set[Element]:
    """The cells that are never in `anchor`'s area: the other anchors, and the cells next to
    another anchor that is always in C (a C-cell there shares that anchor's area; one next to
    two such anchors is in no area, as no path reaches it). Enumerating shapes or assigning
    cells past them would only make binaries that the border rows fix at 0, and the reach
    through them is longer than any area's."""
    others = {a for a in areas.anchors if a != anchor}
    sure = [a for a in others if areas.inside[a] is True]
    return others | {n for a in sure for n in areas.grid.neighbours(a)}


def choose_shapes(
    model: LinearModel,
    areas: Areas,
    owner: Element,
    shapes: list,
    limit: int,
    cover: dict[Element, list],
) -> tuple[list, dict[Element, list]]:
    """A binary per shape of `owner` (all holding it) on which the body holds, in `cover` at
    each of its cells; and for each cell next to some of them, the binaries of those."""
    chosen = []
    border_use: dict[Element, list] = {}
    for shape in shapes:
        group = Grouping(f"area at {cell_name(owner)}", tuple(sorted(shape)))
        if areas.bound_at(group) != limit:
            raise AreaFormError(BOUND_MESSAGE if areas.anchors else FREE_BOUND_MESSAGE)
        holds = areas.body_holds(group)
        if isinstance(holds, Lin):
            raise AreaFormError("the body must depend on the input only")
        if holds is not True:
            continue
        x = model.binary("shape")
        chosen.append(x)
        for cell in shape:
            cover[cell].append(x)
        border = {n for cell in shape for n in areas.grid.neighbours(cell)} - shape
        for n in border:
            border_use.setdefault(n, []).append(x)
    return chosen, border_use


def post_borders(model: LinearModel, areas: Areas, border_use: dict[Element, list]) -> None:
    """A chosen shape is a *maximal* C-area: no cell next to it is in C. One row per cell
    over the shapes of one owner, at most one of which is chosen."""
    for n, shapes in border_use.items():
        model.add(pulp.lpSum(shapes) + as_lin(areas.inside[n]).expr <= 1)
