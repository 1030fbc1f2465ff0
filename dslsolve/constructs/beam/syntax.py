"""`reflections(beam from SIDE via MIRROR)` and `exit(beam from SIDE via MIRROR, TOP, BOTTOM,
LEFT, RIGHT)`, read in an `each row` (SIDE left or right) or `each column` (top or bottom): a
beam of light enters the grid from SIDE at that row or column (from the top: at its top cell,
travelling down) and runs straight from cell to cell; at a cell where MIRROR (a number on
cells, an unknown or from the puzzle; a grid section of the puzzle may hold the tokens `\\`
and `/` instead) is 1 it is turned by a `\\` mirror (travelling down it
goes on to the right, travelling up to the left), where MIRROR is 2 by a `/` mirror
(travelling down it goes on to the left); any other value lets it through. It leaves the grid
across the outline. Since it came in from the outside, it always leaves (a beam's way is
reversible).

- `reflections(...)` is the number of times it is turned (a mirror met twice counts twice);
- `exit(..., TOP, BOTTOM, LEFT, RIGHT)` is the number of the margin where it leaves: the
  entry of the list TOP (per column) for the column where it leaves across the top, BOTTOM
  across the bottom, LEFT (per row) and RIGHT across the left and right sides; 0 where that
  entry is absent (kinkonkan: the letter at the other end of the beam).

This module is the construct's contract: the IR node and the checker's typing. `meaning.py`
(the evaluator) and `lowering.py` (the compiler) read the node and share no code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Checker, Focus
    from dslsolve.dsl.parser import Node

# the side a beam enters from -> the group in focus that names its row or column, and the
# direction it travels in (row step, column step)
SIDES = {
    "top": ("column", (1, 0)),
    "bottom": ("column", (-1, 0)),
    "left": ("row", (0, 1)),
    "right": ("row", (0, -1)),
}


@dataclass(frozen=True)
class Beam:
    """The beam that enters the grid from `side` at the row or column in focus, turned where
    `mirror` (a number at each cell) is 1 (`\\`) or 2 (`/`). `margins` None: its number of
    turns (`reflections`); else the four margin lists (top, bottom, left, right): the entry of
    the one it leaves across, at the column or row where it leaves (0 where absent)."""

    side: str
    mirror: ir.Expr
    margins: tuple[ir.InputLayer, ir.InputLayer, ir.InputLayer, ir.InputLayer] | None


def turn(step: tuple[int, int], mirror: object) -> tuple[int, int]:
    """The direction after a cell holding `mirror`: 1 (or the token `\\` of a grid from the
    puzzle) a `\\` mirror, 2 (or `/`) a `/` mirror (the one meaning of the values, which both
    readers use)."""
    dr, dc = step
    if mirror in (1, "\\"):
        return (dc, dr)
    if mirror in (2, "/"):
        return (-dc, -dr)
    return step


NODES = (Beam,)

WORDS = ("reflections", "exit", "beam")

FUNCTIONS = ("reflections", "exit")

TERMINALS = {"BEAMREAD": "reflections or exit"}

FORMS = {
    "reflections": "reflections(beam from SIDE via MIRROR), e.g. "
    "reflections(beam from top via mirror)",
    "exit": "exit(beam from SIDE via MIRROR, TOP, BOTTOM, LEFT, RIGHT), e.g. "
    "exit(beam from top via mirror, topl, bottoml, leftl, rightl)",
}


def check(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """The row or column in focus names where the beam enters; MIRROR is a number at each
    cell; the margins are lists per column (top, bottom) and per row (left, right)."""
    func, side, *names = node.value
    group, _ = SIDES[side]
    if focus.element is not None or focus.group != group:
        raise checker.error(
            node,
            f"a beam from the {side} enters at a {group}: read it in 'each {group}'",
            f"e.g. each {group}: {func}(beam from {side} via mirror) ...",
        )
    if func == "reflections" and names:
        raise checker.error(node, "reflections(...) takes the beam alone", FORMS[func])
    if func == "exit" and len(names) != 4:
        raise checker.error(
            node, "exit(...) takes the beam and the four margins, in this order", FORMS[func]
        )
    (mirror_node,) = node.children
    mirror, mirror_type = checker.cell_value(mirror_node)
    static = not ir.reads_unknowns(mirror)
    if mirror_type not in (ir.Type.INT, ir.Type.BOOL) and not (
        static and mirror_type == ir.Type.SYMBOL
    ):
        raise checker.error(
            mirror_node,
            "the mirrors are a number at each cell: 1 a \\ mirror, 2 a / mirror",
            "or a grid section of the puzzle holding 1 and 2, or \\ and /",
        )
    margins = None
    if func == "exit":
        layers = []
        for name, per in zip(names, ("column", "column", "row", "row"), strict=True):
            layer = checker.scope.layers.get(name)
            if layer is None or layer.per != per:
                raise checker.error(
                    node,
                    f"'{name}' is not a list section per {per}",
                    "the margins are lists: top and bottom per column, left and right per row",
                )
            layers.append(layer)
        margins = tuple(layers)
    return Beam(side, mirror, margins), ir.Type.INT, static


SYNTAX = {"beam": check}
