"""The evaluator's reading of expressions: each IR node prepared once into a function of the
element (`PreparedReader`), absent input carried through logic, comparisons and arithmetic
(`dslsolve.evaluator`'s docstring says how), the line shapes."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from dslsolve import indexsets, ir
from dslsolve.evaluator.values import ABSENT, COMPARISONS, NO_QUOTIENT, Assignment
from dslsolve.geometry import PIECES, Env, Grid
from dslsolve.instance import TOKEN_TESTS, Element, Instance, as_number, same_list
from dslsolve.prepared import PreparedReader


class ExpressionReader(PreparedReader):
    """The expressions of `Evaluator` (`evaluator/checking.py`), which fills these."""

    genre: ir.Genre
    instance: Instance
    values: Assignment
    grid: Grid
    _evaluators: dict[type, Callable[..., Any]]
    outline: dict[ir.InputLayer, dict[Element, str]]
    _remembered: dict[tuple[int, int], tuple[Env, object]]

    def expr(self, expr: ir.Expr, env: Env):
        """The value of `expr` at `env`. This runs once per node per element, so each node is
        prepared once into a function of the element (`_prepare`)."""
        return self.function(expr)(env)

    def broken(self, expr: ir.Expr) -> Callable[[Env], bool]:
        """Whether a rule's condition is false at an element (absent is not false). An `or`
        is false only if every part is, so the first part that is not stops it: akari's
        `light or any(rays ...)` does not walk the rays from a light."""
        if isinstance(expr, ir.Or):
            parts = [self.function(arg) for arg in expr.args]

            def every_part_false(env: Env) -> bool:
                for part in parts:
                    value = part(env)
                    if value or value is ABSENT:
                        return False
                return True

            return every_part_false
        holds = self.function(expr)
        return lambda env: holds(env) is False

    def kept(self, expr: ir.Expr) -> Callable[[Env], bool]:
        """Whether an aggregate's filter keeps an element: its condition is true there (absent
        is not). An `and` is true only if every part is, so the first part that is false or
        absent stops it: ripple effect's `digit = c.digit and distance <= c.digit` does not
        work out the distance where the digits differ."""
        if isinstance(expr, ir.And):
            parts = [self.function(arg) for arg in expr.args]

            def every_part_true(env: Env) -> bool:
                for part in parts:
                    value = part(env)
                    if value is ABSENT or not value:
                        return False
                return True

            return every_part_true
        holds = self.function(expr)
        return lambda env: holds(env) is True

    def _remember(self, number: int, function: Callable[[Env], object]):
        """`function`, its value at an element remembered for the rule instance."""
        memo = self._remembered

        def remembered(env: Env):
            found = memo.get((number, id(env)))
            if found is None:
                found = memo[number, id(env)] = (env, function(env))
            return found[1]

        return remembered

    def _forgetting(self, broken: Callable[[Env], bool]) -> Callable[[Env], bool]:
        """`broken`, starting each rule instance with nothing remembered."""
        memo = self._remembered

        def fresh(env: Env) -> bool:
            memo.clear()
            return broken(env)

        return fresh

    def _prepare(self, expr: ir.Expr) -> Callable[[Env], object]:
        """A function of the element for `expr`: constants, grid variables and grid input at
        the focus are plain lookups; any other node goes to its method, found by type."""
        kind = type(expr)
        if kind in (ir.Num, ir.Sym):
            value = expr.value
            return lambda env: value
        if kind is ir.VarRef and not expr.var.sets and type(expr.at) is ir.Focus:
            values = self.values[expr.var.name]
            if expr.var.type == ir.Type.BOOL:
                return lambda env: bool(values[env.element])
            return lambda env: values[env.element]
        if kind in (ir.InputRef, ir.TokenTest) and ir.reads_grid_at_focus(expr):
            ref = expr if kind is ir.InputRef else expr.ref
            tokens = self.instance.grids[ref.layer.name]
            if kind is ir.InputRef:
                return lambda env: tokens.get(env.element)
            holds = TOKEN_TESTS[expr.test]
            return lambda env: holds(tokens.get(env.element))
        if kind is ir.Not:
            return self._negation(self.function(expr.arg))
        if kind in (ir.And, ir.Or):
            return self._connective(kind, [self.function(a) for a in expr.args])
        if kind is ir.Compare:
            return self._comparison(expr)
        try:
            return functools.partial(self._evaluators[kind], expr)
        except KeyError:
            raise AssertionError(expr) from None

    @staticmethod
    def _negation(arg: Callable[[Env], object]) -> Callable[[Env], object]:
        def negation(env: Env):
            value = arg(env)
            return ABSENT if value is ABSENT else not value

        return negation

    @staticmethod
    def _connective(kind: type, parts: list[Callable[[Env], object]]) -> Callable[[Env], object]:
        combine = all if kind is ir.And else any

        def connective(env: Env):
            values = [part(env) for part in parts]
            return ABSENT if ABSENT in values else combine(values)

        return connective

    def _comparison(self, expr: ir.Compare) -> Callable[[Env], object]:
        """Two numbers are compared at once; anything else (absent input, symbols, lists)
        goes through `compared`."""
        left, right = self.function(expr.left), self.function(expr.right)
        holds = COMPARISONS[expr.op]

        number = ir.is_number(expr.left)

        def comparison(env: Env):
            b = right(env)
            if b is ABSENT or (number and type(b) is str):
                return ABSENT  # the left side need not be worked out (see `compared`)
            a = left(env)
            if type(a) is int and type(b) is int:
                return holds(a, b)
            return self.compared(expr, a, b)

        if isinstance(expr.left, ir.Sym) or isinstance(expr.right, ir.Sym):
            return lambda env: self.compared(expr, left(env), right(env))
        return comparison

    @staticmethod
    def _constant(expr: ir.Num | ir.Sym, env: Env):
        return expr.value

    def _param(self, expr: ir.Param, env: Env):
        return env.param(expr.name, self.instance)

    def _var_ref(self, expr: ir.VarRef, env: Env):
        if expr.var.sets:
            return self.on_sets(expr, env)
        element, _ = env.target(expr.at)
        value = self.values[expr.var.name][element]
        return bool(value) if expr.var.type == ir.Type.BOOL else value

    def _input_ref(self, expr: ir.InputRef, env: Env):
        if expr.layer.sets:
            return self.on_sets(expr, env)
        element, _ = env.target(expr.at)
        return self.instance.read(expr.layer, element, env.group and env.group.index)

    def _token_test(self, expr: ir.TokenTest, env: Env):
        if isinstance(expr.ref, ir.At) or expr.ref.layer.sets:
            value = self.on_sets(expr.ref, env)
            return TOKEN_TESTS[expr.test](value)
        element, _ = env.target(expr.ref.at)
        index = env.group and env.group.index
        return self.instance.test(expr.test, expr.ref.layer, element, index)

    def _implies(self, expr: ir.Implies, env: Env):
        premise, conclusion = self.expr(expr.premise, env), self.expr(expr.conclusion, env)
        if ABSENT in (premise, conclusion):
            return ABSENT
        return (not premise) or bool(conclusion)

    def on_sets(self, expr: ir.VarRef | ir.InputRef | ir.At | ir.MemberRef, env: Env):
        """A member in scope, or a value on index sets at the members in scope or named."""
        if isinstance(expr, ir.MemberRef):
            return env.bound[expr.set][0]
        ref = expr.ref if isinstance(expr, ir.At) else expr
        sets = ref.var.sets if isinstance(ref, ir.VarRef) else ref.layer.sets
        if isinstance(expr, ir.At):
            key = indexsets.named(
                self.instance, sets, [self.expr(index, env) for index in expr.index]
            )
            if key is None:
                return ABSENT
        else:
            key = indexsets.in_scope(env, sets)
        if isinstance(ref, ir.InputRef):
            return self.instance.read_table(ref.layer, key)
        value = self.values[ref.var.name][key]
        return bool(value) if ref.var.type == ir.Type.BOOL else value

    def used_sides(
        self, var: ir.Variable, gates: ir.InputLayer | None, vertex: Element
    ) -> set[str]:
        """The sides of the vertex whose edges of the line `var` are used; at one of the
        `gates` of its path, the side on the outline too (the path crosses the outline
        there). A line shape's reading, and `VAR toward DIR`'s (`dslsolve/constructs/toward`)."""
        edges = self.grid.incident_by_direction(var.on, vertex)
        used = {d for d, e in edges.items() if self.values[var.name].get(e)}
        if gates is not None:
            if gates not in self.outline:  # worked out once per gates section
                cells = self.grid.cells()
                value = self.instance.value
                tokens = {v: t for v in cells if (t := value(gates, v)) is not None}
                self.outline[gates] = self.grid.outline_sides(tokens)
            side = self.outline[gates].get(vertex)
            if side is not None:
                used.add(side)
        return used

    def line_shape(self, expr: ir.LineShape, env: Env) -> bool:
        """The used edges at the vertex (`used_sides`) make the shape."""
        vertex, _ = env.target(expr.at)
        used = self.used_sides(expr.var, expr.gates, vertex)
        if expr.shape == "piece":
            return PIECES.get(frozenset(used), "")
        if expr.shape == "straight":
            return {"left", "right"} <= used or {"up", "down"} <= used
        return bool(used & {"left", "right"}) and bool(used & {"up", "down"})

    def number(self, expr: ir.Expr, env: Env):
        return as_number(self.expr(expr, env))

    def compared(self, expr: ir.Compare, left, right):
        """The truth of `left op right` for values already worked out."""
        if isinstance(expr.left, ir.Sym) or isinstance(expr.right, ir.Sym):
            return (left == right) == (expr.op == "=")  # a token test: never absent
        if ABSENT in (left, right):
            return ABSENT
        if left is NO_QUOTIENT or right is NO_QUOTIENT:  # `a / b` with no whole quotient
            return expr.op == "!="
        if isinstance(left, tuple) and isinstance(right, tuple):
            return same_list(left, right) == (expr.op == "=")
        if isinstance(left, tuple) or isinstance(right, tuple):
            left, right = as_number(left), as_number(right)
            if ABSENT in (left, right):
                return ABSENT
        if isinstance(left, str) or isinstance(right, str):
            if isinstance(left, str) and isinstance(right, str) and expr.op in ("=", "!="):
                return (left == right) == (expr.op == "=")
            return ABSENT  # a symbol where a number is needed
        return COMPARISONS[expr.op](int(left), int(right))

    def arith(self, expr: ir.Arith | ir.Neg | ir.Abs, env: Env):
        kind = type(expr)
        if kind is not ir.Arith:  # Neg or Abs
            value = self.number(expr.arg, env)
            if value is ABSENT:
                return ABSENT
            return -value if kind is ir.Neg else abs(value)
        left, right = self.number(expr.left, env), self.number(expr.right, env)
        if ABSENT in (left, right):
            return ABSENT
        if expr.op == "^":
            return indexsets.power(left, right)
        if expr.op == "/":  # exact: a side of `=` or `!=` only (the checker sees to it)
            return left // right if right != 0 and left % right == 0 else NO_QUOTIENT
        if expr.op == "%":  # the remainder of numbers (the checker sees to it), 0 <= r < |b|
            return left % abs(right) if right != 0 else ABSENT
        return {"+": left + right, "-": left - right, "*": left * right}[expr.op]
