"""The evaluator's reading of `VAR forms path through GATES [along ARROWS] [with crossings]`
(`syntax.py`): walk from the entrance, cell by cell: on at a cell with two used sides (the
outline counts at a gate), straight on at one with four (`crossings` only); the walk must
leave at the exit, pass every arrow its way and walk every used link once; with `passing
NUMBERS in order`, the k-th visit of a cell where NUMBERS is given (in the walk's order, a
crossed cell twice) is at a cell holding k or a token that is not a number. No code shared
with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.path_through.syntax import PathThrough
from dslsolve.geometry import DIRECTION_TOKENS, Env, cell_name
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator
    from dslsolve.instance import Element

OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


def path_through(
    evaluator: Evaluator, rule: ir.Rule, body: PathThrough, env: Env
) -> list[Violation]:
    grid = evaluator.grid
    links = ir.ElementKind.LINK
    used = {e for e in grid.links() if evaluator.values[body.var.name].get(e)}
    cells = grid.cells()
    tokens = {v: t for v in cells if (t := evaluator.instance.value(body.gates, v)) is not None}
    gates = grid.entrance_and_exit(tokens)
    entrance = next(v for v, (w, _) in gates.items() if w == "in")
    exit_ = next(v for v, (w, _) in gates.items() if w == "out")

    def sides(v):  # the used sides of v; "border" at a gate
        out = {d for d, e in grid.incident_by_direction(links, v).items() if e in used}
        if v in gates:
            way_, d = gates[v]
            out.add(OPPOSITE[d] if way_ == "in" else d)
        return out

    found = []
    walked: dict[Element, str] = {}  # link -> the direction it was walked in
    v, moving, trail, bad = entrance, gates[entrance][1], [entrance], None
    while bad is None:
        at = sides(v)
        came = OPPOSITE[moving]
        if len(at) == 4 and body.crossings:
            nxt = moving
        elif len(at) == 2:
            nxt = next(d for d in at if d != came)
        else:
            bad = f"the path branches or stops at {cell_name(v)}"
            break
        if v == exit_ and nxt == gates[exit_][1]:
            break
        edge = grid.incident_by_direction(links, v).get(nxt)
        if edge is None or edge in walked:
            bad = f"the path walks a link twice or leaves the grid at {cell_name(v)}"
            break
        walked[edge] = nxt
        a, b = grid.ends(links, edge)
        v, moving = (b if a == v else a), nxt
        trail.append(v)
    names = tuple(cell_name(c) for c in trail)
    if bad is not None:
        found.append(Violation(rule, bad, names))
    stray = sorted(used - set(walked))
    if stray and bad is None:
        ends = tuple(cell_name(c) for c in grid.ends(links, stray[0]))
        found.append(Violation(rule, "a line that is not on the path", ends))
    if body.order is not None and bad is None:
        place = 0
        for cell in trail:
            token = evaluator.instance.value(body.order, cell)
            if token is None:
                continue
            place += 1
            if isinstance(token, int) and token != place:
                found.append(
                    Violation(
                        rule, f"the path passes {token} as number {place}", (cell_name(cell),)
                    )
                )
                break
    if body.arrows is not None:
        for link in grid.links():
            token = evaluator.instance.value(body.arrows, link)
            if token is None:
                continue
            if walked.get(link) != DIRECTION_TOKENS.get(token):
                ends = tuple(cell_name(c) for c in grid.ends(links, link))
                found.append(Violation(rule, f"the path does not pass {token} its way", ends))
    return found


VIOLATIONS = {PathThrough: path_through}
