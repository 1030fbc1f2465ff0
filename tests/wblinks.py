"""An independent search for Shirokuro-link (wblink) answers, sharing no code with dslsolve:
every circle is joined to one circle of the other colour by a straight line through cell
centres that passes no circle and crosses no other line. The first circle without its line
(in reading order) tries each of its four directions: the line runs to the first circle that
way, which must be of the other colour and free, through cells no line holds yet."""

from __future__ import annotations

from pathlib import Path

Cell = tuple[int, int]
Link = frozenset[Cell]  # the two cells a used link joins
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
# the line pieces of a solution file: the sides each one reaches (read by tests/ichimagas.py's
# test too, whose circles have up to four lines)
SIDES = {
    "╵": "u", "╷": "d", "╴": "l", "╶": "r", "│": "ud", "─": "lr",
    "┘": "ul", "└": "ur", "┐": "dl", "┌": "dr", ".": "",
    "├": "udr", "┤": "udl", "┬": "dlr", "┴": "ulr", "┼": "udlr",
}  # fmt: skip


def read_circles(path: Path) -> list[str]:
    """The `circles:` section: one row of `w`, `b` or `.` per row (spaces ignored)."""
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    rows = [line for line in lines[lines.index("circles:") + 1 :] if line.strip()]
    return ["".join(row.split()) for row in rows]


def read_links(path: Path) -> set[Link]:
    """The used links of a solution file of line pieces."""
    links = set()
    for r, row in enumerate(path.read_text().split("\n")):
        for c, piece in enumerate(row.split()):
            for side in SIDES[piece]:
                dr, dc = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}[side]
                links.add(frozenset({(r, c), (r + dr, c + dc)}))
    return links


def solutions(circles: list[str], limit: int = 2) -> list[set[Link]]:
    """Up to `limit` answers, each the set of used links."""
    rows, columns = len(circles), len(circles[0])
    ends = [(r, c) for r in range(rows) for c in range(columns) if circles[r][c] != "."]
    matched: set[Cell] = set()
    held: set[Cell] = set()  # cells a line runs through
    links: list[Link] = []
    found: list[set[Link]] = []

    def search() -> None:
        if len(found) >= limit:
            return
        start = next((e for e in ends if e not in matched), None)
        if start is None:
            found.append(set(links))
            return
        for dr, dc in STEPS:
            path = [start]
            r, c = start[0] + dr, start[1] + dc
            while (
                0 <= r < rows and 0 <= c < columns and circles[r][c] == "." and (r, c) not in held
            ):
                path.append((r, c))
                r, c = r + dr, c + dc
            inside = 0 <= r < rows and 0 <= c < columns
            if not inside or circles[r][c] == "." or (r, c) in matched:
                continue  # the edge, a line in the way, or a circle already joined
            if circles[r][c] == circles[start[0]][start[1]]:
                continue
            path.append((r, c))
            made = [frozenset(pair) for pair in zip(path, path[1:], strict=False)]
            matched.update((start, (r, c)))
            held.update(path[1:-1])
            links.extend(made)
            search()
            del links[len(links) - len(made) :]
            held.difference_update(path[1:-1])
            matched.difference_update((start, (r, c)))

    search()
    return found
