"""The number and symbol genres of issue 29 (docs/genres.md): every shipped instance has
exactly one solution by the search of `cellsearch.py`, which shares no code with dslsolve,
given each genre's rules below in plain Python, and that solution is the shipped one (which
test_genres checks dslsolve finds). Each genre's tests also show that its rules are not
vacuous: the search finds several solutions once the givens are gone."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest
from cellsearch import (
    Cell,
    Grid,
    around,
    by_cell,
    connected,
    orthogonal,
    reach,
    sections,
    solution_rows,
    solutions,
)

from dslsolve.puzzlink.codecs import Cursor, makaro

from helpers import PUZZLES, solution_file


def cases(genre: str) -> list:
    return sorted(p for p in (PUZZLES / genre).glob("*.txt") if "solution" not in p.name)


def reading_order(rows: list[list[str]]) -> list[Cell]:
    return [(r, c) for r in range(len(rows)) for c in range(len(rows[0]))]


# --- cojun ---------------------------------------------------------------------------------


def cojun_solutions(rooms: list[list[str]], givens: list[list[str]], most: int = 2) -> list[Grid]:
    """A room of k cells holds 1..k; equal numbers never touch; in a room, of two cells one
    above the other the upper holds the larger number."""
    room = by_cell(rooms)
    size = Counter(room.values())
    given = {cell: int(t) for cell, t in by_cell(givens).items() if t != "."}

    def candidates(cell: Cell) -> range | list[int]:
        return [given[cell]] if cell in given else range(1, size[room[cell]] + 1)

    def fits(grid: Grid, cell: Cell) -> bool:
        value = grid[cell]
        if value > size[room[cell]]:
            return False
        for other, v in grid.items():
            if other != cell and room[other] == room[cell] and v == value:
                return False
        if any(grid.get(n) == value for n in orthogonal(cell)):
            return False
        above = (cell[0] - 1, cell[1])
        return not (above in grid and room[above] == room[cell] and grid[above] <= value)

    return solutions(reading_order(rooms), candidates, fits, most=most)


@pytest.mark.parametrize("puzzle", cases("cojun"), ids=lambda p: p.stem)
def test_cojun_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = cojun_solutions(parts["rooms"], parts["givens"])
    assert len(found) == 1
    shipped = {cell: int(t) for cell, t in by_cell(solution_rows(solution_file(puzzle))).items()}
    assert found[0] == shipped


def test_cojun_search_finds_several_without_givens():
    rooms = sections(PUZZLES / "cojun" / "puzzlink-4x4.txt")["rooms"]
    assert len(cojun_solutions(rooms, [list("....")] * 4, most=5)) == 5


# --- hakoiri -------------------------------------------------------------------------------


def hakoiri_solutions(rooms: list[list[str]], givens: list[list[str]], most: int = 2) -> list[Grid]:
    """Every room holds one each of the marks 1, 2, 3 (0: no mark); equal marks never touch,
    not even at a corner; the marked cells are orthogonally connected. The search decides a
    room at a time: its value is the cells of its circle, triangle and square."""
    room = by_cell(rooms)
    given = {cell: int(t) for cell, t in by_cell(givens).items() if t != "."}
    members: dict[str, list[Cell]] = {}
    for cell, label in room.items():
        members.setdefault(label, []).append(cell)

    def marks_of(placements: Grid) -> dict[Cell, int]:
        return {cell: k + 1 for cells in placements.values() for k, cell in enumerate(cells)}

    def candidates(label: str) -> list[tuple[Cell, ...]]:
        return [
            cells
            for cells in permutations(members[label], 3)
            if all(given.get(cell, k + 1) == k + 1 for k, cell in enumerate(cells))
            and all(c in cells for c in members[label] if c in given)
        ]

    def fits(placements: Grid, label: str) -> bool:
        marks = marks_of(placements)
        if any(marks.get(n) == k + 1 for k, c in enumerate(placements[label]) for n in around(c)):
            return False
        decided = {cell for done in placements for cell in members[done]}
        open_cells = {cell for cell in room if cell not in decided or cell in marks}
        return marks.keys() <= reach(min(marks), open_cells)

    def whole(placements: Grid) -> bool:
        return connected(set(marks_of(placements)))

    found = solutions(list(members), candidates, fits, whole, most)
    return [{cell: marks_of(p).get(cell, 0) for cell in room} for p in found]


@pytest.mark.parametrize("puzzle", cases("hakoiri"), ids=lambda p: p.stem)
def test_hakoiri_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = hakoiri_solutions(parts["rooms"], parts["givens"])
    assert len(found) == 1
    shipped = solution_rows(solution_file(puzzle))
    assert found[0] == {cell: 0 if t == "." else int(t) for cell, t in by_cell(shipped).items()}


def test_hakoiri_search_finds_several_without_givens():
    rooms = sections(PUZZLES / "hakoiri" / "example.txt")["rooms"]
    assert len(hakoiri_solutions(rooms, [list(".....")] * 5, most=3)) == 3


# --- sukororoom ----------------------------------------------------------------------------


def sukororoom_solutions(
    rooms: list[list[str]], givens: list[list[str]], most: int = 2
) -> list[dict[Cell, int]]:
    """A room is filled with numbers or left empty; a number is its count of filled
    neighbours (so 1..4), the numbers of a room differ, givens are filled, the filled cells
    are connected and there is one at least. The search decides a room at a time (filled or
    not), and a cell's number once its neighbours' rooms are decided."""
    room = by_cell(rooms)
    given = {cell: int(t) for cell, t in by_cell(givens).items() if t != "."}
    members: dict[str, list[Cell]] = {}
    for cell, label in room.items():
        members.setdefault(label, []).append(cell)

    def number(flags: Grid, cell: Cell) -> int | None:
        """The cell's number where its neighbours are decided; None before."""
        near = [n for n in orthogonal(cell) if n in room]
        if any(room[n] not in flags for n in near):
            return None
        return sum(flags[room[n]] for n in near)

    def room_fits(flags: Grid, label: str) -> bool:
        numbers = [number(flags, cell) for cell in members[label]]
        if not flags[label]:
            return not any(cell in given for cell in members[label])
        known = [
            (cell, n) for cell, n in zip(members[label], numbers, strict=True) if n is not None
        ]
        values = [n for _, n in known]
        return all(n >= 1 and given.get(cell, n) == n for cell, n in known) and len(
            set(values)
        ) == len(values)

    def fits(flags: Grid, label: str) -> bool:
        touched = {room[n] for cell in members[label] for n in orthogonal(cell) if n in room}
        if not all(room_fits(flags, other) for other in touched | {label} if other in flags):
            return False
        filled = {cell for cell in room if flags.get(room[cell]) is True}
        open_cells = {cell for cell in room if flags.get(room[cell], True)}
        return not filled or filled <= reach(min(filled), open_cells)

    def whole(flags: Grid) -> bool:
        filled = {cell for cell in room if flags[room[cell]]}
        return bool(filled) and connected(filled)

    found = solutions(list(members), lambda label: [False, True], fits, whole, most)
    return [{cell: number(f, cell) if f[room[cell]] else 0 for cell in room} for f in found]


@pytest.mark.parametrize("puzzle", cases("sukororoom"), ids=lambda p: p.stem)
def test_sukororoom_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = sukororoom_solutions(parts["rooms"], parts["givens"])
    assert len(found) == 1
    shipped = solution_rows(solution_file(puzzle))
    assert found[0] == {cell: 0 if t == "." else int(t) for cell, t in by_cell(shipped).items()}


def test_sukororoom_search_finds_several_without_givens():
    rooms = sections(PUZZLES / "sukororoom" / "example.txt")["rooms"]
    assert len(sukororoom_solutions(rooms, [list("......")] * 6, most=3)) == 3


# --- view ----------------------------------------------------------------------------------

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def view_solutions(givens: list[list[str]], most: int = 2) -> list[dict[Cell, int | None]]:
    """Some cells hold numbers (None: empty): a number is how many empty cells it sees in the
    four directions up to a number or the edge; equal numbers never touch; the numbered cells
    are connected, and there is one at least. The search decides in reading order whether a
    cell is numbered; a given's view is bounded by the cells decided so far."""
    given = {cell: int(t) for cell, t in by_cell(givens).items() if t != "."}
    cells = reading_order(givens)
    inside = set(cells)

    def seen(filled: Grid, cell: Cell, open_counts: bool) -> int:
        """Empty cells seen from the cell; an undecided cell counts as empty (and sight goes
        on past it) when `open_counts`, else it stops sight."""
        total = 0
        for dr, dc in STEPS:
            r, c = cell[0] + dr, cell[1] + dc
            while (r, c) in inside and filled.get((r, c)) is not True:
                if (r, c) not in filled and not open_counts:
                    break
                total += 1
                r, c = r + dr, c + dc
        return total

    def fits(filled: Grid, cell: Cell) -> bool:
        if any(
            not (seen(filled, g, False) <= n <= seen(filled, g, True)) for g, n in given.items()
        ):
            return False
        numbered = {c for c, f in filled.items() if f}
        open_cells = {c for c in cells if filled.get(c, True)}
        if numbered and not numbered <= reach(min(numbered), open_cells):
            return False
        return not any(settled_pair(filled, c, n) for c in numbered for n in orthogonal(c) if n > c)

    def settled_pair(filled: Grid, a: Cell, b: Cell) -> bool:
        """Two numbered neighbours whose numbers are settled and equal."""
        if filled.get(b) is not True:
            return False
        low_a, low_b = seen(filled, a, False), seen(filled, b, False)
        return low_a == low_b == seen(filled, a, True) == seen(filled, b, True)

    def numbers(filled: Grid) -> dict[Cell, int | None]:
        return {c: seen(filled, c, False) if filled[c] else None for c in cells}

    def whole(filled: Grid) -> bool:
        values = numbers(filled)
        numbered = {c for c in cells if filled[c]}
        touching = any(
            values[c] is not None and values.get(n) == values[c]
            for c in cells
            for n in orthogonal(c)
        )
        return bool(numbered) and connected(numbered) and not touching

    def candidates(cell: Cell) -> list[bool]:
        return [True] if cell in given else [False, True]

    return [numbers(f) for f in solutions(cells, candidates, fits, whole, most)]


@pytest.mark.parametrize("puzzle", cases("view"), ids=lambda p: p.stem)
def test_view_has_one_solution_the_shipped_one(puzzle):
    found = view_solutions(sections(puzzle)["givens"])
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    assert found[0] == {cell: None if t == "." else int(t) for cell, t in shipped.items()}


def test_view_search_finds_several_without_givens():
    assert len(view_solutions([list("....")] * 4, most=3)) == 3


# --- makaro --------------------------------------------------------------------------------

ARROWS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def makaro_solutions(rooms: list[list[str]], board: list[list[str]], most: int = 2) -> list[Grid]:
    """Black cells (`#`, or an arrow `U D L R`) hold no number; a room of k white cells holds
    1..k; equal numbers never touch; an arrow points at a white neighbour whose number is
    larger than every other neighbour's."""
    room, token = by_cell(rooms), by_cell(board)
    black = {cell for cell, t in token.items() if t == "#" or t in ARROWS}
    size = Counter(room[cell] for cell in room if cell not in black)

    def candidates(cell: Cell) -> list:
        if cell in black:
            return [token[cell]]
        return [int(token[cell])] if token[cell] != "." else list(range(1, size[room[cell]] + 1))

    def number(grid: Grid, cell: Cell) -> int:
        return 0 if cell in black else grid[cell]

    def arrow_holds(grid: Grid, cell: Cell) -> bool | None:
        near = [n for n in orthogonal(cell) if n in room]
        if any(n not in grid for n in near):
            return None
        dr, dc = ARROWS[grid[cell]]
        target = (cell[0] + dr, cell[1] + dc)
        if target not in room or target in black:
            return False
        return all(number(grid, n) < grid[target] for n in near if n != target)

    def fits(grid: Grid, cell: Cell) -> bool:
        if cell not in black:
            value = grid[cell]
            if value > size[room[cell]] or any(grid.get(n) == value for n in orthogonal(cell)):
                return False
            if any(o != cell and room[o] == room[cell] and v == value for o, v in grid.items()):
                return False
        arrows = [n for n in [cell, *orthogonal(cell)] if n in grid and grid[n] in ARROWS]
        return all(arrow_holds(grid, a) is not False for a in arrows)

    return solutions(reading_order(rooms), candidates, fits, most=most)


@pytest.mark.parametrize("puzzle", cases("makaro"), ids=lambda p: p.stem)
def test_makaro_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = makaro_solutions(parts["rooms"], parts["board"])
    assert len(found) == 1
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    assert found[0] == {cell: t if not t.isdigit() else int(t) for cell, t in shipped.items()}


def test_makaro_search_finds_several_without_givens():
    parts = sections(PUZZLES / "makaro" / "example.txt")
    board = [[t if not t.isdigit() else "." for t in row] for row in parts["board"]]
    assert len(makaro_solutions(parts["rooms"], board, most=3)) == 3


def test_the_makaro_codec_reads_numbers_black_cells_and_skips():
    """pzprjs's decodeMakaro: a digit d is d + 1, `-`XX is XX + 1 (decimal), `a`..`e` a black
    cell without an arrow or with one up, down, left, right, `g`..`z` skip 1..20 cells."""
    cursor = Cursor("0-11aebgi9")
    assert makaro(cursor, 12) == [1, 12, "#", "R", "U", None, None, None, None, 10, None, None]
    assert not cursor.more()


# --- roma ----------------------------------------------------------------------------------

ROMA_STEPS = {1: (-1, 0), 2: (1, 0), 3: (0, -1), 4: (0, 1)}


def roma_solutions(rooms: list[list[str]], givens: list[list[str]], most: int = 2) -> list[Grid]:
    """Every cell without a goal (5) holds an arrow 1 up, 2 down, 3 left, 4 right, pointing
    at a cell of the grid; the arrows of a room differ; from every cell the arrows lead to a
    goal. The search follows the arrows from each new cell through the decided cells and drops
    a choice that closes a cycle."""
    room = by_cell(rooms)
    given = {cell: int(t) for cell, t in by_cell(givens).items() if t != "."}

    def target(cell: Cell, arrow: int) -> Cell:
        dr, dc = ROMA_STEPS[arrow]
        return (cell[0] + dr, cell[1] + dc)

    def candidates(cell: Cell) -> list[int]:
        return [given[cell]] if cell in given else [1, 2, 3, 4]

    def cycles(grid: Grid, start: Cell) -> bool:
        seen, cell = set(), start
        while cell in grid and grid[cell] != 5:
            if cell in seen:
                return True
            seen.add(cell)
            cell = target(cell, grid[cell])
        return False

    def fits(grid: Grid, cell: Cell) -> bool:
        value = grid[cell]
        if value == 5:
            return True
        if target(cell, value) not in room:
            return False
        if any(o != cell and room[o] == room[cell] and v == value for o, v in grid.items()):
            return False
        return not cycles(grid, cell)

    return solutions(reading_order(rooms), candidates, fits, most=most)


@pytest.mark.parametrize("puzzle", cases("roma"), ids=lambda p: p.stem)
def test_roma_has_one_solution_the_shipped_one(puzzle):
    parts = sections(puzzle)
    found = roma_solutions(parts["rooms"], parts["givens"])
    assert len(found) == 1
    printed = {"U": 1, "D": 2, "L": 3, "R": 4, "o": 5}
    shipped = by_cell(solution_rows(solution_file(puzzle)))
    assert found[0] == {cell: printed[t] for cell, t in shipped.items()}


def test_roma_search_finds_several_without_arrows():
    parts = sections(PUZZLES / "roma" / "example.txt")
    goals = [[t if t == "5" else "." for t in row] for row in parts["givens"]]
    assert len(roma_solutions(parts["rooms"], goals, most=3)) == 3
