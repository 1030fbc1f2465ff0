"""The meaning of `each`: the environments its body is read in, one per element, index-set
member or group, for the compiler and the evaluator alike.

This is the IR's meaning, not a lowering: it imports nothing from `dslsolve.compiler`, so the
evaluator stays the independent referee. What the two readers differ in is handed in: how a
condition the puzzle decides is read at a cell (`Holds`: the compiler folds input and refuses
an unknown, the evaluator reads the answer). The `where` of an `each` stays each reader's
own: the evaluator keeps the environments where it holds, the compiler guards the body by it.
The groups of `each piece` are the answer's, and areas of a condition on unknowns are a
lowering's (`compiler/lowerings/area*.py`): neither is grounded here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping

from dslsolve import indexsets, ir
from dslsolve.geometry import Env, Grid, Grouping, cell_name
from dslsolve.instance import Element, Instance

# a condition -> its value at a cell's environment, which holds where it is True (a reader's
# own reading of it)
Holds = Callable[[ir.Expr], Callable[[Env], object]]


def environments(
    each: ir.Each, env: Env, grid: Grid, instance: Instance, holds: Holds
) -> list[Env]:
    """The environments of `each`'s body inside `env`, in the order the rule is read, before
    its `where`: every kind of group but `piece`."""
    group = each.group
    if group.kind in ("cell", "point", "link"):
        return elements(each, env, grid)
    if group.kind == "set":
        return [
            indexsets.with_member(env, group.set, m) for m in indexsets.members(instance, group.set)
        ]
    if group.kind == "area":
        found = areas(grid, instance, env, holds(group.of), within=group.within)
        return [Env(None, None, g, env.bound) for g in found]
    if group.kind == "piece":
        raise ValueError("the pieces of 'each piece' are the answer's, not the rule's")

    test = None if group.of is None else holds(group.of)

    @functools.cache  # a cell is asked for its row and for its column
    def cell_holds(cell: Element) -> bool:
        return test(env.at(cell, ir.ElementKind.CELL)) is True

    groups = grid.groups(
        group,
        cell_holds,
        lambda cell: instance.value(group.section, cell) if group.section else None,
        lambda: instance.group_cells(group.section),
    )
    return [Env(None, None, g, env.bound) for g in groups]


def elements(each: ir.Each, env: Env, grid: Grid) -> list[Env]:
    """`each cell` (point, link): one environment per element, the group's cells inside a
    group; `as NAME` and `between A and B` name the element and a link's end cells."""
    kind = ir.ElementKind(each.group.kind)
    named = bool(each.binder or each.ends)  # only then does an element get its own names
    found = [
        Env(element, kind, env.group, dict(env.bound) if named else env.bound)
        for element in (env.group.cells if env.group else grid.elements(kind))
    ]
    if each.binder:
        for inner in found:
            inner.bound[each.binder] = (inner.element, kind)
    if each.ends:
        for inner in found:
            for name, cell in zip(each.ends, grid.ends(kind, inner.element), strict=True):
                inner.bound[name] = (cell, ir.ElementKind.CELL)
    return found


def areas(
    grid: Grid,
    instance: Instance,
    env: Env,
    test: Callable[[Env], object],
    relation: str = "neighbours",
    within: ir.InputLayer | None = None,
) -> list[Grouping]:
    """The areas of a condition: the maximal sets of cells (of the group in scope) where
    `test` is True, joined through `relation` (orthogonal neighbours, or `around`: corners
    too) and, with `within`, inside one region of that section; in the order of their first
    cell."""
    cells = env.group.cells if env.group else grid.cells()
    members = [c for c in cells if test(env.at(c, ir.ElementKind.CELL)) is True]
    member_set = set(members)
    edges = (
        (a, b)
        for a in members
        for b in grid.related(ir.ElementKind.CELL, relation, a)
        if b in member_set
        and (within is None or instance.value(within, a) == instance.value(within, b))
    )
    return [
        Grouping(f"area at {cell_name(min(part))}", tuple(sorted(part)))
        for part in components(members, edges)
    ]


def components(nodes: Iterable[Element], edges: Iterable[tuple[Element, Element]]) -> list[set]:
    """The connected parts of the undirected graph of `nodes` and `edges` (an edge's ends are
    nodes too), in the order of their first node as first seen: networkx's order, without
    importing networkx (a tenth of a second of a `dslsolve check`) for a flood fill."""
    joined: dict[Element, list[Element]] = {node: [] for node in nodes}
    for a, b in edges:
        joined.setdefault(a, []).append(b)
        joined.setdefault(b, []).append(a)
    parts: list[set] = []
    seen: set[Element] = set()
    for node in joined:
        if node in seen:
            continue
        part, stack = {node}, [node]
        while stack:
            for other in joined[stack.pop()]:
                if other not in part:
                    part.add(other)
                    stack.append(other)
        seen |= part
        parts.append(part)
    return parts


def distances(neighbours: Mapping[Element, Iterable[Element]], roots: Iterable[Element]) -> dict:
    """The fewest steps from any of `roots` to each vertex they reach through `neighbours`
    (breadth first); a vertex not reached has no entry."""
    steps = dict.fromkeys(roots, 0)
    frontier = list(steps)
    while frontier:
        reached = []
        for v in frontier:
            for n in neighbours[v]:
                if n not in steps:
                    steps[n] = steps[v] + 1
                    reached.append(n)
        frontier = reached
    return steps
