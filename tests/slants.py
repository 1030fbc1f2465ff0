"""An independent search for gokigen (slant) and wagiri answers, sharing no code with
dslsolve: every cell holds `/` or `\\`, a number on a lattice point counts the diagonals that
end there; in gokigen the diagonals hold no loop, in wagiri a cell marked 1 has its diagonal
on a loop and one marked 2 not. Cells are filled in reading order; a point's count is kept
between what is drawn and what may still be drawn, and in gokigen a diagonal joining two
points already joined (a union-find with undo) would close a loop. Wagiri's marks are checked
on each full board: a diagonal is on a loop when its ends are still joined without it."""

from __future__ import annotations

from pathlib import Path


def read_clues(path: Path, section: str = "clues") -> list[list[int | None]]:
    """A section of a puzzle file (`clues:` on points, `marks:` on cells): one row of digits
    or other tokens (`.`, `?`: none) per row, split by spaces or one character each."""
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    rows = lines[lines.index(f"{section}:") + 1 :]
    rows = [row for row in rows if row.strip()]
    rows = rows[: next((i for i, row in enumerate(rows) if row.endswith(":")), len(rows))]
    grid = []
    for row in rows:
        tokens = row.split() if " " in row.strip() else list(row.strip())
        grid.append([int(t) if t.isdigit() else None for t in tokens])
    return grid


def read_answer(path: Path) -> list[str]:
    """A solution file: one row of `/` and `\\` per row of cells, as one string each."""
    return ["".join(line.split()) for line in path.read_text().splitlines() if line.strip()]


def on_loop(board: list[str], cell: tuple[int, int]) -> bool:
    """Whether the cell's diagonal is on a loop: its ends joined by the other diagonals."""
    edges = []
    for r, row in enumerate(board):
        for c, symbol in enumerate(row):
            if (r, c) != cell:
                edges.append(
                    ((r, c), (r + 1, c + 1)) if symbol == "\\" else ((r + 1, c), (r, c + 1))
                )
    r, c = cell
    start, goal = ((r, c), (r + 1, c + 1)) if board[r][c] == "\\" else ((r + 1, c), (r, c + 1))
    near: dict = {}
    for a, b in edges:
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    seen, todo = {start}, [start]
    while todo:
        for n in near.get(todo.pop(), []):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return goal in seen


def solutions(
    clues: list[list[int | None]], limit: int = 2, marks: list[list[int | None]] | None = None
) -> list[list[str]]:
    """Up to `limit` answers, each a list of rows of `/` and `\\`: gokigen's, or with `marks`
    (1 on a loop, 2 on none, per cell) wagiri's."""
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
            answer = ["".join(row) for row in board]
            if marks is None or all(
                mark not in (1, 2) or on_loop(answer, (r, c)) == (mark == 1)
                for r, line in enumerate(marks)
                for c, mark in enumerate(line)
            ):
                found.append(answer)
            return
        r, c = divmod(cell, columns)
        corners = corners_of(r, c)
        top_left, top_right, bottom_left, bottom_right = corners
        for symbol, (a, b) in (("\\", (top_left, bottom_right)), ("/", (bottom_left, top_right))):
            ra, rb = root(a), root(b)
            if ra == rb and (marks is None or marks[r][c] == 2):
                continue  # a loop, through this diagonal
            for p in corners:
                left[p] -= 1
            count[a] += 1
            count[b] += 1
            if all(fits(p) for p in corners):
                if size[ra] < size[rb]:
                    ra, rb = rb, ra
                joined = ra != rb
                if joined:
                    parent[rb] = ra
                    size[ra] += size[rb]
                board[r][c] = symbol
                place(cell + 1)
                if joined:
                    parent[rb] = rb
                    size[ra] -= size[rb]
            count[a] -= 1
            count[b] -= 1
            for p in corners:
                left[p] += 1

    place(0)
    return found
