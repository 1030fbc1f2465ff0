"""An independent search for ichimaga answers, sharing no code with dslsolve: lines through
cell centres join two circles each, straight or with one turn, through empty cells that no
other line holds (no branch, no crossing); a circle's number is its count of lines (a `?`
circle has at least one), and the circles and lines are all connected. Magnetic (ichimagam):
no line joins two circles of the same number (a `?` circle may meet any). Crossing (ichimagax):
two lines may share an empty cell that both pass straight through, one across and one down;
they are not joined there (the circles are connected through the lines' ends only).

Every possible line is listed first (two circles in a row or column with empty cells between
them, or an L through an empty corner cell); circles are then completed in reading order, each
taking further lines in the order of the list, so that every set of lines is met once."""

from __future__ import annotations

from pathlib import Path

Cell = tuple[int, int]
Link = frozenset[Cell]


def read_circles(path: Path) -> list[list[str]]:
    """The `circles:` section: rows of tokens (a number, `?`, `.`) split by spaces."""
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    rows = [line for line in lines[lines.index("circles:") + 1 :] if line.strip()]
    return [row.split() for row in rows]


def _straight(a: Cell, b: Cell) -> list[Cell]:
    """The cells from a to b in a row or column, both included."""
    (r1, c1), (r2, c2) = a, b
    dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
    steps = max(abs(r2 - r1), abs(c2 - c1))
    return [(r1 + dr * k, c1 + dc * k) for k in range(steps + 1)]


def candidates(
    circles: list[list[str]], magnetic: bool = False
) -> list[tuple[Cell, Cell, list[Cell]]]:
    """Every possible line: (one end, the other end, its cells in order); magnetic: none
    between two circles of one number."""
    ends = [(r, c) for r, row in enumerate(circles) for c, t in enumerate(row) if t != "."]

    def empty(cells: list[Cell]) -> bool:
        return all(circles[r][c] == "." for r, c in cells)

    found = []
    for i, a in enumerate(ends):
        for b in ends[i + 1 :]:
            if magnetic and circles[a[0]][a[1]] == circles[b[0]][b[1]] != "?":
                continue
            if a[0] == b[0] or a[1] == b[1]:
                path = _straight(a, b)
                if empty(path[1:-1]):
                    found.append((a, b, path))
                continue
            for corner in ((a[0], b[1]), (b[0], a[1])):
                path = _straight(a, corner) + _straight(corner, b)[1:]
                if empty(path[1:-1]):
                    found.append((a, b, path))
    return found


def _passes(path: list[Cell]) -> dict[Cell, str]:
    """How a line passes each of its inner cells: `-` across, `|` down, `+` turning."""
    out = {}
    for before, cell, after in zip(path, path[1:], path[2:], strict=False):
        if before[0] == after[0]:
            out[cell] = "-"
        elif before[1] == after[1]:
            out[cell] = "|"
        else:
            out[cell] = "+"
    return out


def solutions(
    circles: list[list[str]], limit: int = 2, magnetic: bool = False, crossing: bool = False
) -> list[set[Link]]:
    """Up to `limit` answers, each the set of used links."""
    ends = [(r, c) for r, row in enumerate(circles) for c, t in enumerate(row) if t != "."]
    lines = candidates(circles, magnetic)
    at = {e: [i for i, (a, b, _) in enumerate(lines) if e in (a, b)] for e in ends}
    want = {e: (None if circles[e[0]][e[1]] == "?" else int(circles[e[0]][e[1]])) for e in ends}
    have = dict.fromkeys(ends, 0)
    held: dict[Cell, list[str]] = {}  # how the lines pass each cell they run through
    chosen: list[int] = []
    found: list[set[Link]] = []

    def connected() -> bool:
        parent = {e: e for e in ends}

        def root(e: Cell) -> Cell:
            while parent[e] != e:
                e = parent[e]
            return e

        for i in chosen:
            a, b, _ = lines[i]
            parent[root(a)] = root(b)
        return len({root(e) for e in ends}) == 1

    def full(e: Cell) -> bool:
        return want[e] is not None and have[e] >= want[e]

    def search(index: int, after: int) -> None:
        if len(found) >= limit:
            return
        while index < len(ends) and full(ends[index]):
            index, after = index + 1, -1
        if index == len(ends):
            if connected():
                links = set()
                for i in chosen:
                    path = lines[i][2]
                    links.update(frozenset(p) for p in zip(path, path[1:], strict=False))
                found.append(links)
            return
        e = ends[index]
        if want[e] is None and have[e] >= 1:  # a `?` circle may stop here
            search(index + 1, -1)
        for i in at[e]:
            a, b, path = lines[i]
            other = b if a == e else a
            if i <= after or full(other) or ends.index(other) < index:
                continue  # taken in order; circles before this one are complete
            passes = _passes(path)
            if any(
                cell in held and not (crossing and {way, *held[cell]} == {"-", "|"})
                for cell, way in passes.items()
            ):
                continue
            have[a] += 1
            have[b] += 1
            for cell, way in passes.items():
                held.setdefault(cell, []).append(way)
            chosen.append(i)
            if not (want[other] is not None and have[other] > want[other]):
                search(index, i)
            chosen.pop()
            for cell in passes:
                held[cell].pop()
                if not held[cell]:
                    del held[cell]
            have[a] -= 1
            have[b] -= 1
        return

    search(0, -1)
    return found
