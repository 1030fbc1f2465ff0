"""Slitherlink, in two formulations (`solve(..., formulation=...)`).

"seed": the seed talk's スリザーリンク model with the single loop by lazy cuts instead of its
distance labels: a binary per lattice edge and per point (d: the loop passes there); the edges
at a point sum to 2*d; a clue counts the used sides of its cell. Solve, find the cycles; while
there are several, for each cycle S (its points) add: edges leaving S >= 2*(d_s + d_t - 1), s a
point of S and t a point of another cycle; solve again.

"dslsolve": exactly the model that dslsolve's defaults build for puzzles/slitherlink.yaml
(`loop=lazy`), written out by hand, so that against it `bench/baseline_ratio.py` measures what
compiling from the DSL costs and not a choice of formulation. Rows, in dslsolve's order: per
clue cell (row-major) sum of its sides <= k (left out for 4) and >= k (left out for 0); per
point (row-major) the degree row sum = 2*d followed by x_e <= d for each of its edges (up,
left, right, down); sum of all edges >= 1. The cycles of a solution are the components of the
points with d = 1 joined by used edges, largest first; each cycle S, with s its least point and
t the least point of the largest other cycle (of the second largest, for the largest), gets
    edges from S to R >= 2*(d_s + d_t - 1)   and   edges inside S <= |S| - d_t,
R the piece of the lattice without S that holds t (the side of S where t's cycle lies).
The variables carry dslsolve's names (line_h_r_c, line_v_r_c, deg_k): PuLP hands CBC the
columns sorted by name, and CBC's time on this model swings by 2-5x with the column order.
"""

from __future__ import annotations

import time

import networkx as nx
import pulp

from bench.baselines.common import BaselineResult, grid, is_one, read_sections, timed_solve

Point = tuple[int, int]
FORMULATIONS = ("seed", "dslsolve")


def solve(puzzle_text: str, solver: pulp.LpSolver, formulation: str = "seed") -> BaselineResult:
    if formulation not in FORMULATIONS:
        raise ValueError(f"formulation {formulation!r}: expected one of {FORMULATIONS}")
    start = time.perf_counter()
    clues = grid(read_sections(puzzle_text, {"clues"}, default="clues")["clues"])
    if formulation == "dslsolve":
        return _solve_dslsolve(clues, solver, start)
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
    return BaselineResult(_drawing(clues, lambda p, q: is_one(edge(p, q))), build, seconds, calls)


def _solve_dslsolve(clues: list[list[str]], solver: pulp.LpSolver, start: float) -> BaselineResult:
    nh, nw = len(clues), len(clues[0])
    m = pulp.LpProblem("slitherlink")
    x: dict[tuple[Point, Point], pulp.LpVariable] = {}  # edge (p, q), p < q -> its binary
    for i in range(nh + 1):
        for j in range(nw):
            x[(i, j), (i, j + 1)] = m.add_variable(f"line_h_{i}_{j}", cat=pulp.LpBinary)
    for i in range(nh):
        for j in range(nw + 1):
            x[(i, j), (i + 1, j)] = m.add_variable(f"line_v_{i}_{j}", cat=pulp.LpBinary)
    for i in range(nh):
        for j in range(nw):
            if clues[i][j] != ".":
                k = int(clues[i][j])
                sides = pulp.lpSum(
                    [
                        x[(i, j), (i, j + 1)],
                        x[(i + 1, j), (i + 1, j + 1)],
                        x[(i, j), (i + 1, j)],
                        x[(i, j + 1), (i + 1, j + 1)],
                    ]
                )
                if k < 4:
                    m += sides <= k
                if k > 0:
                    m += sides >= k
    points = [(i, j) for i in range(nh + 1) for j in range(nw + 1)]
    d: dict[Point, pulp.LpVariable] = {}
    for i, j in points:
        d[i, j] = m.add_variable(f"deg_{len(d)}", cat=pulp.LpBinary)
        ends = [((i - 1, j), (i, j)), ((i, j - 1), (i, j)), ((i, j), (i, j + 1))]
        ends.append(((i, j), (i + 1, j)))  # the edges up, left, right, down
        at = [x[pq] for pq in ends if pq in x]
        m += pulp.lpSum(at) == 2 * d[i, j]  # degree 0 or 2
        for edge in at:
            m += edge <= d[i, j]  # no half-edges in the LP
    m += pulp.lpSum(x.values()) >= 1  # a loop exists
    build = time.perf_counter() - start
    lattice = nx.Graph(x.keys())
    seconds, calls = 0.0, 0
    while True:
        seconds += timed_solve(m, solver)
        calls += 1
        on = {p for p in points if is_one(d[p])}
        used = nx.Graph()
        used.add_nodes_from(on)
        used.add_edges_from(
            pq for pq, var in x.items() if pq[0] in on and pq[1] in on and is_one(var)
        )
        cycles = sorted(nx.connected_components(used), key=len, reverse=True)
        if len(cycles) <= 1:
            break
        for k, cycle in enumerate(cycles):
            far = min(cycles[1] if k == 0 else cycles[0])
            s, t = d[min(cycle)], d[far]
            rest = lattice.subgraph(set(points) - cycle)
            side = nx.node_connected_component(rest, far)  # the piece holding t's cycle
            leaving = [
                var
                for (p, q), var in x.items()
                if (p in cycle and q in side) or (q in cycle and p in side)
            ]
            inside = [var for (p, q), var in x.items() if p in cycle and q in cycle]
            m += pulp.lpSum(leaving) >= 2 * (s + t - 1)  # subtour cut, towards t's side
            m += pulp.lpSum(inside) <= len(cycle) - t  # packing cut
    return BaselineResult(_drawing(clues, lambda p, q: is_one(x[p, q])), build, seconds, calls)


def _drawing(clues: list[list[str]], used) -> str:
    """The solution-file text: the lattice with the used edges; `used(p, q)` for p < q."""
    nh, nw = len(clues), len(clues[0])
    drawing = [[" "] * (2 * nw + 1) for _ in range(2 * nh + 1)]
    for i in range(nh + 1):
        for j in range(nw + 1):
            drawing[2 * i][2 * j] = "+"
            if j < nw and used((i, j), (i, j + 1)):
                drawing[2 * i][2 * j + 1] = "-"
            if i < nh and used((i, j), (i + 1, j)):
                drawing[2 * i + 1][2 * j] = "|"
            if i < nh and j < nw and clues[i][j] != ".":
                drawing[2 * i + 1][2 * j + 1] = clues[i][j][0]
    return "".join("".join(line).rstrip() + "\n" for line in drawing)
