"""An independent search for amibo answers, sharing no code with dslsolve: every cell without
a circle holds nothing, a vertical bar piece `|`, a horizontal one `-`, or both `+`; a bar is a
maximal run of pieces of one direction in a row or column. Each circle has exactly one bar
ending next to it and pointing at it, as long as its number (a `?` any length); every bar
crosses a bar of its own length; the bars form one network without a loop (two cells joined
where they are next to each other on one bar).

Cells are decided in reading order. A horizontal bar is closed (and checked: it holds a
crossing) when the cell after it is decided, a vertical bar likewise; a vertical bar closed
there has every crossing bar closed too, so its crossing of equal length is checked then, and
its length if it points up at a circle; a circle's bars are counted (and those going up, left
or right measured) once its four neighbours are decided. The network, and the crossings of
the horizontal bars, are checked on each complete board."""

from __future__ import annotations

from pathlib import Path

STATES = (".", "|", "-", "+")


def read_circles(path: Path) -> list[list[str]]:
    """The `circles:` section: rows of tokens (a number, `?`, `.`) split by spaces."""
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    rows = [line for line in lines[lines.index("circles:") + 1 :] if line.strip()]
    return [row.split() for row in rows]


def read_bars(path: Path) -> list[list[str]]:
    """A solution file: rows of `.`, `|`, `-`, `+`."""
    return [line.split() for line in path.read_text().splitlines() if line.strip()]


def solutions(circles: list[list[str]], limit: int = 2) -> list[list[list[str]]]:
    """Up to `limit` answers, each the rows of cell tokens (`.` on the circles)."""
    rows, cols = len(circles), len(circles[0])
    grid = [["." for _ in range(cols)] for _ in range(rows)]
    found: list[list[list[str]]] = []

    def vert(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and grid[r][c] in "|+"

    def horiz(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and grid[r][c] in "-+"

    def hrun(r: int, c: int) -> list[int]:
        """The columns of the horizontal bar through (r, c)."""
        a, b = c, c
        while horiz(r, a - 1):
            a -= 1
        while horiz(r, b + 1):
            b += 1
        return list(range(a, b + 1))

    def vrun(r: int, c: int) -> list[int]:
        a, b = r, r
        while vert(a - 1, c):
            a -= 1
        while vert(b + 1, c):
            b += 1
        return list(range(a, b + 1))

    def closed_h(r: int, c: int) -> bool:
        """The horizontal bar ending at (r, c) holds a crossing."""
        return any(grid[r][k] == "+" for k in hrun(r, c))

    def closed_v(r: int, c: int) -> bool:
        """The vertical bar ending at (r, c): a crossing bar of its length."""
        cells = vrun(r, c)
        top = cells[0] - 1  # a circle above: the bar is its pole, now of known length
        if top >= 0 and circles[top][c] not in (".", "?") and int(circles[top][c]) != len(cells):
            return False
        return any(grid[k][c] == "+" and len(hrun(k, c)) == len(cells) for k in cells)

    def circle_ok(r: int, c: int) -> bool:
        poles: list[int | None] = []
        if vert(r - 1, c):
            poles.append(len(vrun(r - 1, c)))
        if vert(r + 1, c):
            poles.append(None)  # going down: its length is checked where it ends
        if horiz(r, c - 1):
            poles.append(len(hrun(r, c - 1)))
        if horiz(r, c + 1):
            poles.append(len(hrun(r, c + 1)))
        if len(poles) != 1:
            return False
        return circles[r][c] == "?" or poles[0] in (None, int(circles[r][c]))

    def network_ok() -> bool:
        cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] != "."]
        if not cells:
            return False
        edges = []
        for r, c in cells:
            if vert(r, c) and vert(r + 1, c):
                edges.append(((r, c), (r + 1, c)))
            if horiz(r, c) and horiz(r, c + 1):
                edges.append(((r, c), (r, c + 1)))
        for c in range(cols):  # vertical bars ending in the last row, now that it is complete
            if vert(rows - 1, c) and not closed_v(rows - 1, c):
                return False
        for r, c in cells:  # each horizontal bar crosses one of its length
            if horiz(r, c) and not horiz(r, c - 1):
                run = hrun(r, c)
                if not any(grid[r][k] == "+" and len(vrun(r, k)) == len(run) for k in run):
                    return False
        if len(edges) != len(cells) - 1:  # a tree: connected with one edge fewer than cells
            return False
        seen, todo = {cells[0]}, [cells[0]]
        near = {cell: [] for cell in cells}
        for a, b in edges:
            near[a].append(b)
            near[b].append(a)
        while todo:
            for other in near[todo.pop()]:
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return len(seen) == len(cells)

    def fits(r: int, c: int) -> bool:
        """Checks that deciding (r, c) completes."""
        if c > 0 and horiz(r, c - 1) and not horiz(r, c) and not closed_h(r, c - 1):
            return False
        if c == cols - 1 and horiz(r, c) and not closed_h(r, c):
            return False
        if r > 0 and vert(r - 1, c) and not vert(r, c) and not closed_v(r - 1, c):
            return False
        # circles whose four neighbours are now decided: the one above, and this row's left
        if r > 0 and circles[r - 1][c] != "." and not circle_ok(r - 1, c):
            return False
        if r == rows - 1 and c > 0 and circles[r][c - 1] != "." and not circle_ok(r, c - 1):
            return False
        return not (
            r == rows - 1 and c == cols - 1 and circles[r][c] != "." and not circle_ok(r, c)
        )

    def parts_ok(r: int) -> bool:
        """After row r: the bars so far hold no loop, and a part with no vertical bar going on
        below row r is finished: then it must be the only part, and no bar may follow."""
        cells = [(i, j) for i in range(r + 1) for j in range(cols) if grid[i][j] != "."]
        near: dict = {cell: [] for cell in cells}
        edges = 0
        for i, j in cells:
            if vert(i, j) and i < r and vert(i + 1, j):
                near[(i, j)].append((i + 1, j))
                near[(i + 1, j)].append((i, j))
                edges += 1
            if horiz(i, j) and horiz(i, j + 1):
                near[(i, j)].append((i, j + 1))
                near[(i, j + 1)].append((i, j))
                edges += 1
        seen: set = set()
        parts = []
        for cell in cells:
            if cell in seen:
                continue
            part, todo = {cell}, [cell]
            while todo:
                for other in near[todo.pop()]:
                    if other not in part:
                        part.add(other)
                        todo.append(other)
            seen |= part
            parts.append(part)
        if edges != len(cells) - len(parts):  # a forest has one edge fewer than cells per part
            return False
        finished = [p for p in parts if not any(i == r and vert(i, j) for i, j in p)]
        return (
            not finished
            or (len(parts) == 1 and r == rows - 1)
            or (
                len(parts) == 1
                and all(circles[i][j] == "." for i in range(r + 1, rows) for j in range(cols))
            )
        )

    def search(at: int) -> None:
        if len(found) >= limit:
            return
        if at % cols == 0 and at > 0 and not parts_ok(at // cols - 1):
            return
        if at == rows * cols:
            if network_ok():
                found.append([row[:] for row in grid])
            return
        r, c = divmod(at, cols)
        for state in "." if circles[r][c] != "." else STATES:
            grid[r][c] = state
            if fits(r, c):
                search(at + 1)
        grid[r][c] = "."

    search(0)
    return found
