"""Nagareru-Loop (puzzles/nagare.yaml): every shipped instance has exactly one loop by a search
that shares no code with dslsolve, and that loop is the shipped solution's.

The search walks the loop itself, one way round: from an arrow (every arrow is on the loop,
left the way it points; with no arrow, from the first free cell, both ways), it steps to a
neighbour not yet visited until it comes back to the start. A step is refused into a shaded
cell, against an arrow (an arrow cell is entered from behind and left ahead), against the
wind (a cell the wind blows over is never left toward where the wind comes from) and across
it (a cell in the wind of a vertical arrow is not passed left-right straight, and the other
way round). A walk is cut when an arrow not yet visited can no longer be reached over free
cells. The wind is worked out here from the shaded arrows: up to the next shaded cell."""

from __future__ import annotations

import pytest

from helpers import PUZZLES, solution_file

STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
BACK = {"U": "D", "D": "U", "L": "R", "R": "L"}
AXIS = {"U": "V", "D": "V", "L": "H", "R": "H"}
PIECES = {"─": "LR", "│": "UD", "┌": "DR", "┐": "DL", "└": "UR", "┘": "UL"}


def read(path) -> list[list[str]]:
    lines = path.read_text().splitlines()
    return [line.split() for line in lines[lines.index("board:") + 1 :] if line.strip()]


def walks(board: list[list[str]], most: int = 2) -> list[frozenset]:
    """Up to `most` loops, each as its set of used links."""
    rows, columns = len(board), len(board[0])
    shaded = {(r, c) for r in range(rows) for c in range(columns) if board[r][c][0] == "#"}
    arrows = {(r, c): t for r in range(rows) for c in range(columns) if (t := board[r][c]) in STEP}
    wind: dict[tuple, set[str]] = {}
    for r, c in shaded:
        token = board[r][c]
        if "," not in token:
            continue
        d = token.split(",")[1]
        dr, dc = STEP[d]
        y, x = r + dr, c + dc
        while 0 <= y < rows and 0 <= x < columns and (y, x) not in shaded:
            wind.setdefault((y, x), set()).add(d)
            y, x = y + dr, x + dc

    def inside(cell) -> bool:
        return 0 <= cell[0] < rows and 0 <= cell[1] < columns and cell not in shaded

    def may_pass(cell, came: str, leave: str) -> bool:
        """Entered moving `came`, left moving `leave`."""
        if cell in arrows and (came != arrows[cell] or leave != arrows[cell]):
            return False
        for d in wind.get(cell, ()):
            if leave == BACK[d] or came == BACK[d]:
                return False
            if came == leave and AXIS[came] != AXIS[d]:
                return False
        return True

    def reachable(head, visited) -> bool:
        seen, todo = {head}, [head]
        while todo:
            r, c = todo.pop()
            for dr, dc in STEP.values():
                n = (r + dr, c + dc)
                if inside(n) and n not in seen and n not in visited:
                    seen.add(n)
                    todo.append(n)
        return all(a in seen or a in visited for a in arrows)

    found: list[frozenset] = []
    if arrows:  # the loop passes the first arrow, leaving it the way it points
        starts = [(min(arrows), [arrows[min(arrows)]])]
    else:  # the loop's first cell in reading order, left either way
        cells = [(r, c) for r in range(rows) for c in range(columns) if inside((r, c))]
        starts = [(cell, list(STEP)) for cell in cells]

    def walk(cell, came: str, path: list, visited: set, first: str) -> None:
        if len(found) >= most:
            return
        for leave, (dr, dc) in STEP.items():
            if leave == BACK[came] or not may_pass(cell, came, leave):
                continue
            nxt = (cell[0] + dr, cell[1] + dc)
            if nxt == start:
                if may_pass(start, leave, first) and all(a in visited for a in arrows):
                    links = frozenset(
                        frozenset(p) for p in zip(path, path[1:] + [start], strict=True)
                    )
                    if links not in found:
                        found.append(links)
                continue
            if not inside(nxt) or nxt in visited or nxt < low:
                continue
            visited.add(nxt)
            path.append(nxt)
            if reachable(nxt, visited):
                walk(nxt, leave, path, visited, first)
            path.pop()
            visited.remove(nxt)

    for start, firsts in starts:
        low = start if not arrows else (-1, -1)  # no cell before `low` is on the loop
        for first in firsts:
            # the start is left moving `first`: enter its neighbour that way
            dr, dc = STEP[first]
            nxt = (start[0] + dr, start[1] + dc)
            if inside(nxt) and nxt > low:
                walk(nxt, first, [start, nxt], {start, nxt}, first)
    return found


def loop_of(solution: list[list[str]]) -> frozenset:
    links = set()
    for r, row in enumerate(solution):
        for c, token in enumerate(row):
            sides = PIECES.get(token, "")
            if "R" in sides:
                links.add(frozenset({(r, c), (r, c + 1)}))
            if "D" in sides:
                links.add(frozenset({(r, c), (r + 1, c)}))
    return frozenset(links)


CASES = sorted(p for p in (PUZZLES / "nagare").glob("*.txt") if "solution" not in p.name)


def test_the_test_board_and_two_more_instances_ship():
    names = {path.stem for path in CASES}
    assert "example" in names and any(n.startswith("puzzlink") for n in names)
    assert any(n.startswith("constructed-8x8") for n in names) and len(names) >= 3


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_loop_is_the_shipped_solution(puzzle):
    found = walks(read(puzzle))
    assert len(found) == 1
    shipped = [line.split() for line in solution_file(puzzle).read_text().splitlines()]
    assert found[0] == loop_of(shipped)


def test_the_walk_follows_the_arrows_and_the_wind():
    """2x3 cells: an arrow is passed straight, so only the rectangle; a wind blowing left
    over the top row would have it run against the wind (no loop then); three loops without
    clues; a wind blowing up through the middle column forbids the rectangle's straight pass
    across it and leaves the squares, each run up the middle."""
    assert len(walks([list(".R."), list("...")], most=5)) == 1
    assert walks([[".", "R", "#,L"], list("..."), list("...")], most=5) == []
    assert len(walks([list("..."), list("...")], most=5)) == 3
    assert len(walks([list("..."), list("..."), ["#", "#,U", "#"]], most=5)) == 2
