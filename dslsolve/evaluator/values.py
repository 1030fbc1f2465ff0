"""The values the evaluator's reading of an expression takes besides numbers, truth values,
symbols and tuples: absent (input that is not there) and no quotient; the comparisons; an
answer (`Assignment`)."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from dslsolve.instance import Element

ABSENT = None  # the value of an expression that needs absent input


class _NoQuotient:
    """The value of `a / b` where b is 0 or does not divide a: equal to no number."""

    def __repr__(self) -> str:
        return "no quotient"


NO_QUOTIENT = _NoQuotient()

COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}

Assignment = dict[str, dict[Element, int]]  # variable name -> element -> value (bools as 0/1)

Member = Callable[[Any], object] | None  # of an Env, or of a cell (`Evaluator.aggregated`)
