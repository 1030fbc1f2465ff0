"""A search independent of dslsolve for the number and symbol genres (docs/genres.md): each
cell takes one value from its candidates, cells decided in reading order, and after every
choice a genre's test (written in plain Python in its test file) says whether the cells
decided so far can still be part of a solution; a last test sees the whole grid. The search
stops after `most` solutions, so two found means the puzzle is not unique.

Also here: reading a puzzle or solution file into its sections of tokens, as the shipped
files are written (one line per row; tokens separated by spaces, or one character each)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from pathlib import Path

Cell = tuple[int, int]
Grid = dict  # a unit of the search (a cell, or a genre's own unit such as a room) -> value


def solutions(
    cells: list[Hashable],
    candidates: Callable[[Hashable], Iterable],
    fits: Callable[[Grid, Hashable], bool],
    whole: Callable[[Grid], bool] = lambda grid: True,
    most: int = 2,
) -> list[Grid]:
    """Up to `most` assignments of a value to every cell (or other unit) in which `fits`
    holds after each choice (the grid holding the cells decided so far, the cell just decided)
    and `whole` at the end."""
    found: list[Grid] = []
    grid: Grid = {}

    def search(at: int) -> None:
        if len(found) >= most:
            return
        if at == len(cells):
            if whole(grid):
                found.append(dict(grid))
            return
        cell = cells[at]
        for value in candidates(cell):
            grid[cell] = value
            if fits(grid, cell):
                search(at + 1)
            del grid[cell]

    search(0)
    return found


def tokens(line: str) -> list[str]:
    return line.split() if " " in line.strip() else list(line.strip())


def sections(path: Path) -> dict[str, list[list[str]]]:
    """A puzzle file's sections, each a list of rows of tokens (its comment lines skipped)."""
    found: dict[str, list[list[str]]] = {}
    current: list[list[str]] = []
    for line in path.read_text().splitlines():
        if not line.strip() or (line.startswith("#") and not found):
            continue  # comments come before the first section (a `#` token may start a row)
        if line.rstrip().endswith(":"):
            current = found.setdefault(line.rstrip()[:-1], [])
        else:
            current.append(tokens(line))
    return found


def solution_rows(path: Path) -> list[list[str]]:
    return [tokens(line) for line in path.read_text().splitlines() if line.strip()]


def by_cell(rows: list[list[str]]) -> dict[Cell, str]:
    return {(r, c): token for r, row in enumerate(rows) for c, token in enumerate(row)}


def orthogonal(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def around(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + i, c + j) for i in (-1, 0, 1) for j in (-1, 0, 1) if (i, j) != (0, 0)]


def reach(start: Cell, cells: set[Cell]) -> set[Cell]:
    """The cells of `cells` joined to `start` through `cells`, orthogonally."""
    seen, stack = set(), [start]
    while stack:
        cell = stack.pop()
        if cell not in seen:
            seen.add(cell)
            stack.extend(n for n in orthogonal(cell) if n in cells)
    return seen


def connected(cells: set[Cell]) -> bool:
    """Whether the cells form one orthogonally connected set (true for none)."""
    return not cells or reach(min(cells), cells) == cells
