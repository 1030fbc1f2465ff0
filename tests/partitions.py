"""A search independent of dslsolve for fourcells and fivecells (docs/genres.md): every way to
cut a grid, holes left out, into connected blocks of exactly `size` cells such that a number
is how many of its cell's four sides are walls. A side is a wall when the cell across it is in
another block, is a hole or is off the grid, so a number depends on its own block only: a
cell with a number n has exactly 4 - n neighbours in its block, checked as each block is
placed. Blocks are placed on the first free cell in reading order, grown from it toward free
cells only (each block once)."""

from __future__ import annotations

Cell = tuple[int, int]


def neighbours(cell: Cell, rows: int, columns: int) -> list[Cell]:
    r, c = cell
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(a, b) for a, b in steps if 0 <= a < rows and 0 <= b < columns]


def blocks_from(first: Cell, size: int, free: set[Cell], rows: int, columns: int) -> set:
    """The connected sets of `size` free cells whose first cell in reading order is `first`."""
    level = {frozenset([first])}
    for _ in range(size - 1):
        level = {
            block | {n}
            for block in level
            for cell in block
            for n in neighbours(cell, rows, columns)
            if n in free and n > first and n not in block
        }
    return level


def tilings(
    rows: int, columns: int, holes: set[Cell], size: int, clues: dict[Cell, int], most: int = 2
) -> list[dict[Cell, int]]:
    """Up to `most` tilings, each as the block number of every cell that is not a hole."""
    free = {(r, c) for r in range(rows) for c in range(columns)} - holes
    found: list[dict[Cell, int]] = []

    def fits(block: frozenset) -> bool:
        return all(
            4 - sum(n in block for n in neighbours(cell, rows, columns)) == clues[cell]
            for cell in block
            if cell in clues
        )

    def search(free: set[Cell], placed: dict[Cell, int]) -> None:
        if not free:
            found.append(dict(placed))
            return
        first = min(free)
        for block in blocks_from(first, size, free, rows, columns):
            if len(found) < most and fits(block):
                number = len(placed) // size
                search(free - block, placed | dict.fromkeys(block, number))

    search(free, {})
    return found


def walls(tiling: dict[Cell, int], rows: int, columns: int) -> set[tuple[str, int, int]]:
    """The borders (dslsolve's names: ("h", r, c) above cell (r, c), ("v", r, c) left of it)
    between different blocks, holes (as blocks of their own) and the outside."""

    def block(cell: Cell) -> object:
        return tiling.get(cell, ("hole", cell))

    inside = {(r, c) for r in range(rows) for c in range(columns)}
    found = set()
    for r in range(rows + 1):
        for c in range(columns):
            up, down = (r - 1, c), (r, c)
            if up not in inside or down not in inside or block(up) != block(down):
                found.add(("h", r, c))
    for r in range(rows):
        for c in range(columns + 1):
            left, right = (r, c - 1), (r, c)
            if left not in inside or right not in inside or block(left) != block(right):
                found.add(("v", r, c))
    return found
