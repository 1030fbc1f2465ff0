"""New KaitoRamma (docs/genres.md): every shipped instance has exactly one division by the
search below, which shares no code with dslsolve, and that division is the shipped solution's
(which test_genres checks dslsolve finds). Away from the dots a line goes straight on, so the
lines are made of *segments*: the pieces of the grid's inner lines between two stops (a dot
or the grid's edge), each drawn whole or not at all. The search draws or leaves each segment
in turn, keeps exactly two drawn at each dot once its segments are decided, and at the end
asks every region for circles of one colour."""

from __future__ import annotations

import pytest
from test_shape_genres import read_grid, rooms_of

from helpers import PUZZLES

Cell = tuple[int, int]
Border = tuple[str, int, int]  # ('h', r, c): above cell (r, c); ('v', r, c): left of it
CASES = sorted(p for p in (PUZZLES / "kramman").glob("*.txt") if ".solution" not in p.name)


def segments(rows: int, columns: int, dots: set[tuple[int, int]]):
    """The segments (each a list of borders) and, per dot, the indices of its segments."""
    found: list[list[Border]] = []
    at_dot: dict[tuple[int, int], list[int]] = {d: [] for d in dots}
    for y in range(1, rows):  # the horizontal line between rows y-1 and y
        stops = [0, *sorted(x for (py, x) in dots if py == y), columns]
        for a, b in zip(stops, stops[1:], strict=False):
            for end in (a, b):
                if (y, end) in dots:
                    at_dot[(y, end)].append(len(found))
            found.append([("h", y, x) for x in range(a, b)])
    for x in range(1, columns):
        stops = [0, *sorted(y for (y, px) in dots if px == x), rows]
        for a, b in zip(stops, stops[1:], strict=False):
            for end in (a, b):
                if (end, x) in dots:
                    at_dot[(end, x)].append(len(found))
            found.append([("v", y, x) for y in range(a, b)])
    return found, at_dot


def regions(rows: int, columns: int, walls: set[Border]) -> list[set[Cell]]:
    seen: set[Cell] = set()
    out = []
    for start in ((r, c) for r in range(rows) for c in range(columns)):
        if start in seen:
            continue
        part, stack = {start}, [start]
        while stack:
            r, c = stack.pop()
            for n, border in (
                ((r - 1, c), ("h", r, c)),
                ((r + 1, c), ("h", r + 1, c)),
                ((r, c - 1), ("v", r, c)),
                ((r, c + 1), ("v", r, c + 1)),
            ):
                inside = 0 <= n[0] < rows and 0 <= n[1] < columns
                if inside and n not in part and border not in walls:
                    part.add(n)
                    stack.append(n)
        seen |= part
        out.append(part)
    return out


def divisions(circles: list[list[str]], dots: set[tuple[int, int]], most: int = 2) -> list:
    rows, columns = len(circles), len(circles[0])
    found_segments, at_dot = segments(rows, columns, dots)
    last = {d: max(ids) for d, ids in at_dot.items()}
    # a segment with a border between a white and a black circle is drawn
    coloured = {(r, c): t for r, line in enumerate(circles) for c, t in enumerate(line) if t != "."}

    def across(axis: str, r: int, c: int) -> set:
        """The circles on the two sides of a border."""
        return {coloured.get((r, c)), coloured.get((r - 1, c) if axis == "h" else (r, c - 1))}

    forced = {
        i
        for i, segment in enumerate(found_segments)
        if any(across(*border) == {"w", "b"} for border in segment)
    }
    drawn: list[bool] = []
    found = []

    def search() -> None:
        i = len(drawn)
        if i == len(found_segments):
            walls = {b for s, on in zip(found_segments, drawn, strict=True) if on for b in s}
            parts = regions(rows, columns, walls)
            if all(len({circles[r][c] for r, c in p} - {"."}) == 1 for p in parts):
                found.append(frozenset(frozenset(p) for p in parts))
            return
        for on in (False, True):
            if not on and i in forced:
                continue
            drawn.append(on)
            if all(sum(drawn[j] for j in at_dot[d]) == 2 for d, end in last.items() if end == i):
                search()
            drawn.pop()
            if len(found) >= most:
                return

    search()
    return found


def read(path) -> tuple[list[list[str]], set[tuple[int, int]]]:
    dots = read_grid(path, "dots")
    marked = {(y, x) for y, line in enumerate(dots) for x, t in enumerate(line) if t != "."}
    return read_grid(path, "circles"), marked


def test_kramman_ships_the_test_board_and_constructed_instances():
    assert {p.stem for p in CASES} >= {"example", "puzzlink-5x5", "constructed-8x8"}


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_kramman_has_one_division_the_shipped_one(puzzle):
    circles, dots = read(puzzle)
    [only] = divisions(circles, dots)
    assert set(only) == rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())


def test_kramman_search_turns_only_at_dots():
    """2x2, white top left, black bottom right. No dot: a straight line, across or down (the
    two together would cross and leave two regions empty): two divisions. A dot in the
    middle takes exactly two of its four segments: the two straight lines again, or a bend
    that cuts off the white or the black corner: four."""
    assert len(divisions([["w", "."], [".", "b"]], set())) == 2
    assert len(divisions([["w", "."], [".", "b"]], {(1, 1)}, most=10)) == 4
