"""An independent search for gokigen (slant) answers, sharing no code with dslsolve: every
cell holds `/` or `\\`, a number on a lattice point counts the diagonals that end there, and
the diagonals hold no loop. Cells are filled in reading order; a point's count is kept
between what is drawn and what may still be drawn, and a diagonal joining two points already
joined (a union-find with undo) would close a loop."""

from __future__ import annotations

from pathlib import Path


def read_clues(path: Path) -> list[list[int | None]]:
    """The `clues:` section of a puzzle file: one row per row of points, a digit or `.`
    (tokens split by spaces, or one character each)."""
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    rows = lines[lines.index("clues:") + 1 :]
    rows = [row for row in rows if row.strip()]
    grid = []
    for row in rows:
        tokens = row.split() if " " in row.strip() else list(row.strip())
        grid.append([int(t) if t.isdigit() else None for t in tokens])
    return grid


def read_answer(path: Path) -> list[str]:
    """A solution file: one row of `/` and `\\` per row of cells, as one string each."""
    return ["".join(line.split()) for line in path.read_text().splitlines() if line.strip()]


def solutions(clues: list[list[int | None]], limit: int = 2) -> list[list[str]]:
    """Up to `limit` answers, each a list of rows of `/` and `\\`."""
    rows, columns = len(clues) - 1, len(clues[0]) - 1
    width = columns + 1
    parent = list(range((rows + 1) * width))
    size = [1] * len(parent)
    count = [0] * len(parent)
    left = [0] * len(parent)  # cells around the point still to fill

    def corners_of(r: int, c: int) -> tuple[int, int, int, int]:
        """Top left, top right, bottom left, bottom right."""
        return (r * width + c, r * width + c + 1, (r + 1) * width + c, (r + 1) * width + c + 1)

    for r in range(rows):
        for c in range(columns):
            for p in corners_of(r, c):
                left[p] += 1
    clue = [clues[p // width][p % width] for p in range(len(parent))]
    board = [[""] * columns for _ in range(rows)]
    found: list[list[str]] = []

    def root(p: int) -> int:
        while parent[p] != p:
            p = parent[p]
        return p

    def fits(p: int) -> bool:
        return clue[p] is None or count[p] <= clue[p] <= count[p] + left[p]

    def place(cell: int) -> None:
        if len(found) >= limit:
            return
        if cell == rows * columns:
            found.append(["".join(row) for row in board])
            return
        r, c = divmod(cell, columns)
        corners = corners_of(r, c)
        top_left, top_right, bottom_left, bottom_right = corners
        for symbol, (a, b) in (("\\", (top_left, bottom_right)), ("/", (bottom_left, top_right))):
            ra, rb = root(a), root(b)
            if ra == rb:
                continue  # a loop
            for p in corners:
                left[p] -= 1
            count[a] += 1
            count[b] += 1
            if all(fits(p) for p in corners):
                if size[ra] < size[rb]:
                    ra, rb = rb, ra
                parent[rb] = ra
                size[ra] += size[rb]
                board[r][c] = symbol
                place(cell + 1)
                parent[rb] = rb
                size[ra] -= size[rb]
            count[a] -= 1
            count[b] -= 1
            for p in corners:
                left[p] += 1

    place(0)
    return found
