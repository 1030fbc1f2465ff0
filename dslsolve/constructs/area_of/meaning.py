"""The evaluator's reading of `area of C [via V]` (`syntax.py`): a flood fill from the cell
through the cells where C holds in the answer (with `via`: across used links only). No code
shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.area_of.syntax import AreaOf
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator
    from dslsolve.instance import Element


def members(evaluator: Evaluator, over: AreaOf, env: Env) -> list[Env]:
    """The cells of the area that holds the set's origin, in reading order."""
    origin, _ = env.target(over.of)
    return [env.at(c, ir.ElementKind.CELL) for c in area_around(evaluator, over, env, origin)]


def area_around(evaluator: Evaluator, over: AreaOf, env: Env, origin: Element) -> list[Element]:
    """The cells joined to `origin` through cells where the condition holds (a flood fill),
    in reading order; none where it does not hold at `origin`."""
    holds = evaluator.function(over.cond)
    grid = evaluator.grid

    def inside(cell: Element) -> bool:
        return holds(env.at(cell, ir.ElementKind.CELL)) is True

    if not inside(origin):
        return []
    if over.via is None:
        return sorted(grid.reach(origin, inside))
    used = evaluator.values[over.via.name]
    found, stack = {origin}, [origin]
    while stack:
        cell = stack.pop()
        for n in grid.neighbours(cell):
            if n not in found and inside(n) and used.get(grid.link_between(cell, n)):
                found.add(n)
                stack.append(n)
    return sorted(found)


MEMBERS = {AreaOf: members}
