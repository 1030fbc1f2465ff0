"""`area of C [via V]` in the model (`syntax.py`): each cell that may be in the area with the
literal of its membership, from the lowerings library's `AreasOfCells`
(`dslsolve/compiler/lowerings/area_of.py`, docs/lowerings.md), one per compile, which builds
each area once and shares it among the aggregates that read it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.area_of import AreasOfCells
from dslsolve.constructs.area_of.syntax import AreaOf
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Lowerer, Member


def members(lowerer: Lowerer, over: AreaOf, env: Env) -> list[Member]:
    areas = lowerer.memo.get(AreasOfCells)
    if areas is None:
        areas = AreasOfCells(lowerer.model, lowerer.grid, lowerer.condition, lowerer.used)
        lowerer.memo[AreasOfCells] = areas
    origin, _ = env.target(over.of)
    area = areas.members(over.cond, over.via, env, origin)
    return [(env.at(c, ir.ElementKind.CELL), m) for c, m in area.items()]


MEMBERSHIPS = {AreaOf: members}
