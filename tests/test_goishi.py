"""Goishi (docs/genres.md): every shipped instance has exactly one order of picking its stones
by the search here, which shares no code with dslsolve, and it is the shipped solution (which
test_genres checks dslsolve finds).

The search tries every stone as the first, then walks: from the stone just picked it looks
along each of the four directions but the one it came from, passing over stones already
picked, and the first stone not yet picked there is a possible next one (a picked stone is
passed over, but never the one just left: that would be turning back). An order is found when
every stone is picked."""

from __future__ import annotations

import pytest

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "goishi").glob("*.txt") if "solution" not in p.name)
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def read_stones(path) -> list[tuple[int, int]]:
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    rows = [line.split() for line in lines[lines.index("stones:") + 1 :] if line.strip()]
    return [(r, c) for r, row in enumerate(rows) for c, token in enumerate(row) if token == "o"]


def orders(stones: list[tuple[int, int]], most: int = 2) -> list[dict]:
    """Up to `most` orders of picking, each as stone -> its place (1, 2, ...)."""
    stones_set = set(stones)
    rows = 1 + max(r for r, _ in stones)
    columns = 1 + max(c for _, c in stones)
    found: list[dict] = []

    def walk(order: list[tuple[int, int]], back: tuple[int, int] | None) -> None:
        if len(found) >= most:
            return
        if len(order) == len(stones):
            found.append({stone: place for place, stone in enumerate(order, start=1)})
            return
        picked = set(order)
        r, c = order[-1]
        for dr, dc in STEPS:
            if (dr, dc) == back:
                continue
            rr, cc = r + dr, c + dc
            while 0 <= rr < rows and 0 <= cc < columns and (rr, cc) not in set(stones) - picked:
                rr, cc = rr + dr, cc + dc
            if (rr, cc) in stones_set:
                walk([*order, (rr, cc)], (-dr, -dc))

    for first in stones:
        walk([first], None)
    return found


def read_order(path) -> dict:
    order = {}
    for r, row in enumerate(path.read_text().splitlines()):
        for c, token in enumerate(row.split()):
            if token != ".":
                order[(r, c)] = int(token)
    return order


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_goishi_has_one_order_the_shipped_one(puzzle):
    assert orders(read_stones(puzzle)) == [read_order(solution_file(puzzle))]


def test_the_search_passes_picked_stones_and_never_turns_back():
    assert len(orders([(0, 0), (0, 1), (0, 2)], most=5)) == 2  # from either end
    # a stone beside the last one picked is passed over only when it was picked earlier
    assert orders([(0, 0), (0, 1), (1, 1)], most=5) != []
    assert orders([(0, 0), (0, 2), (2, 0), (2, 2)], most=9) != []
    assert len(CASES) >= 3
