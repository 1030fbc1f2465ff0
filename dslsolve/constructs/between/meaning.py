"""The evaluator's reading of `VAR between` (`syntax.py`): the answer's value at the border
the focus link crosses. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve.constructs.between.syntax import Between, crossed
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def between(evaluator: Evaluator, expr: Between, env: Env) -> bool:
    return bool(evaluator.values[expr.var.name][crossed(env.element)])


EVALUATORS = {Between: between}
