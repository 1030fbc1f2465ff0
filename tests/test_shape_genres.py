"""The proof genres of shapes (lits, nuribou) and of rectangles with a number (nawabari): each
constructed instance has exactly one solution by a search written here, independent of
dslsolve (it reads the puzzle file, enumerates the candidates of each room or clue and
combines them by backtracking), and that solution is the shipped one. Solving the instances
with dslsolve is tests/test_genres.py's job."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from helpers import PUZZLES

Cell = tuple[int, int]
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def read_grid(path: Path, section: str) -> list[list[str]]:
    """The rows of one section of a puzzle file, one token per cell."""
    rows, inside = [], False
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            continue
        if line.endswith(":"):
            inside = line[:-1] == section
            continue
        if inside and line.strip():
            rows.append(line.split() if " " in line.strip() else list(line.strip()))
    return rows


def grown(seed: Cell, size: int, allowed) -> set[frozenset[Cell]]:
    """Every connected set of `size` cells holding `seed`, of cells that `allowed` accepts."""
    level = {frozenset([seed])}
    for _ in range(size - 1):
        level = {
            shape | {(r + dr, c + dc)}
            for shape in level
            for r, c in shape
            for dr, dc in STEPS
            if (r + dr, c + dc) not in shape and allowed((r + dr, c + dc))
        }
    return level


def free_form(cells) -> tuple[Cell, ...]:
    """The cells up to translation, rotation and reflection: the least of the eight images."""
    images = []
    for flip, turns in itertools.product((1, -1), range(4)):
        moved = [(r, c * flip) for r, c in cells]
        for _ in range(turns):
            moved = [(c, -r) for r, c in moved]
        low_r, low_c = min(r for r, _ in moved), min(c for _, c in moved)
        images.append(tuple(sorted((r - low_r, c - low_c) for r, c in moved)))
    return min(images)


def touching(a, b, offsets) -> bool:
    return any((r + dr, c + dc) in b for r, c in a for dr, dc in offsets)


def connected(cells: set[Cell]) -> bool:
    if not cells:
        return True
    seen, stack = set(), [next(iter(cells))]
    while stack:
        r, c = stack.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        stack.extend((r + dr, c + dc) for dr, dc in STEPS if (r + dr, c + dc) in cells)
    return seen == cells


# ---------------------------------------------------------------------- lits


def lits_solutions(rooms: list[list[str]]) -> list[set[Cell]]:
    """Four connected shaded cells in each room, no 2x2 shaded, shaded cells connected, two
    tetrominoes of one shape never sharing an edge."""
    rows, columns = len(rooms), len(rooms[0])
    labels = sorted({t for row in rooms for t in row})
    cells = {
        t: [(r, c) for r in range(rows) for c in range(columns) if rooms[r][c] == t] for t in labels
    }
    options = {}
    for t in labels:
        inside = set(cells[t])
        options[t] = {s for seed in cells[t] for s in grown(seed, 4, inside.__contains__)}
    found = []

    def extend(i: int, chosen: list[frozenset[Cell]]) -> None:
        if i == len(labels):
            shaded = set().union(*chosen)
            if connected(shaded):
                found.append(shaded)
            return
        for option in options[labels[i]]:
            shaded = set().union(option, *chosen)
            square = any(
                {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= shaded for r, c in option
            ) or any(
                {(r - 1, c - 1), (r - 1, c), (r, c - 1)} <= shaded
                or {(r - 1, c), (r - 1, c + 1), (r, c + 1)} <= shaded
                or {(r, c - 1), (r + 1, c - 1), (r + 1, c)} <= shaded
                for r, c in option
            )
            form = free_form(option)
            if square or any(
                free_form(other) == form and touching(option, other, STEPS) for other in chosen
            ):
                continue
            extend(i + 1, [*chosen, option])

    extend(0, [])
    return found


def shaded_cells(path: Path) -> set[Cell]:
    return {
        (r, c)
        for r, line in enumerate(path.read_text().splitlines())
        for c, token in enumerate(line.split())
        if token == "#"
    }


# ---------------------------------------------------------------------- nuribou


def nuribou_solutions(clues: list[list[str]]) -> list[set[Cell]]:
    """Every unshaded area holds one number, its size; the shaded areas are strips one cell
    wide, and two strips of one length never touch at a corner."""
    rows, columns = len(clues), len(clues[0])
    inside = {(r, c) for r in range(rows) for c in range(columns)}
    numbers = {(r, c): int(clues[r][c]) for r, c in inside if clues[r][c] != "."}
    anchors = sorted(numbers)
    options = {a: grown(a, numbers[a], lambda x: x in inside and x not in numbers) for a in anchors}
    found = []

    def extend(i: int, white: set[Cell], areas: list[frozenset[Cell]]) -> None:
        if i == len(anchors):
            black = inside - white
            if strips_fine(black):
                found.append(black)
            return
        for option in options[anchors[i]]:
            if option & white or any(touching(option, area, STEPS) for area in areas):
                continue
            extend(i + 1, white | option, [*areas, option])

    extend(0, set(), [])
    return found


def strips_fine(black: set[Cell]) -> bool:
    parts, left = [], set(black)
    while left:
        part, stack = set(), [left.pop()]
        while stack:
            r, c = stack.pop()
            part.add((r, c))
            for dr, dc in STEPS:
                if (r + dr, c + dc) in left:
                    left.discard((r + dr, c + dc))
                    stack.append((r + dr, c + dc))
        parts.append(part)
    if any(len({r for r, _ in p}) > 1 and len({c for _, c in p}) > 1 for p in parts):
        return False
    corners = ((1, 1), (1, -1), (-1, 1), (-1, -1))
    return not any(
        len(a) == len(b) and touching(a, b, corners) for a, b in itertools.combinations(parts, 2)
    )


# ---------------------------------------------------------------------- nawabari


def nawabari_solutions(clues: list[list[str]]) -> list[list[frozenset[Cell]]]:
    """The grid cut into rectangles, each holding one number: how many of its cell's sides
    are borders of its rectangle, the grid's edge included (as today's puz.link counts)."""
    rows, columns = len(clues), len(clues[0])
    numbers = {
        (r, c): int(clues[r][c]) for r in range(rows) for c in range(columns) if clues[r][c] != "."
    }
    options = {}
    for (r, c), n in numbers.items():
        options[r, c] = []
        for top, left in itertools.product(range(r + 1), range(c + 1)):
            for bottom, right in itertools.product(range(r, rows), range(c, columns)):
                box = frozenset(itertools.product(range(top, bottom + 1), range(left, right + 1)))
                sides = (r == top) + (r == bottom) + (c == left) + (c == right)
                if sides == n and not (box - {(r, c)}) & set(numbers):
                    options[r, c].append(box)
    found = []
    everything = rows * columns

    def extend(i: int, used: set[Cell], chosen: list[frozenset[Cell]]) -> None:
        if i == len(options):
            if len(used) == everything:
                found.append(chosen)
            return
        for box in list(options.values())[i]:
            if not box & used:
                extend(i + 1, used | box, [*chosen, box])

    extend(0, set(), [])
    return found


def rooms_of(solution_text: str) -> set[frozenset[Cell]]:
    """The rooms drawn in an edges solution (`+-+` lines, or `+--+` where a token takes two
    characters): cells joined where no wall."""
    lines = solution_text.splitlines()
    rows, columns = (len(lines) - 1) // 2, lines[0].count("+") - 1
    step = (len(lines[0]) - 1) // columns  # a cell's width and its wall
    joined = {}
    for r, c in itertools.product(range(rows), range(columns)):
        joined[r, c] = []
        if c + 1 < columns and lines[2 * r + 1][step * (c + 1)] == " ":
            joined[r, c].append((r, c + 1))
        if r + 1 < rows and lines[2 * r + 2][step * c + 1] == " ":
            joined[r, c].append((r + 1, c))
    parent = {cell: cell for cell in joined}

    def root(cell):
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    for cell, others in joined.items():
        for other in others:
            parent[root(other)] = root(cell)
    groups: dict = {}
    for cell in joined:
        groups.setdefault(root(cell), set()).add(cell)
    return {frozenset(g) for g in groups.values()}


# ---------------------------------------------------------------------- the instances


def constructed(genre: str) -> list[Path]:
    return sorted((PUZZLES / genre).glob("constructed-*[0-9].txt"))


@pytest.mark.parametrize("puzzle", constructed("lits"), ids=lambda p: p.stem)
def test_lits_instances_have_one_solution(puzzle):
    [only] = lits_solutions(read_grid(puzzle, "rooms"))
    assert only == shaded_cells(puzzle.with_name(puzzle.stem + ".solution.txt"))


@pytest.mark.parametrize("puzzle", constructed("nuribou"), ids=lambda p: p.stem)
def test_nuribou_instances_have_one_solution(puzzle):
    [only] = nuribou_solutions(read_grid(puzzle, "clues"))
    assert only == shaded_cells(puzzle.with_name(puzzle.stem + ".solution.txt"))


@pytest.mark.parametrize("puzzle", constructed("nawabari"), ids=lambda p: p.stem)
def test_nawabari_instances_have_one_solution(puzzle):
    [only] = nawabari_solutions(read_grid(puzzle, "clues"))
    drawn = rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())
    assert set(only) == drawn


def test_each_genre_has_constructed_instances():
    assert all(len(constructed(g)) >= 2 for g in ("lits", "nuribou", "nawabari"))
