"""`each area of C: count(A) = 1 and size = E` (or `size <= E`) by assigning cells to anchors:
a model polynomial in the grid and the clues, where `area=anchored` enumerates shapes.

`area=assign` (lazy connectivity cuts) and `area=assign-flow` (a flow per anchor); `area=mixed`
enumerates the shapes of anchors of up to 7 cells as `anchored` does (tighter, and few shapes)
and assigns the rest, one cover row per cell over both. `mixed-native` (the default) and
`assign-native` add the islands as one rooted native global (`_declare_islands`), which cpsat
posts; the other backends get the model of `mixed` and `assign`. Every cell c
that may be in C and every anchor a that may reach it get a binary y[a,c]: c lies in a's area.
"May reach" is a BFS bound: a path of at most E(a) - 1 steps from a to c that meets no other
anchor nor a cell next to another anchor always in C (`area.claimed`: an area holds one
anchor, so its cells are within that many steps of it, through the area, and a C-cell next to
an anchor in C is in that anchor's area). Elsewhere y[a,c] = 0; y[a,a] is C(a) itself. Then
- every cell: sum_a y[a,c] = C(c): each C-cell lies in one anchor's area, so no area lacks
  an anchor (an anchor b in C has y[b,b] = 1 and so belongs to no other anchor);
- every anchor: sum_c y[a,c] = E(a) C(a) (`<=` for `size <= E`); an anchor whose bound is
  below 1 is outside C;
- adjacent cells c, d and every anchor a: y[a,c] + C(d) - 1 <= y[a,d]: a C-cell next to a's
  cell is a's too, so a's cells are a union of whole areas (maximality, and two anchors never
  share an area);
- a's cells are joined to a (`connected.post_rooted` with the root a): in `assign` by the
  vertex-separator cut of every component of a's cells without a, in rounds; in `assign-flow`
  by a flow from a; in `mixed-layers` (`mixed-native` with this) by layers of reachability
  from a, E(a) - 1 steps (`connected.post_layers`), where they take at most `LAYERS_UP_TO`
  binaries. So a's cells are one connected union of areas: a's area.
The bound E is read at the anchor alone; it must not change when any other cell of a's reach
joins the group (so `sum(clues)` with clues only at anchors, as in nurikabe): checked per cell.
Bodies with other conjuncts are refused here (`anchored` evaluates them shape by shape;
`mixed` falls back to it).
"""

from __future__ import annotations

from collections.abc import Callable

import pulp

from dslsolve.compiler.lowerings.area import (
    BOUND_MESSAGE,
    FREE_BOUND_MESSAGE,
    AreaFormError,
    Areas,
    anchor_limit,
    claimed,
    exact_at,
    post_shapes,
)
from dslsolve.compiler.lowerings.connected import (
    declare_native,
    layer_count,
    post_layers,
    post_rooted,
)
from dslsolve.compiler.lowerings.logic import literal
from dslsolve.compiler.model import Lin, LinearModel, Value, Why, as_lin, sum_of
from dslsolve.geometry import Grid, Grouping, cell_name
from dslsolve.instance import Element

SHAPES_UP_TO = 7
"""`area=mixed`: an anchor whose bound is at most this many cells gets its shapes enumerated
(as in `anchored`), a larger one its cells assigned. See docs/formulations.md for the figures."""


LAYERS_UP_TO = 12_000
"""`area=mixed-layers`: an assigned anchor whose layers of reachability would take more
binaries than this keeps the rooted rows and cuts of `mixed` (and the native islands): nurikabe
690_50x50's islands of 47-70 cells took 18,000-78,000 each and passed 1 GB before their reach
left out the cells next to other clues (`area.claimed`); now 7,540-10,049, 600 MB in all."""


def reach(
    grid: Grid, anchor: Element, steps: int, may_be_in: set[Element], anchors: set[Element]
) -> set[Element]:
    """The cells of C within `steps` steps of `anchor` along paths through C-cells that meet
    no other anchor."""
    found, frontier = {anchor}, {anchor}
    for _ in range(steps):
        frontier = {
            n
            for cell in frontier
            for n in grid.neighbours(cell)
            if n in may_be_in and n not in anchors and n not in found
        }
        found |= frontier
    return found


def check_limit(
    anchor: Element,
    limit: int,
    cells: set[Element],
    bound_at: Callable[[Grouping], Value],
    anchors: set[Element],
) -> None:
    """Refuse a bound that another cell of the anchor's reach changes when it joins the group
    (one at a time: enough for sums, counts, maxima and minima over the members)."""
    for cell in cells - {anchor}:
        if bound_at(Grouping(cell_name(anchor), tuple(sorted((anchor, cell))))) != limit:
            raise AreaFormError(BOUND_MESSAGE if anchor in anchors else FREE_BOUND_MESSAGE)


def require(model: LinearModel, constraint: pulp.LpConstraint, why: Why) -> None:
    """Post a row; one without unknowns is checked here (a solver may drop it unread)."""
    if constraint.keys():
        model.add(constraint)
    elif not constraint.valid():
        model.contradiction(why)


def post_assigned_areas(model: LinearModel, areas: Areas, exact: bool, choice: str) -> None:
    """`exact`: `size = E` (else `size <= E`); `choice`: assign, assign-flow, assign-native,
    mixed, mixed-native or mixed-layers."""
    grid, inside, why = areas.grid, areas.inside, areas.why
    anchor_set = set(areas.anchors)
    may_be_in = {cell for cell, value in inside.items() if value is not False}
    cover: dict[Element, list] = {cell: [] for cell in grid.cells()}
    for anchor in areas.anchors:
        if anchor not in may_be_in:
            continue
        limit = anchor_limit(anchor, areas.bound_at)
        exact_here = exact or exact_at(anchor, areas, limit)
        if choice.startswith("mixed") and limit <= SHAPES_UP_TO:
            post_shapes(model, areas, anchor, limit, cover, exact_here)
            continue
        here = as_lin(inside[anchor])
        if limit < 1:  # no area is that small: the anchor is outside C
            require(model, here.expr == 0, f"{why}: no area fits around {cell_name(anchor)}")
            continue
        cells = reach(grid, anchor, limit - 1, may_be_in - claimed(areas, anchor), anchor_set)
        check_limit(anchor, limit, cells, areas.bound_at, anchor_set)
        if exact_here and not exact:  # F and D of `size = F or D` are the anchor's alone too
            check_limit(anchor, limit, cells, areas.exact_size, anchor_set)
        post_owner(model, areas, (anchor, here), limit, cells, exact_here, choice, cover)
    for cell, parts in cover.items():
        if cell not in anchor_set and (parts or cell in may_be_in):
            held = pulp.lpSum(parts) == as_lin(inside[cell]).expr
            require(model, held, f"{why}: no anchor reaches {cell_name(cell)}")
    if choice.endswith(("native", "layers")):
        _declare_islands(model, areas, may_be_in)


def post_owner(
    model: LinearModel,
    areas: Areas,
    owner: tuple[Element, Lin],
    limit: int,
    cells: set[Element],
    exact: bool,
    choice: str,
    cover: dict[Element, list],
) -> None:
    """The cells of one owner's area, among `cells` (its reach): an owner is an anchor (its
    literal is C at it) or, for areas without one, a representative (its own binary)."""
    grid, inside, why = areas.grid, areas.inside, areas.why
    cell_of, here = owner
    mine = {cell: literal(model.binary("own")) for cell in cells - {cell_of}}
    mine[cell_of] = here
    for cell, y in mine.items():
        cover[cell].append(y.expr)
    size = sum_of(mine.values())
    require(
        model,
        size == limit * here.expr if exact else size <= limit * here.expr,
        f"{why}: no area fits around {cell_name(cell_of)}",
    )
    for cell, y in mine.items():
        for n in grid.neighbours(cell):
            if inside[n] is not False:
                other = mine[n].expr if n in mine else 0
                require(model, y.expr + as_lin(inside[n]).expr - 1 <= other, why)
    edges = [(c, n) for c in cells for n in grid.neighbours(c) if n in cells and c < n]
    if (
        len(cells) > 1
        and choice.endswith("layers")
        and layer_count(mine, cell_of, edges, limit - 1) <= LAYERS_UP_TO
    ):
        post_layers(model, mine, cell_of, edges, limit - 1)
    elif len(cells) > 1:
        post_rooted(model, mine, {cell_of: here}, edges, "flow" if "flow" in choice else "lazy")


def _declare_islands(model: LinearModel, areas: Areas, may_be_in: set[Element]) -> None:
    """Every C-cell is joined through its area to the area's anchor, at most E - 1 steps
    away: implied by the rule, and declared as one rooted `Connected` native global over all
    of C (roots: the anchors). With the assignment rows (neighbouring C-cells have the same
    anchor) it makes every anchor's cells connected, so a backend that posts it (cpsat) needs
    no rounds for them; the per-anchor rows and separators stay for the others."""
    anchors = [a for a in areas.anchors if a in may_be_in]
    chosen = {cell: as_lin(areas.inside[cell]) for cell in sorted(may_be_in)}
    edges = [(c, n) for c in chosen for n in areas.grid.neighbours(c) if n in chosen and c < n]
    depth = max((anchor_limit(a, areas.bound_at) for a in anchors), default=1) - 1
    declare_native(model, chosen, edges, {a: chosen[a] for a in anchors}, depth)
