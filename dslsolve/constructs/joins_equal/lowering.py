"""`VAR joins equal NUMBERS [with crossings]` in the model (`syntax.py`): each cell is split
into an across node and a down node; a used link joins the nodes of its axis at its two ends,
and a cell's two nodes are joined unless it is a crossing (`crossings` only, NUMBERS not
given there: c_v = 1 exactly where all four of its links are used, an AND of the four). Each
node carries a label L in 1..K (K the count of distinct numbers): an open arc (literal u)
forces its ends' labels equal, |L_a - L_b| <= (K - 1)(1 - u), and a numbered cell's label is
its number's rank, so one line never holds two numbers. The cells of each number are joined
by open arcs through `lowerings/linked.py` (`post_linked`, lazy cuts or a flow, as
`connected via`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.linked import post_linked
from dslsolve.compiler.lowerings.logic import conjunction
from dslsolve.compiler.model import Lin, as_lin
from dslsolve.constructs.joins_equal.syntax import JoinsEqual
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import RuleCompiler


def compile_joins_equal(
    compiler: RuleCompiler, rule: ir.Rule, body: JoinsEqual, env: Env, guard: Lin | None
) -> None:
    grid, lower, model = compiler.grid, compiler.lower, compiler.model
    links = ir.ElementKind.LINK
    tokens = {c: lower.instance.value(body.numbers, c) for c in grid.cells()}
    numbered = {c: t for c, t in tokens.items() if isinstance(t, int)}
    ranks = {value: rank for rank, value in enumerate(sorted(set(numbered.values())), start=1)}
    if not ranks:
        return
    arcs = {}
    for cell in grid.cells():
        sides = grid.incident_by_direction(links, cell)
        ends = ((cell, "across"), (cell, "down"))
        if not body.crossings or tokens[cell] is not None or len(sides) < 4:
            arcs[("turn", cell)] = (ends, as_lin(1))
        else:
            crossing = conjunction(model, [lower.used(body.var, e) for e in sides.values()])
            arcs[("turn", cell)] = (ends, Lin(1 - crossing.expr, 0, 1, boolean=True))
    for link in grid.links():
        a, b = grid.ends(links, link)
        axis = "across" if link[0] == "h" else "down"
        arcs[link] = (((a, axis), (b, axis)), lower.used(body.var, link))
    places = [(c, axis) for c in grid.cells() for axis in ("across", "down")]
    if len(ranks) > 1:
        span = len(ranks) - 1
        label = {p: model.integer(1, len(ranks), "line_label") for p in places}
        for (a, b), used in arcs.values():
            slack = span * (1 - as_lin(used).expr)
            model.add(label[a] - label[b] <= slack)
            model.add(label[b] - label[a] <= slack)
        for cell, value in numbered.items():
            model.add(label[(cell, "across")] == ranks[value])
    for value in ranks:
        cells = [c for c, t in numbered.items() if t == value]
        if len(cells) < 2:
            continue
        chosen = {p: p[1] == "across" and p[0] in cells for p in places}
        post_linked(model, chosen, arcs, model.formulation["connected"])


RULE_LOWERINGS = {JoinsEqual: compile_joins_equal}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {JoinsEqual: ("joins equal", "connected")}
