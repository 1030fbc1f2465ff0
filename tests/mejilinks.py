"""An independent search for mejilink answers, sharing no code with dslsolve: one loop along
the grid lines, on the dotted lines only (the borders between two tiles, and the outline), such
that around each tile the dotted lines the loop leaves unused are as many as the tile's cells.

The loop on the borders of an R x C grid is a loop through the (R+1) x (C+1) lattice points,
found by `loops.loops` with the points as its cells: a point's piece may use only the dotted
lines at it, and each time a point is decided, the lines it decides (toward the right and
down) are counted for the tiles beside them, which may then neither have more unused dotted
lines than cells nor fewer left to leave unused than they need."""

from __future__ import annotations

from pathlib import Path

from loops import STRAIGHTS, TURNS, loops

Cell = tuple[int, int]
Border = tuple[str, int, int]  # ("h", r, c): the top of cell (r, c); ("v", r, c): its left


def read_tiles(path: Path) -> list[list[str]]:
    """The `tiles:` section: rows of labels split by spaces."""
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    rows = [line for line in lines[lines.index("tiles:") + 1 :] if line.strip()]
    return [row.split() for row in rows]


def read_edges(path: Path) -> set[Border]:
    """The loop of a solution file: `-` between two `+` on an even line is a top side, `|` at
    an even place of an odd line a left side."""
    drawing = path.read_text().splitlines()
    found = set()
    for y, line in enumerate(drawing):
        for x, char in enumerate(line):
            if y % 2 == 0 and x % 2 == 1 and char == "-":
                found.add(("h", y // 2, x // 2))
            elif y % 2 == 1 and x % 2 == 0 and char == "|":
                found.add(("v", y // 2, x // 2))
    return found


def _beside(border: Border, rows: int, columns: int) -> list[Cell]:
    axis, r, c = border
    cells = [(r, c - 1), (r, c)] if axis == "v" else [(r - 1, c), (r, c)]
    return [(y, x) for y, x in cells if 0 <= y < rows and 0 <= x < columns]


def solutions(tiles: list[list[str]], most: int = 2) -> list[set[Border]]:
    """Up to `most` answers, each the set of the loop's borders."""
    rows, columns = len(tiles), len(tiles[0])
    every = [("h", r, c) for r in range(rows + 1) for c in range(columns)]
    every += [("v", r, c) for r in range(rows) for c in range(columns + 1)]

    def dotted(border: Border) -> bool:
        cells = _beside(border, rows, columns)
        return len(cells) == 1 or tiles[cells[0][0]][cells[0][1]] != tiles[cells[1][0]][cells[1][1]]

    dots = {border for border in every if dotted(border)}
    size: dict[str, int] = {}
    rim: dict[str, int] = {}  # the dotted lines around each tile
    for row in tiles:
        for label in row:
            size[label] = size.get(label, 0) + 1
    for border in dots:
        for r, c in _beside(border, rows, columns):
            rim[tiles[r][c]] = rim.get(tiles[r][c], 0) + 1

    # the borders a point decides: toward the right ("h", i, j) and down ("v", i, j)
    def sides_of(point: Cell) -> list[tuple[str, Border]]:
        i, j = point
        return [("R", ("h", i, j)), ("D", ("v", i, j))]

    allowed = {}
    for i in range(rows + 1):
        for j in range(columns + 1):
            at = {"R": ("h", i, j), "L": ("h", i, j - 1), "D": ("v", i, j), "U": ("v", i - 1, j)}
            pieces = [frozenset(), *TURNS, *STRAIGHTS]
            allowed[(i, j)] = [p for p in pieces if all(at[side] in dots for side in p)]

    def holds(chosen: dict, point: Cell) -> bool:
        used: dict[str, int] = {}
        free: dict[str, int] = {}
        touched = set()
        for p, piece in chosen.items():
            for side, border in sides_of(p):
                if border not in dots:
                    continue
                for r, c in _beside(border, rows, columns):
                    label = tiles[r][c]
                    counts = used if side in piece else free
                    counts[label] = counts.get(label, 0) + 1
                    if p == point:
                        touched.add(label)
        for label in touched:
            if free.get(label, 0) > size[label] or used.get(label, 0) > rim[label] - size[label]:
                return False
        return True

    return [
        {("h", a[0], a[1]) if a[0] == b[0] else ("v", a[0], a[1]) for a, b in map(sorted, found)}
        for found in loops(rows + 1, columns + 1, allowed, most, holds)
    ]
