"""`VAR forms [single loop of] segments between (X, Y) [...]` in the model (`syntax.py`): a
binary per unordered pair of points, tied to VAR's two entries, and the rows of
`lowerings/segments.py` (the geometry worked out once for the puzzle, then "not both" rows
for the crossings the clause refuses and the loop on the remaining segments)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.compiler.lowerings.segments import post_segments
from dslsolve.compiler.model import Lin, LoweringError, as_lin
from dslsolve.constructs.segments.syntax import Segments
from dslsolve.geometry import Env
from dslsolve.instance import as_number

if TYPE_CHECKING:
    from dslsolve.constructs.interface import RuleCompiler


def compile_segments(
    compiler: RuleCompiler, rule: ir.Rule, body: Segments, env: Env, guard: Lin | None
) -> None:
    lower, model = compiler.lower, compiler.model
    instance = lower.instance
    points = instance.sets[body.var.sets[0]]  # both sets are the records of one table
    places = {}
    for point in points:
        place = [as_number(instance.read_table(layer, (point,))) for layer in (body.x, body.y)]
        if None in place:
            fields = f"'{body.x.name}' or '{body.y.name}'"
            raise LoweringError(f"point {point} has no number in {fields}")
        places[point] = (place[0], place[1])
    used = {}
    for i, p in enumerate(points):
        model.add_row(as_lin(lower.used(body.var, (p, p))).expr, "==", 0)
        for q in points[i + 1 :]:
            binary = model.binary("segment")
            for key in ((p, q), (q, p)):
                model.add_row(as_lin(lower.used(body.var, key)).expr, "==", binary)
            used[(p, q)] = binary
    post_segments(model, places, used, body.crossing, body.loop)


RULE_LOWERINGS = {Segments: compile_segments}

# its name in a plan, and the formulation construct that chooses its form
PLANS = {Segments: ("segments", "loop")}
