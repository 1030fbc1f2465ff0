"""An independent search for Icelom and Icelom 2 answers (docs/genres.md), sharing no code with
dslsolve: one path walked from the IN gate, cell by cell, until it leaves the grid at the OUT
gate. On ice it goes straight on and may come back once across its first pass; any other cell
it visits once, going straight or turning. No link is walked twice and no step leaves the grid
but the last one. The numbered cells it visits are counted as it goes: the k-th visit of one
is at a number k (or a `?`). When it leaves, every numbered cell must have been visited, and
every cell without ice (icelom) or every area of ice (icelom 2).

The walk tries the ways on in a fixed order, so every path is met once. It stops early where
it cannot finish: a cell without ice that is yet to be visited (icelom) with fewer than two
sides it could still be reached by, or a number that came too late or too early."""

from __future__ import annotations

import time
from pathlib import Path

Cell = tuple[int, int]
Link = frozenset[Cell]
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
TURNS = {"U": "LR", "D": "LR", "L": "UD", "R": "UD"}
DEADLINE = None  # a generator's time cap (time.time()), unset in the tests


def read_sections(path: Path) -> dict[str, list[list[str]]]:
    """Each section of a puzzle file (`ice:`, `numbers:`, `gates:`): rows of tokens."""
    sections: dict[str, list[list[str]]] = {}
    name = None
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.endswith(":"):
            name = line[:-1]
            sections[name] = []
        else:
            sections[name].append(line.split())
    return sections


def _gates(gates: list[list[str]]) -> tuple[tuple[Cell, str], tuple[Cell, str]]:
    """(entrance, its direction of travel), (exit, its direction): the entrance has the
    outline behind it, the exit ahead of it."""
    rows, columns = len(gates), len(gates[0])
    found = {}
    for r, row in enumerate(gates):
        for c, token in enumerate(row):
            if token == ".":
                continue
            dr, dc = STEP[token]
            ahead = not (0 <= r + dr < rows and 0 <= c + dc < columns)
            found["out" if ahead else "in"] = ((r, c), token)
    return found["in"], found["out"]


def _ice_areas(ice: list[list[str]]) -> list[set[Cell]]:
    rows, columns = len(ice), len(ice[0])
    seen: set[Cell] = set()
    areas = []
    for r in range(rows):
        for c in range(columns):
            if ice[r][c] == "." or (r, c) in seen:
                continue
            area, todo = set(), [(r, c)]
            seen.add((r, c))
            while todo:
                cr, cc = todo.pop()
                area.add((cr, cc))
                for dr, dc in STEP.values():
                    n = (cr + dr, cc + dc)
                    inside = 0 <= n[0] < rows and 0 <= n[1] < columns
                    if inside and n not in seen and ice[n[0]][n[1]] != ".":
                        seen.add(n)
                        todo.append(n)
            areas.append(area)
    return areas


def solutions(
    sections: dict[str, list[list[str]]], every_white: bool, limit: int = 2
) -> list[set[Link]]:
    """Up to `limit` answers, each the set of used links. `every_white`: icelom (every cell
    without ice visited); otherwise icelom 2 (every area of ice visited)."""
    ice, numbers = sections["ice"], sections["numbers"]
    rows, columns = len(ice), len(ice[0])
    (start, heading), (goal, leaving) = _gates(sections["gates"])
    on_ice = {(r, c) for r in range(rows) for c in range(columns) if ice[r][c] != "."}
    numbered = {
        (r, c): numbers[r][c] for r in range(rows) for c in range(columns) if numbers[r][c] != "."
    }
    white = {(r, c) for r in range(rows) for c in range(columns)} - on_ice
    areas = _ice_areas(ice)
    visits: dict[Cell, list[str]] = {}  # the direction each visit went on in
    used: set[Link] = set()
    found: list[set[Link]] = []

    def inside(cell: Cell) -> bool:
        return 0 <= cell[0] < rows and 0 <= cell[1] < columns

    def open_sides(cell: Cell) -> int:
        """The sides by which a cell yet to be visited may still be entered or left."""
        count = 0
        for dr, dc in STEP.values():
            n = (cell[0] + dr, cell[1] + dc)
            if inside(n):
                full = n not in on_ice and n in visits and n != here[0]
                count += not full
            elif cell in (start, goal):
                count += 1
        return count

    here = [start]

    def reachable(cell: Cell) -> bool:
        """Every cell still to be visited (and the exit) can be reached from `cell` through
        cells the path may still enter."""
        seen, todo = {cell}, [cell]
        while todo:
            cr, cc = todo.pop()
            for dr, dc in STEP.values():
                n = (cr + dr, cc + dc)
                if inside(n) and n not in seen and (n in on_ice or n not in visits):
                    seen.add(n)
                    todo.append(n)
        needed = [c for c in numbered if c not in visits]
        if every_white:
            needed += [c for c in white if c not in visits]
        return goal in seen and all(c in seen for c in needed)

    def next_in_reach(cell: Cell, count: int) -> bool:
        """No number up to `count` is left behind, and the number after it (if any) can be
        reached without passing another number first."""
        ahead = None
        for c, token in numbered.items():
            if token != "?" and c not in visits and c != cell:
                if int(token) <= count:
                    return False
                if int(token) == count + 1:
                    ahead = c
        if ahead is None:
            return True
        seen, todo = {cell}, [cell]
        while todo:
            cr, cc = todo.pop()
            for dr, dc in STEP.values():
                n = (cr + dr, cc + dc)
                if inside(n) and n not in seen and (n in on_ice or n not in visits):
                    if n == ahead:
                        return True
                    seen.add(n)
                    if n not in numbered:
                        todo.append(n)
        return False

    def finished() -> bool:
        if any(cell not in visits for cell in numbered):
            return False
        if every_white:
            return all(cell in visits for cell in white)
        return all(any(cell in visits for cell in area) for area in areas)

    def walk(cell: Cell, moving: str, count: int) -> None:
        """The path is at `cell`, come in moving `moving`, after `count` numbered visits."""
        if len(found) >= limit:
            return
        if DEADLINE is not None and time.time() > DEADLINE:
            raise TimeoutError
        token = numbered.get(cell)
        if token is not None:
            count += 1
            if token != "?" and int(token) != count:
                return
        ways = moving if cell in on_ice else moving + TURNS[moving]  # straight on ice
        here[0] = cell
        if every_white and any(open_sides(w) < 2 for w in white if w not in visits and w != cell):
            return
        if not reachable(cell) or not next_in_reach(cell, count):
            return
        for way in ways:
            if cell in visits and any(TURNS[way].find(first) < 0 for first in visits[cell]):
                continue  # a second pass crosses the first one
            dr, dc = STEP[way]
            nxt = (cell[0] + dr, cell[1] + dc)
            visits.setdefault(cell, []).append(way)
            if not inside(nxt):
                if cell == goal and way == leaving and finished():
                    found.append(set(used))
            else:
                link = frozenset({cell, nxt})
                full = len(visits.get(nxt, ())) >= (2 if nxt in on_ice else 1)
                if link not in used and not full:
                    used.add(link)
                    walk(nxt, way, count)
                    used.discard(link)
            visits[cell].pop()
            if not visits[cell]:
                del visits[cell]

    walk(start, heading, 0)
    return found
