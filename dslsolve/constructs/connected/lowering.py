"""`C cells connected [diagonally] [to R] [via V]` in the model (`syntax.py`): the cells where
C holds (within the group in scope) and the graph that joins them, handed to the lowering of
the form in `dslsolve/compiler/lowerings/`: `linked` (via V, rooted with `to R`),
`connected.post_rooted` (to R), `connected.post_connected`; the relation's edges (`diagonally`:
corners too) make the graph.
`both_sides` then adds the face rows where a set and its complement are both connected;
`without loops` the rows of `tree` (no more edges inside the set than its cells less one).

Behind a guard g (`each region of rooms where count(black) >= 2: black cells connected`) the
chosen cells are those where C and g hold (one binary per cell that C leaves unknown): where
g is 0 none is chosen, and no cells are connected; where it is 1 they are C's. So every
lowering of the form takes the guard as it is; the face rows of `both_sides` are left out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.both_sides import post_if_complements
from dslsolve.compiler.lowerings.connected import post_connected, post_rooted
from dslsolve.compiler.lowerings.linked import post_linked
from dslsolve.compiler.lowerings.logic import conjunction
from dslsolve.compiler.lowerings.tree import post_no_cycle
from dslsolve.constructs.connected.syntax import Connected
from dslsolve.geometry import Env
from dslsolve.instance import Element

if TYPE_CHECKING:
    from dslsolve.compiler.model import Lin, LinearModel
    from dslsolve.constructs.interface import RuleCompiler


def compile_connected(
    compiler: RuleCompiler, rule: ir.Rule, body: Connected, env: Env, guard: Lin | None
) -> None:
    grid, lower, model = compiler.grid, compiler.lower, compiler.model
    cells = env.group.cells if env.group else grid.cells()

    def holds(cond: ir.Expr) -> dict[Element, Lin | bool]:
        values = {c: lower.boolean(cond, env.at(c, ir.ElementKind.CELL)) for c in cells}
        return {c: (False if v is None else v) for c, v in values.items()}

    chosen = holds(body.cond)
    if guard is not None:
        chosen = {c: guarded(model, x, guard) for c, x in chosen.items()}
    choice = model.formulation["connected"]
    roots = None if body.root is None else holds(body.root)
    if body.via is not None:
        links = {
            link: (grid.ends(ir.ElementKind.LINK, link), lower.used(body.via, link))
            for link in grid.links()
        }
        post_linked(model, chosen, links, choice, roots)
        return
    edges = [
        (a, b)
        for a in cells
        for b in grid.related(ir.ElementKind.CELL, body.relation, a)
        if a < b and b in chosen
    ]
    if roots is not None:
        post_rooted(model, chosen, roots, edges, choice)
    else:
        post_connected(model, chosen, edges, choice)
    if body.loopless:
        post_no_cycle(model, chosen, edges)
    if guard is None:
        post_if_complements(model, compiler.connected_sets, chosen, edges, roots)


def guarded(model: LinearModel, holds: Lin | bool, guard: Lin) -> Lin | bool:
    """A cell is chosen where C holds and the guard does."""
    if holds is False:
        return False
    return guard if holds is True else conjunction(model, [holds, guard])


RULE_LOWERINGS = {Connected: compile_connected}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {Connected: ("connected", "connected")}
