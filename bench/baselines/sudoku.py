"""Sudoku, as the seed talk's 数独 model: binaries v[r, c, k] (cell r, c holds k), one value per
cell, each value once per row, column and box, givens fixed. Any side N: boxes of H rows by N/H
columns, H the largest divisor of N up to its square root (3x3 on 9x9, 2x3 on 6x6), as the
genre's `each box` takes them."""

from __future__ import annotations

import math
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


def solve(puzzle_text: str, solver: pulp.LpSolver) -> BaselineResult:
    start = time.perf_counter()
    givens = grid(read_sections(puzzle_text, {"givens"}, default="givens")["givens"])
    n = len(givens)
    h = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)  # box rows
    w = n // h  # box columns
    rn = range(n)
    m = pulp.LpProblem("sudoku")
    v = pulp.LpVariable.dicts("v", (rn, rn, range(1, n + 1)), cat=pulp.LpBinary)
    for i in rn:
        for j in rn:
            m += pulp.lpSum(v[i][j][k] for k in v[i][j]) == 1  # one value per cell
            if givens[i][j] != ".":
                m += v[i][j][int(givens[i][j])] == 1  # given
        for k in range(1, n + 1):
            m += pulp.lpSum(v[i][j][k] for j in rn) == 1  # once per row
            m += pulp.lpSum(v[j][i][k] for j in rn) == 1  # once per column
            r0, c0 = i // (n // w) * h, i % (n // w) * w  # box i: n // w boxes per band
            box = [v[r0 + x][c0 + y][k] for x in range(h) for y in range(w)]
            m += pulp.lpSum(box) == 1  # once per box
    build = time.perf_counter() - start
    seconds = timed_solve(m, solver)
    digits = [[next(str(k) for k in v[i][j] if is_one(v[i][j][k])) for j in rn] for i in rn]
    return BaselineResult(token_lines(digits), build, seconds, 1)
