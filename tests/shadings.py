"""A search independent of dslsolve for the shading genres whose black cells never share an edge
and whose white cells are connected (kurochute, yajikazu; docs/genres.md): every shading of a
grid that meets those two rules and a list of clue checks.

A clue check is a set of cells and a test of the black cells among them and the cells still
undecided; it is tested each time one of its cells is decided. Cells are decided in reading order,
white first; a black cell beside a black cell is never tried, and a black cell that cuts the
white and undecided cells apart ends the branch."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

Cell = tuple[int, int]


@dataclass(frozen=True)
class Check:
    """A rule over some cells: `holds(black, undecided)` gets the black cells among them and
    those not decided yet, and says whether the rule can still hold."""

    cells: frozenset[Cell]
    holds: Callable[[frozenset[Cell], frozenset[Cell]], bool]


def neighbours(rows: int, columns: int, cell: Cell) -> list[Cell]:
    r, c = cell
    near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(a, b) for a, b in near if 0 <= a < rows and 0 <= b < columns]


def connected(near: dict[Cell, list[Cell]], cells: set[Cell]) -> bool:
    """Whether `cells` are orthogonally connected (`near`: each cell's neighbours)."""
    if not cells:
        return True
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        for n in near[stack.pop()]:
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def shadings(
    rows: int, columns: int, checks: Iterable[Check], most: int = 2
) -> list[frozenset[Cell]]:
    """Up to `most` shadings (their black cells)."""
    order = [(r, c) for r in range(rows) for c in range(columns)]
    position = {cell: i for i, cell in enumerate(order)}
    near = {cell: neighbours(rows, columns, cell) for cell in order}
    due: dict[int, list[Check]] = {}
    for check in checks:
        for cell in check.cells:
            due.setdefault(position[cell], []).append(check)
    found: list[frozenset[Cell]] = []

    def search(at: int, black: set[Cell]) -> None:
        if len(found) >= most:
            return
        if at == len(order):
            found.append(frozenset(black))
            return
        cell = order[at]
        for shade in (False, True):
            if shade:
                if any(n in black for n in near[cell]):
                    continue
                black.add(cell)
                if not connected(near, set(order) - black):
                    black.discard(cell)
                    continue
            if all(
                check.holds(
                    frozenset(check.cells & black),
                    frozenset(c for c in check.cells if position[c] > at),
                )
                for check in due.get(at, [])
            ):
                search(at + 1, black)
            black.discard(cell)

    search(0, set())
    return found


def grid(text: str, section: str | None = None) -> list[list[str]]:
    """The tokens of a puzzle file's section (the lines after `section:` up to the next
    section), or of a whole solution file (`section` None); a line without spaces is one
    token per character."""
    lines = text.splitlines()
    if section is None:
        return [tokens(line) for line in lines if line.strip()]
    start = lines.index(f"{section}:") + 1
    rows = []
    for line in lines[start:]:
        if line.endswith(":"):
            break
        if line.strip():
            rows.append(tokens(line))
    return rows


def regions(rows: int, columns: int, labels: list[list[str]]) -> dict[str, set[Cell]]:
    """The cells of each label of a grid section (a room)."""
    cells: dict[str, set[Cell]] = {}
    for r in range(rows):
        for c in range(columns):
            cells.setdefault(labels[r][c], set()).add((r, c))
    return cells


def shipped_black(solution: str) -> set[Cell]:
    """The black cells (`#`) of a solution file's text."""
    rows = grid(solution)
    return {(r, c) for r, line in enumerate(rows) for c, token in enumerate(line) if token == "#"}


def tokens(line: str) -> list[str]:
    return line.split() if " " in line.strip() else list(line.strip())
