"""A condition on a candidate piece whose terms are numbers once the candidate is known,
worked out per candidate without the general lowerer.

The terms: the piece's measures (`size`, `width`, `height`) and its aggregates over its own
cells (`count(A)`, `sum(V where A)`) whose filter and value read the puzzle only. Each such
aggregate is read once per cell of the grid; a candidate's total is the sum over its cells.
What is left of the condition is arithmetic and comparisons of numbers, folded here. Lowering
it instead walks every cell of every candidate through the lowerer, which also keeps each
candidate's group alive until the rule ends (shikaku 50x40: 34,000 candidates, 9 s and
600 MB). A condition with any other part is not folded (`value` gives None), and the caller
lowers it as before.
"""

from __future__ import annotations

import operator

from dslsolve import ir
from dslsolve.compiler.expressions import Lowerer
from dslsolve.compiler.model import Lin
from dslsolve.geometry import Env
from dslsolve.instance import Element

MEASURES = ("size", "width", "height")
# what a per-cell filter or value may read: the puzzle at the cell, and numbers
_READS_PUZZLE = (
    ir.Num, ir.Sym, ir.Param, ir.InputRef, ir.TokenTest, ir.InputLayer, ir.Focus, ir.Bound,
    ir.Not, ir.And, ir.Or, ir.Implies, ir.Compare, ir.Arith, ir.Neg, ir.Abs,
)  # fmt: skip
_OPS = {
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
}
_TERM = "piece term "  # the name of the Param standing for the i-th aggregate


class PieceTerms:
    """`expr` read once for its per-candidate terms; `value(shape)` its value on a candidate
    (a number or a truth value), or None where `expr` is not made of such terms only."""

    def __init__(self, lower: Lowerer, expr: ir.Expr, env: Env) -> None:
        self.per_cell: list[dict[Element, int]] = []

        def term(node: object) -> object | None:
            if isinstance(node, ir.Param) and node.name not in (*MEASURES, "distance"):
                return ir.Num(lower.lower(node, env))  # rows, columns: the puzzle's
            if not isinstance(node, ir.Aggregate):
                return None
            counts = self._per_cell(lower, node, env)
            if counts is None:
                return node  # left as it is: the whole is not folded
            self.per_cell.append(counts)
            return ir.Param(f"{_TERM}{len(self.per_cell) - 1}")

        template = ir.rewrite(expr, term)
        self.template = template if _foldable(template) else None

    @staticmethod
    def _per_cell(lower: Lowerer, node: ir.Aggregate, env: Env) -> dict[Element, int] | None:
        """Each cell's part in `count(A)` or `sum(V where A)` over the piece's cells (the cells
        where it is not 0), or None where that depends on more than the cell's input."""
        if not (
            node.func in ("count", "sum")
            and isinstance(node.over, ir.GroupMembers)
            and all(
                isinstance(n, _READS_PUZZLE)
                and not (isinstance(n, ir.Param) and n.name in (*MEASURES, "distance"))
                for part in (node.filter, node.value)
                if part is not None
                for n in ir.walk(part)
            )
        ):
            return None
        found = {}
        for cell in lower.grid.cells():
            inner = env.at(cell, ir.ElementKind.CELL)
            keep = True if node.filter is None else lower.boolean(node.filter, inner)
            if isinstance(keep, Lin):
                return None
            if not keep:
                continue
            part = 1 if node.func == "count" else lower.number(node.value, inner)
            if isinstance(part, Lin) or (part is not None and not isinstance(part, int)):
                return None
            if part:
                found[cell] = part
        return found

    def grows(self) -> bool:
        """Does the value never fall as a candidate gains cells (sums and products of terms
        of non-negative parts and of non-negative numbers)?"""
        return (
            self.template is not None
            and all(
                (isinstance(n, ir.Num) and n.value >= 0)
                or (isinstance(n, ir.Param) and n.name.startswith(_TERM))
                or (isinstance(n, ir.Arith) and n.op in ("+", "*"))
                for n in ir.walk(self.template)
            )
            and all(part >= 0 for counts in self.per_cell for part in counts.values())
        )

    def value(self, shape: frozenset[Element]) -> int | bool | None:
        if self.template is None:
            return None
        rows = [r for r, _ in shape]
        columns = [c for _, c in shape]
        known = {
            "size": len(shape),
            "height": max(rows) - min(rows) + 1,
            "width": max(columns) - min(columns) + 1,
        }
        for i, counts in enumerate(self.per_cell):
            known[f"{_TERM}{i}"] = sum(counts[c] for c in shape & counts.keys())
        return _fold(self.template, known)


def _foldable(expr: ir.Expr) -> bool:
    return all(
        isinstance(n, ir.Num | ir.Compare | ir.Not | ir.And | ir.Or | ir.Implies)
        or (isinstance(n, ir.Param) and (n.name in MEASURES or n.name.startswith(_TERM)))
        or (isinstance(n, ir.Arith) and n.op in _OPS)
        for n in ir.walk(expr)
    )


def _fold(expr: ir.Expr, known: dict[str, int]) -> int | bool:
    """The value of an expression of numbers, measures and terms (`_foldable`)."""
    if isinstance(expr, ir.Num):
        return expr.value
    if isinstance(expr, ir.Param):
        return known[expr.name]
    if isinstance(expr, ir.Compare | ir.Arith):
        left, right = _fold(expr.left, known), _fold(expr.right, known)
        return _OPS[expr.op](int(left), int(right))
    if isinstance(expr, ir.Not):
        return not _fold(expr.arg, known)
    if isinstance(expr, ir.Implies):
        return not _fold(expr.premise, known) or bool(_fold(expr.conclusion, known))
    values = (bool(_fold(arg, known)) for arg in expr.args)
    return all(values) if isinstance(expr, ir.And) else any(values)
