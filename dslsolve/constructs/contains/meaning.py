"""The evaluator's reading of `NAME in SET` (`syntax.py`): look for the element among the
set's members. No code shared with `lowering.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve.constructs.contains.syntax import Contains
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def contains(evaluator: Evaluator, expr: Contains, env: Env) -> bool:
    element, _ = env.target(expr.element)
    return any(inner.element == element for inner in evaluator.members(expr.over, env))


EVALUATORS = {Contains: contains}
