"""Kurochute, yajikazu and ayeheya (docs/genres.md): every shipped instance has exactly one
shading by the search of `shadings.py`, which shares no code with dslsolve, and that shading
is the shipped solution's (which test_genres checks dslsolve finds)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from shadings import Cell, Check, grid, regions, shadings, shipped_black

from helpers import PUZZLES, solution_file

STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def kurochute_checks(rows: int, columns: int, text: str) -> list[Check]:
    """A clue is white; of the cells N steps away in the four directions, one is black."""
    checks = []
    for r, line in enumerate(grid(text, "clues")):
        for c, token in enumerate(line):
            if token == ".":
                continue
            checks.append(Check(frozenset({(r, c)}), lambda black, undecided: not black))
            if token != "?":
                n = int(token)
                away = {(r + n * dr, c + n * dc) for dr, dc in STEPS.values()}
                inside = {(a, b) for a, b in away if 0 <= a < rows and 0 <= b < columns}
                if not inside:
                    checks.append(Check(frozenset({(r, c)}), lambda black, undecided: False))
                else:
                    checks.append(Check(frozenset(inside), one_black))
    return checks


def yajikazu_checks(rows: int, columns: int, text: str) -> list[Check]:
    """A white clue `N,DIR` has N black cells from it to the edge toward DIR; a black clue
    says nothing."""
    checks = []
    for r, line in enumerate(grid(text, "clues")):
        for c, token in enumerate(line):
            if token == "." or token.startswith("?"):
                continue
            number, direction = token.split(",")
            dr, dc = STEPS[direction]
            ray = set()
            a, b = r + dr, c + dc
            while 0 <= a < rows and 0 <= b < columns:
                ray.add((a, b))
                a, b = a + dr, b + dc
            checks.append(Check(frozenset(ray | {(r, c)}), clue_holds((r, c), int(number))))
    return checks


def one_black(black: frozenset[Cell], undecided: frozenset[Cell]) -> bool:
    return len(black) <= 1 <= len(black) + len(undecided)


def clue_holds(cell: Cell, number: int) -> Callable[[frozenset[Cell], frozenset[Cell]], bool]:
    """Black, or still undecided (it may turn black), or the count can still come out right."""

    def holds(black: frozenset[Cell], undecided: frozenset[Cell]) -> bool:
        if cell in black or cell in undecided:
            return True
        return len(black) <= number <= len(black) + len(undecided)

    return holds


def ayeheya_checks(rows: int, columns: int, text: str) -> list[Check]:
    """A room's number counts its black cells; a black cell's mirror image through the centre
    of its room's bounding box is black, and a white cell's white (pzpr compares the two cells
    wherever the mirror image lies); a straight line of cells from the last cell of one room
    across a whole second room to the first cell of a third holds a black cell."""
    rooms = grid(text, "rooms")
    clues = grid(text, "clues")
    checks = []
    for cells in regions(rows, columns, rooms).values():
        numbers = [int(clues[r][c]) for r, c in cells if clues[r][c] != "."]
        for number in numbers:
            checks.append(Check(frozenset(cells), count_holds(number)))
        top, bottom = min(r for r, _ in cells), max(r for r, _ in cells)
        left, right = min(c for _, c in cells), max(c for _, c in cells)
        for r, c in cells:
            mirror = (top + bottom - r, left + right - c)
            if mirror != (r, c):
                checks.append(Check(frozenset({(r, c), mirror}), same_colour))
    lines = [[(r, c) for c in range(columns)] for r in range(rows)]
    lines += [[(r, c) for r in range(rows)] for c in range(columns)]
    for line in lines:
        start = 0
        while start < len(line):
            end = start
            while end + 1 < len(line) and rooms_at(rooms, line[end + 1]) == rooms_at(
                rooms, line[start]
            ):
                end += 1
            if start > 0 and end + 1 < len(line):
                checks.append(Check(frozenset(line[start - 1 : end + 2]), some_black))
            start = end + 1
    return checks


def rooms_at(rooms: list[list[str]], cell: Cell) -> str:
    return rooms[cell[0]][cell[1]]


def count_holds(number: int) -> Callable[[frozenset[Cell], frozenset[Cell]], bool]:
    return lambda black, undecided: len(black) <= number <= len(black) + len(undecided)


def same_colour(black: frozenset[Cell], undecided: frozenset[Cell]) -> bool:
    return bool(undecided) or len(black) != 1


def some_black(black: frozenset[Cell], undecided: frozenset[Cell]) -> bool:
    return bool(black or undecided)


CHECKS = {"kurochute": kurochute_checks, "yajikazu": yajikazu_checks, "ayeheya": ayeheya_checks}
CASES = [
    (genre, path)
    for genre in CHECKS
    for path in sorted((PUZZLES / genre).glob("*.txt"))
    if "solution" not in path.name
]


@pytest.mark.parametrize(("genre", "puzzle"), CASES, ids=lambda v: getattr(v, "stem", v))
def test_the_one_shading_is_the_shipped_solution(genre, puzzle):
    text = puzzle.read_text()
    tokens = grid(text, "clues")
    rows, columns = len(tokens), len(tokens[0])
    found = shadings(rows, columns, CHECKS[genre](rows, columns, text))
    assert len(found) == 1
    assert found[0] == shipped_black(solution_file(puzzle).read_text())


def test_the_search_finds_every_shading_without_clues():
    # 2x2: none or one black cell (two on a diagonal cut the white cells apart)
    assert len(shadings(2, 2, [], most=10)) == 5


def test_a_clue_with_no_cell_at_its_distance_has_no_shading():
    assert shadings(2, 2, kurochute_checks(2, 2, "clues:\n3 .\n. .\n")) == []


def test_a_shaded_clue_says_nothing():
    found = shadings(1, 3, yajikazu_checks(1, 3, "clues:\n5,R . .\n"), most=5)
    assert sorted(sorted(black) for black in found) == [[(0, 0)], [(0, 0), (0, 2)]]


def test_a_room_is_shaded_symmetrically_and_lines_through_three_rooms_are_cut():
    # one room of three: nothing, or both ends (one end alone is not symmetric)
    one_room = ayeheya_checks(1, 3, "rooms:\naaa\nclues:\n...\n")
    assert sorted(sorted(b) for b in shadings(1, 3, one_room, most=5)) == [[], [(0, 0), (0, 2)]]
    # three rooms in a row: a black cell somewhere on the line
    three_rooms = ayeheya_checks(1, 3, "rooms:\nabc\nclues:\n...\n")
    assert sorted(sorted(b) for b in shadings(1, 3, three_rooms, most=5)) == [
        [(0, 0)],
        [(0, 0), (0, 2)],
        [(0, 2)],
    ]
