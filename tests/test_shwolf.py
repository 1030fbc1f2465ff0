"""Goats and Wolves (docs/genres.md): every shipped instance has exactly one division by the
search below, which shares no code with dslsolve, and that division is the shipped solution's
(which test_genres checks dslsolve finds). Away from the dots a line goes straight on, so each
inside grid line is cut by its dots into segments, each drawn whole or not at all: the search
decides the segments one by one (top to bottom, then left to right), keeping at most two
drawn segments at each dot (exactly none or two once all four are decided). After each
decision it joins the cells across every border known to be undrawn: a group holding both a
goat and a wolf, or a group without an animal that no undecided border can still open, ends
the branch. A full division is kept when every line reaches the outline: traced from the
outline, straight through the points without a dot and turning at the dots, it covers every
drawn border."""

from __future__ import annotations

import pytest
from test_shape_genres import rooms_of

from helpers import PUZZLES, puzzle_sections

Cell = tuple[int, int]
Point = tuple[int, int]
CASES = sorted(p for p in (PUZZLES / "shwolf").glob("*.txt") if ".solution" not in p.name)
STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def _border(p: Point, q: Point) -> frozenset:
    return frozenset((p, q))


def _sides(border: frozenset) -> tuple[Cell, Cell]:
    """The two cells a border between two points separates."""
    (r1, c1), (r2, c2) = sorted(border)
    if r1 == r2:  # horizontal, between rows r1 - 1 and r1
        return (r1 - 1, c1), (r1, c1)
    return (r1, c1 - 1), (r1, c1)


def segments(rows: int, columns: int, dots: set[Point]) -> list[list[frozenset]]:
    """The inside grid lines cut at the dots: each segment its borders."""
    found = []
    for r in range(1, rows):
        run: list[frozenset] = []
        for c in range(columns):
            run.append(_border((r, c), (r, c + 1)))
            if (r, c + 1) in dots or c + 1 == columns:
                found.append(run)
                run = []
    for c in range(1, columns):
        run = []
        for r in range(rows):
            run.append(_border((r, c), (r + 1, c)))
            if (r + 1, c) in dots or r + 1 == rows:
                found.append(run)
                run = []
    return found


def _groups(rows, columns, open_borders):
    """Cells joined across the given borders: a label per cell."""
    label = {(r, c): (r, c) for r in range(rows) for c in range(columns)}

    def root(cell):
        while label[cell] != cell:
            label[cell] = label[label[cell]]
            cell = label[cell]
        return cell

    for border in open_borders:
        a, b = _sides(border)
        label[root(a)] = root(b)
    return {cell: root(cell) for cell in label}


def _reaches_outline(rows, columns, dots, drawn: set[frozenset]) -> bool:
    """Every drawn border lies on a line traced from the outline."""
    seen: set[frozenset] = set()
    starts = [((0, c), "down") for c in range(1, columns)] + [
        ((rows, c), "up") for c in range(1, columns)
    ]
    starts += [((r, 0), "right") for r in range(1, rows)] + [
        ((r, columns), "left") for r in range(1, rows)
    ]
    stack = list(starts)
    while stack:
        point, way = stack.pop()
        dr, dc = STEP[way]
        nxt = (point[0] + dr, point[1] + dc)
        border = _border(point, nxt)
        if border not in drawn or border in seen:
            continue
        seen.add(border)
        if not (0 < nxt[0] < rows and 0 < nxt[1] < columns):
            continue
        if nxt in dots:
            for other in STEP:
                er, ec = STEP[other]
                if _border(nxt, (nxt[0] + er, nxt[1] + ec)) in drawn:
                    stack.append((nxt, other))
        else:
            stack.append((nxt, way))
    return seen == drawn


def divisions(animals: list[list[str]], dots: set[Point], most: int = 2) -> list[set]:
    """Up to `most` divisions, each a set of regions (sets of cells)."""
    rows, columns = len(animals), len(animals[0])
    kind = {(r, c): t for r, line in enumerate(animals) for c, t in enumerate(line) if t != "."}
    parts = segments(rows, columns, dots)
    at_dot: dict[Point, list[int]] = {d: [] for d in dots}
    for index, part in enumerate(parts):
        for border in part:
            for point in border:
                if point in at_dot:
                    at_dot[point].append(index)
    chosen: list[bool | None] = [None] * len(parts)
    found: list[set] = []

    def feasible() -> bool:
        for indices in at_dot.values():
            on = sum(chosen[i] is True for i in indices)
            left = sum(chosen[i] is None for i in indices)
            if on > 2 or (left == 0 and on == 1):
                return False
        undrawn = [b for i, part in enumerate(parts) if chosen[i] is False for b in part]
        undecided = [b for i, part in enumerate(parts) if chosen[i] is None for b in part]
        group = _groups(rows, columns, undrawn)
        kinds: dict[Cell, set[str]] = {}
        for cell, g in group.items():
            kinds.setdefault(g, set())
            if cell in kind:  # a `?` is a kind of its own, as pzprjs reads it
                kinds[g].add(kind[cell])
        if any(len(k) > 1 for k in kinds.values()):
            return False
        may_grow = {group[c] for b in undecided for c in _sides(b)}
        return all(k or g in may_grow for g, k in kinds.items())

    def search(index: int) -> None:
        if len(found) >= most:
            return
        if index == len(parts):
            drawn = {b for i, part in enumerate(parts) if chosen[i] for b in part}
            if _reaches_outline(rows, columns, dots, drawn):
                group = _groups(
                    rows, columns, [b for i, p in enumerate(parts) if not chosen[i] for b in p]
                )
                regions: dict[Cell, set[Cell]] = {}
                for cell, g in group.items():
                    regions.setdefault(g, set()).add(cell)
                found.append({frozenset(r) for r in regions.values()})
            return
        for value in (False, True):
            chosen[index] = value
            if feasible():
                search(index + 1)
        chosen[index] = None

    search(0)
    return found


def read(path) -> tuple[list[list[str]], set[Point]]:
    """The animals and the dots of a puzzle file."""
    sections = puzzle_sections(path)
    marks = sections["dots"]
    dots = {(y, x) for y, line in enumerate(marks) for x, t in enumerate(line) if t != "."}
    return sections["animals"], dots


def test_shwolf_ships_the_test_board_and_constructed_instances():
    assert {p.stem for p in CASES} >= {"example", "puzzlink-5x5", "constructed-8x8"}


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_shwolf_has_one_division_the_shipped_one(puzzle):
    [only] = divisions(*read(puzzle))
    drawn = rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())
    assert only == drawn


def test_shwolf_search_reads_the_rules():
    """A 2x2 grid, goats top left and bottom right, wolves elsewhere: with no dot the two
    lines cross in the middle and make four regions; a dot there forbids the crossing, so no
    division. With one goat and three unmarked cells, the only division is none at all. A
    3x3 grid with a goat in the middle, wolves around and dots at the four inner points: the
    only way to enclose the goat is a closed line through the dots, which never reaches the
    outline, so no division."""
    mixed = [["g", "w"], ["w", "g"]]
    [four] = divisions(mixed, set())
    assert four == {frozenset({cell}) for cell in ((0, 0), (0, 1), (1, 0), (1, 1))}
    assert divisions(mixed, {(1, 1)}) == []
    [whole] = divisions([["g", "."], [".", "."]], set())
    assert whole == {frozenset({(0, 0), (0, 1), (1, 0), (1, 1)})}
    ring = [["w", "w", "w"], ["w", "g", "w"], ["w", "w", "w"]]
    assert divisions(ring, {(1, 1), (1, 2), (2, 1), (2, 2)}) == []
