"""Onsen-meguri (docs/genres.md): every shipped instance has exactly one solution by a search
that shares no code with dslsolve, and it is the shipped solution (which test_genres checks
dslsolve finds).

The search chooses a piece for every cell in reading order (nothing, a turn or a straight
piece; a circle's cell is never empty), each agreeing with the cells above and to the left.
Two union-finds follow the drawing: one joins the cells of a loop, one the cells of a stretch
(a loop's cells joined by links inside one room). It cuts a choice where a loop would hold two
circles, where a loop with a number has more cells in one room than the number, where a
stretch that has left its room at both ends is not as long as its loop's number, and where a
room is passed over without a visited cell. A loop that closes is checked whole: one circle,
one stretch in every room it passes, all of one length (the number, if it has one)."""

from __future__ import annotations

import pytest
from test_loop_genres import sections

from helpers import PUZZLES, solution_file

Cell = tuple[int, int]
PIECES = {
    "": "",
    "─": "LR",
    "│": "UD",
    "┌": "DR",
    "┐": "DL",
    "└": "UR",
    "┘": "UL",
}
SYMBOL = {sides: symbol for symbol, sides in PIECES.items()}


class Search:
    def __init__(self, rooms: list[list[str]], circles: list[list[str]]) -> None:
        self.rows, self.columns = len(rooms), len(rooms[0])
        self.room = {(r, c): t for r, row in enumerate(rooms) for c, t in enumerate(row)}
        self.circle = {
            (r, c): t for r, row in enumerate(circles) for c, t in enumerate(row) if t != "."
        }
        self.last = {}  # each room's last cell in reading order
        for cell in sorted(self.room):
            self.last[self.room[cell]] = cell
        self.found: list[dict[Cell, str]] = []

    def solve(self, most: int = 2) -> list[dict[Cell, str]]:
        self.most = most
        self.chosen: dict[Cell, str] = {}
        self.loop: dict[Cell, Cell] = {}
        self.stretch: dict[Cell, Cell] = {}
        self.visited_rooms: set[str] = set()
        self._search(0)
        return self.found

    @staticmethod
    def _find(parent: dict[Cell, Cell], cell: Cell) -> Cell:
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    def _options(self, cell: Cell) -> list[str]:
        r, c = cell
        up = r > 0 and "D" in self.chosen[(r - 1, c)]
        left = c > 0 and "R" in self.chosen[(r, c - 1)]
        out = []
        for sides in PIECES.values():
            if ("U" in sides) != up or ("L" in sides) != left:
                continue
            if ("D" in sides and r == self.rows - 1) or ("R" in sides and c == self.columns - 1):
                continue
            if not sides and cell in self.circle:
                continue
            out.append(sides)
        return out

    def _search(self, at: int) -> None:
        if len(self.found) >= self.most:
            return
        if at == self.rows * self.columns:
            self.found.append(dict(self.chosen))
            return
        cell = divmod(at, self.columns)
        for sides in self._options(cell):
            saved = (dict(self.loop), dict(self.stretch), set(self.visited_rooms))
            self.chosen[cell] = sides
            if self._place(cell, sides):
                self._search(at + 1)
            del self.chosen[cell]
            self.loop, self.stretch, self.visited_rooms = saved

    def _place(self, cell: Cell, sides: str) -> bool:
        r, c = cell
        room = self.room[cell]
        if sides:
            self.visited_rooms.add(room)
            self.loop[cell] = cell
            self.stretch[cell] = cell
            closed = False
            for side, other in (("U", (r - 1, c)), ("L", (r, c - 1))):
                if side not in sides:
                    continue
                a, b = self._find(self.loop, cell), self._find(self.loop, other)
                if a == b:
                    closed = True
                else:
                    self.loop[a] = b
                if self.room[other] == room:
                    self.stretch[self._find(self.stretch, cell)] = self._find(self.stretch, other)
            if not self._loop_fits(cell, closed):
                return False
        return self.last[room] != cell or room in self.visited_rooms

    def _loop_fits(self, cell: Cell, closed: bool) -> bool:
        root = self._find(self.loop, cell)
        cells = [x for x in self.loop if self._find(self.loop, x) == root]
        circles = [self.circle[x] for x in cells if x in self.circle]
        if len(circles) > 1 or (closed and not circles):
            return False
        number = int(circles[0]) if circles and circles[0] != "?" else None
        per_room: dict[str, int] = {}
        for x in cells:
            per_room[self.room[x]] = per_room.get(self.room[x], 0) + 1
        if number is not None and max(per_room.values()) > number:
            return False
        stretches: dict[Cell, list[Cell]] = {}
        for x in cells:
            stretches.setdefault(self._find(self.stretch, x), []).append(x)
        lengths = set()
        for members in stretches.values():
            if closed or self._left_twice(members):
                lengths.add(len(members))
        if number is not None and lengths - {number}:
            return False
        if closed:
            rooms = [self.room[members[0]] for members in stretches.values()]
            return len(lengths) == 1 and len(rooms) == len(set(rooms))
        return True

    def _left_twice(self, members: list[Cell]) -> bool:
        """Whether a stretch has left its room at both ends (every side of it decided)."""
        exits = 0
        for r, c in members:
            for side, (dr, dc) in (("U", (-1, 0)), ("D", (1, 0)), ("L", (0, -1)), ("R", (0, 1))):
                if side not in self.chosen[(r, c)]:
                    continue
                other = (r + dr, c + dc)
                if other not in self.chosen:
                    return False  # still open toward an undecided cell
                if self.room[other] != self.room[(r, c)]:
                    exits += 1
        return exits == 2


INSTANCES = sorted(p for p in (PUZZLES / "onsen").glob("*.txt") if "solution" not in p.name)


def test_the_test_board_and_two_more_instances_ship():
    names = [p.stem for p in INSTANCES]
    assert "puzzlink-6x6" in names and len(names) >= 3
    assert any(int(p.stem.split("-")[-1].split("x")[0]) >= 8 for p in INSTANCES)


@pytest.mark.parametrize("puzzle", INSTANCES, ids=lambda p: p.stem)
def test_the_one_solution_is_the_shipped_solution(puzzle):
    given = sections(puzzle)
    found = Search(given["rooms"], given["circles"]).solve()
    assert len(found) == 1
    drawing = [line.split() for line in solution_file(puzzle).read_text().splitlines()]
    shipped = {
        (r, c): PIECES.get(token, "")
        for r, row in enumerate(drawing)
        for c, token in enumerate(row)
    }
    assert found[0] == shipped


def test_the_search_finds_every_solution_of_an_ambiguous_board():
    """Two circles of 4 in a 2x4 board of two 2x2 rooms: one square loop in each room (a loop
    of all eight cells would hold both circles). A '?' circle in the middle of one 2x3 room:
    a square on the left, a square on the right, or a loop of all six cells."""
    rooms = [["a", "a", "b", "b"], ["a", "a", "b", "b"]]
    circles = [["4", ".", ".", "4"], [".", ".", ".", "."]]
    [one] = Search(rooms, circles).solve()
    assert "".join(SYMBOL[one[(0, c)]] for c in range(4)) == "┌┐┌┐"
    rooms = [["a", "a", "a"], ["a", "a", "a"]]
    circles = [[".", "?", "."], [".", ".", "."]]
    assert len(Search(rooms, circles).solve(most=5)) == 3
