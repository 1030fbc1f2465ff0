"""Straight segments between given points (`constructs/segments`): the geometry, worked out
once per puzzle, and the rows.

A candidate segment is an unordered pair of distinct points {p, q} with a binary s_pq (tied
to the variable's two entries VAR(p, q) = VAR(q, p) = s_pq; VAR(p, p) = 0). With integer
coordinates and the cross product o(a, b, c) = (b - a) x (c - a):

- s_pq = 0 where a third point r lies inside pq: o(p, q, r) = 0 and (r - p).(r - q) < 0
  (two collinear segments that overlap always hold an end of one inside the other, so this
  also refuses overlaps);
- s_pq + s_rt <= 1 for two segments without a common end that cross properly,
  o(p, q, r) o(p, q, t) < 0 and o(r, t, p) o(r, t, q) < 0, unless the clause allows their
  angle: any angle with no clause, a right angle ((q - p).(t - r) = 0) with `crossing at
  right angles`, none `without crossings`;
- a loop: the segments are the edges of a graph on the points, posted by `loop.post_loop`
  (degree 0 or 2, some edge, connected: lazy cuts, a flow, or cpsat's circuit).

Pairs of segments are tested only where their bounding boxes meet.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations

import pulp

from dslsolve.compiler.lowerings.loop import post_loop
from dslsolve.compiler.model import LinearModel

Point = tuple[int, int]


def _orient(a: Point, b: Point, c: Point) -> int:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def passes_over(a: Point, b: Point, points: list[Point]) -> bool:
    """Whether a point of `points` lies strictly inside the segment ab."""
    return any(
        _orient(a, b, r) == 0 and (r[0] - a[0]) * (r[0] - b[0]) + (r[1] - a[1]) * (r[1] - b[1]) < 0
        for r in points
    )


def crossing_pairs(segments: dict[Hashable, tuple[Point, Point]], allowed: str) -> list[tuple]:
    """The pairs of segments (keys) that cross properly at an angle `allowed` refuses
    (`any`: none; `right`: all but right angles; `none`: all)."""
    if allowed == "any":
        return []
    boxes = {
        key: (min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]))
        for key, (a, b) in segments.items()
    }
    found = []
    for one, two in combinations(segments, 2):
        (p, q), (r, t) = segments[one], segments[two]
        if len({p, q, r, t}) < 4:
            continue
        b1, b2 = boxes[one], boxes[two]
        if b1[1] < b2[0] or b2[1] < b1[0] or b1[3] < b2[2] or b2[3] < b1[2]:
            continue
        if _orient(p, q, r) * _orient(p, q, t) >= 0 or _orient(r, t, p) * _orient(r, t, q) >= 0:
            continue
        right = (q[0] - p[0]) * (t[0] - r[0]) + (q[1] - p[1]) * (t[1] - r[1]) == 0
        if allowed == "none" or not right:
            found.append((one, two))
    return found


def post_segments(
    model: LinearModel,
    places: dict[Hashable, Point],
    used: dict[tuple, pulp.LpVariable],
    crossing: str,
    loop: bool,
) -> None:
    """The rows of segments between the points `places` (point -> (x, y)): `used` holds the
    binary of each pair of distinct points (p, q) in the points' order, p before q, which the
    caller has tied to the variable."""
    points = list(places.values())
    live = {}
    for (p, q), binary in used.items():
        if passes_over(places[p], places[q], points):
            model.add_row(binary, "==", 0)
        else:
            live[(p, q)] = binary
    geometry = {key: (places[key[0]], places[key[1]]) for key in live}
    for one, two in crossing_pairs(geometry, crossing):
        model.add_row(live[one] + live[two], "<=", 1)
    if loop:
        incident: dict[Hashable, list[pulp.LpVariable]] = {p: [] for p in places}
        for (p, q), binary in live.items():
            incident[p].append(binary)
            incident[q].append(binary)
        post_loop(model, incident, {key: key for key in live}, live)
