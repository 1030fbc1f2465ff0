"""The evaluator's reading of `C cells connected [diagonally] [to R] [via V]` (`syntax.py`):
the parts of the cells where C holds, joined as the modifiers say, each a violation beyond
the largest (with `to`: each part that holds no root), and (`without loops`) the cells of each
part that lie on a loop. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.connected.syntax import Connected
from dslsolve.geometry import Env, cell_name
from dslsolve.grounding import components
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator
    from dslsolve.instance import Element


def connected(evaluator: Evaluator, rule: ir.Rule, body: Connected, env: Env) -> list[Violation]:
    """The cells where the condition holds form one area (within the group in scope)."""
    if body.via is not None:
        return _connected_via(evaluator, rule, body)
    parts = evaluator.areas(body.cond, Env(None, None, env.group), body.relation)
    if body.root is not None:
        return unrooted(evaluator, rule, body.root, [part.cells for part in parts])
    within = f"{env.group.label}: " if env.group else ""
    loops = [
        Violation(rule, f"{within}cells that close a loop", tuple(cell_name(c) for c in cycle))
        for part in parts
        if body.loopless and (cycle := _on_loops(evaluator, part.cells, body.relation))
    ]
    if len(parts) <= 1:
        return loops
    parts.sort(key=lambda g: -len(g.cells))
    return [
        Violation(
            rule,
            f"{within}a part cut off from the largest ({len(parts)} parts)",
            tuple(cell_name(c) for c in part.cells),
        )
        for part in parts[1:]
    ] + loops


def _on_loops(evaluator: Evaluator, cells: tuple[Element, ...], relation: str) -> list[Element]:
    """The cells of a part left once its dead ends are pruned again and again (a cell with
    at most one neighbour in the part): none in a tree, else the loops and what joins them."""
    left = set(cells)
    neighbours = {
        c: {n for n in evaluator.grid.related(ir.ElementKind.CELL, relation, c) if n in left}
        for c in cells
    }
    ends = [c for c in cells if len(neighbours[c]) <= 1]
    while ends:
        cell = ends.pop()
        if cell not in left:
            continue
        left.discard(cell)
        for other in neighbours[cell]:
            neighbours[other].discard(cell)
            if other in left and len(neighbours[other]) <= 1:
                ends.append(other)
    return sorted(left)


def unrooted(
    evaluator: Evaluator,
    rule: ir.Rule,
    root: ir.Expr,
    parts: list[tuple[Element, ...]],
    kind: ir.ElementKind = ir.ElementKind.CELL,
) -> list[Violation]:
    """`connected to ROOT`: each part (its elements of `kind`, in order) must hold one where
    ROOT holds."""
    is_root = evaluator.function(root)
    return [
        Violation(
            rule,
            "a part joined to no cell where the condition after 'to' holds",
            tuple(cell_name(c) for c in part),
        )
        for part in sorted(parts)
        if not any(is_root(Env(c, kind, None)) is True for c in part)
    ]


def _connected_via(evaluator: Evaluator, rule: ir.Rule, body: Connected) -> list[Violation]:
    """The cells where the condition holds lie in one component of the used links (with
    `to`: each component's C-cells hold a root)."""
    grid = evaluator.grid
    edges = (
        grid.ends(ir.ElementKind.LINK, link)
        for link in grid.links()
        if evaluator.values[body.via.name].get(link)
    )
    members = {
        c
        for c in grid.cells()
        if evaluator.expr(body.cond, Env(c, ir.ElementKind.CELL, None)) is True
    }
    parts = [sorted(part & members) for part in components(grid.cells(), edges)]
    parts = sorted((p for p in parts if p), key=lambda p: (-len(p), p))
    if body.root is not None:
        return unrooted(evaluator, rule, body.root, [tuple(part) for part in parts])
    return unjoined(rule, parts)


def unjoined(rule: ir.Rule, parts: list[list]) -> list[Violation]:
    """One violation per group of cells but the largest (`parts`: the groups, largest
    first), naming its cells (`connected via ... with crossings` shares it)."""
    return [
        Violation(
            rule,
            f"cells not joined to the largest group ({len(parts)} groups)",
            tuple(cell_name(c) for c in part),
        )
        for part in parts[1:]
    ]


VIOLATIONS = {Connected: connected}
