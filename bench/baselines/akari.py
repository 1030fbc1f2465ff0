"""Akari, as the seed talk's 美術館 model: a light binary per white cell; at most one light in
every row and column segment of white cells (between walls); every white cell lit by its row
or column segment; a numbered wall has that many lights next to it."""

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


def segments(board: list[list[str]]) -> list[list[tuple[int, int]]]:
    """The maximal row and column runs of white cells."""
    nh, nw = len(board), len(board[0])
    lines = [[(i, j) for j in range(nw)] for i in range(nh)]
    lines += [[(i, j) for i in range(nh)] for j in range(nw)]
    runs = []
    for line in lines:
        run: list[tuple[int, int]] = []
        for i, j in line + [(-1, -1)]:
            if i >= 0 and board[i][j] == ".":
                run.append((i, j))
            elif run:
                runs.append(run)
                run = []
    return runs


def solve(puzzle_text: str, solver: pulp.LpSolver) -> BaselineResult:
    start = time.perf_counter()
    board = grid(read_sections(puzzle_text, {"board"}, default="board")["board"])
    nh, nw = len(board), len(board[0])
    m = pulp.LpProblem("akari")
    white = [(i, j) for i in range(nh) for j in range(nw) if board[i][j] == "."]
    v = {c: pulp.LpVariable(f"v_{c[0]}_{c[1]}", cat=pulp.LpBinary) for c in white}
    lit = {c: pulp.LpAffineExpression() for c in white}
    for run in segments(board):
        m += pulp.lpSum(v[c] for c in run) <= 1  # one light per segment
        for c in run:
            lit[c] += pulp.lpSum(v[d] for d in run)
    for c in white:
        m += lit[c] >= 1  # every white cell lit
    for i in range(nh):
        for j in range(nw):
            if board[i][j].isdigit():
                near = [(i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)]
                m += pulp.lpSum(v[c] for c in near if c in v) == int(board[i][j])  # count
    build = time.perf_counter() - start
    seconds = timed_solve(m, solver)
    rows = [
        [board[i][j] if board[i][j] != "." else "+" if is_one(v[i, j]) else "." for j in range(nw)]
        for i in range(nh)
    ]
    return BaselineResult(token_lines(rows), build, seconds, 1)
