"""A search independent of dslsolve for the genres that cut the grid into Ls one cell wide
(sashigane; docs/genres.md): every such cutting in which each mark is where it must be.

An L is built here from its corner cell and two arms leaving it in perpendicular directions,
each of 1 or more cells beyond the corner. A mark's rule: a circle (`o`, or a number: then
also the L's size) is the corner; an arrow (`U D L R`) is the far end of an arm and the arm
runs from it in the arrow's direction; `?` is any cell. Ls are placed on the first uncovered
cell in reading order, trying every L over uncovered cells that holds that cell and no cell
before it (each cutting once), and keeping only Ls whose marks hold."""

from __future__ import annotations

import random

Cell = tuple[int, int]
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
TURNS = (("U", "L"), ("U", "R"), ("D", "L"), ("D", "R"))


def ells(rows: int, columns: int) -> list[tuple[Cell, frozenset[Cell], dict[Cell, str]]]:
    """Every L of the grid: (its corner, its cells, each arm end -> the direction toward the
    corner)."""
    found = []
    for r in range(rows):
        for c in range(columns):
            for first, second in TURNS:
                (a, b), (d, e) = STEP[first], STEP[second]
                for m in range(1, max(rows, columns)):
                    for n in range(1, max(rows, columns)):
                        one = [(r + a * i, c + b * i) for i in range(1, m + 1)]
                        two = [(r + d * i, c + e * i) for i in range(1, n + 1)]
                        cells = [(r, c), *one, *two]
                        if all(0 <= x < rows and 0 <= y < columns for x, y in cells):
                            back = {"U": "D", "D": "U", "L": "R", "R": "L"}
                            ends = {one[-1]: back[first], two[-1]: back[second]}
                            found.append(((r, c), frozenset(cells), ends))
    return found


def fits(corner: Cell, cells: frozenset, ends: dict, clues: dict[Cell, str]) -> bool:
    for cell in cells:
        mark = clues.get(cell)
        if mark is None or mark == "?":
            continue
        if mark in STEP:
            if ends.get(cell) != mark:
                return False
        elif cell != corner or (mark != "o" and int(mark) != len(cells)):
            return False
    return True


def cuttings(
    rows: int,
    columns: int,
    clues: dict[Cell, str],
    most: int = 2,
    shuffle: random.Random | None = None,
) -> list[list[frozenset[Cell]]]:
    """Up to `most` cuttings into Ls where every mark holds (`shuffle`: try Ls in a random
    order, to draw a random cutting)."""
    by_first: dict[Cell, list[frozenset[Cell]]] = {}
    for corner, cells, ends in ells(rows, columns):
        if fits(corner, cells, ends, clues):
            by_first.setdefault(min(cells), []).append(cells)
    found: list[list[frozenset[Cell]]] = []
    covered: set[Cell] = set()
    chosen: list[frozenset[Cell]] = []
    order = [(r, c) for r in range(rows) for c in range(columns)]

    def place(at: int) -> None:
        while at < len(order) and order[at] in covered:
            at += 1
        if at == len(order):
            found.append(list(chosen))
            return
        options = list(by_first.get(order[at], []))
        if shuffle is not None:
            shuffle.shuffle(options)
        for cells in options:
            if len(found) >= most:
                return
            if cells & covered:
                continue
            covered.update(cells)
            chosen.append(cells)
            place(at + 1)
            chosen.pop()
            covered.difference_update(cells)

    place(0)
    return found
