"""Loop genres of issue 31 (docs/genres.md): every shipped instance has exactly one loop by the
search of `loops.py`, which shares no code with dslsolve, and that loop is the shipped
solution's (which test_genres checks dslsolve finds)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

import pytest
from loops import CROSSING, PIECES, STRAIGHTS, TURNS, Cell, Link, Piece, loops, paths, pieces_of

from helpers import PUZZLES, solution_file

# the pieces each cell may hold, and the genre's other rules as a test of a partial choice
Search = tuple[dict[Cell, list[Piece]], Callable[[dict[Cell, Piece], Cell], bool] | None]
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
BACK = {"U": "D", "D": "U", "L": "R", "R": "L"}


def sections(path) -> dict[str, list[list[str]]]:
    """A puzzle file's grid sections, each as rows of tokens (one character per token when
    a line has no spaces)."""
    found: dict[str, list[list[str]]] = {}
    name = None
    for line in path.read_text().splitlines():
        if not line.strip() or (name is None and line.startswith("#")):
            continue  # comments stand before the first section only
        if line.endswith(":"):
            name = line[:-1]
            found[name] = []
        else:
            found[name].append(line.split() if " " in line else list(line))
    return found


def pipelinkr(puzzle: dict[str, list[list[str]]]) -> list[Search]:
    """Every cell on the loop; a given piece kept; a circle passed straight, once or crossed;
    any other cell a turn or a straight piece."""
    allowed = {}
    for r, row in enumerate(puzzle["pipes"]):
        for c, token in enumerate(row):
            if token == "o":
                allowed[(r, c)] = [*STRAIGHTS, CROSSING]
            elif token in PIECES:
                allowed[(r, c)] = [PIECES[token]]
            else:
                allowed[(r, c)] = [*TURNS, *STRAIGHTS]
    return [(allowed, None)]


def barns(puzzle: dict[str, list[list[str]]]) -> list[Search]:
    """Every cell on the loop; on ice straight, once or crossed; elsewhere a turn or a
    straight piece; no piece with a side across a wall (`#` between two cells)."""
    closed: set[tuple[Cell, str]] = set()
    for y, row in enumerate(puzzle["walls"]):
        for x, token in enumerate(row):
            if token == "#" and y % 2 == 0:  # between (r, c) and (r, c + 1)
                closed |= {((y // 2, x // 2), "R"), ((y // 2, x // 2 + 1), "L")}
            elif token == "#":  # between (r, c) and (r + 1, c)
                closed |= {((y // 2, x // 2), "D"), ((y // 2 + 1, x // 2), "U")}
    allowed = {}
    for r, row in enumerate(puzzle["ice"]):
        for c, token in enumerate(row):
            pieces = [*STRAIGHTS, CROSSING] if token == "*" else [*TURNS, *STRAIGHTS]
            allowed[(r, c)] = [p for p in pieces if not any(((r, c), s) in closed for s in p)]
    return [(allowed, None)]


def moonsun(puzzle: dict[str, list[list[str]]]) -> list[Search]:
    """One search per choice of a kind for every room (moon or sun). Any cell may be missed; no
    crossing. In a moon room every moon is passed and no sun (in a sun room the reverse); no
    piece has a side toward a room of the same kind. Each room, once decided, is entered and
    left once (two used links to other rooms) and holds a passed mark."""
    rooms = {(r, c): t for r, row in enumerate(puzzle["rooms"]) for c, t in enumerate(row)}
    marks = {(r, c): t for r, row in enumerate(puzzle["circles"]) for c, t in enumerate(row)}
    members: dict[str, list[Cell]] = {}
    for cell, room in rooms.items():
        members.setdefault(room, []).append(cell)
    names = sorted(members)

    def ways_out(room: str, chosen: dict[Cell, Piece]) -> set[frozenset[Cell]]:
        """The used links between the room and the others, as far as they are decided."""
        found = set()
        for r, c in members[room]:
            for side, (dr, dc) in STEP.items():
                other = (r + dr, c + dc)
                if rooms.get(other, room) != room and (
                    side in chosen.get((r, c), ()) or BACK[side] in chosen.get(other, ())
                ):
                    found.add(frozenset({(r, c), other}))
        return found

    def room_holds(room: str, chosen: dict[Cell, Piece]) -> bool:
        out = ways_out(room, chosen)
        if len(out) > 2:
            return False
        if any(c not in chosen for c in members[room]):
            return True
        return len(out) == 2 and any(chosen[c] and marks[c] in "ms" for c in members[room])

    def holds(chosen: dict[Cell, Piece], cell: Cell) -> bool:
        r, c = cell
        near = {rooms[n] for n in ((r, c), (r - 1, c), (r, c - 1)) if n in rooms}
        return all(room_holds(room, chosen) for room in near)

    searches = []
    for kinds in product("ms", repeat=len(names)):
        kind = dict(zip(names, kinds, strict=True))
        allowed = {}
        for (r, c), room in rooms.items():
            mark = marks[(r, c)]
            pieces = [frozenset()] if mark in "ms" and mark != kind[room] else []
            if mark not in "ms" or mark == kind[room]:
                pieces += [*TURNS, *STRAIGHTS]
            if mark not in "ms":
                pieces.append(frozenset())
            allowed[(r, c)] = [
                p
                for p in pieces
                if not any(
                    (n := (r + STEP[side][0], c + STEP[side][1])) in rooms
                    and rooms[n] != room
                    and kind[rooms[n]] == kind[room]
                    for side in p
                )
            ]
        searches.append((allowed, holds))
    return searches


def reflect(puzzle: dict[str, list[list[str]]]) -> list[Search]:
    """A cross crossed; a triangle passed by its two open sides (it turns there); any other
    cell missed, passed straight or turned in. A triangle's number counts the cells of its
    two straight arms and its own: too many so far, or a different count once both arms have
    ended, cuts the search."""
    turn = {"◣": "└", "◢": "┘", "◥": "┐", "◤": "┌"}
    allowed: dict[Cell, list[Piece]] = {}
    for r, row in enumerate(puzzle["board"]):
        for c, token in enumerate(row):
            if token == "+":
                allowed[(r, c)] = [CROSSING]
            elif token in turn:
                allowed[(r, c)] = [PIECES[turn[token]]]
    numbers = {
        (r, c): int(token)
        for r, row in enumerate(puzzle["lengths"])
        for c, token in enumerate(row)
        if token.isdigit()
    }

    def arms(chosen: dict[Cell, Piece], cell: Cell) -> tuple[int, bool]:
        """The cells of the arms so far, and whether both have ended."""
        total, ended = 1, True
        for side in chosen[cell]:
            r, c = cell
            while True:
                r, c = r + STEP[side][0], c + STEP[side][1]
                if (r, c) not in chosen:
                    ended = False
                    break
                total += 1
                if side not in chosen[(r, c)]:
                    break
        return total, ended

    def holds(chosen: dict[Cell, Piece], cell: Cell) -> bool:
        for triangle, number in numbers.items():
            if triangle in chosen:
                total, ended = arms(chosen, triangle)
                if total > number or (ended and total != number):
                    return False
        return True

    return [(allowed, holds)]


RULES: dict[str, Callable[[dict[str, list[list[str]]]], list[Search]]] = {
    "pipelinkr": pipelinkr,
    "barns": barns,
    "moonsun": moonsun,
    "reflect": reflect,
}
CASES = [
    (genre, path)
    for genre in RULES
    for path in sorted((PUZZLES / genre).glob("*.txt"))
    if "solution" not in path.name
]


@pytest.mark.parametrize("genre", RULES)
def test_the_test_board_and_two_more_instances_ship(genre):
    names = {path.stem for g, path in CASES if g == genre}
    assert "example" in names and any(n.startswith("puzzlink") for n in names)
    assert len(names) >= 3


@pytest.mark.parametrize(("genre", "puzzle"), CASES, ids=lambda x: getattr(x, "stem", x))
def test_the_one_loop_is_the_shipped_solution(genre, puzzle):
    tokens = sections(puzzle)
    grid = next(iter(tokens.values()))
    rows, columns = len(grid), len(grid[0])
    found = []
    for allowed, holds in RULES[genre](tokens):
        found += loops(rows, columns, allowed, most=2 - len(found), holds=holds)
        if len(found) >= 2:
            break
    assert len(found) == 1
    shipped = pieces_of([line.split() for line in solution_file(puzzle).read_text().splitlines()])
    assert found[0] == loops(rows, columns, {cell: [p] for cell, p in shipped.items()})[0]


def test_the_search_tells_two_loops_from_one():
    """A figure eight through a crossing is one loop; two loops that cross are not; open
    pieces make no loop at all."""
    eight = [["┌", "┐", "."], ["└", "┼", "┐"], [".", "└", "┘"]]
    assert len(loops(3, 3, {cell: [p] for cell, p in pieces_of(eight).items()})) == 1
    two = ["·┌┐·", "┌┼┼┐", "└┼┼┘", "·└┘·"]
    assert loops(4, 4, {cell: [p] for cell, p in pieces_of(two).items()}) == []
    assert loops(2, 2, {(0, 0): [PIECES["─"]]}) == []
    assert len(loops(2, 3, {}, most=5)) == 3  # 2x2 squares left, right, and the whole 2x3


ARUKONE = sorted(p for p in (PUZZLES / "arukone").glob("*.txt") if "solution" not in p.name)


def drawn_links(drawing: list[str]) -> set[Link]:
    """The links of a drawing as numberlink and arukone print it: `-` between two cells of a
    row, `|` between two cells of a column."""
    used = set()
    for y, line in enumerate(drawing[1::2]):  # the cell rows
        for x in range(2, len(line), 2):
            if line[x] == "-":
                used.add(frozenset({(y, x // 2 - 1), (y, x // 2)}))
    for y, line in enumerate(drawing[2:-1:2]):  # the rows between cells
        for x in range(1, len(line), 2):
            if line[x] == "|":
                used.add(frozenset({(y, x // 2), (y + 1, x // 2)}))
    return used


@pytest.mark.parametrize("puzzle", ARUKONE, ids=lambda p: p.stem)
def test_arukone_lines_are_the_shipped_solution(puzzle):
    """Every cell on a line (`paths` with no empty piece): one way."""
    grid = sections(puzzle)["letters"]
    ends = {(r, c): t for r, row in enumerate(grid) for c, t in enumerate(row) if t != "."}
    rows, columns = len(grid), len(grid[0])
    every_cell = {(r, c): [*TURNS, *STRAIGHTS] for r in range(rows) for c in range(columns)}
    found = paths(rows, columns, ends, every_cell)
    assert found == [drawn_links(solution_file(puzzle).read_text().splitlines())]
    assert len(ARUKONE) >= 3


def test_pzprjs_arukone_board_has_21_solutions():
    """The test board of pzprjs (not shipped: not unique) has 21 ways by the search; dslsolve
    finds one of them, and its check accepts all 21 (checked when the genre was written)."""
    grid = ["A....", "...B.", ".C.C.", ".A...", "....B"]
    ends = {(r, c): t for r, row in enumerate(grid) for c, t in enumerate(row) if t != "."}
    every_cell = {(r, c): [*TURNS, *STRAIGHTS] for r in range(5) for c in range(5)}
    assert len(paths(5, 5, ends, every_cell, most=100)) == 21
