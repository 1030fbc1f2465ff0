"""The evaluator's reading of `VAR forms [single loop of] segments between (X, Y) [...]`
(`syntax.py`): the drawn segments are the pairs where VAR holds. It reports a point joined to
itself, a segment drawn one way only, a segment over a point (its lattice points are walked
one step of gcd at a time, as pzprjs does), two segments that cross at an angle the clause
refuses (the crossing point solved in fractions), and for a loop a point with 1 or more than
2 segments, no segment, or more than one loop. No code shared with `lowering.py`."""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.segments.syntax import Segments
from dslsolve.geometry import Env
from dslsolve.grounding import components
from dslsolve.instance import as_number
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def _inside(a: tuple, b: tuple) -> list[tuple]:
    """The lattice points strictly inside the segment ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    steps = gcd(abs(dx), abs(dy))
    return [(a[0] + dx * k // steps, a[1] + dy * k // steps) for k in range(1, steps)]


def _crossing(one: tuple, two: tuple) -> bool:
    """Whether two segments meet at one point inside both (not at an end of either)."""
    (a, b), (c, d) = one, two
    ux, uy, vx, vy = b[0] - a[0], b[1] - a[1], d[0] - c[0], d[1] - c[1]
    det = vx * uy - ux * vy
    if det == 0:
        return False
    from fractions import Fraction  # crossing segments only: fractions imports decimal

    wx, wy = c[0] - a[0], c[1] - a[1]
    s = Fraction(vx * wy - vy * wx, det)  # along ab
    t = Fraction(ux * wy - uy * wx, det)  # along cd
    return 0 < s < 1 and 0 < t < 1


def segments(evaluator: Evaluator, rule: ir.Rule, body: Segments, env: Env) -> list[Violation]:
    instance = evaluator.instance
    points = instance.sets[body.var.sets[0]]
    at = {}
    for point in points:
        x = as_number(instance.read_table(body.x, (point,)))
        y = as_number(instance.read_table(body.y, (point,)))
        at[point] = (x, y)

    def name(point) -> str:
        return f"point {point} ({at[point][0]},{at[point][1]})"

    drawn = evaluator.values[body.var.name]
    found = []
    pairs = []
    for p in points:
        if drawn.get((p, p)):
            found.append(Violation(rule, f"{name(p)} is joined to itself", (name(p),)))
    for i, p in enumerate(points):
        for q in points[i + 1 :]:
            there, back = bool(drawn.get((p, q))), bool(drawn.get((q, p)))
            if there != back:
                where = f"the segment {name(p)} - {name(q)} is drawn one way only"
                found.append(Violation(rule, where, (name(p), name(q))))
            if there or back:
                pairs.append((p, q))
    by_place = {}
    for point in points:
        by_place.setdefault(at[point], []).append(point)
    for p, q in pairs:
        over = [r for spot in _inside(at[p], at[q]) for r in by_place.get(spot, [])]
        if over:
            where = f"the segment {name(p)} - {name(q)} passes over {name(over[0])}"
            found.append(Violation(rule, where, (name(p), name(q), name(over[0]))))
    if body.crossing != "any":
        for i, (p, q) in enumerate(pairs):
            for r, t in pairs[i + 1 :]:
                one, two = (at[p], at[q]), (at[r], at[t])
                if not _crossing(one, two):
                    continue
                du = (at[q][0] - at[p][0], at[q][1] - at[p][1])
                dv = (at[t][0] - at[r][0], at[t][1] - at[r][1])
                if body.crossing == "right" and du[0] * dv[0] + du[1] * dv[1] == 0:
                    continue
                how = "cross" if body.crossing == "none" else "cross at an angle that is not right"
                where = f"the segments {name(p)} - {name(q)} and {name(r)} - {name(t)} {how}"
                found.append(Violation(rule, where, tuple(map(name, (p, q, r, t)))))
    if body.loop:
        degree = dict.fromkeys(points, 0)
        for p, q in pairs:
            degree[p] += 1
            degree[q] += 1
        for point in points:
            if degree[point] not in (0, 2):
                where = f"{name(point)} has {degree[point]} segments, not 0 or 2"
                found.append(Violation(rule, where, (name(point),)))
        if not pairs:
            found.append(Violation(rule, "the drawing: no segment is drawn", ()))
        parts = components([p for p in points if degree[p]], pairs)
        if len(parts) > 1:
            names = tuple(name(min(part)) for part in parts)
            found.append(Violation(rule, f"the segments form {len(parts)} parts", names))
    return found


VIOLATIONS = {Segments: segments}
