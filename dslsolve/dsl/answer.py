"""The answer of a genre, declared once when the genre loads (`declare`, from the checked
output spec): which unknowns a solution consists of (every variable but the hidden ones) and,
for a grid output, per output case which unknowns it tests and shows at its cell and which it
leaves unread. Pure IR: the loader reads nothing of a puzzle here and loads no evaluator; the
answer on a puzzle is grounded later (`dslsolve/answer.py`).

A token stands for the values its case shows: the unknown of `show`, the literals of `when`
(`black`, `digit = 0`), and the boolean of an earlier case whose one-literal `when` failed. A
reader takes every other unknown of the answer at that cell to be the lowest of its domain
(`AnswerCase.unread`).
"""

from __future__ import annotations

from collections.abc import Iterable

from dslsolve import ir


def when_literals(expr: ir.Expr | None) -> list[tuple[ir.Expr, int]]:
    """The `when` of an output case as (condition, wanted truth) pairs: its conjuncts, each
    a condition or the negation of one (`x != k` is the negation of `x = k`)."""
    if expr is None:
        return []
    if isinstance(expr, ir.And):
        return [lit for arg in expr.args for lit in when_literals(arg)]
    if isinstance(expr, ir.Not) and not isinstance(expr.arg, ir.And | ir.Or):
        return [(inner, 1 - wanted) for inner, wanted in when_literals(expr.arg)]
    if isinstance(expr, ir.Compare) and expr.op == "!=":
        equal = ir.Compare("=", expr.left, expr.right)
        if literal_unknown(equal) is not None:
            return [(equal, 0)]
    return [(expr, 1)]


def literal_unknown(condition: ir.Expr) -> tuple[ir.VarRef, int | str] | None:
    """The unknown that a literal of an output `when` tests, and the value that makes the
    literal true: a boolean variable (`black`: 1) or a variable equal to a constant
    (`digit = 0`: 0). None if the condition is no such literal."""
    if isinstance(condition, ir.VarRef):
        return condition, 1
    if isinstance(condition, ir.Compare) and condition.op == "=":
        for unknown, constant in (
            (condition.left, condition.right),
            (condition.right, condition.left),
        ):
            if isinstance(unknown, ir.VarRef) and isinstance(constant, ir.Num | ir.Sym):
                return unknown, constant.value
    return None


def declare(variables: Iterable[ir.Variable], output: ir.OutputSpec | ir.SetOutput) -> ir.Answer:
    """The genre's answer, from its (checked) output spec."""
    shown = tuple(var for var in variables if not var.hidden)
    if isinstance(output, ir.SetOutput):
        return ir.Answer(shown)
    on_cells = [v for v in shown if v.on == ir.ElementKind.CELL and not v.sets]
    known: list[ir.Variable] = []  # the booleans of earlier one-literal `when`s: false
    cases = []
    for case in output.cell:
        guard, literals, derived = [], [], []
        for condition, truth in when_literals(case.when):
            literal = literal_unknown(condition)
            if literal is None and ir.reads_unknowns(condition):
                derived.append((condition, truth))
            elif literal is None:
                guard.append((condition, truth))
            else:
                literals.append((literal[0].var, literal[1], truth))
        reads = [var for var, _, _ in literals]
        if isinstance(case.show, ir.VarRef):
            reads.append(case.show.var)
        reads = list(dict.fromkeys(reads))
        unread = tuple(v for v in on_cells if v not in reads and v not in known)
        cases.append(
            ir.AnswerCase(case, tuple(guard), tuple(literals), tuple(reads), unread, tuple(derived))
        )
        if len(literals) == 1 and literals[0][0].type == ir.Type.BOOL:
            known.append(literals[0][0])
    blank = tuple(v for v in on_cells if v not in known)
    return ir.Answer(shown, output.edges, tuple(cases), blank)
