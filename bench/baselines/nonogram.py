"""Nonogram, after the seed talk's ののぐらむ model, with block placements instead of whole-line
patterns: a binary s[j][p] per block j of a line clue and feasible start p, one start per
block, block j+1 starting after block j ends plus a gap, and a cell black exactly when a block
of its row (and of its column) covers it."""

from __future__ import annotations

import time

import pulp

from bench.baselines.common import (
    BaselineResult,
    clue_list,
    is_one,
    read_sections,
    timed_solve,
    token_lines,
)


def place(m: pulp.LpProblem, cells: list[pulp.LpVariable], clue: list[int], name: str) -> None:
    """Add one line's block placements: `cells` are its cell binaries, `clue` its block sizes."""
    n = len(cells)
    cover: list[list[pulp.LpVariable]] = [[] for _ in cells]
    starts = []
    for j, size in enumerate(clue):
        first = sum(clue[:j]) + j
        last = n - sum(clue[j:]) - (len(clue) - j - 1)
        s = {
            p: pulp.LpVariable(f"{name}_{j}_{p}", cat=pulp.LpBinary) for p in range(first, last + 1)
        }
        m += pulp.lpSum(s.values()) == 1  # one start per block
        for p, var in s.items():
            for c in range(p, p + size):
                cover[c].append(var)
        starts.append(pulp.lpSum(p * var for p, var in s.items()))
    for j in range(len(clue) - 1):
        m += starts[j + 1] >= starts[j] + clue[j] + 1  # in order, with a gap
    for cell, covering in zip(cells, cover, strict=True):
        m += cell == pulp.lpSum(covering)  # black exactly when covered


def solve(puzzle_text: str, solver: pulp.LpSolver) -> BaselineResult:
    start = time.perf_counter()
    sections = read_sections(puzzle_text, set())
    rows = [clue_list(line) for line in sections["rows"]]
    columns = [clue_list(line) for line in sections["columns"]]
    nh, nw = len(rows), len(columns)
    m = pulp.LpProblem("nonogram")
    v = [[pulp.LpVariable(f"v_{i}_{j}", cat=pulp.LpBinary) for j in range(nw)] for i in range(nh)]
    for i, clue in enumerate(rows):
        if clue is not None:
            place(m, v[i], clue, f"r{i}")
    for j, clue in enumerate(columns):
        if clue is not None:
            place(m, [v[i][j] for i in range(nh)], clue, f"c{j}")
    build = time.perf_counter() - start
    seconds = timed_solve(m, solver)
    shading = [["#" if is_one(x) else "." for x in row] for row in v]
    return BaselineResult(token_lines(shading), build, seconds, 1)
