"""A search independent of dslsolve for the genres that cut the grid into rectangles, each
holding exactly one clue (tatamibari; docs/genres.md): every such cutting, where `fits` says
which rectangles a clue accepts, and, with `four_meet=False`, no lattice point is the corner
of four rectangles.

Rectangles are placed on the first uncovered cell in reading order, which is the top left
corner of the rectangle that covers it: every rectangle from there over uncovered cells that
holds exactly one clue is tried (each cutting once)."""

from __future__ import annotations

from collections.abc import Callable

Cell = tuple[int, int]
Box = tuple[int, int, int, int]  # top, left, height, width


def cells_of(box: Box) -> list[Cell]:
    top, left, height, width = box
    return [(r, c) for r in range(top, top + height) for c in range(left, left + width)]


def cuttings(
    rows: int,
    columns: int,
    clues: dict[Cell, str],
    fits: Callable[[str, int, int], bool],
    four_meet: bool = True,
    most: int = 2,
) -> list[list[Box]]:
    """Up to `most` cuttings, each a list of rectangles; `fits(clue, height, width)`."""
    found: list[list[Box]] = []
    owner: dict[Cell, int] = {}

    def corner_of_four(box: Box) -> bool:
        """Whether a lattice point on or inside the new rectangle `box` now has four
        different rectangles around it (a point is checked once its four cells are placed)."""
        top, left, height, width = box
        for r in range(max(top, 1), min(top + height, rows - 1) + 1):
            for c in range(max(left, 1), min(left + width, columns - 1) + 1):
                four = [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)]
                if all(cell in owner for cell in four) and len({owner[x] for x in four}) == 4:
                    return True
        return False

    def search(placed: list[Box]) -> None:
        if len(found) >= most:
            return
        free = next(
            ((r, c) for r in range(rows) for c in range(columns) if (r, c) not in owner), None
        )
        if free is None:
            found.append(list(placed))
            return
        top, left = free
        widest = columns - left
        for height in range(1, rows - top + 1):
            for width in range(1, widest + 1):
                box = (top, left, height, width)
                cells = cells_of(box)
                if any(cell in owner for cell in cells):
                    widest = width - 1  # wider ones overlap too, in this row and below
                    break
                inside = [clues[cell] for cell in cells if cell in clues]
                if len(inside) > 1:
                    widest = width - 1
                    break
                if len(inside) == 1 and fits(inside[0], height, width):
                    for cell in cells:
                        owner[cell] = len(placed)
                    if four_meet or not corner_of_four(box):
                        search([*placed, box])
                    for cell in cells:
                        del owner[cell]

    search([])
    return found
