"""`VAR between` in the model (`syntax.py`): the literal of the border the focus link
crosses (no new variable, no row)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve.constructs.between.syntax import Between, crossed
from dslsolve.geometry import Env

if TYPE_CHECKING:
    from dslsolve.compiler.model import Value
    from dslsolve.constructs.interface import Lowerer


def between(lowerer: Lowerer, expr: Between, env: Env) -> Value:
    return lowerer.used(expr.var, crossed(env.element))


VALUES = {Between: between}
