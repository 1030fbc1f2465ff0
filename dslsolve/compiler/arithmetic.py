"""Comparisons of an absolute value, rewritten as comparisons without one before lowering.

`|E| op K` holds exactly when the same comparison of E and of -E (either both or one of them)
holds, so the compiler lowers that instead of making `|E|` a value (`lowerings/absolute.py`
says why and what `abs=sign` does instead). The evaluator works out `|E|` itself: it never
sees these forms.
"""

from __future__ import annotations

from dslsolve import ir
from dslsolve.formulations import Formulation

MIRRORED = {"=": "=", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}


def negation(expr: ir.Expr) -> ir.Expr:
    """-E, written as the reversed difference where E is one (`b - a` for `a - b`): the form
    a genre would write by hand, so that it lowers to the same rows."""
    if type(expr) is ir.Arith and expr.op == "-":
        return ir.Arith("-", expr.right, expr.left)
    return ir.Neg(expr)


def reads_input(expr: ir.Expr) -> bool:
    """Does `expr` read puzzle input, which may be absent?"""
    return any(type(node) is ir.InputRef for node in ir.walk(expr))


def absolute_side(expr: ir.Compare) -> tuple[ir.Abs, ir.Expr, str] | None:
    """For `|E| op K` (either way round, K no absolute value itself): `|E|`, K and the
    operator as if `|E|` were on the left."""
    for side, other, op in (
        (expr.left, expr.right, expr.op),
        (expr.right, expr.left, MIRRORED[expr.op]),
    ):
        if type(side) is ir.Abs and type(other) is not ir.Abs:
            return side, other, op
    return None


def split_absolute(expr: ir.Compare) -> ir.Expr | None:
    """`|E| op K` (either way round, K no absolute value itself) as comparisons of E and -E:
    `<=` and `<` both, `>=` and `>` either, `=` either with K >= 0, `!=` the negation of `=`.
    None for any other comparison."""
    found = absolute_side(expr)
    if found is None:
        return None
    side, other, op = found
    value, opposite = side.arg, negation(side.arg)
    if op in ("<=", "<"):
        return ir.And((ir.Compare(op, value, other), ir.Compare(op, opposite, other)))
    if op in (">=", ">"):
        return ir.Or((ir.Compare(op, value, other), ir.Compare(op, opposite, other)))
    if ir.reads_unknowns(other) or reads_input(value):
        # K's sign is up to the unknowns, or E may have no value (absent input) where K < 0
        # would make a separate `K >= 0` false: each case keeps its own sign test
        equal: ir.Expr = ir.Or(
            tuple(
                ir.And((ir.Compare("=", e, other), ir.Compare(">=", e, ir.Num(0))))
                for e in (value, opposite)
            )
        )
    else:  # K from the puzzle: K >= 0 is a constant, and the `or` is a plain one
        either = ir.Or((ir.Compare("=", value, other), ir.Compare("=", opposite, other)))
        equal = ir.And((either, ir.Compare(">=", other, ir.Num(0))))
    return equal if op == "=" else ir.Not(equal)


def without_abs(expr: ir.Compare, formulation: Formulation) -> ir.Expr | None:
    """`|E| op K` as comparisons of E and -E, under `abs=split`; None otherwise."""
    if formulation["abs"] != "split":
        return None
    return split_absolute(expr)
