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
    the shapes that the puzzle draws in that table section.

    `shape in SET(L, N)` (`letters`): of the shapes of a finite set with these letters only.
    `shape in SET(SECTION)` (`given`): the letters are read from the puzzle: a table section
    lists them (any number of letters a record, a letter as often as it is listed), or a grid
    section on cells gives them in the group (the group's shape is the one each letter given
    in it names; a group with no letter given: any shape of SET)."""

    set: str
    table: ir.InputLayer | None = None
    letters: tuple[str, ...] = ()
    given: ir.InputLayer | None = None


@dataclass(frozen=True)
class ShapeOnce:
    """`each area of C [within W]: shape in SET once`: the areas are the shapes of SET one to
    one: every area's shape is in SET, and each shape of SET is the shape of exactly as many
    areas as SET lists it (once for a named set or letters; as often as a table section draws
    or lists it). `family` is the rule's `each area of C` group."""

    shape: ShapeIn
    family: ir.Group


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


NODES = (ShapeIn, ShapeDiffers, ShapeOnce)

WORDS = ("shape", "in", "differs", "once")


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


def _letters_hint(name: str) -> str:
    return f"{name}: " + ", ".join(sorted(FINITE_SETS[name]))


def check_in_letters(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """`shape in SET(L, N, ...)`: shapes of a finite set by their letters, or `shape in
    SET(SECTION)`: the letters the puzzle gives (a table section lists them, a grid section on
    cells gives them in the group)."""
    _subject(checker, node, focus)
    name, *args = node.value
    if name not in FINITE_SETS:
        lettered = ", ".join(FINITE_SETS)
        if name in SHAPE_SETS or name in checker.scope.layers:
            raise checker.error(
                node,
                f"the shapes of '{name}' have no letters",
                f"letters name the shapes of {lettered}",
            )
        raise checker.error(
            node, f"'{name}' is not a set of shapes with letters", f"sets with letters: {lettered}"
        )
    if any(arg.islower() for arg in args):
        if len(args) != 1:
            raise checker.error(
                node,
                "the letters are either written or read from one section",
                f"e.g. shape in {name}(pieces), or shape in {name}(L, N)",
            )
        layer = checker.scope.layers.get(args[0])
        if layer is None:
            raise checker.unknown(node, args[0], "section")
        if layer.per == "table" and layer.name == layer.section:
            return ShapeIn(name, given=layer), ir.Type.BOOL, True
        if layer.per == ir.ElementKind.CELL and layer.field is None and not layer.lists:
            return ShapeIn(name, given=layer), ir.Type.BOOL, True
        raise checker.error(
            node,
            f"'{args[0]}' is neither a table section nor a grid section on cells",
            "the letters are listed by a table section or given at cells by a grid section",
        )
    wrong = [arg for arg in args if arg not in FINITE_SETS[name]]
    if wrong:
        raise checker.error(
            node, f"'{wrong[0]}' is not a letter of the {name}", _letters_hint(name)
        )
    if len(set(args)) != len(args):
        raise checker.error(node, "a letter is written twice", _letters_hint(name))
    return ShapeIn(name, letters=tuple(args)), ir.Type.BOOL, True


def check_once(checker: Checker, node: Node, focus: Focus | None) -> ShapeOnce:
    """`shape in SET once`: the whole body of a rule's own `each area of C`."""
    scope = checker.each_scope
    hint = "e.g. each area of black: shape in pentominoes(pieces) once"
    if focus is None or scope is None or scope.nested or scope.group.kind != "area":
        raise checker.error(node, "'once' matches the areas of a rule's own 'each area of'", hint)
    if scope.where is not None:
        raise checker.error(
            scope.where, "the areas that take the shapes once are all of them", hint
        )
    inner = node.children[0]
    if inner.kind not in ("shape_in", "shape_in_letters"):
        raise checker.error(node, "'once' follows 'shape in SET'", hint)
    checked = checker.expr(inner, focus)
    shape = checked.expr
    if shape.given is not None and shape.given.per != "table":
        raise checker.error(
            node,
            "'once' needs the shapes listed, not read in each area",
            f"the letters of a table section: shape in {shape.set}(pieces) once",
        )
    return ShapeOnce(shape, scope.group)


SYNTAX = {
    "shape_in": check_in,
    "shape_differs": check_differs,
    "shape_in_letters": check_in_letters,
}

RULE_SYNTAX = {"shape_once": check_once}

TERMINALS = {"LETTER": "a shape's letter (F, I, L, N, ...)"}
