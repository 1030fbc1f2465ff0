"""The lowering of comparisons (one-hot thresholds and equalities, value tables, big-M),
exact division and arithmetic. Part of `Lowerer` (`lowerer.py`)."""

from __future__ import annotations

from dslsolve import indexsets, ir
from dslsolve.compiler.expressions.lines import LineLowering
from dslsolve.compiler.lowerings import logic
from dslsolve.compiler.lowerings.absolute import absolute
from dslsolve.compiler.lowerings.domain import OneHot
from dslsolve.compiler.lowerings.value_table import reify_by_values
from dslsolve.compiler.model import Lin, LoweringError, Value, as_lin, constant, sum_of
from dslsolve.geometry import Env
from dslsolve.instance import as_number, same_list

THRESHOLDS = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def one_hot_threshold(op: str, left: Value, right: Value) -> Value | None:
    """`x op k` (or `k op x`) for a one-hot integer x and a number k: the sum of x's value
    indicators that satisfy it. Exactly one indicator is 1, so the sum is the truth itself:
    no new binary and no big-M rows (`distance <= c.digit`). None when it does not apply."""
    for x, k, x_first in ((left, right, True), (right, left, False)):
        if isinstance(x, Lin) and type(x.encoding) is OneHot and isinstance(k, int):
            test = THRESHOLDS[op]
            holds = [d for d in x.encoding.domain if (test(d, k) if x_first else test(k, d))]
            if not holds:
                return False
            if len(holds) == len(x.encoding.domain):
                return True
            return Lin(sum_of(x.encoding.indicator(d) for d in holds), 0, 1, boolean=True)
    return None


class ComparisonLowering(LineLowering):
    """Comparisons and arithmetic of lowered values (a constant or a `Lin`)."""

    def boolean(self, expr: ir.Expr, env: Env) -> Value:
        prepared = self._prepared.get(id(expr))  # `lower`, inlined: conditions are most nodes
        value = (self.function(expr) if prepared is None else prepared[1])(env)
        if type(value) is Lin and not value.boolean:
            raise LoweringError("a number was used as a condition")
        return value

    def number(self, expr: ir.Expr, env: Env) -> Value:
        """A numeric value (see `instance.as_number`): a symbol or a longer list is absent."""
        value = self.lower(expr, env)
        return value if isinstance(value, Lin) else as_number(value)

    def compare(self, expr: ir.Compare, env: Env) -> Value:
        for piece, other in ((expr.left, expr.right), (expr.right, expr.left)):
            if isinstance(piece, ir.LineShape) and piece.shape == "piece":
                return self.piece_is(piece, expr.op, self.lower(other, env), env)
        return self.compared(expr, self.lower(expr.left, env), self.lower(expr.right, env))

    def compared(self, expr: ir.Compare, left: Value, right: Value) -> Value:
        """The truth of `left op right` for values already lowered (a constant or a literal)."""
        if isinstance(expr.left, ir.Sym) or isinstance(expr.right, ir.Sym):
            return (left == right) == (expr.op == "=")  # a token test: never absent
        if left is None or right is None:
            return None
        if isinstance(left, tuple) and isinstance(right, tuple):
            return same_list(left, right) == (expr.op == "=")
        if isinstance(left, tuple) or isinstance(right, tuple):
            left, right = (v if isinstance(v, Lin) else as_number(v) for v in (left, right))
            if left is None or right is None:
                return None  # a list entry that is not one number
        if isinstance(left, str) or isinstance(right, str):
            if isinstance(left, str) and isinstance(right, str) and expr.op in ("=", "!="):
                return (left == right) == (expr.op == "=")
            return None  # a symbol where a number is needed: no value
        return self.compare_numbers(expr.op, left, right)

    def compare_numbers(self, op: str, left: Value, right: Value) -> Value:
        """The truth of `left op right` for two numbers (a constant or a `Lin` each)."""
        left = int(left) if isinstance(left, bool) else left
        right = int(right) if isinstance(right, bool) else right
        if constant(left) and constant(right):
            return {
                "=": left == right,
                "!=": left != right,
                "<": left < right,
                "<=": left <= right,
                ">": left > right,
                ">=": left >= right,
            }[op]
        if op in ("=", "!="):
            for var, value in ((left, right), (right, left)):
                if isinstance(var, Lin):
                    indicator = logic.indicator_equal(var, value)
                    if indicator is not None:
                        if op == "=" or isinstance(indicator, bool):
                            return indicator if op == "=" else not indicator
                        return logic.negate(indicator)
        if op in THRESHOLDS:
            threshold = one_hot_threshold(op, left, right)
            if threshold is not None:
                return threshold
        if op in ("=", "!=") and all(
            isinstance(v, Lin) and type(v.encoding) is OneHot for v in (left, right)
        ):
            equal = self.one_hot_equal(left.encoding, right.encoding)
            return equal if op == "=" else logic.negate(equal)
        left, right = as_lin(left), as_lin(right)
        if self.model.formulation["compare"] in ("table", "support"):
            by_values = reify_by_values(self.model, op, left, right)
            if by_values is not None:
                return by_values
        return logic.reify_compare(self.model, op, left, right)

    def division(self, expr: ir.Compare, env: Env) -> list[tuple[str, Value, Value]] | None:
        """`A / B op K` as the comparisons it stands for, `A = K * B` and `B != 0` (None where
        a side has no value): with K or B from the puzzle, K * B is linear."""
        division, other = ir.divided(expr)
        dividend, divisor, quotient = (
            self.number(side, env) for side in (division.left, division.right, other)
        )
        if dividend is None or divisor is None or quotient is None:
            return None
        if constant(quotient) and constant(divisor):
            product: Value = int(quotient) * int(divisor)
        elif constant(quotient) or constant(divisor):
            factor, lin = (quotient, divisor) if constant(quotient) else (divisor, quotient)
            product = logic.scale(lin, int(factor)) if factor else 0
        else:
            raise LoweringError("a / b = k means a = k * b: b or k must come from the puzzle")
        return [("=", dividend, product), ("!=", divisor, 0)]

    def divides(self, expr: ir.Compare, env: Env) -> Value:
        """The truth of `A / B op K` (`=` or `!=`): of the conjunction of `division`."""
        parts = self.division(expr, env)
        if parts is None:
            return None
        folded = logic.fold_logic("and", [self.compare_numbers(*part) for part in parts])
        equal = folded if not isinstance(folded, list) else logic.conjunction(self.model, folded)
        if expr.op == "=":
            return equal
        return (not equal) if isinstance(equal, bool) else logic.negate(equal)

    def one_hot_equal(self, x: OneHot, y: OneHot) -> Lin:
        """z = [x = y] for two one-hot integers, from their value indicators: z >= x_d + y_d - 1
        for every common value d, and z <= 1 - x_d + y_d for every value d of x. Exact, and
        2|D| rows of three terms instead of big-M rows over both sums."""
        z = self.model.binary("eq")
        for d in x.domain:
            x_d, y_d = x.indicator(d), y.indicator(d)
            if y_d is False:
                self.model.add(z + x_d.expr <= 1)
                continue
            self.model.add(z >= x_d.expr + y_d.expr - 1)
            self.model.add(z + x_d.expr - y_d.expr <= 1)
        return logic.literal(z)

    def arith(self, expr: ir.Arith | ir.Neg | ir.Abs, env: Env) -> Value:
        kind = type(expr)
        if kind is not ir.Arith:  # Neg or Abs
            value = self.number(expr.arg, env)
            if value is None:
                return None
            if kind is ir.Abs:
                return abs(value) if constant(value) else absolute(self.model, value)
            return -value if constant(value) else logic.scale(value, -1)
        left, right = self.number(expr.left, env), self.number(expr.right, env)
        if left is None or right is None:
            return None
        if expr.op == "^":
            if not (constant(left) and constant(right)):
                raise LoweringError("'^' takes numbers from the puzzle only")
            return indexsets.power(left, right)
        if expr.op == "%":
            if not (constant(left) and constant(right)):
                raise LoweringError("'%' takes numbers from the puzzle only")
            return left % abs(right) if right != 0 else None
        if constant(left) and constant(right):
            return {"+": left + right, "-": left - right, "*": left * right}[expr.op]
        if expr.op == "*":
            factor, lin = (left, right) if constant(left) else (right, left)
            return logic.scale(lin, factor)
        return logic.add(as_lin(left), as_lin(right), 1 if expr.op == "+" else -1)
