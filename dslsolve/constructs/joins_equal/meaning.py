"""The evaluator's reading of `VAR joins equal NUMBERS [with crossings]` (`syntax.py`): each
cell is two places, its left and right sides and its up and down sides, joined unless the
cell is a crossing (`crossings` only: NUMBERS not given, all four links used); the lines are
the parts of the used links over these places. A line holding two different numbers, and a
number on two lines, are violations. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.joins_equal.syntax import JoinsEqual
from dslsolve.geometry import Env, cell_name
from dslsolve.grounding import components
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator

AXIS = {"left": "across", "right": "across", "up": "down", "down": "down"}


def joins_equal(evaluator: Evaluator, rule: ir.Rule, body: JoinsEqual, env: Env) -> list[Violation]:
    grid = evaluator.grid
    links = ir.ElementKind.LINK
    used = {e for e in grid.links() if evaluator.values[body.var.name].get(e)}
    tokens = {c: evaluator.instance.value(body.numbers, c) for c in grid.cells()}
    places = [(c, axis) for c in grid.cells() for axis in ("across", "down")]
    joins = []
    for cell in grid.cells():
        sides = grid.incident_by_direction(links, cell)
        crossing = len(sides) == 4 and all(e in used for e in sides.values())
        if not (body.crossings and crossing and tokens[cell] is None):
            joins.append(((cell, "across"), (cell, "down")))
        for direction, edge in sides.items():
            if edge in used and direction in ("right", "down"):
                a, b = grid.ends(links, edge)
                joins.append(((a, AXIS[direction]), (b, AXIS[direction])))
    line_of = {}
    lines = []
    for index, part in enumerate(components(places, joins)):
        numbered = sorted({c for c, _ in part if isinstance(tokens[c], int)})
        for cell in numbered:
            line_of[cell] = index
        lines.append(numbered)
    found = []
    for numbered in lines:
        values = sorted({tokens[c] for c in numbered})
        if len(values) > 1:
            shown = ", ".join(str(v) for v in values)
            names = tuple(cell_name(c) for c in numbered)
            found.append(Violation(rule, f"a line joins different numbers ({shown})", names))
    cells_of: dict[int, list] = {}
    for cell in sorted(line_of):
        cells_of.setdefault(tokens[cell], []).append(cell)
    for value, cells in sorted(cells_of.items()):
        count = len({line_of[c] for c in cells})
        if count > 1:
            names = tuple(cell_name(c) for c in cells)
            found.append(Violation(rule, f"the cells of {value} lie on {count} lines", names))
    return found


VIOLATIONS = {JoinsEqual: joins_equal}
