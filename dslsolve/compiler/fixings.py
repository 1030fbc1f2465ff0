"""Unknowns that the puzzle fixes, found before any rule is lowered.

A rule such as `each cell where wall: not light` (akari) or `digit = givens` (sudoku) fixes
one unknown per element from puzzle input alone. Compiling it as written gives a model
variable and a row per element; instead the variable is replaced by its value before the other
rules are lowered, so they fold it as they fold input (a neighbour that is a wall is no term of
the count), as MiniZinc's flattening fixes a variable assigned by a constraint. The rule is
still lowered afterwards; it then holds as a constant, or posts a contradiction if two rules
fix one unknown to different values.

A rule `each KIND where VAR: BODY` whose body the puzzle makes false at an element, whatever
the unknowns are (tents' `each link as (a, b) where tie: (a.tree and b.tent) or (a.tent and
b.tree)` at a link with no tree at either end), fixes VAR false there: BODY is read in three
values (`_decided`), its parts that read no unknown from the puzzle, the rest unknown.

A variable stays unfixed where a construct reads it as a whole (a loop, paths, pieces, links
`via` it, line shapes): those lowerings need every element's model variable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from dslsolve import grounding, ir
from dslsolve.geometry import Env, element_name, grid_of
from dslsolve.instance import Instance

Fixings = dict[str, dict[tuple, int | bool]]  # variable -> element -> value


@dataclass
class Fixed:
    """What the puzzle decides: the value of each fixed unknown, and why a given makes its
    rule false (`outside_domain`), for the model's contradictions."""

    values: Fixings = field(default_factory=dict)
    outside: list[str] = field(default_factory=list)


def find_fixings(
    genre: ir.Genre,
    instance: Instance,
    given: Callable[[ir.Expr, Env], object],
    keep: list[ir.Rule] = (),
) -> Fixed:
    """The value of every unknown fixed by a rule `each KIND [where INPUT]: UNIT`, UNIT being
    `VAR`, `not VAR` (boolean) or `VAR = INPUT` (integer, a value of its domain). `given`
    reads an expression of the input at an element (the lowerer's folding). The rules in
    `keep` fix nothing: they are posted as rows (clues that may be dropped, `clues.py`)."""
    fixed = Fixed()
    grid = grid_of(instance.rows, instance.columns)
    for rule, (var, value_expr) in fixing_rules(genre):
        if any(rule is kept for kept in keep):
            continue
        each = rule.body
        kind = var.on
        values = fixed.values.setdefault(var.name, {})
        domain = instance.domain(var) if var.type == ir.Type.INT else ()
        for element in grid.elements(kind):
            env = Env(element, kind, None)
            if each.where is not None and given(each.where, env) is not True:
                continue
            value = value_expr if isinstance(value_expr, bool) else given(value_expr, env)
            if var.type == ir.Type.INT and (type(value) is not int or value not in domain):
                if type(value) is int:  # the rule posts the contradiction; this says why
                    fixed.outside.append(outside_domain(var, value, element, domain))
                continue  # absent (vacuous) or outside the domain: the rule itself says so
            values.setdefault(element, value)
    for rule, var in guard_fixing_rules(genre):
        if any(rule is kept for kept in keep):
            continue
        values = fixed.values.setdefault(var.name, {})
        body = rule.body.body.expr
        for env in grounding.elements(rule.body, Env(None, None, None), grid):
            if _decided(body, env, given) is False:
                values.setdefault(env.element, False)
    fixed.values = {name: values for name, values in fixed.values.items() if values}
    return fixed


def _decided(expr: ir.Expr, env: Env, given: Callable[[ir.Expr, Env], object]) -> bool | None:
    """The truth of a condition that the puzzle decides whatever the unknowns are, else None:
    `and`, `or` and `not` over parts, each part that reads no unknown read from the puzzle."""
    if not _reads_unknowns(expr):
        value = given(expr, env)
        return value if isinstance(value, bool) else None
    if isinstance(expr, ir.Not):
        inner = _decided(expr.arg, env, given)
        return None if inner is None else not inner
    if isinstance(expr, (ir.And, ir.Or)):
        absorbing = isinstance(expr, ir.Or)  # True decides an `or`, False an `and`
        unknown = False
        for arg in expr.args:
            part = _decided(arg, env, given)
            if part is absorbing:
                return absorbing
            unknown = unknown or part is None
        return None if unknown else not absorbing
    return None


_reads_unknowns = ir.memoised(ir.reads_unknowns)


@ir.memoised
def guard_fixing_rules(genre: ir.Genre) -> list[tuple[ir.Rule, ir.Variable]]:
    """The rules `each KIND [as ...] where VAR: BODY`, VAR a boolean unknown of the group's
    element that every rule reads plainly and BODY a condition that reads unknowns: where the
    puzzle makes BODY false, VAR is false (`find_fixings`)."""
    fixable = _plainly_read(genre)
    found = []
    for rule in genre.rules:
        each = rule.body
        if (
            isinstance(each, ir.Each)
            and each.group.kind in ("cell", "point", "link")
            and each.group.of is None
            and isinstance(each.body, ir.Holds)
            and each.where is not None
            and _is_focus_ref(each.where, fixable, ir.Type.BOOL)
            and each.where.var.on == ir.ElementKind(each.group.kind)
            and ir.reads_unknowns(each.body.expr)
        ):
            found.append((rule, each.where.var))
    return found


def outside_domain(var: ir.Variable, value: int, element: tuple, domain) -> str:
    """Why a given makes a rule false: it is a number that `var` cannot take."""
    return (
        f"the given {value} at {element_name(var.on, element)} is outside the domain "
        f"{domain[0]}..{domain[-1]} of '{var.name}'"
    )


@ir.memoised
def fixing_rules(genre: ir.Genre) -> list[tuple[ir.Rule, tuple[ir.Variable, ir.Expr | bool]]]:
    """The rules of the form `find_fixings` takes, each with its unit (`_unit`): what the
    genre alone decides, worked out once per genre."""
    fixable = _plainly_read(genre)
    found = []
    for rule in genre.rules:
        each = rule.body
        if not (
            isinstance(each, ir.Each)
            and each.group.kind in ir.GRID_KINDS
            and each.binder is None
            and each.ends is None
            and isinstance(each.body, ir.Holds)
            and (each.where is None or not ir.reads_unknowns(each.where))
        ):
            continue
        unit = _unit(each.body.expr, fixable)
        if unit is not None and unit[0].on == ir.ElementKind(each.group.kind):
            found.append((rule, unit))
    return found


def _unit(expr: ir.Expr, fixable: set[str]) -> tuple[ir.Variable, ir.Expr | bool] | None:
    """(VAR, its value) if `expr` fixes the focus element's VAR: `VAR`, `not VAR`, or
    `VAR = E` / `E = VAR` with E from the puzzle alone."""
    if _is_focus_ref(expr, fixable, ir.Type.BOOL):
        return expr.var, True
    if isinstance(expr, ir.Not) and _is_focus_ref(expr.arg, fixable, ir.Type.BOOL):
        return expr.arg.var, False
    if isinstance(expr, ir.Compare) and expr.op == "=":
        for ref, other in ((expr.left, expr.right), (expr.right, expr.left)):
            if _is_focus_ref(ref, fixable, ir.Type.INT) and not ir.reads_unknowns(other):
                return ref.var, other
    return None


def _is_focus_ref(expr: ir.Expr, fixable: set[str], kind: ir.Type) -> bool:
    return (
        isinstance(expr, ir.VarRef)
        and isinstance(expr.at, ir.Focus)
        and expr.var.name in fixable
        and expr.var.type == kind
    )


def _plainly_read(genre: ir.Genre) -> set[str]:
    """Variables on grid elements that every rule reads only through `VarRef`s."""
    whole: set[str] = set()
    for rule in genre.rules:
        for node in ir.walk(rule.body):
            if isinstance(node, ir.Each) and node.group.kind == "piece":
                whole.update(n.var.name for n in ir.walk(node.group.of) if hasattr(n, "var"))
            if isinstance(node, ir.VarRef):
                continue
            for value in vars(node).values():
                if isinstance(value, ir.Variable):
                    whole.add(value.name)
    return {
        var.name
        for var in genre.variables
        if var.name not in whole and not var.sets and var.type in (ir.Type.BOOL, ir.Type.INT)
    }
