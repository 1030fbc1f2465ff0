"""An independent search for loops that are rectangles (ringring, nagenawa; docs/genres.md),
sharing no code with dslsolve: rectangles of cell centres (at least 2 x 2 cells), no two using
one link, where a cell on two of them is a crossing (one goes straight across, the other
straight down: no corner touches another loop).

Cells are decided in reading order: at each cell, the rectangle whose top left corner it is
(none or one) is chosen, since every rectangle through a cell starts at or before it. Then the
cell's lines are known: `ok(cell, used)`, the genre's rule at the cell (`used`: its number of
links, 0, 2 or 4), and `done(cell, used)` for the rules that count over groups of cells, may
cut the search."""

from __future__ import annotations

from collections.abc import Callable

Cell = tuple[int, int]
Box = tuple[int, int, int, int]  # top, left, bottom, right: the corner cells' rows, columns


def outline(box: Box) -> dict[Cell, frozenset[str]]:
    """The cells of a rectangle's loop and the sides (`U D L R`) each links."""
    top, left, bottom, right = box
    sides: dict[Cell, set[str]] = {}
    for c in range(left, right):
        for row in (top, bottom):
            sides.setdefault((row, c), set()).add("R")
            sides.setdefault((row, c + 1), set()).add("L")
    for r in range(top, bottom):
        for column in (left, right):
            sides.setdefault((r, column), set()).add("D")
            sides.setdefault((r + 1, column), set()).add("U")
    return {cell: frozenset(s) for cell, s in sides.items()}


def loops(
    rows: int,
    columns: int,
    ok: Callable[[Cell, int], bool],
    most: int = 2,
    may_hold: Callable[[Cell], bool] = lambda cell: True,
) -> list[list[Box]]:
    """Up to `most` sets of rectangles; `may_hold(cell)`: a line may pass the cell."""
    order = [(r, c) for r in range(rows) for c in range(columns)]
    starting: dict[Cell, list[tuple[Box, dict[Cell, frozenset[str]]]]] = {}
    for top, left in order:
        for bottom in range(top + 1, rows):
            for right in range(left + 1, columns):
                box = (top, left, bottom, right)
                cells = outline(box)
                if all(may_hold(cell) for cell in cells):
                    starting.setdefault((top, left), []).append((box, cells))
    found: list[list[Box]] = []
    held: dict[Cell, list[frozenset[str]]] = {}
    chosen: list[Box] = []

    def fits(cells: dict[Cell, frozenset[str]]) -> bool:
        for cell, sides in cells.items():
            there = held.get(cell, [])
            if len(there) >= 2:
                return False
            if there:  # a crossing: one straight across, the other straight down
                pair = {sides, there[0]}
                if pair != {frozenset("LR"), frozenset("UD")}:
                    return False
        return True

    def search(at: int) -> None:
        if len(found) >= most:
            return
        if at == len(order):
            found.append(sorted(chosen))
            return
        cell = order[at]
        for box, cells in [(None, {}), *starting.get(cell, [])]:
            if box is not None and not fits(cells):
                continue
            for place, sides in cells.items():
                held.setdefault(place, []).append(sides)
            chosen.extend([box] if box else [])
            used = sum(len(sides) for sides in held.get(cell, []))
            if ok(cell, used):
                search(at + 1)
            if box:
                chosen.pop()
            for place in cells:
                held[place].pop()

    search(0)
    return found


def links_of(boxes: list[Box]) -> set[frozenset[Cell]]:
    """The links the rectangles use."""
    used = set()
    for box in boxes:
        for (r, c), sides in outline(box).items():
            if "R" in sides:
                used.add(frozenset({(r, c), (r, c + 1)}))
            if "D" in sides:
                used.add(frozenset({(r, c), (r + 1, c)}))
    return used
