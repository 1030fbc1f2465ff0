"""Generators of candidate placements: the shapes a placement lowering chooses among.

Every placement genre is "choose placements from an enumerated set with coverage rules": the
generators here enumerate the candidates (rectangles and connected cell sets for
`each piece of X`, simple paths for `traces`), and each lowering posts one binary per
candidate with its own coverage rule (`pieces.py`: every cell in exactly one chosen piece;
`tracing.py`: exactly one path per word, cells shared between words).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from dslsolve.geometry import Grid
from dslsolve.instance import Element

Shape = frozenset[Element]


def rectangles(grid: Grid, seed: Element, limit: int, anchored: bool) -> list[Shape]:
    """Rectangles of at most `limit` cells: holding `seed` (anchored), or with `seed` as their
    top left cell."""
    r0, c0 = seed
    found = []
    for height in range(1, limit + 1):
        for width in range(1, limit // height + 1):
            tops = range(r0 - height + 1, r0 + 1) if anchored else (r0,)
            lefts = range(c0 - width + 1, c0 + 1) if anchored else (c0,)
            for top in tops:
                for left in lefts:
                    if top < 0 or left < 0:
                        continue
                    if top + height > grid.rows or left + width > grid.columns:
                        continue
                    found.append(
                        frozenset((top + i, left + j) for i in range(height) for j in range(width))
                    )
    return found


def translations(
    grid: Grid, seed: Element, limit: int, anchored: bool, shapes: frozenset[Shape]
) -> list[Shape]:
    """The given fixed shapes (cells at the origin) of at most `limit` cells, moved to every
    position on the grid: holding `seed` (anchored), or with `seed` as their first cell."""
    found = []
    for shape in shapes:
        if len(shape) > limit:
            continue
        first = min(shape)
        starts = shape if anchored else (first,)
        for r, c in starts:
            moved = frozenset((i + seed[0] - r, j + seed[1] - c) for i, j in shape)
            if all(0 <= i < grid.rows and 0 <= j < grid.columns for i, j in moved):
                found.append(moved)
    return found


def polyominoes(
    grid: Grid, seed: Element, limit: int, anchored: bool, blocked: set[Element]
) -> list[Shape]:
    """Connected sets of at most `limit` cells holding `seed` and no blocked cell; unless
    anchored, `seed` is their first cell (so each set is generated once)."""
    level = {frozenset([seed])}
    found = list(level)
    for _ in range(limit - 1):
        grown = set()
        for shape in level:
            for cell in shape:
                for n in grid.neighbours(cell):
                    if n in shape or n in blocked or (not anchored and n < seed):
                        continue
                    grown.add(shape | {n})
        found.extend(grown)
        level = grown
    return found


Cell = tuple[int, int]
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def simple_paths(
    rows: int,
    columns: int,
    start: Cell,
    first: tuple[int, int] | None,
    length: int,
    allowed: Callable[[int, Cell], bool] = lambda i, cell: True,
) -> Iterator[tuple[Cell, ...]]:
    """The paths of `length` orthogonally adjacent cells of a rows x columns grid that start
    at `start`, visit no cell twice and (when `first` is given) take their first step by
    `first`; `allowed(i, cell)` says whether the i-th cell (0-based) may be `cell`."""

    def inside(cell: Cell) -> bool:
        return 0 <= cell[0] < rows and 0 <= cell[1] < columns

    def extend(path: list[Cell]) -> Iterator[tuple[Cell, ...]]:
        if len(path) == length:
            yield tuple(path)
            return
        r, c = path[-1]
        steps = (first,) if len(path) == 1 and first is not None else STEPS
        for dr, dc in steps:
            cell = (r + dr, c + dc)
            if inside(cell) and cell not in path and allowed(len(path), cell):
                path.append(cell)
                yield from extend(path)
                path.pop()

    if length >= 1 and inside(start) and allowed(0, start):
        yield from extend([start])
