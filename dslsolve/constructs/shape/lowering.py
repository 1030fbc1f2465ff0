"""Shapes in the model (`syntax.py`), as placements.

`each area of C [within W]: shape in SET [and shape differs from R] [and REST]`:
- the candidates are every placement of every shape of SET on the grid (each orientation of
  each polyomino of a finite set, translated; for `strips`, `squares`, `rectangles` every
  such rectangle; for `ells` every L of a box of 2 x 2 or more, in its 4 corners), whose
  cells all lie in one region of W (with `within`), where C may hold, and on which REST
  (depending on the input only) holds;
- one binary x_P per candidate P; every cell c: sum_{P holds c} x_P = C(c), so every C-cell
  lies in exactly one chosen placement and no other cell does;
- every two neighbours c, d (in one region of W): sum_{P holds c, not d} x_P + C(d) <= 1: a
  chosen placement is a whole area (maximal), since at most one chosen placement holds c;
- with `shape differs from R`, for every two R-related cells c, d and every shape s of SET:
  sum_{P of shape s holds c, not d} x_P + sum_{Q of shape s holds d, not c} x_Q <= 1: two
  chosen placements of one shape never touch (two placements holding c and d that do not
  hold each other's cell are two areas).
A shape's identity is its letter in the set (or, for the families, its dimensions): the
placements are generated from it, so no canonical form is needed here.

`shape in SET` on a known group (a region, a candidate piece) is a constant: the group's
cells moved to the origin, looked up among the placements of SET's orientations.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING

import pulp

from dslsolve import ir
from dslsolve.compiler.model import Lin, LoweringError, as_lin
from dslsolve.constructs.shape.syntax import (
    FINITE_SETS,
    ShapeDiffers,
    ShapeIn,
    ShapeOnce,
    drawings,
)
from dslsolve.geometry import Env, Grouping, cell_name

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Lowerer, RuleCompiler

Cell = tuple[int, int]
Placement = frozenset[Cell]


def _orientations(cells: tuple[Cell, ...]) -> set[Placement]:
    """The distinct fixed orientations of a polyomino, each moved to the origin."""
    found = set()
    current = list(cells)
    for _ in range(4):
        current = [(c, -r) for r, c in current]  # a quarter turn
        for image in (current, [(r, -c) for r, c in current]):  # and its mirror image
            top = min(r for r, _ in image)
            left = min(c for _, c in image)
            found.add(frozenset((r - top, c - left) for r, c in image))
    return found


@functools.cache
def _fixed_shapes(name: str, rows: int, columns: int) -> tuple[tuple[object, Placement], ...]:
    """(identity of the free shape, one fixed orientation at the origin) for every orientation
    of every shape of the set that fits a rows x columns grid."""
    if name in FINITE_SETS:
        pairs = [
            (letter, oriented)
            for letter, cells in FINITE_SETS[name].items()
            for oriented in _orientations(cells)
        ]
    elif name == "ells":
        pairs = [
            ((min(h, w), max(h, w)), _ell(h, w, row, column))
            for h in range(2, rows + 1)
            for w in range(2, columns + 1)
            for row in (0, h - 1)
            for column in (0, w - 1)
        ]
    elif name == "wide_ells":
        # an h x w box less an a x b rectangle at one of its corners; the free shape is known
        # by its dimensions read from the cut corner (a quarter turn swaps them)
        pairs = [
            (min((h, w, a, b), (w, h, b, a)), _wide_ell(h, w, a, b, corner))
            for h in range(2, rows + 1)
            for w in range(2, columns + 1)
            for a in range(1, h)
            for b in range(1, w)
            for corner in range(4)
        ]
    else:
        sizes = [
            (h, w)
            for h in range(1, rows + 1)
            for w in range(1, columns + 1)
            if name == "rectangles"
            or (name == "squares" and h == w)
            or (name == "strips" and 1 in (h, w))
        ]
        pairs = [
            ((min(h, w), max(h, w)), frozenset((r, c) for r in range(h) for c in range(w)))
            for h, w in sizes
        ]
    return _fitting(pairs, rows, columns)


def _ell(height: int, width: int, row: int, column: int) -> Placement:
    """The L of a height x width box: its whole row `row` and its whole column `column`."""
    return frozenset({(row, c) for c in range(width)} | {(r, column) for r in range(height)})


def _wide_ell(height: int, width: int, cut_rows: int, cut_columns: int, corner: int) -> Placement:
    """A height x width box less a cut_rows x cut_columns rectangle at a corner (0 top left, 1
    top right, 2 bottom left, 3 bottom right)."""
    rows = range(cut_rows) if corner < 2 else range(height - cut_rows, height)
    columns = range(cut_columns) if corner % 2 == 0 else range(width - cut_columns, width)
    cut = {(r, c) for r in rows for c in columns}
    return frozenset((r, c) for r in range(height) for c in range(width) if (r, c) not in cut)


def _fitting(pairs, rows: int, columns: int) -> tuple[tuple[object, Placement], ...]:
    return tuple(
        (key, cells)
        for key, cells in pairs
        if max(r for r, _ in cells) < rows and max(c for _, c in cells) < columns
    )


def fixed_shapes(lowerer: Lowerer, expr: ShapeIn, rows: int, columns: int):
    """(identity, fixed orientation at the origin) of the set's shapes that fit. A shape the
    puzzle draws is known by the set of its orientations (two drawings of one shape have the
    same). Letters keep their shapes only (written, or listed by a table section)."""
    if expr.letters or (expr.given is not None and expr.given.per == "table"):
        kept = shape_counts(lowerer, expr)
        return tuple(pair for pair in _fixed_shapes(expr.set, rows, columns) if pair[0] in kept)
    if expr.table is None:
        return _fixed_shapes(expr.set, rows, columns)
    table = lowerer.instance.tables[expr.set]
    pairs = set()
    for cells in drawings(table.records, table.blocks):
        oriented = frozenset(_orientations(cells))
        pairs.update((oriented, fixed) for fixed in oriented)
    return _fitting(sorted(pairs, key=lambda pair: sorted(pair[1])), rows, columns)


def shape_counts(lowerer: Lowerer, expr: ShapeIn) -> Counter:
    """How often the set lists each shape, by the identity `fixed_shapes` gives it: a letter
    (each letter of a named set once; written letters once; a table's letters as often as
    listed), or for a drawn table the set of a drawing's orientations (as often as drawn)."""
    if expr.table is not None:
        table = lowerer.instance.tables[expr.set]
        return Counter(
            frozenset(_orientations(cells)) for cells in drawings(table.records, table.blocks)
        )
    if expr.given is not None and expr.given.per == "table":
        table = lowerer.instance.tables[expr.given.section]
        return Counter(str(token) for record in table.records for token in record if token)
    return Counter(expr.letters or tuple(FINITE_SETS[expr.set]))


def letters_agree(lowerer: Lowerer, expr: ShapeIn, key: object, cells) -> bool:
    """With letters given at cells (`shape in SET(GRID)`): every letter given in the cells is
    the shape's."""
    if expr.given is None or expr.given.per == "table":
        return True
    given = (lowerer.instance.value(expr.given, c) for c in cells)
    return all(mark is None or str(mark) == key for mark in given)


def placements(lowerer: Lowerer, expr: ShapeIn, rows: int, columns: int):
    """Every placement of every shape of the set on the grid, with its shape's identity."""
    found = []
    for key, cells in fixed_shapes(lowerer, expr, rows, columns):
        height = max(r for r, _ in cells) + 1
        width = max(c for _, c in cells) + 1
        for top in range(rows - height + 1):
            for left in range(columns - width + 1):
                found.append((key, frozenset((r + top, c + left) for r, c in cells)))
    return found


def shape_in(lowerer: Lowerer, expr: ShapeIn, env: Env) -> bool:
    """On a known group: do its cells, moved to the origin, match a fixed shape of the set?"""
    cells = env.group.cells
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    moved = frozenset((r - top, c - left) for r, c in cells)
    rows = max(r for r, _ in moved) + 1
    columns = max(c for _, c in moved) + 1
    return any(
        fixed == moved and letters_agree(lowerer, expr, key, cells)
        for key, fixed in fixed_shapes(lowerer, expr, rows, columns)
    )


def shape_differs(lowerer: Lowerer, expr: ShapeDiffers, env: Env) -> Lin:
    raise LoweringError(
        "'shape differs from' is compiled as a part of the body of "
        "'each area of C: shape in SET and ...'"
    )


VALUES = {ShapeIn: shape_in, ShapeDiffers: shape_differs}


# ---------------------------------------------------------------------- each area


def _parts(expr: ir.Expr) -> list[ir.Expr]:
    if isinstance(expr, ir.And):
        return [part for arg in expr.args for part in _parts(arg)]
    return [expr]


def _shape_part(each: ir.Each) -> ShapeIn | None:
    if isinstance(each.body, ShapeOnce):
        return each.body.shape
    parts = _parts(each.body.expr) if isinstance(each.body, ir.Holds) else []
    return next((p for p in parts if isinstance(p, ShapeIn)), None)


def accepts(each: ir.Each) -> str | None:
    """The plan's question: `each area of C [within W]` with a `shape in SET` conjunct (or the
    body `shape in SET once`) is compiled as placements; so is one `within` regions without
    it, which `compile_each` refuses with a message (the area lowering takes no `within`)."""
    if each.group.kind != "area":
        return None
    if _shape_part(each) is None and each.group.within is None:
        return None
    return "placements"


def compile_each(compiler: RuleCompiler, rule: ir.Rule, each: ir.Each, env: Env, guard) -> bool:
    """`each area of C` with a `shape in SET` conjunct in its body, or the body `shape in SET
    once`: placements (module docstring); the plan hands it only what `accepts` took."""
    group = each.group
    parts = _parts(each.body.expr) if isinstance(each.body, ir.Holds) else []
    shape = _shape_part(each)
    if shape is None:
        raise LoweringError(
            "areas within the regions of a section are compiled with a 'shape in SET' "
            "conjunct in the body",
        )
    if guard is not None or each.where is not None:
        raise LoweringError("'each area' cannot be guarded by a condition")
    differs = [p for p in parts if isinstance(p, ShapeDiffers)]
    rest = [p for p in parts if p is not shape and not isinstance(p, ShapeDiffers)]
    lower, grid, model = compiler.lower, compiler.grid, compiler.model
    inside = {}
    for cell in grid.cells():
        value = lower.boolean(group.of, env.at(cell, ir.ElementKind.CELL))
        inside[cell] = False if value is None else value

    def region(cell: Cell) -> object:
        return None if group.within is None else lower.instance.value(group.within, cell)

    def joined(a: Cell, b: Cell) -> bool:
        return region(a) == region(b)

    chosen: list[tuple[object, Placement, pulp.LpVariable]] = []
    for key, cells in placements(lower, shape, grid.rows, grid.columns):
        if any(inside[c] is False for c in cells):
            continue
        first = min(cells)
        if any(not joined(first, c) for c in cells):
            continue
        if not letters_agree(lower, shape, key, cells):
            continue
        if rest:
            label = Grouping(f"area at {cell_name(first)}", tuple(sorted(cells)))
            holds = lower.boolean(ir.And(tuple(rest)), Env(None, None, label, env.bound))
            if isinstance(holds, Lin):
                raise LoweringError(
                    "beside 'shape in' and 'shape differs from', the body of this 'each area' "
                    "must depend on the input only"
                )
            if holds is not True:
                continue
        chosen.append((key, cells, model.binary("placed")))
    holding: dict[Cell, list[tuple[object, Placement, pulp.LpVariable]]] = {
        c: [] for c in grid.cells()
    }
    for placed in chosen:
        for cell in placed[1]:
            holding[cell].append(placed)
    why = f"line {rule.origin.line}: '{rule.text}'"
    for cell in grid.cells():
        xs = [x for _, _, x in holding[cell]]
        if inside[cell] is True and not xs:
            model.contradiction(f"{why}: no shape fits at {cell_name(cell)}")
            continue
        if xs or inside[cell] is not False:
            model.add(pulp.lpSum(xs) == as_lin(inside[cell]).expr)
    for c in grid.cells():
        for d in grid.neighbours(c):
            if inside[d] is False or not joined(c, d):
                continue
            xs = [x for _, cells, x in holding[c] if d not in cells]
            if xs:
                model.add(pulp.lpSum(xs) + as_lin(inside[d]).expr <= 1)
    for part in differs:
        _never_touch(compiler, holding, part.relation)
    if isinstance(each.body, ShapeOnce):
        by_key: dict[object, list[pulp.LpVariable]] = {}
        for key, _, x in chosen:
            by_key.setdefault(key, []).append(x)
        for key, count in shape_counts(lower, shape).items():
            if len(by_key.get(key, ())) < count:
                model.contradiction(f"{why}: too few places for a listed shape")
            else:
                model.add(pulp.lpSum(by_key[key]) == count)
    return True


def _never_touch(compiler: RuleCompiler, holding: dict, relation: str) -> None:
    """Two chosen placements of one shape never hold two related cells."""
    grid, model = compiler.grid, compiler.model
    for c in grid.cells():
        for d in grid.related(ir.ElementKind.CELL, relation, c):
            if d <= c:
                continue
            by_shape: dict[object, tuple[list, list]] = {}
            for key, cells, x in holding[c]:
                if d not in cells:
                    by_shape.setdefault(key, ([], []))[0].append(x)
            for key, cells, x in holding[d]:
                if c not in cells:
                    by_shape.setdefault(key, ([], []))[1].append(x)
            for mine, theirs in by_shape.values():
                if mine and theirs:
                    model.add(pulp.lpSum(mine + theirs) <= 1)


EACH = compile_each
ACCEPTS = accepts


def size_limit(part: ir.Expr) -> int | None:
    """`shape in SET` of a finite set bounds a piece by SET's largest shape."""
    if isinstance(part, ShapeIn) and part.set in FINITE_SETS:
        return max(len(cells) for cells in FINITE_SETS[part.set].values())
    if isinstance(part, ir.Or):  # each disjunct bounded by a finite set: the largest bound
        bounds = []
        for disjunct in part.args:
            conjuncts = disjunct.args if isinstance(disjunct, ir.And) else (disjunct,)
            found = [n for c in conjuncts if (n := size_limit(c)) is not None]
            if not found:
                return None
            bounds.append(min(found))
        return max(bounds)
    return None


SIZE_LIMIT = size_limit


def piece_shapes(lowerer: Lowerer, part: ir.Expr) -> frozenset[Placement] | None:
    """`shape in SET` allows a piece the fixed shapes of SET that fit the grid: `each piece`
    places them rather than growing every connected set (the families need no size bound).
    A disjunction allows the shapes of its disjuncts, when each of them is or holds (as a
    conjunct) a `shape in SET`: `shape in rectangles or shape in wide_ells`."""
    if isinstance(part, ir.Or):
        allowed: set[Placement] = set()
        for disjunct in part.args:
            conjuncts = disjunct.args if isinstance(disjunct, ir.And) else (disjunct,)
            found = [s for c in conjuncts if (s := piece_shapes(lowerer, c)) is not None]
            if not found:
                return None
            allowed |= frozenset.intersection(*found)
        return frozenset(allowed)
    if not isinstance(part, ShapeIn):
        return None
    grid = lowerer.grid
    return frozenset(cells for _, cells in fixed_shapes(lowerer, part, grid.rows, grid.columns))


PIECE_SHAPES = piece_shapes


def piece_apart(lowerer: Lowerer, part: ir.Expr):
    """`shape differs from R` in the body of `each piece of` walls: no two chosen pieces of
    one shape hold two R-related cells. The relation, and a piece's shape as the set of its
    fixed orientations (equal for two pieces of one free shape)."""
    if not isinstance(part, ShapeDiffers):
        return None
    return part.relation, lambda cells: frozenset(_orientations(tuple(cells)))


PIECE_APART = piece_apart
