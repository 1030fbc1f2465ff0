"""Nagenawa (docs/genres.md): every shipped instance has exactly one answer by the search of
tests/rectloops.py, which shares no code with dslsolve, and it is the shipped solution (which
test_genres checks dslsolve finds); the search itself counts the cells on loops per room."""

from __future__ import annotations

import pytest
from rectloops import links_of, loops
from wblinks import read_links

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "nagenawa").glob("*.txt") if "solution" not in p.name)


def read_grids(path) -> tuple[list[list[str]], list[list[str]]]:
    """The `rooms:` and `clues:` sections: rows of tokens."""
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    at = lines.index("clues:")
    rooms = [row.split() for row in lines[lines.index("rooms:") + 1 : at] if row.strip()]
    return rooms, [row.split() for row in lines[at + 1 :] if row.strip()]


def answers(rooms: list[list[str]], clues: list[list[str]], most: int = 2) -> list[set]:
    rows, columns = len(rooms), len(rooms[0])
    members: dict[str, list[tuple[int, int]]] = {}
    wanted: dict[str, int] = {}
    for r in range(rows):
        for c in range(columns):
            members.setdefault(rooms[r][c], []).append((r, c))
            if clues[r][c] != ".":
                wanted[rooms[r][c]] = int(clues[r][c])
    on_loop: dict[tuple[int, int], bool] = {}  # the decided cells (later ones are stale)

    def ok(cell, used):
        on_loop[cell] = used > 0
        room = rooms[cell[0]][cell[1]]
        if room not in wanted:
            return True
        decided = [x for x in members[room] if x <= cell]  # reading order
        count = sum(on_loop[x] for x in decided)
        left = len(members[room]) - len(decided)  # cells still to come, each 0 or 1
        return count <= wanted[room] <= count + left

    return [links_of(boxes) for boxes in loops(rows, columns, ok, most)]


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_nagenawa_has_one_answer_the_shipped_one(puzzle):
    assert answers(*read_grids(puzzle)) == [read_links(solution_file(puzzle))]


def test_the_search_counts_per_room():
    one_room = [["a", "a"], ["a", "a"]]
    assert len(answers(one_room, [["4", "."], [".", "."]])) == 1
    assert answers(one_room, [["3", "."], [".", "."]]) == []
    # no clue: nothing drawn, or the square
    assert len(answers(one_room, [[".", "."], [".", "."]], most=5)) == 2
    assert len(CASES) >= 3
