"""A search independent of dslsolve for the genres where circles move in a straight line
(heyabon, bonsan, yosenabe; docs/genres.md): each circle takes one move, a direction and a
distance (its number's, or any for a circle without one, 0 included), circles decided in
reading order. A move's track, the cells it passes and the cell it stops on, holds no
circle's start and no other track. A genre's test on where the circles end is checked for
each room as soon as every circle that could end in the room's bounding box has moved, and
once more at the end.

Also here: the links of a solution drawn as the solver prints lines (`edges:`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cellsearch import Cell, by_cell, solutions

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
Move = tuple[int, int, int]  # row step, column step, distance


def track(start: Cell, move: Move) -> list[Cell]:
    dr, dc, distance = move
    return [(start[0] + dr * i, start[1] + dc * i) for i in range(1, distance + 1)]


def end(start: Cell, move: Move) -> Cell:
    dr, dc, distance = move
    return (start[0] + dr * distance, start[1] + dc * distance)


def move_solutions(
    rooms: list[list[str]],
    circles: list[list[str]],
    room_holds: Callable[[list[Cell], dict[Cell, str]], bool],
    most: int = 2,
    any_distance: bool = False,
) -> list[dict[Cell, Move]]:
    """Up to `most` moves of every circle (`o`: no number) such that `room_holds(cells, ends)`
    for each room (its cells, and where circles end anywhere on the board, each with its
    circle's token). A number is the distance, or with `any_distance` only the circle's value
    (yosenabe): then every circle moves any distance and ends in a room; cells labelled `.`
    are in no room."""
    height, width = len(circles), len(circles[0])
    start = {cell: t for cell, t in by_cell(circles).items() if t != "."}
    room = by_cell(rooms)
    members: dict[str, list[Cell]] = {}
    for cell, label in room.items():
        if label != ".":
            members.setdefault(label, []).append(cell)

    def inside(cell: Cell) -> bool:
        return 0 <= cell[0] < height and 0 <= cell[1] < width

    def moves(cell: Cell) -> list[Move]:
        token = start[cell]
        free = token == "o" or any_distance
        longest = max(height, width) if free else int(token)
        found = [(0, 0, 0)] if free or token == "0" else []
        for dr, dc in STEPS:
            for distance in range(1, longest + 1):
                path = track(cell, (dr, dc, distance))
                if not inside(path[-1]) or path[-1] in start:
                    break  # off the board, or over a circle: no farther either
                if free or distance == int(token):
                    found.append((dr, dc, distance))
        if any_distance:  # every circle ends in a room
            found = [move for move in found if room.get(end(cell, move), ".") != "."]
        return found

    options = {cell: moves(cell) for cell in start}
    reach: dict[Cell, set[Cell]] = {}  # cell -> the circles that could end there
    for cell, found in options.items():
        for move in found:
            reach.setdefault(end(cell, move), set()).add(cell)
    boxes = {}
    for label, cells in members.items():
        rs, cs = [r for r, _ in cells], [c for _, c in cells]
        box = [(r, c) for r in range(min(rs), max(rs) + 1) for c in range(min(cs), max(cs) + 1)]
        boxes[label] = set().union(*(reach.get(cell, set()) for cell in box))

    def ends(placed: dict) -> dict[Cell, str]:
        return {end(cell, move): start[cell] for cell, move in placed.items()}

    def fits(placed: dict, cell: Cell) -> bool:
        mine = track(cell, placed[cell])
        taken = {c for other, move in placed.items() if other != cell for c in track(other, move)}
        if any(c in taken or c in start for c in mine):
            return False
        done = set(placed)
        landed = ends(placed)
        return all(
            room_holds(members[label], landed)
            for label, needed in boxes.items()
            if cell in needed and needed <= done
        )

    def whole(placed: dict) -> bool:
        landed = ends(placed)
        return all(room_holds(cells, landed) for cells in members.values())

    return solutions(sorted(start), options.__getitem__, fits, whole, most=most)


def symmetric(cells: list[Cell], ends: dict[Cell, str]) -> bool:
    """A cell of the room holds a circle exactly where the cell opposite it about the centre
    of the room's bounding box does (pzprjs's check: that cell may lie outside the room)."""
    rs, cs = [r for r, _ in cells], [c for _, c in cells]
    return all(
        (cell in ends) == ((min(rs) + max(rs) - cell[0], min(cs) + max(cs) - cell[1]) in ends)
        for cell in cells
    )


def links_of(start: Cell, move: Move) -> set[frozenset]:
    cells = [start, *track(start, move)]
    return {frozenset(pair) for pair in zip(cells, cells[1:], strict=False)}


def drawn_links(path: Path) -> set[frozenset]:
    """The links of a drawing as the solver prints it: `-` between two cells of a row, `|`
    between two cells of a column."""
    lines = path.read_text().splitlines()
    found = set()
    for index, line in enumerate(lines[1:-1], start=1):
        for at, char in enumerate(line):
            if index % 2 == 1 and char == "-" and at % 2 == 0:
                r, c = (index - 1) // 2, at // 2 - 1
                found.add(frozenset({(r, c), (r, c + 1)}))
            if index % 2 == 0 and char == "|" and at % 2 == 1:
                r, c = index // 2 - 1, (at - 1) // 2
                found.add(frozenset({(r, c), (r + 1, c)}))
    return found
