"""Shapes: what `shape in SET` and `shape differs from RELATION` mean, and how they are typed.

The focus group's *shape* is its set of cells up to translation, rotation and reflection (a
free polyomino). In a group's body (`each area of C`, `each piece of X`, `each region of R`,
...):
- `shape in SET` holds when the group's shape belongs to SET, one of `SHAPE_SETS` or a table
  section of the puzzle that draws shapes (`drawings`);
- `shape differs from RELATION` (in `each area of C` only) holds when no other area of the
  same rule that holds a cell RELATION-related to one of this area's cells (`neighbours`:
  sharing an edge; `diagonals`: touching at a corner; `around`: either) has the same shape.

This module is the construct's contract: the IR nodes, the named sets (data only) and the
checker's typing. `meaning.py` (the evaluator) and `lowering.py` (the compiler) read the
nodes and the sets, and share no code with each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Checker, Focus
    from dslsolve.dsl.parser import Node


def _pictures(*rows: str) -> tuple[tuple[int, int], ...]:
    """The cells of a picture given row by row, '#' for a cell."""
    return tuple((r, c) for r, row in enumerate(rows) for c, mark in enumerate(row) if mark == "#")


# Finite sets: a letter per free polyomino, each drawn in one of its orientations.
FINITE_SETS: dict[str, dict[str, tuple[tuple[int, int], ...]]] = {
    "monominoes": {"O": _pictures("#")},
    "dominoes": {"I": _pictures("##")},
    "trominoes": {"I": _pictures("###"), "L": _pictures("##", "#.")},
    "tetrominoes": {
        "L": _pictures("#.", "#.", "##"),
        "I": _pictures("####"),
        "T": _pictures("###", ".#."),
        "S": _pictures(".##", "##."),
        "O": _pictures("##", "##"),
    },
    "pentominoes": {
        "F": _pictures(".##", "##.", ".#."),
        "I": _pictures("#####"),
        "L": _pictures("####", "#..."),
        "N": _pictures("##..", ".###"),
        "P": _pictures("##", "##", "#."),
        "T": _pictures("###", ".#.", ".#."),
        "U": _pictures("#.#", "###"),
        "V": _pictures("#..", "#..", "###"),
        "W": _pictures("#..", "##.", ".##"),
        "X": _pictures(".#.", "###", ".#."),
        "Y": _pictures(".#..", "####"),
        "Z": _pictures("##.", ".#.", ".##"),
    },
}

# Families without a bound of their own (the grid bounds them): full rectangles of cells, the L
# shapes one cell wide whose arms have any lengths (a full row and a full column of their
# bounding box, at least 2 x 2, meeting in one of its corners), and the L shapes of any arm
# widths (the bounding box less a smaller rectangle at one of its corners).
FAMILIES = {
    "strips": "a straight line of cells, one cell wide (1 x n, any n)",
    "squares": "a full n x n square of cells (any n)",
    "rectangles": "a full rectangle of cells (any size)",
    "ells": "an L one cell wide: two arms of 2 or more cells (the corner in both), any lengths",
    "wide_ells": "an L of any arm widths: a full rectangle less a smaller one at a corner",
}

SHAPE_SETS = (*FINITE_SETS, *FAMILIES)

RELATIONS = ("neighbours", "diagonals", "around")


@dataclass(frozen=True)
class ShapeIn:
    """`shape in SET`: the focus group's cells form a shape of the named set, or (`table`) of
    the shapes that the puzzle draws in that table section."""

    set: str
    table: ir.InputLayer | None = None


def drawings(records, blocks) -> list[tuple[tuple[int, int], ...]]:
    """The shapes a table section draws: one per block of records (blocks are cut by its
    separator lines), a cell wherever a record has a token other than '.'."""
    pictures: dict[int, list] = {}
    for record, block in zip(records, blocks, strict=True):
        pictures.setdefault(block, []).append(record)
    found = []
    for rows in pictures.values():
        cells = tuple(
            (r, c)
            for r, record in enumerate(rows)
            for c, token in enumerate(record)
            if token not in (None, ".")
        )
        if cells:
            found.append(cells)
    return found


@dataclass(frozen=True)
class ShapeDiffers:
    """`shape differs from RELATION`: no other area of `family` (the rule's `each area of C`
    group) with a cell RELATION-related to this area's cells has this area's shape."""

    relation: str
    family: ir.Group


NODES = (ShapeIn, ShapeDiffers)

WORDS = ("shape", "in", "differs")


# ---------------------------------------------------------------------- typing (the checker)


def _subject(checker: Checker, node: Node, focus: Focus) -> None:
    """The left side must be the word `shape`, read with a group as the focus."""
    subject = node.children[0]
    scope = checker.scope
    if subject.kind != "name" or subject.value != "shape":
        raise checker.error(subject, "only 'shape' can be tested here", "e.g. shape in tetrominoes")
    if focus.element is not None or focus.group in scope.sets:
        raise checker.error(
            subject,
            "'shape' is the shape of a group of cells",
            "use it inside 'each area of ...', 'each piece of ...' or 'each region of ...'",
        )


def check_in(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """`shape in SET`."""
    _subject(checker, node, focus)
    layer = checker.scope.layers.get(node.value)
    if layer is not None and layer.per == "table" and layer.name == layer.section:
        return ShapeIn(node.value, layer), ir.Type.BOOL, True
    if node.value not in SHAPE_SETS:
        raise checker.error(
            node,
            f"'{node.value}' is not a set of shapes",
            "sets: " + ", ".join(SHAPE_SETS) + ", or a table section that draws shapes",
        )
    return ShapeIn(node.value), ir.Type.BOOL, True


def check_differs(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """`shape differs from RELATION`, in the body of `each area of C`."""
    _subject(checker, node, focus)
    family = None if checker.each_scope is None else checker.each_scope.group
    walls = (  # the pieces of walls (`each piece of wall`) compare too
        family is not None
        and family.kind == "piece"
        and focus.group == "piece"
        and family.of.var.on == ir.ElementKind.BORDER
    )
    if not walls and (family is None or family.kind != "area" or focus.group != "area"):
        raise checker.error(
            node,
            "'shape differs from' compares the areas of one 'each area of' rule "
            "or the pieces of one 'each piece of' walls",
            "e.g. each area of black: shape in tetrominoes and shape differs from neighbours",
        )
    if node.value not in RELATIONS:
        raise checker.error(
            node,
            f"areas touch through neighbours, diagonals or around, not '{node.value}'",
        )
    return ShapeDiffers(node.value, family), ir.Type.BOOL, False


SYNTAX = {"shape_in": check_in, "shape_differs": check_differs}
