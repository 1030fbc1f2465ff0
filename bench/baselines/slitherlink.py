"""Slitherlink, as the seed talk's スリザーリンク model with the single loop by lazy cuts instead
of its distance labels: a binary per lattice edge and per point (d: the loop passes there); the
edges at a point sum to 2*d; a clue counts the used sides of its cell. Solve, find the cycles;
while there are several, for each cycle S (its points) add: edges leaving S >= 2*(d_s + d_t - 1),
s a point of S and t a point of another cycle; solve again."""

from __future__ import annotations

import time

import networkx as nx
import pulp

from bench.baselines.common import BaselineResult, grid, is_one, read_sections, timed_solve

Point = tuple[int, int]


def solve(puzzle_text: str, solver: pulp.LpSolver) -> BaselineResult:
    start = time.perf_counter()
    clues = grid(read_sections(puzzle_text, {"clues"}, default="clues")["clues"])
    nh, nw = len(clues), len(clues[0])
    lattice = nx.grid_2d_graph(nh + 1, nw + 1)
    m = pulp.LpProblem("slitherlink")
    e: dict[tuple[Point, Point], pulp.LpVariable] = {}
    for uv in lattice.edges:
        p, q = sorted(uv)
        e[p, q] = pulp.LpVariable(f"e_{p[0]}_{p[1]}_{q[0]}_{q[1]}", cat=pulp.LpBinary)
    d = {p: pulp.LpVariable(f"d_{p[0]}_{p[1]}", cat=pulp.LpBinary) for p in lattice}

    def edge(p: Point, q: Point) -> pulp.LpVariable:
        return e[min(p, q), max(p, q)]

    for p in lattice:
        m += pulp.lpSum(edge(p, q) for q in lattice[p]) == 2 * d[p]  # degree 0 or 2
    m += pulp.lpSum(d.values()) >= 1  # a loop exists
    for i in range(nh):
        for j in range(nw):
            if clues[i][j] != ".":
                sides = [((i, j), (i, j + 1)), ((i + 1, j), (i + 1, j + 1))]
                sides += [((i, j), (i + 1, j)), ((i, j + 1), (i + 1, j + 1))]
                m += pulp.lpSum(edge(p, q) for p, q in sides) == int(clues[i][j])  # clue
    build = time.perf_counter() - start
    seconds, calls = 0.0, 0
    while True:
        seconds += timed_solve(m, solver)
        calls += 1
        used = nx.Graph([uv for uv, x in e.items() if is_one(x)])
        cycles = [sorted(c) for c in nx.connected_components(used)]
        if len(cycles) <= 1:
            break
        for k, cycle in enumerate(cycles):
            other = cycles[(k + 1) % len(cycles)][0]
            leaving = [edge(p, q) for p, q in nx.edge_boundary(lattice, cycle)]
            m += pulp.lpSum(leaving) >= 2 * (d[cycle[0]] + d[other] - 1)  # subtour cut
    drawing = [[" "] * (2 * nw + 1) for _ in range(2 * nh + 1)]
    for i in range(nh + 1):
        for j in range(nw + 1):
            drawing[2 * i][2 * j] = "+"
            if j < nw and is_one(edge((i, j), (i, j + 1))):
                drawing[2 * i][2 * j + 1] = "-"
            if i < nh and is_one(edge((i, j), (i + 1, j))):
                drawing[2 * i + 1][2 * j] = "|"
            if i < nh and j < nw and clues[i][j] != ".":
                drawing[2 * i + 1][2 * j + 1] = clues[i][j][0]
    text = "".join("".join(line).rstrip() + "\n" for line in drawing)
    return BaselineResult(text, build, seconds, calls)
