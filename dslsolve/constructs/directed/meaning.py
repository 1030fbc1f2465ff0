"""The evaluator's reading of `VAR forms directed loop`, `VAR leaves toward DIR` and
`VAR enters from DIR` (`syntax.py`). The answer shows the loop's edges, not the way it runs:
the orientation is a choice the evaluator makes too. `CHOICES` gives the two ways round
(each used vertex traced along its loop, forward and back); the evaluator checks every rule
under each and keeps the first under which they all hold. The loop itself is read as
`VAR forms single loop` reads it. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.directed.syntax import DirectedLoop, Travel
from dslsolve.constructs.loop.meaning import single_loop
from dslsolve.constructs.loop.syntax import SingleLoop
from dslsolve.geometry import DIRECTION_TOKENS, STEPS, Env
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator

OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


def directed_loop(
    evaluator: Evaluator, rule: ir.Rule, body: DirectedLoop, env: Env
) -> list[Violation]:
    """One loop, as `forms single loop` reads it; the direction is always possible."""
    return single_loop(evaluator, rule, SingleLoop(body.var), env)


def _sides(evaluator: Evaluator, var: ir.Variable) -> dict[tuple, list[str]]:
    """The directions of the used edges at each vertex of the answer."""
    sides: dict[tuple, list[str]] = {}
    for direction, (dr, dc) in STEPS.items():
        for edge, used in evaluator.values[var.name].items():
            if not used:
                continue
            axis, r, c = edge
            a, b = (r, c), ((r, c + 1) if axis == "h" else (r + 1, c))
            if (b[0] - a[0], b[1] - a[1]) == (dr, dc):
                sides.setdefault(a, []).append(direction)
                sides.setdefault(b, []).append(OPPOSITE[direction])
    return sides


def orientations(evaluator: Evaluator, body: DirectedLoop) -> list[dict]:
    """The two ways round: vertex -> (the direction the loop leaves it toward, the direction
    it comes in from), traced from the first vertex of each loop (in reading order) toward its
    first used side, and the reverse. A vertex whose line does not pass (an end, a branch)
    has no direction."""
    sides = _sides(evaluator, body.var)
    forward: dict[tuple, tuple[str, str]] = {}
    for start in sorted(sides):
        if start in forward or len(sides[start]) != 2:
            continue
        trail: dict[tuple, tuple[str, str]] = {}
        vertex, came = start, sorted(sides[start])[1]  # enter from one side, leave by the other
        while vertex not in trail:
            ways = sides.get(vertex, [])
            if len(ways) != 2 or came not in ways:
                trail = {}
                break
            leave = ways[0] if ways[1] == came else ways[1]
            trail[vertex] = (leave, came)
            dr, dc = STEPS[leave]
            vertex, came = (vertex[0] + dr, vertex[1] + dc), OPPOSITE[leave]
        if vertex != start:
            trail = {}
        forward.update(trail)
    backward = {v: (came, leave) for v, (leave, came) in forward.items()}
    key = ("directed", body.var.name)
    return [{key: forward}, {key: backward}]


def travel(evaluator: Evaluator, expr: Travel, env: Env) -> bool | None:
    """None (no value) where the direction section's token names no direction."""
    vertex, _ = env.target(expr.at)
    direction = expr.direction
    if isinstance(direction, ir.InputLayer):
        direction = DIRECTION_TOKENS.get(evaluator.instance.value(direction, vertex))
        if direction is None:
            return None
    ways = evaluator.memo.get(("directed", expr.var.name), {}).get(vertex)
    return ways is not None and ways[1 if expr.enters else 0] == direction


VIOLATIONS = {DirectedLoop: directed_loop}

EVALUATORS = {Travel: travel}

CHOICES = {DirectedLoop: orientations}
