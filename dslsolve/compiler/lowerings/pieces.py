"""`each piece of X: BODY`: a partition of the grid into pieces, each satisfying BODY.

X is a boolean variable on borders (*walls*: the pieces are the parts the walls cut the grid
into, and the walls are exactly the pieces' outlines) or a variable on cells (the pieces are
the maximal connected sets of cells with equal values, the piece's *value*).

The compiler (`dslsolve.compiler.rules`) reads the body once for what bounds the pieces
(`PieceForm`) and hands this module candidate pieces and the body's verdict on each.

`piece=placements` (default): choose placements from an enumerated set with coverage rules.
- Generators: every connected set of cells (polyominoes, grown cell by cell), or only
  rectangles when the body says `size = width * height`, or only the fixed shapes that a
  construct's conjunct allows (`shape in SET`: each moved to every position); of at most
  the bound that the body gives (`size = E` or `size <= E`, E from the anchor's input or a
  number; for pieces of a cell variable X, `all(X = size)` makes a piece of value v exactly
  v cells), and of at least E(anchor) cells where it says `size >= E` and E only grows
  with the piece (`PieceForm.fewest`). With an anchor
  (`count(A) = 1`), each anchor grows its own candidates, which hold no other anchor; without
  one, every cell seeds the candidates whose first cell it is.
- Cells that fail a member test of the body (`all(Q)`, `count(P) = 0`, read at the cell with
  the piece's value and, when the body fixes it, its size) are never part of a candidate.
- Pieces of a cell variable: a cell where every value but one is blocked holds that value;
  no candidate of that value borders it (two pieces of one value would touch).
- A candidate is kept where the body holds on it (for pieces of a cell variable, with X = v
  on its cells: one candidate per shape and value); a body of numbers per candidate is
  folded rather than lowered (`compiler/piece_terms.py`). A body that still depends on unknowns
  (walls only) is posted guarded by the candidate's binary.
- One binary x_S per candidate; every cell lies in exactly one chosen candidate.
- Walls: an inner border is a wall exactly when no chosen candidate holds both its cells
  (w_b = 1 - sum_{S holds both} x_S); the outline is all walls.
- Values: the value indicator [X(c) = v] = sum of the chosen candidates of value v holding c;
  and for every two neighbours c, d and value v, at most one chosen candidate of value v holds
  c or d: two pieces of equal value never touch (maximality), as a clique row.
This is the seeds' model (shikaku, fillmat, the opt4puzzle fillomino), made general.

`piece=lazy` (pieces of a cell variable; pieces of walls are always enumerated): no
candidates. Solve, take the maximal connected sets of equal values of the answer, and cut off
each set S of value v on which the body fails:
- if the body bounds the size by s(v) and |S| > s(v): for disjoint connected subsets T of S
  with s(v) + 1 cells, sum_{c in T} [X(c) = v] <= s(v) (no piece of value v can hold T);
- otherwise sum_{c in S} [X(c) = v] - sum_{d next to S} [X(d) = v] <= |S| - 1 (S is not a
  whole piece of value v).
Before the first solve: [X(c) = v] = 0 where a member test blocks v at c (as for the
candidates), and the same two cuts for single cells and, where s(v) = 1, for pairs.
The pieces of the answer are found by adjacency of equal values, so no label variables; the
fillomino "too big / too small" cuts, made general.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pulp

from dslsolve.compiler.lowerings.placements import Shape, polyominoes, rectangles, translations
from dslsolve.compiler.model import Lin, LinearModel, Value, Why, as_lin, sum_of, value_of
from dslsolve.geometry import Grid, cell_name
from dslsolve.instance import Element
from dslsolve.ir import ElementKind


class PieceFormError(Exception):
    """The body does not give what the lowering needs (a size bound, a fixed verdict)."""


@dataclass(frozen=True)
class PieceForm:
    """What the body says about the pieces, read once by the compiler.

    `anchors`: the anchor cells when the body says `count(A) = 1`, else None. `limit(anchor)`
    (anchor None without anchors, value None for walls): the most cells a candidate may have.
    `exact`: the limit is also the least (`size = E`, `all(X = size)`). `rectangles`: only
    rectangles can satisfy the body. `shapes`: the only fixed shapes (cells at the origin)
    that a construct's conjunct allows (`shape in SET`), placed instead of grown; or None.
    `blocked(value)`: cells no piece (of that value) holds, and the body's conjuncts that
    this decides.
    """

    anchors: list[Element] | None
    limit: Callable[[Element | None, int | None], int | None]
    exact: bool
    rectangles: bool
    blocked: Callable[[int | None], tuple[set[Element], tuple]]
    shapes: frozenset[Shape] | None = None
    # the only placed pieces a construct's conjunct allows (`made of N regions of L`)
    placed: tuple[Shape, ...] | None = None
    # `fewest(anchor, value)`: the fewest cells a candidate may have (`size >= E`)
    fewest: Callable[[Element | None, int | None], int] = lambda anchor, value: 1


def candidates(grid: Grid, form: PieceForm, value: int | None) -> Iterator[Shape]:
    """Every shape the generators give, before the body is asked: seed by seed, so that the
    caller keeps only those it wants."""
    anchors = form.anchors
    blocked, _ = form.blocked(value)
    seeds = anchors if anchors is not None else grid.cells()
    for seed in seeds:
        limit = form.limit(seed if anchors is not None else None, value)
        fewest = form.fewest(seed if anchors is not None else None, value)
        if limit is None or limit < 1 or seed in blocked:
            continue
        others = (set(anchors or ()) | blocked) - {seed}
        if form.placed is not None:  # each placed piece from its first cell (or its anchor)
            found = [
                s
                for s in form.placed
                if (seed in s if anchors is not None else min(s) == seed)
                and len(s) <= limit
                and not s & others
            ]
        elif form.shapes is not None:
            found = [
                s
                for s in translations(grid, seed, limit, anchors is not None, form.shapes)
                if not s & others
            ]
        elif form.rectangles:
            found = rectangles(grid, seed, limit, anchors is not None, others, fewest)
        else:
            found = polyominoes(grid, seed, limit, anchors is not None, others)
        yield from (s for s in found if len(s) >= fewest)


# ---------------------------------------------------------------------- placements


def place_walls(
    model: LinearModel,
    grid: Grid,
    walls: dict[Element, Lin],
    kept: list[tuple[Shape, Value]],
    post_guarded: Callable[[Shape, Lin], None],
    why: Why,
) -> list[tuple[Shape, pulp.LpVariable]]:
    """Pieces cut out by walls: one binary per kept candidate, exact cover, walls derived.
    Returns each candidate with its binary."""
    cover: dict[Element, list] = {c: [] for c in grid.cells()}
    inner: dict[Element, list] = {}
    placed = []
    for shape, verdict in kept:
        x = model.binary("piece")
        placed.append((shape, x))
        if isinstance(verdict, Lin):
            post_guarded(shape, Lin(pulp.LpAffineExpression(x), 0, 1, boolean=True))
        for cell in shape:
            cover[cell].append(x)
            for n in grid.neighbours(cell):
                if n in shape and cell < n:
                    inner.setdefault(grid.between(cell, n), []).append(x)
    for cell, chosen in cover.items():
        if not chosen:
            model.contradiction(f"{why}: no piece fits at {cell_name(cell)}")
            continue
        model.add(pulp.lpSum(chosen) == 1)
    for border, wall in walls.items():
        if grid.outline(border):
            model.add(wall.expr == 1)
        else:
            model.add(wall.expr + pulp.lpSum(inner.get(border, [])) == 1)
    return placed


def keep_apart(
    model: LinearModel,
    grid: Grid,
    placed: list[tuple[Shape, pulp.LpVariable]],
    relation: str,
    key: Callable[[Shape], object],
) -> None:
    """No two chosen pieces of one key hold two related cells: for every two related cells c,
    d and every key k, the chosen pieces of key k holding c but not d and those holding d but
    not c are at most one (`shape differs from` between pieces)."""
    holding: dict[Element, list[tuple[Shape, object, pulp.LpVariable]]] = {
        c: [] for c in grid.cells()
    }
    for shape, x in placed:
        k = key(shape)
        for cell in shape:
            holding[cell].append((shape, k, x))
    for c in grid.cells():
        for d in grid.related(ElementKind.CELL, relation, c):
            if d <= c:
                continue
            by_key: dict[object, tuple[list, list]] = {}
            for shape, k, x in holding[c]:
                if d not in shape:
                    by_key.setdefault(k, ([], []))[0].append(x)
            for shape, k, x in holding[d]:
                if c not in shape:
                    by_key.setdefault(k, ([], []))[1].append(x)
            for mine, theirs in by_key.values():
                if mine and theirs:
                    model.add(pulp.lpSum(mine + theirs) <= 1)


def place_values(
    model: LinearModel,
    grid: Grid,
    indicator: Callable[[Element, int], Lin | bool],
    domain: range,
    kept: list[tuple[Shape, int]],
    why: Why,
) -> None:
    """Pieces of equal values: one binary per kept (shape, value), channelled to the value
    indicators, and no two pieces of one value side by side."""
    holds: dict[tuple[Element, int], list] = {}
    for shape, v in kept:
        x = model.binary("piece")
        for cell in shape:
            holds.setdefault((cell, v), []).append(x)
    for cell in grid.cells():
        if not any((cell, v) in holds for v in domain):
            model.contradiction(f"{why}: no piece fits at {cell_name(cell)}")
        for v in domain:
            lit = indicator(cell, v)
            chosen = pulp.LpAffineExpression([(x, 1) for x in holds.get((cell, v), [])])
            if lit is False:
                if (cell, v) in holds:
                    model.add(chosen == 0)
                continue
            model.add(as_lin(lit).expr == chosen)
    for a in grid.cells():
        for b in grid.neighbours(a):
            if a < b:
                for v in domain:
                    touching = dict.fromkeys(holds.get((a, v), []) + holds.get((b, v), []))
                    if len(touching) > 1:
                        model.add(pulp.LpAffineExpression([(x, 1) for x in touching]) <= 1)


# ---------------------------------------------------------------------- lazy


def lazy_values(
    model: LinearModel,
    grid: Grid,
    indicator: Callable[[Element, int], Lin | bool],
    domain: range,
    holds: Callable[[Shape, int], bool],
    limit: Callable[[int], int | None],
    blocked: Callable[[int], set[Element]],
) -> None:
    """Pieces of equal values by adjacency, the body enforced by cuts (module docstring)."""
    lits = {(c, v): indicator(c, v) for c in grid.cells() for v in domain}
    for v in domain:
        for cell in blocked(v):
            if isinstance(lits[(cell, v)], Lin):
                model.add(lits[(cell, v)].expr == 0)

    def term(cells, v) -> list[Lin]:
        return [lits[(c, v)] for c in cells if isinstance(lits[(c, v)], Lin)]

    def not_whole(shape: Shape, v: int) -> pulp.LpConstraint:
        border = {n for c in shape for n in grid.neighbours(c)} - shape
        return sum_of(term(shape, v)) - sum_of(term(border, v)) <= len(shape) - 1

    for v in domain:
        for cell in grid.cells():
            if not holds(frozenset([cell]), v):
                model.add(not_whole(frozenset([cell]), v))
        if limit(v) == 1:
            for a in grid.cells():
                for b in grid.neighbours(a):
                    if a < b:
                        model.add(sum_of(term((a, b), v)) <= 1)

    def separate() -> list[pulp.LpConstraint]:
        value = {}
        for (c, v), lit in lits.items():
            if lit is True or (isinstance(lit, Lin) and value_of(lit) == 1):
                value[c] = v
        import networkx as nx  # imported here: it takes a tenth of a second

        graph = nx.Graph()
        graph.add_nodes_from(grid.cells())
        graph.add_edges_from(
            (a, b) for a in grid.cells() for b in grid.neighbours(a) if value[a] == value[b]
        )
        cuts = []
        for part in nx.connected_components(graph):
            shape = frozenset(part)
            v = value[next(iter(shape))]
            if holds(shape, v):
                continue
            bound = limit(v)
            if bound is not None and len(shape) > bound:
                cuts.extend(sum_of(term(t, v)) <= bound for t in _chunks(grid, shape, bound + 1))
            else:
                cuts.append(not_whole(shape, v))
        return cuts

    model.separators.append(separate)


def _chunks(grid: Grid, shape: Shape, size: int) -> list[Shape]:
    """Disjoint connected subsets of `shape` with `size` cells each (as many as a greedy
    breadth-first carving finds; at least one, since `shape` is connected and larger)."""
    left = set(shape)
    found = []
    for start in sorted(shape):
        if start not in left:
            continue
        chunk, frontier = [start], [start]
        seen = {start}
        while frontier and len(chunk) < size:
            cell = frontier.pop(0)
            for n in grid.neighbours(cell):
                if n in left and n not in seen and len(chunk) < size:
                    seen.add(n)
                    chunk.append(n)
                    frontier.append(n)
        if len(chunk) == size:
            found.append(frozenset(chunk))
            left -= set(chunk)
    return found
