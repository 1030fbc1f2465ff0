"""The evaluator's reading of `VAR forms single loop [with crossings]` (`syntax.py`): the
degree of every vertex, then the loops the used edges make (traced straight through a
crossing). No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.loop.syntax import SingleLoop
from dslsolve.geometry import Env, element_name, vertex_kind
from dslsolve.grounding import components
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def single_loop(evaluator: Evaluator, rule: ir.Rule, body: SingleLoop, env: Env) -> list[Violation]:
    grid = evaluator.grid
    kind = body.var.on
    used = [e for e in grid.elements(kind) if evaluator.values[body.var.name].get(e)]
    ends = [grid.ends(kind, e) for e in used]
    degree: dict = {}  # each vertex's line ends, in the order the vertices come
    for a, b in ends:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    vertices = vertex_kind(kind)
    found = [
        Violation(
            rule,
            f"{element_name(vertices, v)} has {d} line ends",
            (element_name(vertices, v),),
        )
        for v, d in degree.items()
        if d != 2 and not (body.crossings and d == 4)
    ]
    if body.crossings:  # traced straight through crossings: split each vertex by axis
        traced = [((a, e[0]), (b, e[0])) for e, (a, b) in zip(used, ends, strict=True)]
        # no crossing: one node, whether the loop turns or goes straight
        traced += [((v, "h"), (v, "v")) for v, d in degree.items() if d != 4]
        parts = [{v for v, _ in part} for part in components((), traced)]
    else:
        parts = components((), ends)
    if not parts:
        found.append(Violation(rule, "no loop at all", ()))
    elif len(parts) > 1:
        found.extend(
            Violation(
                rule,
                f"one of {len(parts)} separate loops",
                tuple(element_name(vertices, v) for v in sorted(part)),
            )
            for part in parts
        )
    return found


VIOLATIONS = {SingleLoop: single_loop}
