"""Nonogram, with block placements instead of the seed talk's whole-line patterns, in two
formulations (`solve(..., formulation=...)`). Both: a binary s[j][p] per block j of a line clue
and feasible start p, one start per block, and a cell black exactly when a block of its row (and
of its column) covers it. They differ in how block j+1 is kept after block j:

"seed" (after the seed talk's ののぐらむ model): one row per pair of blocks,
start_{j+1} >= start_j + l_j + 1, the starts written as sum_p p * s[j][p].

"dslsolve": exactly the model that dslsolve's defaults build for puzzles/nonogram.yaml
(`runs=blocks`), written out by hand, so that against it `bench/baseline_ratio.py` measures what
compiling from the DSL costs and not a choice of formulation. The cumulative rows: for every
position p where block j+1 can have started, sum_{i<=p} s[j+1][i] <= sum_{i<=p-l_j-1} s[j][i]
(one row per p, repeated rows included). Rows per line in dslsolve's order (the rows, then the
columns): each block's one-start row, the order rows (block by block, p ascending), a row per
cell; a clue 0 leaves only cell = 0. The variables carry dslsolve's names (black_r_c, start_k
numbered in creation order): PuLP hands CBC the columns sorted by name, and CBC's time depends
on the column order.
"""

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

FORMULATIONS = ("seed", "dslsolve")


def place(m: pulp.LpProblem, cells: list[pulp.LpVariable], clue: list[int], name: str) -> None:
    """Add one line's block placements ("seed"): `cells` are its cell binaries, `clue` its block
    sizes."""
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


def place_cumulative(
    m: pulp.LpProblem, cells: list[pulp.LpVariable], clue: list[int], starts: list[pulp.LpVariable]
) -> None:
    """Add one line's block placements ("dslsolve"); the start binaries are numbered on from
    len(starts) and appended to `starts`."""
    n = len(cells)
    s: list[dict[int, pulp.LpVariable]] = []
    for j in range(len(clue)):
        first = sum(clue[:j]) + j
        last = n - sum(clue[j:]) - (len(clue) - j - 1)
        s.append({})
        for p in range(first, last + 1):
            s[j][p] = m.add_variable(f"start_{len(starts)}", cat=pulp.LpBinary)
            starts.append(s[j][p])
        m += pulp.lpSum(s[j].values()) == 1  # one start per block
    for j in range(len(clue) - 1):
        for p in range(n):
            later = [var for i, var in s[j + 1].items() if i <= p]
            if later:  # block j+1 has started by p only if block j started by p - l_j - 1
                earlier = [var for i, var in s[j].items() if i <= p - clue[j] - 1]
                m += pulp.lpSum(later) <= pulp.lpSum(earlier)
    for c, cell in enumerate(cells):
        covering = [
            var for j, size in enumerate(clue) for i, var in s[j].items() if i <= c < i + size
        ]
        m += cell == pulp.lpSum(covering)  # black exactly when covered


def solve(puzzle_text: str, solver: pulp.LpSolver, formulation: str = "seed") -> BaselineResult:
    if formulation not in FORMULATIONS:
        raise ValueError(f"formulation {formulation!r}: expected one of {FORMULATIONS}")
    start = time.perf_counter()
    sections = read_sections(puzzle_text, set())
    rows = [clue_list(line) for line in sections["rows"]]
    columns = [clue_list(line) for line in sections["columns"]]
    nh, nw = len(rows), len(columns)
    m = pulp.LpProblem("nonogram")
    if formulation == "dslsolve":
        v = [
            [m.add_variable(f"black_{i}_{j}", cat=pulp.LpBinary) for j in range(nw)]
            for i in range(nh)
        ]
        starts: list[pulp.LpVariable] = []
        lines = [(v[i], clue) for i, clue in enumerate(rows)]
        lines += [([v[i][j] for i in range(nh)], clue) for j, clue in enumerate(columns)]
        for cells, clue in lines:
            if clue is not None:
                place_cumulative(m, cells, clue, starts)
        return _solved(m, v, solver, time.perf_counter() - start)
    v = [[pulp.LpVariable(f"v_{i}_{j}", cat=pulp.LpBinary) for j in range(nw)] for i in range(nh)]
    for i, clue in enumerate(rows):
        if clue is not None:
            place(m, v[i], clue, f"r{i}")
    for j, clue in enumerate(columns):
        if clue is not None:
            place(m, [v[i][j] for i in range(nh)], clue, f"c{j}")
    return _solved(m, v, solver, time.perf_counter() - start)


def _solved(
    m: pulp.LpProblem, v: list[list[pulp.LpVariable]], solver: pulp.LpSolver, build: float
) -> BaselineResult:
    seconds = timed_solve(m, solver)
    shading = [["#" if is_one(x) else "." for x in row] for row in v]
    return BaselineResult(token_lines(shading), build, seconds, 1)
