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


def rectangles(
    grid: Grid,
    seed: Element,
    limit: int,
    anchored: bool,
    blocked: set[Element] | frozenset = frozenset(),
    fewest: int = 1,
) -> list[Shape]:
    """Rectangles of `fewest` to `limit` cells that hold no blocked cell: holding `seed`
    (anchored), or with `seed` as their top left cell; by height, width, top and left.

    Each row's reach from the seed's column (the cells up to the nearest blocked cell on
    either side) bounds the rectangles through that row, so only the rectangles returned are
    looked at: a shikaku ? on a 50x40 grid may be any of a million rectangles, of which a few
    thousand hold no other number."""
    r0, c0 = seed
    reaches: dict[int, tuple[int, int] | None] = {}

    def reach(row: int) -> tuple[int, int] | None:
        if row not in reaches:
            lo = hi = c0
            if (row, c0) in blocked:
                reaches[row] = None
                return None
            while anchored and lo > 0 and (row, lo - 1) not in blocked:
                lo -= 1
            while hi + 1 < grid.columns and (row, hi + 1) not in blocked:
                hi += 1
            reaches[row] = (lo, hi)
        return reaches[row]

    found = []
    upper = (0, grid.columns - 1)  # the columns that the rows from the top to the seed's allow
    for top in range(r0, -1, -1) if anchored else (r0,):
        span = reach(top)
        if span is None or r0 - top + 1 > limit:
            break
        upper = (max(upper[0], span[0]), min(upper[1], span[1]))
        lo, hi = upper
        for bottom in range(r0, grid.rows):
            span = reach(bottom)
            height = bottom - top + 1
            if span is None or height > limit:
                break
            lo, hi = max(lo, span[0]), min(hi, span[1])
            for left in range(lo, c0 + 1):
                for right in range(c0, hi + 1):
                    width = right - left + 1
                    if height * width > limit:
                        break
                    if height * width >= fewest:
                        found.append((height, width, top, left))
    found.sort()
    return [
        frozenset((top + i, left + j) for i in range(height) for j in range(width))
        for height, width, top, left in found
    ]


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
