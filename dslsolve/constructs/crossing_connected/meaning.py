"""The evaluator's reading of `C cells connected via V with crossings` (`syntax.py`): each
cell is two places, its left and right sides and its up and down sides, joined unless the
cell is a crossing (outside C, all four links used); the C-cells must lie in one part of the
used links over these places (with `to R`: each part's C-cells hold one where R holds). No
code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.connected.meaning import unjoined, unrooted
from dslsolve.constructs.crossing_connected.syntax import CrossingConnected
from dslsolve.geometry import Env
from dslsolve.grounding import components
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator

AXIS = {"left": "across", "right": "across", "up": "down", "down": "down"}


def crossing_connected(
    evaluator: Evaluator, rule: ir.Rule, body: CrossingConnected, env: Env
) -> list[Violation]:
    grid = evaluator.grid
    links = body.via.on  # links between cells, or borders between points
    vertices = grid.vertices(links)
    used = {e for e in grid.elements(links) if evaluator.values[body.via.name].get(e)}
    members = {c for c in vertices if evaluator.expr(body.cond, Env(c, body.vertex, None)) is True}
    places = [(c, axis) for c in vertices for axis in ("across", "down")]
    joins = []
    for cell in vertices:
        sides = grid.incident_by_direction(links, cell)
        crossing = len(sides) == 4 and all(e in used for e in sides.values())
        if cell in members or not crossing:
            joins.append(((cell, "across"), (cell, "down")))
        for direction, edge in sides.items():
            if edge in used and direction in ("right", "down"):
                a, b = grid.ends(links, edge)
                joins.append(((a, AXIS[direction]), (b, AXIS[direction])))
    parts = [sorted({c for c, _ in part} & members) for part in components(places, joins)]
    parts = sorted((p for p in parts if p), key=lambda p: (-len(p), p))
    if body.root is not None:
        return unrooted(evaluator, rule, body.root, [tuple(p) for p in parts], body.vertex)
    return unjoined(rule, parts)


VIOLATIONS = {CrossingConnected: crossing_connected}
