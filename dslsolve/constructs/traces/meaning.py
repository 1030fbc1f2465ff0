"""The evaluator's reading of `VALUE traces TABLE from (ROW, COLUMN) toward DIRECTION`
(`syntax.py`): a depth-first search of the grid for the record's word. No code shared with
`lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.traces.syntax import Traces
from dslsolve.geometry import Env, GeometryError, cell_name, way
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def traces(evaluator: Evaluator, rule: ir.Rule, body: Traces, env: Env) -> list[Violation]:
    """Search the grid for the word: from the start, the first step toward the direction,
    then any orthogonal step to a cell not yet used, each cell holding the next letter."""
    grid = evaluator.grid
    member = env.bound[body.records][0]
    word = evaluator.instance.tables[body.table.section].body(member - 1)
    start = (evaluator.expr(body.row, env), evaluator.expr(body.column, env))
    if not all(type(v) is int for v in start):
        raise GeometryError(f"the start ({start[0]}, {start[1]}) is not two numbers")
    first = way(evaluator.expr(body.direction, env))

    def letter(cell: tuple[int, int]) -> object:
        return evaluator.expr(body.value, env.at(cell, ir.ElementKind.CELL))

    def reads(path: list[tuple[int, int]]) -> bool:
        if len(path) == len(word):
            return True
        r, c = path[-1]
        steps = [first] if len(path) == 1 else [(-1, 0), (1, 0), (0, -1), (0, 1)]
        for dr, dc in steps:
            cell = (r + dr, c + dc)
            if (
                0 <= cell[0] < grid.rows
                and 0 <= cell[1] < grid.columns
                and cell not in path
                and letter(cell) == word[len(path)]
                and reads([*path, cell])
            ):
                return True
        return False

    inside = 0 <= start[0] < grid.rows and 0 <= start[1] < grid.columns
    if not word or (inside and letter(start) == word[0] and reads([start])):
        return []
    text = "".join(map(str, word))
    return [Violation(rule, f"{text} cannot be traced from {cell_name(start)}", ())]


VIOLATIONS = {Traces: traces}
