"""Nurikabe, as seed 003 (ぬりかべ): for each clue enumerate its candidate islands (connected
cell sets of the clue's size holding it, touching no other clue) and choose exactly one; a
chosen island's cells are white and its border black; every white cell lies in exactly one
chosen island; no 2x2 black block. Black connectivity by lazy cuts: solve, find the black
components, and for each component K demand that K is not all black or some cell next to K is
black (valid: the island sizes fix the number of black cells, so K is never all of them); solve
again until connected. The seed's objective (most black cells) is left out: that number is
fixed here."""

from __future__ import annotations

import time

import networkx as nx
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


def islands(clues: list[list[str]], origin: Cell) -> list[frozenset[Cell]]:
    """Connected sets of the clue's size holding `origin`, with no other clue in or next to them."""
    nh, nw = len(clues), len(clues[0])

    def dirs(i: int, j: int) -> list[Cell]:
        return [
            (a, b)
            for a, b in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1))
            if 0 <= a < nh and 0 <= b < nw
        ]

    def free(c: Cell) -> bool:
        return clues[c[0]][c[1]] == "." and all(
            d == origin or clues[d[0]][d[1]] == "." for d in dirs(*c)
        )

    shapes = {frozenset([origin])}
    for _ in range(int(clues[origin[0]][origin[1]]) - 1):
        shapes = {s | {d} for s in shapes for c in s for d in dirs(*c) if d not in s and free(d)}
    return sorted(shapes, key=sorted)


def solve(puzzle_text: str, solver: pulp.LpSolver) -> BaselineResult:
    start = time.perf_counter()
    clues = grid(read_sections(puzzle_text, {"clues"}, default="clues")["clues"])
    nh, nw = len(clues), len(clues[0])
    g = nx.grid_2d_graph(nh, nw)
    m = pulp.LpProblem("nurikabe")
    vb = {c: pulp.LpVariable(f"b_{c[0]}_{c[1]}", cat=pulp.LpBinary) for c in g}  # 1: black
    owners: dict[Cell, list[pulp.LpVariable]] = {c: [] for c in g}
    for i in range(nh - 1):
        for j in range(nw - 1):
            m += vb[i, j] + vb[i + 1, j] + vb[i, j + 1] + vb[i + 1, j + 1] <= 3  # no 2x2 black
    for origin in g:
        if clues[origin[0]][origin[1]] == ".":
            continue
        vt = []
        for k, w in enumerate(islands(clues, origin)):
            t = pulp.LpVariable(f"t_{origin[0]}_{origin[1]}_{k}", cat=pulp.LpBinary)
            vt.append(t)
            bd = {d for c in w for d in g[c]} - w
            m += pulp.lpSum(1 - vb[d] for d in bd) <= len(bd) * (1 - t)  # border black
            for c in w:
                owners[c].append(t)
        m += pulp.lpSum(vt) == 1  # one island per clue
    for c in g:
        m += vb[c] + pulp.lpSum(owners[c]) == 1  # white iff in exactly one chosen island
    build = time.perf_counter() - start
    seconds, calls = 0.0, 0
    while True:
        seconds += timed_solve(m, solver)
        calls += 1
        black = [c for c in g if is_one(vb[c])]
        parts = list(nx.connected_components(g.subgraph(black)))
        if len(parts) <= 1:
            break
        for part in parts:
            near = nx.node_boundary(g, part)
            m += pulp.lpSum(vb[c] for c in near) >= 1 - pulp.lpSum(1 - vb[c] for c in part)
    rows = [["#" if is_one(vb[i, j]) else clues[i][j] for j in range(nw)] for i in range(nh)]
    return BaselineResult(token_lines(rows), build, seconds, calls)
