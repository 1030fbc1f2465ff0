"""`C cells connected [diagonally] [to R] [via V]` in the model (`syntax.py`): the cells where
C holds (within the group in scope) and the graph that joins them, handed to the lowering of
the form in `dslsolve/compiler/lowerings/`: `linked` (via V, rooted with `to R`),
`connected.post_rooted` (to R), `connected.post_connected`; the relation's edges (`diagonally`:
corners too) make the graph.
`both_sides` then adds the face rows where a set and its complement are both connected."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.both_sides import post_if_complements
from dslsolve.compiler.lowerings.connected import post_connected, post_rooted
from dslsolve.compiler.lowerings.linked import post_linked
from dslsolve.compiler.model import LoweringError
from dslsolve.constructs.connected.syntax import Connected
from dslsolve.geometry import Env
from dslsolve.instance import Element

if TYPE_CHECKING:
    from dslsolve.compiler.model import Lin
    from dslsolve.constructs.interface import RuleCompiler


def compile_connected(
    compiler: RuleCompiler, rule: ir.Rule, body: Connected, env: Env, guard: Lin | None
) -> None:
    if guard is not None:
        raise LoweringError("a 'where' on unknowns cannot guard 'connected'")
    grid, lower, model = compiler.grid, compiler.lower, compiler.model
    cells = env.group.cells if env.group else grid.cells()

    def holds(cond: ir.Expr) -> dict[Element, Lin | bool]:
        values = {c: lower.boolean(cond, env.at(c, ir.ElementKind.CELL)) for c in cells}
        return {c: (False if v is None else v) for c, v in values.items()}

    chosen = holds(body.cond)
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
    post_if_complements(model, compiler.connected_sets, chosen, edges, roots)


RULES = {Connected: compile_connected}
