"""How a rule works out an unknown that an answer need not give (`definition`): the evaluator
derives it before checking (`Evaluator.derive_missing`), and a pzprv3 answer leaves it out."""

from __future__ import annotations

from dataclasses import dataclass

from dslsolve import ir


@dataclass(frozen=True)
class Definition:
    """How a rule works out an unknown on cells, points or links: `expr` read at each element
    of `over` (at a group of the rule's `each`), or at each element the rule ranges over."""

    var: ir.Variable
    expr: ir.Expr
    over: ir.SetExpr | None = None


def definition(body: ir.RuleBody) -> Definition | None:
    """For a rule `each KIND: NAME = EXPR` (either way round, no `where`) with NAME a hidden
    unknown on that kind of element and EXPR not reading it: NAME's definition. Likewise a
    conjunct `all(NAME = EXPR)` of an `each piece of X` body (X not NAME): NAME, a cell unknown
    (hidden or shown), is EXPR at each cell of each piece (fillmat's `all(length = size)`).
    (A shown unknown equal to its input, sudoku's `digit = givens`, is no definition: the
    rule holds where the input is absent too.)"""
    if not (isinstance(body, ir.Each) and body.where is None and isinstance(body.body, ir.Holds)):
        return None
    expr = body.body.expr
    if body.group.kind == "piece":
        conjuncts = expr.args if isinstance(expr, ir.And) else (expr,)
        for conjunct in conjuncts:
            if (
                isinstance(conjunct, ir.Aggregate)
                and conjunct.func == "all"
                and isinstance(conjunct.over, ir.GroupMembers)
                and (found := _equation(conjunct.filter, ir.ElementKind.CELL))
                and found.var != body.group.of.var
            ):
                return Definition(found.var, found.expr, conjunct.over)
        return None
    if body.group.kind in ("cell", "point", "link"):
        found = _equation(expr, ir.ElementKind(body.group.kind))
        return found if found and found.var.hidden else None
    return None


def _equation(expr: ir.Expr | None, kind: ir.ElementKind) -> Definition | None:
    """`NAME = EXPR` or `EXPR = NAME` at the focus, NAME an unknown on `kind` that EXPR does not
    read."""
    if not (isinstance(expr, ir.Compare) and expr.op == "="):
        return None
    for side, other in ((expr.left, expr.right), (expr.right, expr.left)):
        if (
            isinstance(side, ir.VarRef)
            and not side.var.sets
            and side.var.on == kind
            and isinstance(side.at, ir.Focus)
            and side.var.name not in variables_read(other)
        ):
            return Definition(side.var, other)
    return None


def defined_unknowns(genre: ir.Genre) -> set[str]:
    """The unknowns that a rule works out from the others (`definition`)."""
    return {found.var.name for rule in genre.rules if (found := definition(rule.body))}


def variables_read(node: object) -> set[str]:
    """The names of the unknowns that `node` reads."""
    return {inner.name for inner in ir.walk(node) if type(inner) is ir.Variable}
