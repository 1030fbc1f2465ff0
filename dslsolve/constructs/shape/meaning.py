"""The evaluator's reading of shapes (`syntax.py`): the canonical form of a set of cells under
the 8 symmetries of the square, compared with the named sets' canonical forms. No solver, and
no code shared with `lowering.py`."""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.shape.syntax import (
    FINITE_SETS,
    ShapeDiffers,
    ShapeIn,
    ShapeOnce,
    drawings,
)
from dslsolve.geometry import Env
from dslsolve.ir import ElementKind
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator

Cells = tuple[tuple[int, int], ...]
CELL = ElementKind.CELL

_SYMMETRIES = (
    lambda r, c: (r, c),
    lambda r, c: (c, -r),
    lambda r, c: (-r, -c),
    lambda r, c: (-c, r),
    lambda r, c: (r, -c),
    lambda r, c: (-c, -r),
    lambda r, c: (-r, c),
    lambda r, c: (c, r),
)


def canonical(cells) -> Cells:
    """The least, among the 8 images of `cells`, of the sorted cells moved to the origin."""
    images = []
    for symmetry in _SYMMETRIES:
        moved = [symmetry(r, c) for r, c in cells]
        top = min(r for r, _ in moved)
        left = min(c for _, c in moved)
        images.append(tuple(sorted((r - top, c - left) for r, c in moved)))
    return min(images)


@functools.cache
def _finite(name: str) -> frozenset[Cells]:
    return frozenset(canonical(cells) for cells in FINITE_SETS[name].values())


def _full_rectangle(cells) -> tuple[int, int] | None:
    """(height, width) when the cells fill their bounding box, else None."""
    rows = [r for r, _ in cells]
    columns = [c for _, c in cells]
    height, width = max(rows) - min(rows) + 1, max(columns) - min(columns) + 1
    return (height, width) if height * width == len(set(cells)) else None


def _ell(cells) -> bool:
    """Are the cells one full row and one full column of their bounding box (at least 2 x 2),
    the row its top or bottom, the column its left or right?"""
    own = set(cells)
    top, bottom = min(r for r, _ in own), max(r for r, _ in own)
    left, right = min(c for _, c in own), max(c for _, c in own)
    if bottom == top or right == left:
        return False
    across = {row: {(row, c) for c in range(left, right + 1)} for row in (top, bottom)}
    down = {column: {(r, column) for r in range(top, bottom + 1)} for column in (left, right)}
    return any(own == line | arm for line in across.values() for arm in down.values())


def _wide_ell(cells) -> bool:
    """Are the cells their bounding box less a rectangle (not empty) at one of its corners?"""
    own = set(cells)
    top, bottom = min(r for r, _ in own), max(r for r, _ in own)
    left, right = min(c for _, c in own), max(c for _, c in own)
    box = {(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)}
    cut = box - own
    if not cut or _full_rectangle(cut) is None:
        return False
    rows = {r for r, _ in cut}
    columns = {c for _, c in cut}
    return (top in rows or bottom in rows) and (left in columns or right in columns)


def belongs(cells, name: str) -> bool:
    """Do these cells form a shape of the named set?"""
    if not cells:
        return False
    if name in FINITE_SETS:
        return canonical(cells) in _finite(name)
    if name == "ells":
        return _ell(cells)
    if name == "wide_ells":
        return _wide_ell(cells)
    box = _full_rectangle(cells)
    if box is None:
        return False
    if name == "strips":
        return min(box) == 1
    if name == "squares":
        return box[0] == box[1]
    return True  # rectangles


def _letter_of(name: str, cells) -> str | None:
    """The letter of the finite set `name` whose shape the cells form, or None."""
    mine = canonical(cells)
    return next((k for k, v in FINITE_SETS[name].items() if canonical(v) == mine), None)


def listed(evaluator: Evaluator, expr: ShapeIn) -> Counter:
    """The shapes a `shape in SET` lists, each as often as it is listed: by canonical form for
    a drawn table, else by letter (a letter the set lacks names no shape)."""
    if expr.table is not None:
        table = evaluator.instance.tables[expr.set]
        return Counter(canonical(c) for c in drawings(table.records, table.blocks))
    if expr.given is not None:
        table = evaluator.instance.tables[expr.given.section]
        return Counter(str(t) for record in table.records for t in record if t is not None)
    return Counter(expr.letters or tuple(FINITE_SETS[expr.set]))


def shape_in(evaluator: Evaluator, expr: ShapeIn, env: Env) -> bool:
    if expr.given is not None and expr.given.per != "table":
        letter = _letter_of(expr.set, env.group.cells)
        marks = {evaluator.instance.value(expr.given, c) for c in env.group.cells} - {None}
        return letter is not None and all(str(mark) == letter for mark in marks)
    if expr.letters or expr.given is not None:
        return _letter_of(expr.set, env.group.cells) in listed(evaluator, expr)
    if expr.table is None:
        return belongs(env.group.cells, expr.set)
    key = ("shape table", expr.set)
    drawn = evaluator.memo.get(key)
    if drawn is None:
        table = evaluator.instance.tables[expr.set]
        drawn = evaluator.memo[key] = {canonical(c) for c in drawings(table.records, table.blocks)}
    return canonical(env.group.cells) in drawn


def shape_differs(evaluator: Evaluator, expr: ShapeDiffers, env: Env) -> bool:
    """No other area of the rule touching this one (through the relation) has its shape."""
    family = expr.family
    key = ("shape areas", family)
    areas = evaluator.memo.get(key)
    if areas is None:
        top = Env(None, None, None, env.bound)
        if family.kind == "piece":  # the pieces that the walls cut
            areas = evaluator.memo[key] = evaluator.pieces(family.of.var)
        else:
            areas = evaluator.memo[key] = evaluator.areas(family.of, top, within=family.within)
    own = set(env.group.cells)
    touched = {
        other
        for cell in own
        for other in evaluator.grid.related(CELL, expr.relation, cell)
        if other not in own
    }
    mine = canonical(own)
    return not any(
        touched.intersection(area.cells) and canonical(area.cells) == mine
        for area in areas
        if not own.intersection(area.cells)
    )


EVALUATORS = {ShapeIn: shape_in, ShapeDiffers: shape_differs}


def once(evaluator: Evaluator, rule: ir.Rule, each: ir.Each, env: Env) -> list[Violation]:
    """`each area of C: shape in SET once`: match the areas with the listed shapes one to
    one; an area whose shape is not left, and a listed shape that no area takes, break it."""
    shape = each.body.shape
    left = listed(evaluator, shape)
    found = []
    for inner in evaluator.instances(each, env):
        cells = inner.group.cells
        key = canonical(cells) if shape.table is not None else _letter_of(shape.set, cells)
        if left[key] > 0:
            left[key] -= 1
            continue
        if key is None:
            what = f"is none of the {shape.set}" if shape.table is None else "is not drawn"
        elif shape.table is None:
            what = f"is the {key} of the {shape.set}, not listed or taken already"
        else:
            what = "is a drawn shape taken already"
        found.append(Violation(rule, f"{inner.group.label} {what}", evaluator.involved(inner)))
    for key, count in left.items():
        name = "a drawn shape" if shape.table is not None else f"the {key} of the {shape.set}"
        found.extend(Violation(rule, f"{name}, taken by no area", ()) for _ in range(count))
    return found


EACH_VIOLATIONS = {ShapeOnce: once}
