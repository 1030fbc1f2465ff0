"""`C cells connected via V with crossings` in the model (`syntax.py`): each cell is split into
an across node and a down node; a used link joins the nodes of its axis at its two ends, and
a cell's two nodes are joined unless it is a crossing: c_v = 1 exactly where all four of its
links are used (an AND of the four, `logic.conjunction`), and the joining arc is open where
C holds or c_v = 0. The C-cells (their across nodes) must then be joined by open arcs: the
graph goes to `lowerings/linked.py` (`post_linked`, lazy cuts or a flow, as `connected via`)
with the arcs as its links; with `to R`, R at the across nodes are its roots."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings.linked import post_linked
from dslsolve.compiler.lowerings.logic import conjunction
from dslsolve.compiler.model import Lin, as_lin
from dslsolve.constructs.crossing_connected.syntax import CrossingConnected
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import RuleCompiler

AXIS = {"left": "across", "right": "across", "up": "down", "down": "down"}


def compile_crossing_connected(
    compiler: RuleCompiler, rule: ir.Rule, body: CrossingConnected, env: Env, guard: Lin | None
) -> None:
    grid, lower, model = compiler.grid, compiler.lower, compiler.model
    links = body.via.on  # links between cells, or borders between points
    chosen = {}
    arcs = {}
    roots = None if body.root is None else {}
    for cell in grid.vertices(links):
        holds = lower.boolean(body.cond, env.at(cell, body.vertex))
        holds = False if holds is None else holds
        chosen[(cell, "across")] = holds
        chosen[(cell, "down")] = False
        if roots is not None:
            root = lower.boolean(body.root, env.at(cell, body.vertex))
            roots[(cell, "across")] = False if root is None else root
        sides = grid.incident_by_direction(links, cell)
        ends = ((cell, "across"), (cell, "down"))
        if holds is True or len(sides) < 4:
            arcs[("turn", cell)] = (ends, as_lin(1))
        else:
            crossing = conjunction(model, [lower.used(body.via, e) for e in sides.values()])
            open_ = Lin(1 - crossing.expr, 0, 1, boolean=True)
            if holds is not False:  # C decided by the unknowns: open where it holds too
                either = model.binary("joined")
                model.add(either <= open_.expr + as_lin(holds).expr)
                model.add(either >= open_.expr)
                model.add(either >= as_lin(holds).expr)
                open_ = Lin(pulp.LpAffineExpression(either), 0, 1, boolean=True)
            arcs[("turn", cell)] = (ends, open_)
    for link in grid.elements(links):
        a, b = grid.ends(links, link)
        axis = "across" if link[0] == "h" else "down"
        arcs[link] = (((a, axis), (b, axis)), lower.used(body.via, link))
    post_linked(model, chosen, arcs, model.formulation["connected"], roots)


RULE_LOWERINGS = {CrossingConnected: compile_crossing_connected}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {CrossingConnected: ("connected via crossings", "connected")}
