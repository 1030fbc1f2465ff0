"""Yosenabe (docs/genres.md): every shipped instance has exactly one solution by the search of
`moves.py`, which shares no code with dslsolve, given yosenabe's rules on the pots in plain
Python below, and that solution is the shipped one (which test_genres checks dslsolve finds).
The rules are not vacuous: with its pots' numbers left out an instance has several."""

from __future__ import annotations

import pytest
from cellsearch import by_cell, sections
from moves import drawn_links, links_of, move_solutions

from helpers import PUZZLES, solution_file


def cases() -> list:
    return sorted(p for p in (PUZZLES / "yosenabe").glob("*.txt") if "solution" not in p.name)


def pots(marks: list[list[str]]) -> list[list[str]]:
    """Each pot (an orthogonally connected area of `#`) labelled by its first cell; `.` else."""
    height, width = len(marks), len(marks[0])
    label = [["."] * width for _ in range(height)]
    for r in range(height):
        for c in range(width):
            if marks[r][c] == "#" and label[r][c] == ".":
                stack = [(r, c)]
                label[r][c] = f"{r},{c}"
                while stack:
                    y, x = stack.pop()
                    for b, a in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                        inside = 0 <= b < height and 0 <= a < width
                        if inside and marks[b][a] == "#" and label[b][a] == ".":
                            label[b][a] = label[r][c]
                            stack.append((b, a))
    return label


def pot_holds(sums: list[list[str]]):
    """A pot gets a circle; where it has a number, its circles' numbers add up to it (pzprjs:
    or to 0, the circles without a number counting 0)."""
    number = {cell: int(t) for cell, t in by_cell(sums).items() if t != "."}

    def holds(cells, ends) -> bool:
        inside = [ends[cell] for cell in cells if cell in ends]
        total = sum(int(t) for t in inside if t != "o")
        wanted = [number[cell] for cell in cells if cell in number]
        return bool(inside) and (not wanted or total in (0, wanted[0]))

    return holds


def solve(parts: dict, most: int = 2) -> list:
    holds = pot_holds(parts["sums"])
    return move_solutions(pots(parts["pots"]), parts["circles"], holds, most, any_distance=True)


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_yosenabe_has_one_solution_the_shipped_one(puzzle):
    found = solve(sections(puzzle))
    assert len(found) == 1
    links = set().union(*(links_of(cell, move) for cell, move in found[0].items()))
    assert links == drawn_links(solution_file(puzzle))


def test_yosenabe_search_finds_several_without_the_pots_numbers():
    parts = sections(PUZZLES / "yosenabe" / "puzzlink-5x5.txt")
    parts["sums"] = [["."] * len(row) for row in parts["sums"]]
    assert len(solve(parts)) == 2


def test_yosenabe_search_adds_up_a_pot():
    """Two circles and a pot of two cells with 3: the 1 and the 2 move in; a 4 would not fit."""
    parts = {"pots": [list(".##.")], "circles": [list("1..2")], "sums": [list(".3..")]}
    assert solve(parts, most=3) == [{(0, 0): (0, 1, 1), (0, 3): (0, -1, 1)}]
    parts["circles"] = [list("1..4")]
    assert solve(parts) == []
