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
reads it (the names in scope are part of the key only where the condition reads them).

`area of C via V` (V on links) joins two cells only where the link between them is used:
with u the link's literal, z[d] + C(e) + u - 2 <= z[e] (a C-cell joined to a member by a used
link is a member), and every member is joined to o by used links between C-cells
(`linked.post_linked`, rooted at o, with a link's literal u and C at both its ends: cuts in
rounds, or a flow under `connected=flow`). The members are then the C-cells of o's part of
the used links, found by following used links through C-cells: the cells of the loop through
o (`area of visited via line`), or of its stretch in o's room (`area of (rooms = o.rooms) via
line from o`).
"""

from __future__ import annotations

from collections.abc import Callable

from dslsolve import ir
from dslsolve.compiler.lowerings.connected import post_rooted
from dslsolve.compiler.lowerings.linked import post_linked
from dslsolve.compiler.lowerings.logic import conjunction, literal
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
        used: Callable[[ir.Variable, Element], Lin] | None = None,
    ) -> None:
        self.model, self.grid, self.condition, self.used = model, grid, condition, used
        self.built: dict[tuple, dict[Element, Value]] = {}
        # per condition node (by identity, for the hot path; the node is kept, so its id stays
        # its own): the number of its equal conditions' class (equal conditions share their
        # areas) and the names it reads (None: every name in scope, through a member reference)
        self.classes: dict[ir.Expr, int] = {}
        self.read_by: dict[int, tuple[ir.Expr, int, frozenset[str] | None]] = {}

    def members(
        self, cond: ir.Expr, through: ir.Variable | None, env: Env, origin: Element
    ) -> dict[Element, Value]:
        """Each cell that may be in the area of `cond` holding `origin` (with `through`, a
        variable on links: joined by its used links only), with its membership (True, or a
        literal)."""
        bound = env.bound or {}
        if id(cond) not in self.read_by:
            nodes = list(ir.walk(cond))
            if any(isinstance(node, ir.MemberRef) for node in nodes):
                names = None
            else:
                names = frozenset(node.name for node in nodes if isinstance(node, ir.Bound))
            number = self.classes.setdefault(cond, len(self.classes))
            self.read_by[id(cond)] = (cond, number, names)
        _, number, names = self.read_by[id(cond)]
        via = through.name if through is not None else None
        scope = tuple(sorted(i for i in bound.items() if names is None or i[0] in names))
        key = (number, via, origin, scope)
        if key not in self.built:
            holds = self.condition(cond)
            inside = {}
            for cell in self.grid.cells():
                value = holds(env.at(cell, ir.ElementKind.CELL))
                inside[cell] = False if value is None else value
            if through is None:
                self.built[key] = self._area(inside, origin)
            else:
                self.built[key] = self._linked_area(inside, origin, through)
        return self.built[key]

    def _linked_area(
        self, inside: dict[Element, Value], origin: Element, via: ir.Variable
    ) -> dict[Element, Value]:
        """The C-cells joined to `origin` by used links of `via` through C-cells."""
        if inside[origin] is False:
            return {}
        grid, model = self.grid, self.model
        members = self._candidates(
            inside, origin, grid.reach(origin, lambda c: inside[c] is not False)
        )
        links = {}
        for cell in members:
            for n in grid.neighbours(cell):
                if n not in members:
                    continue
                link = grid.link_between(cell, n)
                used = self.used(via, link)
                joins = members[cell].expr + as_lin(inside[n]).expr + used.expr - 2
                model.add(joins <= members[n].expr)
                if cell < n:
                    ends = [x for x in (inside[cell], inside[n]) if x is not True]
                    active = used if not ends else conjunction(model, [used, *map(as_lin, ends)])
                    links[link] = ((cell, n), active)
        post_linked(model, dict(members), links, "flow", {origin: members[origin]})
        return dict(members)

    def _candidates(
        self, inside: dict[Element, Value], origin: Element, reach: set[Element]
    ) -> dict[Element, Lin]:
        """A membership literal for each cell of `reach` (the origin's is C at the origin),
        a member only where C holds."""
        members: dict[Element, Lin] = {}
        for cell in sorted(reach):
            here = as_lin(inside[cell])
            if cell == origin:
                members[cell] = here
                continue
            members[cell] = literal(self.model.binary("in_area"))
            if inside[cell] is not True:
                self.model.add(members[cell].expr <= here.expr)
        return members

    def _area(self, inside: dict[Element, Value], origin: Element) -> dict[Element, Value]:
        if inside[origin] is False:
            return {}
        reach = self.grid.reach(origin, lambda cell: inside[cell] is not False)
        if all(inside[cell] is True for cell in reach):
            return dict.fromkeys(sorted(reach), True)
        model = self.model
        members = self._candidates(inside, origin, reach)
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
