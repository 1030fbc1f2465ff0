"""The recognise pass: which lowering takes each rule and each part of a rule's condition, as
data (a plan one can print), read from the IR and the formulation alone.

`recognise` names the posting of a condition that must hold: a conjunction posts each part,
`p implies q` posts q guarded by p, an `or` of affine comparisons goes to the support rows of
their relation (`compare=support`), `alldifferent`, `runs`, `product` and divisions go to
their lowerings (behind a guard on unknowns, to their guarded forms), `not` becomes no-good
rows, `count(S where f) = N` may forbid each member; what is left is reified (`condition`,
`comparison`). `plan_rule` names what takes a rule's
body: the globals (`area`, `pieces`, `spelling`, `connected`, loops and paths, `traces`),
which a `where` on unknowns cannot guard, or the grounding of an `each` (`grounding.py`) and
the posting of its body in every environment (the areas of a condition on the input, such as
icebarn's ice, are such groups). What depends on the instance is decided when the rule is
linearised: an `each area` of a condition on unknowns that the puzzle fixes everywhere is
grounded like any group instead of lowered. A construct of the registry says at plan time
which `each` rules it takes whole (its `ACCEPTS`, asked before the area and piece lowerings:
`shape in` areas as placements, `spells`), and which name and formulation choice its
rule-level body has (`PLANS`): the plan names them, and the compiler calls what it names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dslsolve import constructs, ir
from dslsolve.compiler.arithmetic import MIRRORED, without_abs
from dslsolve.compiler.fixings import fixing_rules
from dslsolve.compiler.lowerings.area import AreaForm, AreaFormError, area_form
from dslsolve.compiler.piece_rules import HOLDING, LAZY, PLACEMENTS, WALLS, holds_only
from dslsolve.errors import DslError, Location
from dslsolve.formulations import Formulation
from dslsolve.geometry import CYCLIC_RELATIONS


@dataclass(frozen=True)
class Post:
    """How a condition that must hold is posted: the lowering that takes it (`recognise`
    names them; `count` is `count(S where f) op N`, which forbids each member where N is 0),
    the expression, and the plans of its parts that are posted in turn."""

    lowering: str
    expr: ir.Expr
    parts: tuple[Post, ...] = ()
    choice: str | None = None  # the formulation choice of a global (`runs=regular`)

    def lines(self, depth: int) -> list[str]:
        head = self.lowering if self.choice is None else f"{self.lowering} ({self.choice})"
        own = f"{'  ' * depth}{head}: {_describe(self.expr)}"
        return [own] + [line for part in self.parts for line in part.lines(depth + 1)]


@dataclass(frozen=True)
class Step:
    """How a rule's body is compiled: the lowering that takes it, the formulation choice where
    it has one, and the plan of what it posts (the body of a grounded `each`, a condition)."""

    lowering: str
    node: ir.RuleBody
    choice: str | None = None
    inner: Step | Post | None = None
    construct: str | None = None  # the construct whose `EACH` takes a whole `each`
    # of `area`: which area lowering takes the body, or why none does (None: no condition)
    form: AreaForm | AreaFormError | None = None

    def lines(self, depth: int) -> list[str]:
        head = self.lowering
        if isinstance(self.form, AreaForm):
            head = f"{head}, {self.form.lowering}"
        if self.choice is not None:
            head = f"{head} ({self.choice})"
        if isinstance(self.form, AreaFormError):
            head = f"{head}: cannot compile: {self.form}"
        if self.construct is not None:
            head = f"{head} (construct {self.construct})"
        if isinstance(self.node, ir.Each):
            head = f"each {_group_text(self.node)}: {head}"
        own = f"{'  ' * depth}{head}"
        return [own] + ([] if self.inner is None else self.inner.lines(depth + 1))


def recognise(expr: ir.Expr, formulation: Formulation, guarded: bool = False) -> Post:
    """The plan of posting `expr` as a condition that must hold, behind a guard on unknowns
    if `guarded` (a `where` or a premise that reads them): a global then names its guarded
    form."""
    if isinstance(expr, ir.And):
        parts = tuple(recognise(arg, formulation, guarded) for arg in expr.args)
        return Post("conjunction", expr, parts)
    if isinstance(expr, ir.Implies):
        behind = guarded or ir.reads_unknowns(expr.premise)
        return Post("implication", expr, (recognise(expr.conclusion, formulation, behind),))
    if isinstance(expr, ir.Or):
        return Post("support" if supported(expr, formulation) else "disjunction", expr)
    if isinstance(expr, ir.Aggregate) and expr.func == "alldifferent":
        choice = alldifferent_choice(formulation["alldifferent"], guarded)
        return Post("alldifferent", expr, choice=choice)
    if isinstance(expr, ir.Aggregate) and expr.func in ("any", "all"):
        return Post("disjunction" if expr.func == "any" else "all", expr)
    if isinstance(expr, ir.Not):
        arg = expr.arg
        any_of = isinstance(arg, ir.Aggregate) and arg.func == "any"
        return Post("forbid members" if any_of else "forbid", expr)
    if not isinstance(expr, ir.Compare):
        return Post("condition", expr)
    split = without_abs(expr, formulation)
    if split is not None:  # `|E| op K` as comparisons of E and -E
        return Post("absolute", expr, (recognise(split, formulation),))
    if ir.divided(expr) is not None:
        return Post("division" if expr.op == "=" else "condition", expr)
    aggregate = aggregated(expr, "product") or aggregated(expr, "runs")
    if aggregate is not None and aggregate.func == "runs":
        around = isinstance(aggregate.over, ir.Around)
        cyclic = around and aggregate.over.relation in CYCLIC_RELATIONS
        if cyclic:
            return Post("cyclic runs", expr)
        return Post("runs", expr, choice=f"runs={formulation['runs']}")
    if aggregate is not None:
        return Post("product", expr)
    if any(
        isinstance(side, ir.LineShape) and side.shape == "piece" for side in (expr.left, expr.right)
    ):
        return Post("piece test", expr)
    return Post("count" if counted_none(expr) is not None else "comparison", expr)


def plan_rule(body: ir.RuleBody, formulation: Formulation) -> Step:
    """The plan of compiling a rule's body."""
    if isinstance(body, ir.Holds):
        return Step("holds", body, inner=recognise(body.expr, formulation))
    if not isinstance(body, ir.Each):  # a rule-level global (`connected`, a loop, `traces`)
        name, construct = rule_level(type(body))
        choice = None if construct is None else f"{construct}={formulation[construct]}"
        return Step(name, body, choice)
    for construct, accepts in constructs.each_acceptors():  # asked first, in turn
        lowering = accepts(body)
        if lowering is not None:
            return Step(lowering, body, construct=construct)
    kind = body.group.kind
    condition = None
    if isinstance(body.body, ir.Holds):
        guarded = body.where is not None and ir.reads_unknowns(body.where)
        condition = recognise(body.body.expr, formulation, guarded)
    if kind == "area" and ir.reads_unknowns(body.group.of):
        choice = formulation["area"]
        form = None
        if isinstance(body.body, ir.Holds):
            try:
                form = area_form(body.body.expr, choice)
            except AreaFormError as err:
                form = err  # posted, and refused, only if the lowering takes the rule
        return Step("area", body, f"area={choice}", condition, form=form)
    if kind == "piece":
        return Step("pieces", body, piece_lowering(body, formulation), condition)
    return Step("grounded", body, inner=condition or plan_rule(body.body, formulation))


def piece_lowering(each: ir.Each, formulation: Formulation) -> str:
    """Which lowering takes `each piece of X: BODY`; `compile_pieces` posts the one named:
    - pieces of walls whose body says only what a piece holds (`holds_only`), with no size
      bound: not enumerated (`lowerings/free_pieces.py`), `holding: cuts in rounds`;
    - other pieces of walls: every candidate piece placed, whatever `piece=` chooses (it has
      no lazy form), `walls: placements`;
    - pieces of a cell variable: `piece=placements` or `piece=lazy`, as chosen. Placements
      hand over to the lazy form where the puzzle makes the candidates too many (pieces
      without an anchor of more than `PLACED_CELLS` cells, or more than `PLACED_PIECES`
      candidates): the plan says so beside the name."""
    of = each.group.of
    walls = isinstance(of, ir.VarRef) and of.var.on == ir.ElementKind.BORDER
    if walls and isinstance(each.body, ir.Holds) and holds_only(each.body.expr):
        return HOLDING
    if walls:
        return WALLS
    return LAZY if formulation["piece"] == "lazy" else PLACEMENTS


def rule_level(body_type: type) -> tuple[str, str | None]:
    """A rule-level construct's name in a plan and the formulation construct that chooses its
    form, as its `PLANS` declares them; a construct without `PLANS` (written before the hook)
    is named by its IR type's words (`PathThrough`: `path through`), with no choice."""
    declared = constructs.rule_plans().get(body_type)
    if declared is not None:
        return declared
    return re.sub(r"(?<!^)(?=[A-Z])", " ", body_type.__name__).lower(), None


def alldifferent_choice(choice: str, guarded: bool) -> str:
    """The choice as the plan shows it, and its guarded form behind a guard: `native` has
    none, and posts `onehot`'s rows there (`lowerings/alldifferent.py`)."""
    if not guarded:
        return f"alldifferent={choice}"
    if choice == "native":
        return "alldifferent=native, guarded: as onehot"
    return f"alldifferent={choice}, guarded"


def explain(genre: ir.Genre, formulation: Formulation) -> str:
    """The plan of every rule, one line per step, under the rule's line and text; a rule that
    fixes unknowns (`fixings.py`) says so first. Before them, one line per lowering that the
    genre file or the run chose, with where it comes from (`lowering domain=integer from the
    genre file`)."""
    fixing = {id(rule): var for rule, (var, _) in fixing_rules(genre)}
    formulation = formulation.under_genre(genre.formulation)
    lines = [f"lowering {line}" for line in formulation.sources()]
    for rule in genre.rules:
        lines.append(f"line {rule.origin.line}: {rule.text}")
        if id(rule) in fixing:
            lines.append(f"  fixes {fixing[id(rule)].name} where the puzzle decides it")
        lines.extend(plan_rule(rule.body, formulation).lines(1))
    return "\n".join(lines) + "\n"


def write_plan(genre: ir.Genre, formulation: Formulation, path: str) -> None:
    """`dslsolve GENRE PUZZLE --write-plan FILE`: `explain` written to FILE, before solving."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(explain(genre, formulation))
    except OSError as err:
        raise DslError(Location(path), f"cannot write the plan: {err.strerror}") from None


def aggregated(expr: ir.Compare, func: str) -> ir.Aggregate | None:
    """The side of the comparison that is an aggregate `func(...)`, if one is."""
    for side in (expr.left, expr.right):
        if isinstance(side, ir.Aggregate) and side.func == func:
            return side
    return None


def affine(expr: ir.Expr) -> bool:
    """Is `expr` affine in integer unknowns, with input and numbers as its constants?"""
    if isinstance(expr, ir.VarRef):
        return expr.var.type == ir.Type.INT
    if isinstance(expr, ir.Num | ir.InputRef | ir.Param):
        return True
    if isinstance(expr, ir.Neg):
        return affine(expr.arg)
    if not isinstance(expr, ir.Arith) or expr.op not in ("+", "-", "*"):
        return False
    if not affine(expr.left) or not affine(expr.right):
        return False
    return expr.op != "*" or not all(ir.reads_unknowns(side) for side in (expr.left, expr.right))


def supported(expr: ir.Or, formulation: Formulation) -> bool:
    """`compare=support` and an `or` of comparisons whose sides are affine in integer
    unknowns: lowering them builds nothing, so where the support rows do not apply the
    `or` is lowered as any other, with nothing left over."""
    return formulation["compare"] == "support" and all(
        isinstance(arg, ir.Compare) and affine(arg.left) and affine(arg.right) for arg in expr.args
    )


def counted_none(expr: ir.Compare) -> tuple[ir.Aggregate, ir.Expr, str] | None:
    """For `count(S where f) op N` (either way round) with N a number from the puzzle: the
    count, N's expression and the operator as if the count were on the left. The count is
    zero, so that no member may pass the filter, when N is 0 and op is `=` or `<=` (or N is 1
    and op is `<`). None for any other comparison."""
    sides = ((expr.left, expr.right, expr.op), (expr.right, expr.left, MIRRORED[expr.op]))
    for count, other, op in sides:
        if (
            isinstance(count, ir.Aggregate)
            and count.func == "count"
            and isinstance(other, (ir.Num, ir.InputRef, ir.Param))
            and op in ("=", "<=", "<")
        ):
            return count, other, op
    return None


def _group_text(each: ir.Each) -> str:
    group = each.group
    text = group.kind
    if group.kind == "set":
        text = f"member of {group.set}"
    if each.where is not None:
        text += " where ... (a guard)" if ir.reads_unknowns(each.where) else " where ..."
    return text


def _describe(expr: ir.Expr) -> str:
    """A short name of an expression's form, for the printed plan."""
    if isinstance(expr, ir.Aggregate):
        return f"{expr.func}(...)"
    if isinstance(expr, ir.Compare):
        return f"{_describe(expr.left)} {expr.op} {_describe(expr.right)}"
    if isinstance(expr, ir.VarRef | ir.InputRef):
        return expr.var.name if isinstance(expr, ir.VarRef) else expr.layer.name
    if isinstance(expr, ir.Num):
        return str(expr.value)
    if isinstance(expr, ir.Param):
        return expr.name
    if isinstance(expr, ir.Not):
        return f"not {_describe(expr.arg)}"
    return type(expr).__name__.lower()
