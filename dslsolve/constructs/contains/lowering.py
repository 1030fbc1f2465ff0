"""`NAME in SET` in the model (`syntax.py`): the named element's membership as the aggregates
see it (an area's literal for `area of C from c`, True for a known member), false when it is
not a member."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve.constructs.contains.syntax import Contains
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Value
    from dslsolve.constructs.interface import Lowerer


def contains(lowerer: Lowerer, expr: Contains, env: Env) -> Value:
    element, _ = env.target(expr.element)
    return lowerer.any_of(
        [m for inner, m in lowerer.members(expr.over, env) if inner.element == element]
    )


VALUES = {Contains: contains}
