r"""Kakuro, as the seed talk's カックロ model: binaries v[cell][k] (the white cell holds k),
one digit per cell, no digit twice in a run of white cells, and each clue equal to the sum of
the run to the right of (across) or below (down) its block. The board's tokens: `.` white,
`*` a block, `D\A`, `D\` or `\A` a block with its down and across clues."""

from __future__ import annotations

import time

import pulp

from bench.baselines.common import (
    BaselineResult,
    grid,
    is_one,
    read_sections,
    timed_solve,
    token_lines,
)

Cell = tuple[int, int]
DIGITS = range(1, 10)


def solve(puzzle_text: str, solver: pulp.LpSolver) -> BaselineResult:
    start = time.perf_counter()
    board = grid(read_sections(puzzle_text, {"board"}, default="board")["board"])
    nh, nw = len(board), len(board[0])
    m = pulp.LpProblem("kakuro")
    white = [(i, j) for i in range(nh) for j in range(nw) if board[i][j] == "."]
    v = {c: pulp.LpVariable.dicts(f"v_{c[0]}_{c[1]}", DIGITS, cat=pulp.LpBinary) for c in white}
    for c in white:
        m += pulp.lpSum(v[c].values()) == 1  # one digit per cell

    def run(i: int, j: int, di: int, dj: int) -> list[Cell]:
        """The white cells from (i, j) on in direction (di, dj), up to a block or the edge."""
        cells = []
        while 0 <= i < nh and 0 <= j < nw and board[i][j] == ".":
            cells.append((i, j))
            i, j = i + di, j + dj
        return cells

    for i, j in white:
        for di, dj in ((0, 1), (1, 0)):
            if (i - di, j - dj) not in v:  # the run starts here
                for k in DIGITS:
                    m += pulp.lpSum(v[c][k] for c in run(i, j, di, dj)) <= 1  # no repeat
    for i in range(nh):
        for j in range(nw):
            if "\\" in board[i][j]:
                down, across = board[i][j].split("\\")
                for total, (di, dj) in ((down, (1, 0)), (across, (0, 1))):
                    if total:
                        cells = run(i + di, j + dj, di, dj)
                        m += pulp.lpSum(k * v[c][k] for c in cells for k in DIGITS) == int(total)
    build = time.perf_counter() - start
    seconds = timed_solve(m, solver)
    rows = [
        [
            next(str(k) for k in DIGITS if is_one(v[i, j][k])) if (i, j) in v else "*"
            for j in range(nw)
        ]
        for i in range(nh)
    ]
    return BaselineResult(token_lines(rows), build, seconds, 1)
