"""`made of N regions of LAYER` in the model (`syntax.py`).

On a known group (a region, a candidate piece) it is a constant. In the body of `each piece
of X` it also says which pieces there can be (`PIECE_CANDIDATES`): the connected unions of N
regions of LAYER, each region whole. They are found by growing sets of N regions, each next
region a neighbour of one already taken, so a piece is never grown cell by cell (Combi
Block's blocks of two tiles: one candidate per two touching tiles).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.made_of.syntax import MadeOf
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Lowerer

Cell = tuple[int, int]


def _regions(lowerer: Lowerer, layer: ir.InputLayer) -> dict[object, frozenset[Cell]]:
    """The cells of each region of the layer, by label (memoised per compile)."""
    key = ("made of regions", layer.name)
    found = lowerer.memo.get(key)
    if found is None:
        cells: dict[object, set[Cell]] = {}
        for cell in lowerer.grid.cells():
            label = lowerer.instance.value(layer, cell)
            if label is not None:
                cells.setdefault(label, set()).add(cell)
        found = lowerer.memo[key] = {label: frozenset(c) for label, c in cells.items()}
    return found


def made_of(lowerer: Lowerer, expr: MadeOf, env: Env) -> bool | None:
    """On a known group: its cells are exactly `count` whole regions."""
    count = lowerer.number(expr.count, env)
    if count is None:
        return None
    regions = _regions(lowerer, expr.layer)
    own = set(env.group.cells)
    labels = {lowerer.instance.value(expr.layer, cell) for cell in own}
    if None in labels:
        return False
    return len(labels) == count and all(regions[label] <= own for label in labels)


VALUES = {MadeOf: made_of}


def _connected(cells: frozenset[Cell]) -> bool:
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def piece_candidates(lowerer: Lowerer, part: ir.Expr) -> list[frozenset[Cell]] | None:
    """`made of N regions of LAYER` allows a piece only the connected unions of N whole
    regions: every set of N regions that grows from one region by touching neighbours."""
    if not isinstance(part, MadeOf):
        return None
    count = lowerer.number(part.count, Env(None, None, None, None))
    if not isinstance(count, int) or count < 1:
        return []
    regions = _regions(lowerer, part.layer)
    label_of = {cell: label for label, cells in regions.items() for cell in cells}
    order = {label: i for i, label in enumerate(regions)}
    touching: dict[object, set[object]] = {label: set() for label in regions}
    for label, cells in regions.items():
        for r, c in cells:
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                other = label_of.get(n)
                if other is not None and other != label:
                    touching[label].add(other)
    found: set[frozenset[object]] = set()

    def grow(taken: frozenset[object], frontier: set[object]) -> None:
        if len(taken) == count:
            found.add(taken)
            return
        least = min(order[label] for label in taken)
        for label in frontier:
            if order[label] > least and taken | {label} not in found:
                grow(taken | {label}, (frontier | touching[label]) - taken - {label})

    for label in regions:  # each set grows from its first region in reading order
        grow(frozenset([label]), set(touching[label]))
    shapes = []
    for labels in found:
        cells = frozenset().union(*(regions[label] for label in labels))
        if _connected(cells):
            shapes.append(cells)
    return sorted(shapes, key=sorted)


PIECE_CANDIDATES = piece_candidates
