"""Tawamurenga (tawa, docs/genres.md): every shipped instance has exactly one shading by a search
that shares no code with dslsolve, and that shading is the shipped solution's (which test_genres
checks dslsolve finds). The wall is read from the file's half-cells: a brick is a cell holding
`[`, a number or `?` with `]` on its right; two bricks touch when they share a row and lie side
by side, or lie in rows next to each other and overlap by a half-cell. The search goes from the
bottom row up, each row left to right: a numbered brick stays white, a black brick above the
bottom row needs a black brick among the (already decided) ones under it, no three black bricks
lie side by side, and a number is checked once its last neighbour is decided (and may never be
exceeded before). A full shading needs a black brick."""

from __future__ import annotations

import pytest
from shadings import grid, shipped_black

from helpers import PUZZLES, solution_file

CASES = sorted(p for p in (PUZZLES / "tawa").glob("*.txt") if "solution" not in p.name)
Brick = tuple[int, int]  # (row, the column of its left half)


def wall(board: list[list[str]]) -> dict[Brick, int | None]:
    """Each brick and its number (None: none, or `?`)."""
    found: dict[Brick, int | None] = {}
    for r, line in enumerate(board):
        for c, token in enumerate(line[:-1]):
            if token != "]" and token != "." and line[c + 1] == "]":
                found[(r, c)] = int(token) if token.isdigit() else None
    return found


def touching(bricks, brick: Brick) -> list[Brick]:
    r, c = brick
    return [
        (r2, c2)
        for r2, c2 in bricks
        if (r2 == r and abs(c2 - c) == 2) or (abs(r2 - r) == 1 and abs(c2 - c) == 1)
    ]


def shadings(board: list[list[str]], most: int = 2) -> list[frozenset[Brick]]:
    bricks = wall(board)
    numbered = {b for b in bricks if board[b[0]][b[1]] != "["}
    bottom = max(r for r, _ in bricks)
    order = sorted(bricks, key=lambda b: (-b[0], b[1]))
    place = {b: i for i, b in enumerate(order)}
    near = {b: touching(bricks, b) for b in bricks}
    black: set[Brick] = set()
    found: list[frozenset[Brick]] = []

    def fits(at: int) -> bool:
        """The rules that the bricks decided up to `at` can break."""
        for b, number in bricks.items():
            if number is None or place[b] > at and all(place[n] > at for n in near[b]):
                continue
            dark = sum(n in black for n in near[b])
            if dark > number or all(place[n] <= at for n in near[b]) and dark != number:
                return False
        return True

    def search(at: int) -> None:
        if len(found) >= most:
            return
        if at == len(order):
            if black:
                found.append(frozenset(black))
            return
        r, c = brick = order[at]
        for shade in (False, True):
            if shade:
                if brick in numbered:
                    continue
                if r != bottom and not {(r + 1, c - 1), (r + 1, c + 1)} & black:
                    continue
                if (r, c - 2) in black and (r, c - 4) in black:
                    continue
                black.add(brick)
            if fits(at):
                search(at + 1)
            black.discard(brick)

    search(0)
    return found


def halves(bricks: frozenset[Brick]) -> set[tuple[int, int]]:
    return {(r, c + d) for r, c in bricks for d in (0, 1)}


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_the_one_shading_is_the_shipped_solution(puzzle):
    found = shadings(grid(puzzle.read_text(), "board"))
    assert len(found) == 1
    assert halves(found[0]) == shipped_black(solution_file(puzzle).read_text())


def test_bricks_rest_on_bricks_and_never_three_in_a_row():
    # one row of three bricks: any shading but the empty one and all three
    row = [list("[][][]")]
    assert len(shadings(row, most=10)) == 2**3 - 2
    # two rows, the upper half a brick in: a black brick above needs one below
    two = [list(".[]."), list("[][]")]
    found = shadings(two, most=10)
    assert frozenset({(0, 1)}) not in found and frozenset({(0, 1), (1, 0)}) in found
    # a number counts its six neighbours: 2 in the middle of the lower row of three, each
    # upper brick held up by the lower brick beside the number under it
    found = shadings([list(".[][]."), list("[]2][]")], most=10)
    assert set(found) == {
        frozenset({(1, 0), (1, 4)}),
        frozenset({(0, 1), (1, 0)}),
        frozenset({(0, 3), (1, 4)}),
    }
