"""Nondango (docs/genres.md): every shipped instance has exactly one solution by a search that
shares no code with dslsolve, and that solution is the shipped one (which test_genres checks
dslsolve finds). The search picks one circle per room to shade, room by room, and drops a
choice as soon as three consecutive cells of a row, column or diagonal, all decided, are all
black circles or all white circles."""

from __future__ import annotations

import pytest
from shadings import shipped_black

from helpers import PUZZLES, solution_file

Cell = tuple[int, int]
CASES = sorted(p for p in (PUZZLES / "nondango").glob("*.txt") if "solution" not in p.name)


def section(text: str, name: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index(f"{name}:") + 1
    rows = []
    for line in lines[start:]:
        if line.endswith(":"):
            break
        rows.append(line.replace(" ", ""))
    return rows


def triples(rows: int, columns: int) -> list[tuple[Cell, Cell, Cell]]:
    found = []
    for r in range(rows):
        for c in range(columns):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = tuple((r + i * dr, c + i * dc) for i in range(3))
                if all(0 <= a < rows and 0 <= b < columns for a, b in cells):
                    found.append(cells)
    return found


def solutions(rooms: list[str], circles: list[str], most: int = 2) -> list[frozenset[Cell]]:
    rows, columns = len(rooms), len(rooms[0])
    circle = {(r, c) for r in range(rows) for c in range(columns) if circles[r][c] == "o"}
    room_cells: dict[str, list[Cell]] = {}
    for r in range(rows):
        for c in range(columns):
            room_cells.setdefault(rooms[r][c], []).append((r, c))
    order = list(room_cells.values())
    lines = triples(rows, columns)
    found: list[frozenset[Cell]] = []

    def broken(black: set[Cell], decided: set[Cell]) -> bool:
        for line in lines:
            if all(cell in decided and cell in circle for cell in line):
                shaded = sum(cell in black for cell in line)
                if shaded in (0, 3):
                    return True
        return False

    def search(at: int, black: set[Cell], decided: set[Cell]) -> None:
        if len(found) >= most:
            return
        if at == len(order):
            found.append(frozenset(black))
            return
        cells = order[at]
        for choice in (cell for cell in cells if cell in circle):
            now_black, now_decided = black | {choice}, decided | set(cells)
            if not broken(now_black, now_decided):
                search(at + 1, now_black, now_decided)

    search(0, set(), set())
    return found


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_solution_is_the_shipped_solution(puzzle):
    text = puzzle.read_text()
    found = solutions(section(text, "rooms"), section(text, "circles"))
    assert len(found) == 1
    assert found[0] == shipped_black(solution_file(puzzle).read_text())


def test_the_search_counts_the_choices_of_an_open_board():
    # one room of three circles in a row: either end or the middle is black; the white pair
    # left is no triple
    assert len(solutions(["aaa"], ["ooo"], most=5)) == 3
    # two rooms in a row of three: the middle white circle between two blacks is allowed,
    # three blacks are not possible, three whites neither (each room has one black)
    assert len(solutions(["aab"], ["ooo"], most=5)) == 2
    # a room without a circle has no solution
    assert solutions(["ab"], ["o."]) == []
