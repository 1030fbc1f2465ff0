"""An independent search for amibo answers, sharing no code with dslsolve: every cell without
a circle holds nothing, a vertical bar piece `|`, a horizontal one `-`, or both `+`; a bar is a
maximal run of pieces of one direction in a row or column. Each circle has exactly one bar
ending next to it and pointing at it, as long as its number (a `?` any length); every bar
crosses a bar of its own length; the bars form one network without a loop (two cells joined
where they are next to each other on one bar).

The search places whole bars. Each cell has two pieces (vertical, horizontal), each known
present, known absent or open; placing a bar sets its pieces present and the pieces just
beyond its ends absent. First every circle is given its bar (one of its four sides, the
other three then absent, as long as its number); then each bar that crosses no bar of its
length yet is given one; then each open piece, in reading order, is decided absent or given a
bar through it. After each step the pieces present must form no loop and must all be
reachable from one another through pieces not absent. A board with no open piece is checked
whole against the rules, and equal answers reached twice are counted once."""

from __future__ import annotations

from pathlib import Path

V, H = 0, 1  # the two pieces of a cell
STEP = {V: (1, 0), H: (0, 1)}


def read_circles(path: Path) -> list[list[str]]:
    """The `circles:` section: rows of tokens (a number, `?`, `.`) split by spaces."""
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    rows = [line for line in lines[lines.index("circles:") + 1 :] if line.strip()]
    return [row.split() for row in rows]


def read_bars(path: Path) -> list[list[str]]:
    """A solution file: rows of `.`, `|`, `-`, `+`."""
    return [line.split() for line in path.read_text().splitlines() if line.strip()]


def _draw(piece: dict, rows: int, cols: int) -> list[list[str]]:
    symbol = {(False, False): ".", (True, False): "|", (False, True): "-", (True, True): "+"}
    return [
        [symbol[(piece[(r, c, V)] is True, piece[(r, c, H)] is True)] for c in range(cols)]
        for r in range(rows)
    ]


def is_answer(circles: list[list[str]], board: list[list[str]]) -> bool:
    """The whole rules on a complete board."""
    rows, cols = len(circles), len(circles[0])

    def has(r: int, c: int, d: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and board[r][c] in ("|+" if d == V else "-+")

    def run(r: int, c: int, d: int) -> list[tuple[int, int]]:
        dr, dc = STEP[d]
        while has(r - dr, c - dc, d):
            r, c = r - dr, c - dc
        cells = []
        while has(r, c, d):
            cells.append((r, c))
            r, c = r + dr, c + dc
        return cells

    for r in range(rows):
        for c in range(cols):
            if circles[r][c] != ".":
                if board[r][c] != ".":
                    return False
                poles = [
                    len(run(r + dr, c + dc, d))
                    for dr, dc, d in ((-1, 0, V), (1, 0, V), (0, -1, H), (0, 1, H))
                    if has(r + dr, c + dc, d)
                ]
                if len(poles) != 1 or circles[r][c] not in ("?", str(poles[0])):
                    return False
            for d in (V, H):
                if has(r, c, d):
                    bar = run(r, c, d)
                    crossing = [len(run(i, j, 1 - d)) for i, j in bar if has(i, j, 1 - d)]
                    if len(bar) not in crossing:
                        return False
    cells = [(r, c) for r in range(rows) for c in range(cols) if board[r][c] != "."]
    edges = [
        ((r, c), (r + dr, c + dc))
        for r, c in cells
        for d, (dr, dc) in STEP.items()
        if has(r, c, d) and has(r + dr, c + dc, d)
    ]
    if not cells or len(edges) != len(cells) - 1:  # a tree has one edge fewer than cells
        return False
    near: dict = {cell: [] for cell in cells}
    for a, b in edges:
        near[a].append(b)
        near[b].append(a)
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        for other in near[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def solutions(circles: list[list[str]], limit: int = 2) -> list[list[list[str]]]:
    """Up to `limit` different answers, each the rows of cell tokens (`.` on the circles)."""
    rows, cols = len(circles), len(circles[0])
    inside = {(r, c) for r in range(rows) for c in range(cols)}
    piece: dict = {}  # (r, c, d) -> True, False or None (open)
    for r, c in sorted(inside):
        for d in (V, H):
            piece[(r, c, d)] = False if circles[r][c] != "." else None
    bars: list[tuple[int, int, int, int]] = []  # (r, c, d, length): placed bars, from their start
    found: list[list[list[str]]] = []

    def extents(r: int, c: int, d: int, length: int | None = None):
        """Every bar of direction d through (r, c) (of the length, if given) the pieces allow:
        (start row, start column, length)."""
        dr, dc = STEP[d]
        for back in range(max(rows, cols)):
            sr, sc = r - back * dr, c - back * dc
            if (sr, sc) not in inside or piece[(sr, sc, d)] is False:
                break
            if piece.get((sr - dr, sc - dc, d)) is True:
                continue
            for n in range(back + 1, max(rows, cols) + 1):
                er, ec = sr + (n - 1) * dr, sc + (n - 1) * dc
                if (er, ec) not in inside or piece[(er, ec, d)] is False:
                    break
                if piece.get((er + dr, ec + dc, d)) is True:
                    continue
                if length is None or n == length:
                    yield sr, sc, n

    def place(sr: int, sc: int, d: int, n: int) -> list | None:
        """Sets the bar's pieces; the changes made, to undo, or None where it does not fit."""
        dr, dc = STEP[d]
        want = [((sr + k * dr, sc + k * dc, d), True) for k in range(n)]
        want += [((sr - dr, sc - dc, d), False), ((sr + n * dr, sc + n * dc, d), False)]
        changes = []
        for key, value in want:
            if key not in piece:
                continue
            if piece[key] is None:
                piece[key] = value
                changes.append(key)
            elif piece[key] != value:
                for undo in changes:
                    piece[undo] = None
                return None
        if (sr, sc, d, n) not in bars:
            bars.append((sr, sc, d, n))
            changes.append(None)  # marks a bar added
        return changes

    def undo(changes: list) -> None:
        for key in changes:
            if key is None:
                bars.pop()
            else:
                piece[key] = None

    def bar_at(r: int, c: int, d: int) -> int:
        """The length of the placed bar holding the piece."""
        dr, dc = STEP[d]
        n = 1
        i, j = r - dr, c - dc
        while piece.get((i, j, d)) is True:
            n, i, j = n + 1, i - dr, j - dc
        i, j = r + dr, c + dc
        while piece.get((i, j, d)) is True:
            n, i, j = n + 1, i + dr, j + dc
        return n

    def consistent() -> bool:
        """The pieces present form no loop and all reach one another through pieces not
        absent."""
        parent: dict = {}

        def root(x):
            while parent.setdefault(x, x) != x:
                x = parent[x]
            return x

        for r, c in inside:
            for d, (dr, dc) in STEP.items():
                if piece[(r, c, d)] is True and piece.get((r + dr, c + dc, d)) is True:
                    a, b = root((r, c)), root((r + dr, c + dc))
                    if a == b:
                        return False
                    parent[a] = b
        present = [(r, c) for r, c in inside if piece[(r, c, V)] or piece[(r, c, H)]]
        if not present:
            return True
        seen, todo = {present[0]}, [present[0]]
        while todo:
            r, c = todo.pop()
            for d, (dr, dc) in STEP.items():
                if piece[(r, c, d)] is False:
                    continue
                for other in ((r + dr, c + dc), (r - dr, c - dc)):
                    if other in inside and other not in seen and piece[(*other, d)] is not False:
                        seen.add(other)
                        todo.append(other)
        return all(cell in seen for cell in present)

    order = sorted((r, c) for r, c in inside if circles[r][c] != ".")
    sides = ((-1, 0, V), (1, 0, V), (0, -1, H), (0, 1, H))

    def circle_choices(r: int, c: int):
        """The bar of each side that may be the circle's: the other sides' pieces absent."""
        for k, (dr, dc, d) in enumerate(sides):
            nr, nc = r + dr, c + dc
            if (nr, nc) not in inside or piece[(nr, nc, d)] is False:
                continue
            others = [(r + er, c + ec, e) for i, (er, ec, e) in enumerate(sides) if i != k]
            if any(piece.get(key) is True for key in others):
                continue
            for sr, sc, n in extents(nr, nc, d):
                ends = {(sr, sc), (sr + (n - 1) * STEP[d][0], sc + (n - 1) * STEP[d][1])}
                if (nr, nc) in ends and circles[r][c] in ("?", str(n)):
                    yield others, (sr, sc, d, n)

    def search(stage: int) -> None:
        if len(found) >= limit or not consistent():
            return
        if stage < len(order):  # the circles, one by one
            r, c = order[stage]
            for others, bar in circle_choices(r, c):
                cleared = [key for key in others if piece.get(key) is None]
                for key in cleared:
                    piece[key] = False
                changes = place(*bar)
                if changes is not None:
                    search(stage + 1)
                    undo(changes)
                for key in cleared:
                    piece[key] = None
            return
        for sr, sc, d, n in bars:  # a bar crossing none of its length
            dr, dc = STEP[d]
            cells = [(sr + k * dr, sc + k * dc) for k in range(n)]
            if any(piece[(i, j, 1 - d)] is True and bar_at(i, j, 1 - d) == n for i, j in cells):
                continue
            for i, j in cells:
                for option in list(extents(i, j, 1 - d, n)):
                    changes = place(*option[:2], 1 - d, n)
                    if changes is not None:
                        search(stage)
                        undo(changes)
            return
        for key, value in piece.items():  # an open piece: absent, or on a bar
            if value is None:
                r, c, d = key
                piece[key] = False
                search(stage)
                piece[key] = None
                for sr, sc, n in list(extents(r, c, d)):
                    changes = place(sr, sc, d, n)
                    if changes is not None:
                        search(stage)
                        undo(changes)
                return
        board = _draw(piece, rows, cols)
        if board not in found and is_answer(circles, board):
            found.append(board)

    search(0)
    return found
