"""The meaning of an element set (`ir.SetExpr`): which elements it holds, for the compiler and
the evaluator alike, as `grounding.py` is the meaning of `each`.

This is the IR's meaning, not a lowering: it imports nothing from `dslsolve.compiler`, so the
evaluator stays the independent referee. It answers for the sets that the IR and the puzzle
decide (an index set's members, the grid's cells, a group's cells, links and neighbours, the
elements related to an element, an offset, the opposite cell); a set whose members depend on
the answer (a relation `via` a link variable, the area of a cell, rays) is each reader's own:
the evaluator reads the answer, the compiler makes literals. For a relation `via` a link,
`related` gives both readers the candidates.
"""

from __future__ import annotations

from dslsolve import indexsets, ir
from dslsolve.geometry import RELATIONS, Env, Grid
from dslsolve.instance import Element, Instance


def members(over: ir.SetExpr, env: Env, grid: Grid, instance: Instance) -> list[Env] | None:
    """The environments of the set's members, in reading order, where the IR and the puzzle
    decide them; None where they depend on the answer."""
    if isinstance(over, ir.SetMembers):
        return [
            indexsets.with_member(env, over.set, m) for m in indexsets.members(instance, over.set)
        ]
    if isinstance(over, ir.GroupMembers):
        return [env.at(c, ir.ElementKind.CELL) for c in env.group.cells]
    if isinstance(over, ir.GridCells):
        return [env.at(c, ir.ElementKind.CELL) for c in grid.cells()]
    if isinstance(over, ir.GroupLinks):
        inside = set(env.group.cells)
        return [
            env.at(link, ir.ElementKind.LINK)
            for link in grid.links()
            if all(end in inside for end in grid.ends(ir.ElementKind.LINK, link))
        ]
    if isinstance(over, ir.GroupNeighbours):
        return [env.at(c, ir.ElementKind.CELL) for c in grid.group_neighbours(env.group.cells)]
    if isinstance(over, ir.Offset):
        origin, _ = env.target(over.of)
        return [
            env.at(c, ir.ElementKind.CELL) for c in grid.offset(origin, over.rows, over.columns)
        ]
    if isinstance(over, ir.Opposite):
        origin, _ = env.target(over.of)
        if env.group is None:  # no group in scope: about the centre of the grid
            r, c = grid.rows - 1 - origin[0], grid.columns - 1 - origin[1]
        else:
            rows = [r for r, _ in env.group.cells]
            columns = [c for _, c in env.group.cells]
            r, c = min(rows) + max(rows) - origin[0], min(columns) + max(columns) - origin[1]
        return [env.at(e, ir.ElementKind.CELL) for e in grid.offset((r, c), 0, 0)]
    if isinstance(over, ir.Around) and over.via is None:
        return [inner for _, inner in related(over, env, grid)]
    return None


def related(over: ir.Around, env: Env, grid: Grid) -> list[tuple[Element, Env]]:
    """The link from the set's origin to each related element (None where the relation has
    no link) and the element's environment, in reading order: with `via`, an element is in
    the set when its link is used."""
    origin, kind = env.target(over.of)
    kind_of = RELATIONS[(kind, over.relation)]
    return [
        (grid.link_between(origin, e) if over.via is not None else None, env.at(e, kind_of))
        for e in grid.related(kind, over.relation, origin)
    ]
