"""`area of C` read at a cell o: the cells of the area of C (a maximal orthogonally connected
set of cells where C holds) that holds o, as members of an aggregate (`count(area of black)`
is the size of o's area, `count(area of white where clues is given)` its clues), each with a
literal z[d] = "d is in o's area".

Where C is decided by the puzzle on the cells that o can reach, the area is found by a flood
fill and every member is certain. Otherwise only the cells reachable from o through cells
that may be in C can be members, and for them:
- z[o] = C(o); z[d] <= C(d): members are C-cells;
- z[d] + C(e) - 1 <= z[e] for neighbours d, e: a C-cell next to a member is a member, so the
  members are a union of whole areas;
- every member is joined to o through members (`connected.post_rooted` with the root o:
  separator cuts in rounds, or a flow under `--formulation connected=flow`), so that union is
  o's area alone; and when C(o) is false, nothing is a member.
Each (condition, cell) pair is built once per compile and shared by every aggregate that
reads it.
"""

from __future__ import annotations

from collections.abc import Callable

from dslsolve import ir
from dslsolve.compiler.lowerings.connected import post_rooted
from dslsolve.compiler.lowerings.logic import literal
from dslsolve.compiler.model import Lin, LinearModel, Value, as_lin
from dslsolve.geometry import Env, Grid
from dslsolve.instance import Element


class AreasOfCells:
    """The areas asked for so far, by condition, cell and the names in scope."""

    def __init__(
        self,
        model: LinearModel,
        grid: Grid,
        condition: Callable[[ir.Expr], Callable[[Env], Value]],
    ) -> None:
        self.model, self.grid, self.condition = model, grid, condition
        self.built: dict[tuple, dict[Element, Value]] = {}

    def members(self, over: ir.AreaOf, env: Env, origin: Element) -> dict[Element, Value]:
        """Each cell that may be in the area of `over.cond` holding `origin`, with its
        membership (True, or a literal)."""
        key = (id(over.cond), origin, tuple(sorted(env.bound.items())) if env.bound else ())
        if key not in self.built:
            holds = self.condition(over.cond)
            inside = {}
            for cell in self.grid.cells():
                value = holds(env.at(cell, ir.ElementKind.CELL))
                inside[cell] = False if value is None else value
            self.built[key] = self._area(inside, origin)
        return self.built[key]

    def _area(self, inside: dict[Element, Value], origin: Element) -> dict[Element, Value]:
        if inside[origin] is False:
            return {}
        reach = self.grid.reach(origin, lambda cell: inside[cell] is not False)
        if all(inside[cell] is True for cell in reach):
            return dict.fromkeys(sorted(reach), True)
        model = self.model
        members: dict[Element, Lin] = {}
        for cell in sorted(reach):
            here = as_lin(inside[cell])
            if cell == origin:
                members[cell] = here
                continue
            members[cell] = literal(model.binary("in_area"))
            if inside[cell] is not True:
                model.add(members[cell].expr <= here.expr)
        edges = []
        for cell in members:
            for n in self.grid.neighbours(cell):
                if n in members:
                    other = as_lin(inside[n]).expr
                    model.add(members[cell].expr + other - 1 <= members[n].expr)
                    if cell < n:
                        edges.append((cell, n))
        choice = "flow" if model.formulation["connected"] == "flow" else "lazy"
        post_rooted(model, members, {origin: members[origin]}, edges, choice)
        return dict(members)
