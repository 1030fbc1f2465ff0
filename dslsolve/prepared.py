"""Reading an IR expression once per node: a reader (the evaluator, the compiler's lowerer)
prepares each node into a function of the element the first time it reads it, and wraps the
function of a node that a rule repeats (`ir.occurrences`: a define used in several places)
so that its value is remembered per rule instance.

A way of reading, not a meaning: what a prepared function computes, and what remembering
may keep, is each reader's own (`_prepare`, `_remember`), so the evaluator shares no lowering
code through it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dslsolve import ir
from dslsolve.geometry import Env


class PreparedReader:
    """The cache of prepared functions, by node; a reader fills `_prepared` and `occurrences`
    (the repeated nodes of the rule being read) and gives `_prepare` and `_remember`."""

    _prepared: dict[int, tuple[ir.Expr, Callable[[Env], Any]]]
    occurrences: dict[int, int]

    def function(self, expr: ir.Expr) -> Callable[[Env], Any]:
        """The prepared function of `expr`; loops over elements fetch it once."""
        prepared = self._prepared.get(id(expr))
        if prepared is None:
            function = self._prepare(expr)
            number = self.occurrences.get(id(expr))
            if number is not None:
                function = self._remember(number, function)
            prepared = self._prepared[id(expr)] = (expr, function)  # the node kept alive
        return prepared[1]

    def _prepare(self, expr: ir.Expr) -> Callable[[Env], Any]:
        raise NotImplementedError

    def _remember(self, number: int, function: Callable[[Env], Any]) -> Callable[[Env], Any]:
        raise NotImplementedError
