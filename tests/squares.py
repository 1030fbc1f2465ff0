"""A search independent of dslsolve for tasquare (docs/genres.md): every shading of a grid
whose black areas are squares, whose white cells are connected, with numbers and `?` on white
cells next to at least one black cell, each number the total size of the black squares next
to its cell.

Cells are decided in reading order: the first undecided cell is white, or the top left corner
of a k x k black square over undecided cells, whose orthogonal surroundings then turn white
(another black cell there would join the square into a larger area). A number is checked once
its four neighbours are decided."""

from __future__ import annotations

Cell = tuple[int, int]


def shadings(
    rows: int, columns: int, clues: dict[Cell, int | str], most: int = 2
) -> list[frozenset[Cell]]:
    """Up to `most` shadings (their black cells)."""
    found: list[frozenset[Cell]] = []
    order = [(r, c) for r in range(rows) for c in range(columns)]

    def inside(cell: Cell) -> bool:
        return 0 <= cell[0] < rows and 0 <= cell[1] < columns

    def around(cell: Cell) -> list[Cell]:
        r, c = cell
        return [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if inside(n)]

    def clue_fails(black: dict[Cell, int], white: set[Cell]) -> bool:
        """A clue whose neighbours are all decided and that does not hold."""
        for cell, clue in clues.items():
            if cell in black:
                return True
            near = around(cell)
            if any(n not in black and n not in white for n in near):
                continue
            sizes = [black[n] for n in near if n in black]
            if not sizes or (clue != "?" and sum(sizes) != clue):
                return True
        return False

    def connected(white: set[Cell]) -> bool:
        if not white:
            return True
        seen, stack = set(), [min(white)]
        while stack:
            cell = stack.pop()
            if cell not in seen:
                seen.add(cell)
                stack.extend(n for n in around(cell) if n in white)
        return seen == white

    def search(at: int, black: dict[Cell, int], white: set[Cell]) -> None:
        if len(found) >= most or clue_fails(black, white):
            return
        while at < len(order) and (order[at] in black or order[at] in white):
            at += 1
        if at == len(order):
            if connected(white):
                found.append(frozenset(black))
            return
        r, c = order[at]
        search(at + 1, black, white | {(r, c)})
        for side in range(1, min(rows - r, columns - c) + 1):
            square = {(r + i, c + j) for i in range(side) for j in range(side)}
            if any(cell in black or cell in white for cell in square):
                break
            rim = {n for cell in square for n in around(cell)} - square
            if any(n in black for n in rim):
                continue
            search(at + 1, black | dict.fromkeys(square, side * side), white | rim)

    search(0, {}, set())
    return found
