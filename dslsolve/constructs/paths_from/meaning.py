"""The evaluator's reading of `VAR forms paths from STARTS [turning TURNS times]`
(`syntax.py`): walk each start's path cell by cell, counting its turns; then every used link
must have been walked. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.paths_from.syntax import PathsFrom
from dslsolve.geometry import DIRECTION_TOKENS, Env, cell_name
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def paths_from(evaluator: Evaluator, rule: ir.Rule, body: PathsFrom, env: Env) -> list[Violation]:
    grid = evaluator.grid
    links = ir.ElementKind.LINK
    used = {e for e in grid.links() if evaluator.values[body.var.name].get(e)}
    starts = {
        v: DIRECTION_TOKENS[token]
        for v in grid.cells()
        if (token := evaluator.instance.value(body.starts, v)) in DIRECTION_TOKENS
    }

    def step(v, edge):
        a, b = grid.ends(links, edge)
        return b if a == v else a

    found = []
    walked = set()
    for start, own in sorted(starts.items()):
        name = cell_name(start)
        edge = grid.incident_by_direction(links, start).get(own)
        if edge is None or edge not in used:
            found.append(Violation(rule, f"no line leaves {name} {own}", (name,)))
            continue
        cells, v, turns, bad = [start], start, 0, None
        while True:
            walked.add(edge)
            v = step(v, edge)
            cells.append(v)
            if v in starts:
                entered = grid.incident_by_direction(links, v).get(starts[v])
                if v == start or entered == edge:
                    bad = "a path that ends at its own start or on a start's own side"
                break
            at = [e for e in grid.incident(links, v) if e in used]
            if len(at) != 2:
                bad = f"a path that branches or stops at {cell_name(v)}"
                break
            nxt = at[0] if at[1] == edge else at[1]
            turns += nxt[0] != edge[0]  # one horizontal and one vertical link
            edge = nxt
        names = tuple(cell_name(c) for c in cells)
        if bad is None and body.turns is not None:
            wanted = evaluator.instance.value(body.turns, start)
            if isinstance(wanted, int) and wanted != turns:
                bad = f"the path from {name} turns {turns} times, not {wanted}"
        if bad is not None:
            found.append(Violation(rule, bad, names))
    stray = sorted(used - walked)
    if stray:
        ends = tuple(cell_name(v) for v in grid.ends(links, stray[0]))
        found.append(Violation(rule, "a line on no path from a start", ends))
    return found


VIOLATIONS = {PathsFrom: paths_from}
