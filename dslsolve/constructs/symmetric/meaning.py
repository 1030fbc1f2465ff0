"""The evaluator's reading of `VAR divides into pieces symmetric about LAYER, ...`
(`syntax.py`): the pieces the walls cut, the centres each holds, the half-turn about it. No
code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.symmetric.syntax import SymmetricPieces
from dslsolve.geometry import Env, cell_name, element_name
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator
    from dslsolve.instance import Element


def _centre(kind: str, element: Element) -> tuple[tuple[int, int], list, list]:
    """A centre's place in half-cells (cell (r, c) at (2r, 2c)), its cells and the borders
    that must not be walls."""
    if kind == "cell":
        r, c = element
        return (2 * r, 2 * c), [(r, c)], []
    if kind == "link":
        axis, r, c = element
        if axis == "h":
            return (2 * r, 2 * c + 1), [(r, c), (r, c + 1)], [("v", r, c + 1)]
        return (2 * r + 1, 2 * c), [(r, c), (r + 1, c)], [("h", r + 1, c)]
    r, c = element  # a point: the top left corner of cell (r, c)
    cells = [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)]
    return (
        (2 * r - 1, 2 * c - 1),
        cells,
        [("h", r, c - 1), ("h", r, c), ("v", r - 1, c), ("v", r, c)],
    )


def symmetric_pieces(
    evaluator: Evaluator, rule: ir.Rule, body: SymmetricPieces, env: Env
) -> list[Violation]:
    grid = evaluator.grid
    walls = evaluator.values[body.var.name]
    found = []

    def wall(border: Element) -> bool:
        return bool(walls.get(border))

    for border in grid.borders():
        if grid.outline(border) and not wall(border):
            name = element_name(ir.ElementKind.BORDER, border)
            found.append(Violation(rule, name, (name,)))
    piece_of: dict[Element, int] = {}
    pieces: list[list[Element]] = []
    for start in grid.cells():
        if start in piece_of:
            continue
        piece_of[start] = len(pieces)
        cells, stack = [start], [start]
        while stack:
            cell = stack.pop()
            for n in grid.neighbours(cell):
                if n not in piece_of and not wall(grid.between(cell, n)):
                    piece_of[n] = len(pieces)
                    cells.append(n)
                    stack.append(n)
        pieces.append(sorted(cells))
    for border in grid.borders():
        if grid.outline(border) or not wall(border):
            continue
        axis, r, c = border
        a, b = ((r - 1, c), (r, c)) if axis == "h" else ((r, c - 1), (r, c))
        if piece_of[a] == piece_of[b]:
            name = element_name(ir.ElementKind.BORDER, border)
            found.append(Violation(rule, f"{name}: a wall inside a piece", (name,)))
    held: dict[int, list[tuple[str, tuple[int, int]]]] = {i: [] for i in range(len(pieces))}
    for layer in body.centres:
        kind = ir.ElementKind(layer.per)
        for element, token in evaluator.instance.grids[layer.name].items():
            if token is None:
                continue
            name = element_name(kind, element)
            at, cells, crossed = _centre(layer.per, element)
            if not all(grid.inside(c) for c in cells) or any(wall(b) for b in crossed):
                found.append(Violation(rule, f"{name}: a wall passes over the centre", (name,)))
                continue
            held[piece_of[cells[0]]].append((name, at))
    for index, cells in enumerate(pieces):
        names = tuple(cell_name(c) for c in cells)
        centres = held[index]
        if len(centres) != 1:
            what = "no centre" if not centres else f"{len(centres)} centres"
            found.append(Violation(rule, f"{names[0]}: a piece with {what}", names))
            continue
        name, (y, x) = centres[0]
        if any(piece_of.get((y - r, x - c)) != index for r, c in cells):
            found.append(Violation(rule, f"{name}: a piece not symmetric about its centre", names))
    return found


VIOLATIONS = {SymmetricPieces: symmetric_pieces}
