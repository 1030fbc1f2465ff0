"""Box (docs/genres.md): every shipped instance has exactly one shading by a search that shares
no code with dslsolve, and that shading is the shipped solution's (which test_genres checks
dslsolve finds). The search lists, for each row, the sets of columns whose numbers (1 at the
left) add up to the row's clue, and combines them row by row while no column's sum of row
numbers (1 at the top) can pass its clue or fall short of it for good (what is missing must
be a sum of distinct numbers of the rows below)."""

from __future__ import annotations

from itertools import combinations

import pytest
from shadings import shipped_black

from dslsolve.dsl.genre import load_genre
from dslsolve.puzzlink.source import read_puzzle

from helpers import PUZZLES, genre_file, solution_file

CASES = sorted(p for p in (PUZZLES / "box").glob("*.txt") if "solution" not in p.name)


def lists(text: str) -> dict[str, list[int]]:
    """The list sections of a puzzle file (one number per line)."""
    found: dict[str, list[int]] = {}
    current: list[int] = []
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.endswith(":"):
            current = found.setdefault(line[:-1], [])
        else:
            current.append(int(line))
    return found


def shadings(top: list[int], left: list[int], most: int = 2) -> list[frozenset[tuple[int, int]]]:
    columns = len(top)
    choices = [
        [
            set(cells)
            for k in range(columns + 1)
            for cells in combinations(range(columns), k)
            if sum(c + 1 for c in cells) == clue
        ]
        for clue in left
    ]
    rows = len(left)
    # reachable[row]: every sum of distinct row numbers of the rows from `row` on
    reachable = [{0}]
    for row in reversed(range(rows)):
        reachable.insert(0, reachable[0] | {s + row + 1 for s in reachable[0]})
    found: list[frozenset[tuple[int, int]]] = []

    def search(row: int, sums: list[int], black: list[tuple[int, int]]) -> None:
        if len(found) >= most:
            return
        if row == rows:
            found.append(frozenset(black))
            return
        for cells in choices[row]:
            after = [s + (row + 1 if c in cells else 0) for c, s in enumerate(sums)]
            if all(t - s in reachable[row + 1] for s, t in zip(after, top, strict=True)):
                search(row + 1, after, black + [(row, c) for c in cells])

    search(0, [0] * columns, [])
    return found


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_shading_is_the_shipped_solution(puzzle):
    clues = lists(puzzle.read_text())
    found = shadings(clues["top"], clues["left"])
    assert len(found) == 1
    assert found[0] == shipped_black(solution_file(puzzle).read_text())


def test_the_search_finds_both_shadings_of_the_one_ambiguous_3x3_board():
    # every sum 3: a column (row) holds rows (columns) 1 and 2, or 3 alone
    found = shadings([3, 3, 3], [3, 3, 3], most=5)
    assert sorted(sorted(black) for black in found) == [
        [(0, 0), (0, 1), (1, 0), (1, 1), (2, 2)],
        [(0, 2), (1, 2), (2, 0), (2, 1)],
    ]
    assert shadings([3, 3, 2], [3, 3, 3], most=5) == []


def test_a_url_holds_base_32_sums_top_then_left():
    # `-1a` is one sum of two base-32 digits: 32 + 10
    box = load_genre(str(genre_file("box")))
    lists = read_puzzle("https://puzz.link/p?box/3/2/1-1a23v", box).lists
    assert lists == {"top": ((1,), (42,), (2,)), "left": ((3,), (31,))}
