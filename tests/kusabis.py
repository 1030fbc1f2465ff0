"""An independent search for kusabi answers, sharing no code with dslsolve: circles are joined
in pairs by lines through empty cells that no other line holds; every line is a bracket (a leg
from one circle, a bar at a right angle, a leg back in the direction the first one came from,
to the other circle); the marks of the two circles are 1 and 1 (legs of equal length), 2 and 3
(the leg at 2 shorter), or one of them `?` (the other mark still decides the legs).

Every possible line is listed first (from each circle, each direction of its leg, each length
of the leg and of the bar, each side of the bar; the second leg runs back to the first circle
it meets); circles are then completed in reading order, each taking one line of the list."""

from __future__ import annotations

from pathlib import Path

Cell = tuple[int, int]
Link = frozenset[Cell]
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def read_circles(path: Path) -> list[list[str]]:
    """The `circles:` section: rows of tokens (1, 2, 3, `?`, `.`) split by spaces."""
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    rows = [line for line in lines[lines.index("circles:") + 1 :] if line.strip()]
    return [row.split() for row in rows]


def _fits(a: str, b: str, leg_a: int, leg_b: int) -> bool:
    """Whether circles marked a and b may be joined by a bracket with these legs."""
    if "?" not in (a, b) and (a, b) not in (("1", "1"), ("2", "3"), ("3", "2")):
        return False
    if "1" in (a, b) and leg_a != leg_b:
        return False
    if (a == "2" or b == "3") and not leg_a < leg_b:
        return False
    return not ((a == "3" or b == "2") and not leg_a > leg_b)


def candidates(circles: list[list[str]]) -> list[tuple[Cell, Cell, list[Cell]]]:
    """Every possible line: (one end, the other end, its cells in order)."""
    rows, cols = len(circles), len(circles[0])

    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols

    found: dict[frozenset[Cell], tuple[Cell, Cell, list[Cell]]] = {}
    for r0, row in enumerate(circles):
        for c0, mark in enumerate(row):
            if mark == ".":
                continue
            for dr, dc in STEPS:
                leg = [(r0, c0)]
                while True:  # the first leg: up to its turn
                    r, c = leg[-1][0] + dr, leg[-1][1] + dc
                    if not inside(r, c) or circles[r][c] != ".":
                        break
                    leg.append((r, c))
                    for pr, pc in ((dc, dr), (-dc, -dr)):  # the bar, at a right angle
                        bar = [(r, c)]
                        while True:
                            br, bc = bar[-1][0] + pr, bar[-1][1] + pc
                            if not inside(br, bc) or circles[br][bc] != ".":
                                break
                            bar.append((br, bc))
                            back = [(br, bc)]  # the second leg, back against the first
                            while True:
                                kr, kc = back[-1][0] - dr, back[-1][1] - dc
                                if not inside(kr, kc):
                                    break
                                back.append((kr, kc))
                                if circles[kr][kc] != ".":
                                    cells = leg + bar[1:] + back[1:]
                                    if _fits(mark, circles[kr][kc], len(leg) - 1, len(back) - 1):
                                        found.setdefault(
                                            frozenset(cells), ((r0, c0), (kr, kc), cells)
                                        )
                                    break
    return list(found.values())


def solutions(circles: list[list[str]], limit: int = 2) -> list[set[Link]]:
    """Up to `limit` answers, each the set of used links."""
    ends = [(r, c) for r, row in enumerate(circles) for c, t in enumerate(row) if t != "."]
    lines = candidates(circles)
    at = {e: [i for i, (a, b, _) in enumerate(lines) if e in (a, b)] for e in ends}
    found: list[set[Link]] = []
    used: set[Cell] = set()
    chosen: list[int] = []

    def search() -> None:
        if len(found) >= limit:
            return
        free = [e for e in ends if e not in used]
        if not free:
            links = set()
            for i in chosen:
                cells = lines[i][2]
                links |= {frozenset(pair) for pair in zip(cells, cells[1:], strict=False)}
            found.append(links)
            return
        for i in at[free[0]]:
            cells = lines[i][2]
            if used.isdisjoint(cells):
                used.update(cells)
                chosen.append(i)
                search()
                chosen.pop()
                used.difference_update(cells)

    search()
    return found
