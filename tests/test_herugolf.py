"""Herugolf (docs/genres.md): every shipped instance has exactly one solution by the search
below, which shares no code with dslsolve, and it is the shipped one (whose lines test_genres
checks dslsolve draws).

The search plays the balls one after the other: a ball n makes straight shots of n, n - 1,
... cells in any of the four directions; a shot flies over cells that hold no ball, no hole
and no other ball's line (water included), lands on a cell that is not water, and the ball
stops where a shot lands in a hole (it cannot fly on over one). Every hole takes one ball."""

from __future__ import annotations

import pytest
from cellsearch import Cell, by_cell, sections
from moves import drawn_links

from helpers import PUZZLES, solution_file

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def cases() -> list:
    return sorted(p for p in (PUZZLES / "herugolf").glob("*.txt") if "solution" not in p.name)


def herugolf_solutions(board: list[list[str]], most: int = 2) -> list[set[frozenset]]:
    """Up to `most` sets of lines (their links) that play every ball into a hole."""
    cell = by_cell(board)
    balls = sorted(c for c, t in cell.items() if t.isdigit())
    holes = {c for c, t in cell.items() if t == "H"}
    if len(holes) != len(balls):
        return []
    found: list[set[frozenset]] = []
    taken: set[Cell] = set(balls)
    chosen: list[list[Cell]] = []

    def shots(at: int, path: list[Cell], length: int) -> None:
        if len(found) >= most or length == 0:
            return
        r, c = path[-1]
        for dr, dc in STEPS:
            flight = [(r + dr * i, c + dc * i) for i in range(1, length + 1)]
            if any(f not in cell or f in taken for f in flight):
                continue
            if any(cell[f] == "H" for f in flight[:-1]) or cell[flight[-1]] == "~":
                continue
            taken.update(flight)
            path.extend(flight)
            if cell[flight[-1]] == "H":
                chosen.append(list(path))
                play(at + 1)
                chosen.pop()
            else:
                shots(at, path, length - 1)
            del path[-length:]
            taken.difference_update(flight)

    def play(at: int) -> None:
        if len(found) >= most:
            return
        if at == len(balls):
            pairs = (zip(path, path[1:], strict=False) for path in chosen)
            found.append({frozenset(pair) for links in pairs for pair in links})
            return
        shots(at, [balls[at]], int(cell[balls[at]]))

    play(0)
    return found


@pytest.mark.parametrize("puzzle", cases(), ids=lambda p: p.stem)
def test_herugolf_has_one_solution_the_shipped_one(puzzle):
    found = herugolf_solutions(sections(puzzle)["board"])
    assert len(found) == 1
    assert found[0] == drawn_links(solution_file(puzzle))
