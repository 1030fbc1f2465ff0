"""The linearise pass: rules to constraints, as their plans say (`plan.py`): each `each`
grounded (`dslsolve.grounding`) and its body posted in every environment, globals handed to
their lowerings.

`post` turns a boolean IR expression that must hold into linear constraints without reifying
what need not be: a conjunction posts each part, `p implies e <= k` becomes one big-M row
guarded by p, `alldifferent` and `runs` go to their lowerings (their guarded forms behind a
guard); only what is left is reified.
Which of these takes a node is its plan's `lowering`, looked up once per node (`poster`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from dslsolve import constructs, grounding, indexsets, ir
from dslsolve.compiler.clues import Dropped, Kept
from dslsolve.compiler.expressions import Lowerer, LoweringError
from dslsolve.compiler.lowerings import logic, nogoods
from dslsolve.compiler.lowerings.alldifferent import post_alldifferent
from dslsolve.compiler.lowerings.area import AreaForm, AreaFormError, Areas, post_areas
from dslsolve.compiler.lowerings.area_assign import post_assigned_areas
from dslsolve.compiler.lowerings.area_free import post_free_areas
from dslsolve.compiler.lowerings.cyclic_runs import post_cyclic_runs
from dslsolve.compiler.lowerings.digits import NumericRangeError
from dslsolve.compiler.lowerings.pieces import PieceFormError
from dslsolve.compiler.lowerings.product import ProductError, post_product
from dslsolve.compiler.lowerings.runs import post_runs
from dslsolve.compiler.lowerings.value_table import post_any_by_values
from dslsolve.compiler.model import Lin, LinearModel, Reason, Value, Why, as_lin, sum_of
from dslsolve.compiler.piece_rules import compile_pieces
from dslsolve.compiler.plan import Post, Step, aggregated, counted_none, plan_rule, recognise
from dslsolve.errors import rule_error
from dslsolve.geometry import (
    Env,
    GeometryError,
    Grouping,
)
from dslsolve.instance import UNKNOWN_ENTRY, as_number


@ir.memoised
def conjuncts(expr: ir.Expr) -> tuple[ir.Expr, ...]:
    """The parts of nested `and`s, left to right (once per node: ripple effect's filter is
    split at every one of its 60,000 members)."""
    if isinstance(expr, ir.And):
        return tuple(part for arg in expr.args for part in conjuncts(arg))
    return (expr,)


@ir.memoised
def _splits_into_values(expr: ir.Expr) -> bool:
    """Can `RuleCompiler.value_test` split the comparison into value sets: the IR's part of
    the test, worked out once per node (ripple effect asks it 60,000 times a puzzle)?"""
    return (
        isinstance(expr, ir.Compare)
        and ir.divided(expr) is None
        and not any(isinstance(side, ir.LineShape | ir.Abs) for side in (expr.left, expr.right))
    )


class RuleCompiler:
    def __init__(
        self, lowerer: Lowerer, plans: list[Step] = (), relaxed: list[ir.Rule] = ()
    ) -> None:
        self.lower = lowerer
        self.model: LinearModel = lowerer.model
        self.grid = lowerer.grid
        self.relaxed = {id(rule) for rule in relaxed}  # clue rules whose instances may drop
        self.kept: list[Kept] = []
        self.connected_sets: list = []  # (chosen, edges) of each `connected` rule, for both_sides
        # id of a condition that must hold -> (its plan, which keeps the node alive so that
        # its id stays its own; how it is posted)
        self._posters: dict[int, tuple[Post, Callable[[Env, Lin | None, Why], None]]] = {}
        self._steps: dict[int, Step] = {}  # id of an `each` -> its plan (`plan.plan_rule`)
        for plan in plans:
            self._remember(plan)

    def _remember(self, step: Step) -> None:
        """The plans of every `each` of a rule, by node."""
        self._steps[id(step.node)] = step
        if isinstance(step.inner, Step):
            self._remember(step.inner)

    def rule(self, rule: ir.Rule) -> None:
        self.lower.share(rule)
        try:
            self.body(rule, rule.body, Env(None, None, None), None)
        except (
            LoweringError,
            AreaFormError,
            PieceFormError,
            GeometryError,
            NumericRangeError,
        ) as err:
            raise rule_error(rule.origin, rule.text, f"cannot compile this rule: {err}") from None

    def body(self, rule: ir.Rule, body: ir.RuleBody, env: Env, guard: Lin | None) -> None:
        if isinstance(body, ir.Each):
            self.each(rule, body, env, guard)
        elif isinstance(body, ir.Holds):
            self.post(body.expr, env, guard, self.why(rule, env))
        else:  # a construct's rule (`dslsolve.constructs`)
            constructs.rule_lowerings()[type(body)](self, rule, body, env, guard)

    @staticmethod
    def why(rule: ir.Rule, env: Env) -> Reason:
        return Reason(
            lambda: (
                f"line {rule.origin.line}: '{rule.text}' cannot hold at {indexsets.place_name(env)}"
            )
        )

    def keep(self, rule: ir.Rule, env: Env, guard: Lin | None) -> Lin:
        """The guard of a clue of a relaxed model: its own binary (and the guard it had)."""
        binary = self.model.binary("keep")
        self.kept.append(Kept(binary, Dropped(rule, indexsets.place_name(env))))
        return self.conjoin(guard, logic.literal(binary))

    def each(self, rule: ir.Rule, each: ir.Each, env: Env, guard: Lin | None) -> None:
        """An `each` as its plan says: the construct that took it whole, the area or piece
        lowering, or its environments (`grounding.py`) and the body posted in each."""
        step = self._steps.get(id(each))
        if step is None:
            step = self._steps[id(each)] = plan_rule(each, self.model.formulation)
        if step.construct is not None:  # the plan gave the whole `each` to a construct
            if not constructs.each_compiler(step.construct)(self, rule, each, env, guard):
                raise RuntimeError(f"construct {step.construct} refused what it accepted")
            return
        lowered = step.lowering == "pieces" or (
            step.lowering == "area" and not self.decided(each.group.of, env)
        )
        if lowered and (guard is not None or each.where is not None):
            raise LoweringError(f"'each {each.group.kind}' cannot be guarded by a condition")
        if lowered and step.lowering == "area":
            if not isinstance(step.form, AreaForm):  # the reason the plan found no form
                raise step.form or LoweringError("'each area' needs a condition as its body")
            self.areas(rule, each, step.form, env)
            return
        if lowered:
            if not isinstance(each.body, ir.Holds):
                raise LoweringError("'each piece' needs a condition as its body")
            compile_pieces(
                self.lower,
                self.post,
                each.group.of.var,
                each.body.expr,
                env,
                self.why(rule, env),
                step.choice,
            )
            return
        inner_envs = grounding.environments(
            each, env, self.grid, self.lower.instance, self.given_holds
        )
        where = None if each.where is None else self.lower.condition(each.where)
        poster = self.poster(step.inner) if isinstance(step.inner, Post) else None
        relaxed = poster is not None and id(rule) in self.relaxed
        for inner in inner_envs:
            inner_guard = guard
            if where is not None:
                condition = where(inner)
                if not condition:
                    continue
                if isinstance(condition, Lin):  # a guard: the body's lowering takes it
                    inner_guard = self.conjoin(guard, condition)
            if relaxed:
                inner_guard = self.keep(rule, inner, inner_guard)
            self.lower.forget()
            if poster is not None:  # the common case, without `body`'s dispatch per element
                poster(inner, inner_guard, self.why(rule, inner))
            else:
                self.body(rule, each.body, inner, inner_guard)

    def conjoin(self, guard: Lin | None, condition: Lin) -> Lin:
        return condition if guard is None else logic.conjunction(self.model, [guard, condition])

    def decided(self, cond: ir.Expr, env: Env) -> bool:
        """Does the puzzle decide `cond` at every cell (of the group in scope)? Then its areas
        (ice in icebarn) are fixed groups, grounded and posted like any group's; else they are
        a lowering's."""
        cells = env.group.cells if env.group else self.grid.cells()
        return not any(
            isinstance(self.lower.boolean(cond, env.at(cell, ir.ElementKind.CELL)), Lin)
            for cell in cells
        )

    def given_holds(self, cond: ir.Expr) -> Callable[[Env], Value]:
        """A condition that cuts groups (`run of C`, the areas of a decided condition), as a
        function of a cell's environment: the puzzle must decide it."""
        lowered = self.lower.condition(cond)

        def holds(env: Env) -> Value:
            value = lowered(env)
            if isinstance(value, Lin):
                raise LoweringError("runs are cut by given cells only")
            return value

        return holds

    def areas(self, rule: ir.Rule, each: ir.Each, form: AreaForm, env: Env) -> None:
        """`each area` by the lowering its plan names (`AreaForm`)."""
        body = each.body.expr
        anchors = []
        for cell in self.grid.cells() if form.anchor is not None else ():
            is_anchor = self.lower.boolean(form.anchor, env.at(cell, ir.ElementKind.CELL))
            if isinstance(is_anchor, Lin):
                raise AreaFormError("the anchor condition must depend on the input only")
            if is_anchor:
                anchors.append(cell)
        inside = {}
        for cell in self.grid.cells():
            value = self.lower.boolean(each.group.of, env.at(cell, ir.ElementKind.CELL))
            inside[cell] = False if value is None else value
        choice = self.model.formulation["area"]
        why = f"line {rule.origin.line}: '{rule.text}'"

        def bound_at(group: Grouping) -> Value:
            return self.lower.lower(form.bound, Env(None, None, group, env.bound))

        def body_holds(group: Grouping) -> Value:
            return self.lower.boolean(body, Env(None, None, group, env.bound))

        exact_size = None
        if form.unless is not None:
            size, unless = form.unless

            def exact_size(group: Grouping) -> Value:
                group_env = Env(None, None, group, env.bound)
                holds = self.lower.boolean(unless, group_env)
                if isinstance(holds, Lin):
                    raise AreaFormError("in 'size = F or D', D must depend on the input only")
                return None if holds else self.lower.lower(size, group_env)

        areas = Areas(self.grid, inside, anchors, bound_at, body_holds, why, exact_size)
        if form.lowering == "free":
            shapes = (form.more, form.rectangles)
            post_free_areas(self.model, areas, (form.bound, form.exact), choice, shapes)
        elif form.lowering == "anchored":
            post_areas(self.model, areas)
        else:
            post_assigned_areas(self.model, areas, form.exact, choice)

    # ------------------------------------------------------------------ posting

    def post(self, expr: ir.Expr, env: Env, guard: Lin | None, why: Why) -> None:
        """`expr` must hold at `env` (where the guard does), posted as its plan says
        (`plan.recognise`)."""
        found = self._posters.get(id(expr))
        poster = self.poster(recognise(expr, self.model.formulation)) if found is None else found[1]
        poster(env, guard, why)

    def poster(self, plan: Post) -> Callable[[Env, Lin | None, Why], None]:
        """The posting function of a plan, made once per node."""
        found = self._posters.get(id(plan.expr))
        if found is None:
            found = self._posters[id(plan.expr)] = (plan, self._poster(plan))
        return found[1]

    def _poster(self, plan: Post) -> Callable[[Env, Lin | None, Why], None]:
        lowering, expr = plan.lowering, plan.expr
        if lowering == "conjunction":
            return functools.partial(self.post_each, tuple(map(self.poster, plan.parts)))
        if lowering == "implication":
            return functools.partial(self.post_implication, expr, self.poster(plan.parts[0]))
        if lowering == "absolute":  # `|E| op K` as comparisons of E and -E
            return self.poster(plan.parts[0])
        if lowering == "disjunction":
            return functools.partial(
                self.post_disjunction, expr if isinstance(expr, ir.Or) else ir.Or((expr,))
            )
        if lowering == "forbid members":
            return functools.partial(self.forbid_members, expr.arg)
        if lowering == "forbid":
            return functools.partial(self.post_false, expr.arg)
        if lowering in ("runs", "cyclic runs"):
            return functools.partial(self.runs, expr, lowering == "cyclic runs")
        if lowering in ("count", "comparison"):
            return functools.partial(self.post_comparison, expr, counted_none(expr))
        posters = {
            "support": self.post_support,
            "alldifferent": self.alldifferent,
            "all": self.post_all,
            "condition": self.post_condition,
            "division": self.post_division,
            "product": self.product,
            "piece test": self.post_piece_test,
        }
        return functools.partial(posters[lowering], expr)

    @staticmethod
    def post_each(
        posters: tuple[Callable[[Env, Lin | None, Why], None], ...],
        env: Env,
        guard: Lin | None,
        why: Why,
    ) -> None:
        for poster in posters:
            poster(env, guard, why)

    def post_implication(
        self,
        expr: ir.Implies,
        conclusion: Callable[[Env, Lin | None, Why], None],
        env: Env,
        guard: Lin | None,
        why: Why,
    ) -> None:
        premise = self.lower.boolean(expr.premise, env)
        if not premise:
            return
        conclusion(env, guard if premise is True else self.conjoin(guard, premise), why)

    def post_all(self, expr: ir.Aggregate, env: Env, guard: Lin | None, why: Why) -> None:
        for inner, membership in self.lower.filtered(
            ir.Aggregate("count", None, expr.over, None), env
        ):
            member_guard = guard if membership is True else self.conjoin(guard, membership)
            if expr.filter is not None:
                holds = self.lower.boolean(expr.filter, inner)
                self.post_literal(False if holds is None else holds, 1, member_guard, why)

    def post_piece_test(self, expr: ir.Compare, env: Env, guard: Lin | None, why: Why) -> None:
        self.post_literal(self.lower.compare(expr, env), 1, guard, why)

    def post_comparison(
        self,
        expr: ir.Compare,
        counted: tuple[ir.Aggregate, ir.Expr, str] | None,
        env: Env,
        guard: Lin | None,
        why: Why,
    ) -> None:
        if counted is not None:
            count, other, op = counted
            if (op, as_number(self.lower.lower(other, env))) in (("=", 0), ("<=", 0), ("<", 1)):
                self.forbid_members(count, env, guard, why)
                return
        right = self.lower.lower(expr.right, env)
        if right is None and not isinstance(expr.left, ir.Sym):
            return  # an absent clue: vacuous, so the left side is not even modelled
        if isinstance(right, str) and ir.is_number(expr.left):
            return  # a symbol where a number is needed (a wall without a number): vacuous
        left = self.lower.lower(expr.left, env)
        if isinstance(left, Lin) or isinstance(right, Lin):
            self.post_compare(expr.op, left, right, guard, why)
            return
        self.post_literal(self.lower.compared(expr, left, right), 1, guard, why)

    def post_division(self, expr: ir.Compare, env: Env, guard: Lin | None, why: Why) -> None:
        """`A / B = K` as its rows, `A = K * B` and `B != 0` (`Lowerer.division`)."""
        parts = self.lower.division(expr, env)
        for op, left, right in parts or ():
            if isinstance(left, Lin) or isinstance(right, Lin):
                self.post_compare(op, left, right, guard, why)
            else:
                self.post_literal(self.lower.compare_numbers(op, left, right), 1, guard, why)

    def post_condition(self, expr: ir.Expr, env: Env, guard: Lin | None, why: Why) -> None:
        value = self.lower.boolean(expr, env)
        if value is None or value is True:
            return
        self.post_literal(value, 1, guard, why)

    def post_false(self, expr: ir.Expr, env: Env, guard: Lin | None, why: Why) -> None:
        """`expr` must be false (where the guard holds): one forbidden conjunction
        (`lowerings/nogoods.py`; `not any(S where f)` forbids each member instead)."""
        self.forbid(expr, env, guard, [], why)

    def forbid_members(self, aggregate: ir.Aggregate, env: Env, guard: Lin | None, why: Why):
        """Each member of the set that passes the filter is forbidden: its membership and the
        filter (and the guard) cannot all hold. Members whose condition is one literal share
        one row, the sum of their literals at most 0 (guarded by big-M), the row that
        `count(...) = 0` always had: a row per member made CBC slower (docs/formulations.md)."""
        single: list[Lin] = []
        for inner, membership in self.lower.members(aggregate.over, env):
            literals = [membership] if isinstance(membership, Lin) else []
            self.forbid(aggregate.filter, inner, guard, literals, why, single)
        if single:
            logic.post_compare(self.model, "<=", logic.total(single), 0, guard)

    def forbid(
        self,
        expr: ir.Expr | None,
        env: Env,
        guard: Lin | None,
        literals: list[Lin],
        why: Why,
        single: list[Lin] | None = None,
    ) -> None:
        """`expr`, the literals and the guard cannot all hold: nogood rows, with comparisons
        of one-hot integers split into value indicators instead of reified. A part that is
        false or has no value (the evaluator's vacuous instance, a member a filter leaves out)
        leaves nothing to forbid. A condition that is one literal goes to `single` if given,
        else it is posted as `not` always was."""
        tests, literals = [], list(literals)
        for part in () if expr is None else conjuncts(expr):
            value = self.value_test(part, env)
            if isinstance(value, nogoods.ValueTest):
                tests.append(value)
            elif isinstance(value, Lin):
                literals.append(value)
            elif not value:
                return
        if not tests and len(literals) == 1:
            if single is not None:
                single.append(literals[0])
            else:
                self.post_literal(literals[0], 0, guard, why)
            return
        nogoods.forbid(self.model, tests, literals + ([] if guard is None else [guard]), why)

    def value_test(self, expr: ir.Expr, env: Env) -> nogoods.ValueTest | Value:
        """A comparison of one-hot integers as value sets (`nogoods.value_terms`), else the
        lowered condition."""
        if not _splits_into_values(expr):
            return self.lower.boolean(expr, env)  # the way `compare` takes it
        left, right = self.lower.lower(expr.left, env), self.lower.lower(expr.right, env)
        terms = nogoods.value_terms(expr.op, left, right)
        if terms is None:
            return self.lower.compared(expr, left, right)
        return nogoods.ValueTest(terms, lambda: self.lower.compared(expr, left, right))

    def post_disjunction(self, expr: ir.Or, env: Env, guard: Lin | None, why: Why) -> None:
        """`a or any(S where f) or ...` as one row: the sum of the literals is at least 1
        (at least the guard), with `any` contributing its members' literals directly."""
        literals: list[Lin] = []
        for arg in expr.args:
            if isinstance(arg, ir.Aggregate) and arg.func == "any":
                values = self.lower.memberships(arg, env)
            else:
                values = [self.lower.boolean(arg, env)]
                if values[0] is None:
                    return  # no value: the rule instance is vacuous, as in the evaluator
            for value in values:
                if type(value) is Lin:
                    literals.append(value)
                elif value is True:
                    return
        if not literals:
            self.post_literal(False, 1, guard, why)
            return
        at_least = 1 if guard is None else guard.expr
        self.model.add(sum_of(literals) >= at_least)

    def post_support(self, expr: ir.Or, env: Env, guard: Lin | None, why: Why) -> None:
        """An `or` of comparisons of at most two one-hot integers, posted as the support rows
        of their relation (`value_table.post_any_by_values`); else as any `or`."""
        if guard is None:
            comparisons = []
            for arg in expr.args:
                sides = self.lower.lower(arg.left, env), self.lower.lower(arg.right, env)
                if not all(isinstance(side, Lin | int) for side in sides) or not any(
                    isinstance(side, Lin) for side in sides
                ):
                    break  # a side is absent or no number, or the comparison is decided
                comparisons.append((arg.op, *map(as_lin, sides)))
            else:
                if post_any_by_values(self.model, comparisons):
                    return
        self.post_disjunction(expr, env, guard, why)

    def post_compare(self, op: str, left, right, guard: Lin | None, why: Why) -> None:
        """A comparison with an unknown side: an indicator literal if it is `x = d`, else rows."""
        left, right = (v if isinstance(v, Lin) else as_number(v) for v in (left, right))
        if left is None or right is None:
            return
        if op in ("=", "!="):
            lin, other = (left, right) if isinstance(left, Lin) else (right, left)
            equal = logic.indicator_equal(lin, other)
            if equal is not None:
                self.post_literal(equal, 1 if op == "=" else 0, guard, why)
                return
        logic.post_compare(self.model, op, left, right, guard)

    def post_literal(
        self, value: Lin | bool | None, wanted: int, guard: Lin | None, why: Why
    ) -> None:
        """value = wanted (0 or 1), or guard implies it. None (no value) asks nothing."""
        if value is None:
            return
        if isinstance(value, bool):
            if int(value) == wanted:
                return
            if guard is None:
                self.model.contradiction(why)
            else:
                self.model.add(guard.expr == 0)
            return
        target = value.expr if wanted == 1 else 1 - value.expr
        self.model.add(target >= (1 if guard is None else guard.expr))

    def alldifferent(self, expr: ir.Aggregate, env: Env, guard: Lin | None, why: Why) -> None:
        """The members and their values, to the lowering (its guarded form behind a guard)."""
        members = []
        for inner, membership in self.lower.filtered(expr, env):
            value = self.lower.number(expr.value, inner)
            if value is not None:
                members.append((membership, value))
        post_alldifferent(self.model, members, why, guard)

    def runs(self, expr: ir.Compare, cyclic: bool, env: Env, guard: Lin | None, why: Why) -> None:
        aggregate = aggregated(expr, "runs")
        clue_expr = expr.right if aggregate is expr.left else expr.left
        if expr.op != "=":
            raise LoweringError("runs(...) is lowered only as 'runs(...) = a list'")
        clue = self.lower.lower(clue_expr, env)
        if clue is None:
            return
        if not isinstance(clue, tuple):
            raise LoweringError("runs(...) is compared with a list from the puzzle")
        if cyclic:  # around a cycle (`ring`)
            self.cyclic_runs(aggregate, env, clue, guard, why)
            return
        if UNKNOWN_ENTRY in clue:
            raise LoweringError(
                "a '?' entry (a run of any length) is solved around a cell (runs(C of ring)), "
                "not along a line"
            )
        cells = []
        for inner, membership in self.lower.filtered(aggregate, env):
            if membership is not True:
                raise LoweringError("runs(...) needs a line of fixed cells")
            value = self.lower.boolean(aggregate.value, inner)
            cells.append(False if value is None else value)
        post_runs(self.model, cells, clue, why, guard)

    def cyclic_runs(
        self, aggregate: ir.Aggregate, env: Env, clue: tuple, guard: Lin | None, why: Why
    ) -> None:
        """Around a cycle (`ring`): a position off the grid is a cell where C does not hold."""
        origin, _ = env.target(aggregate.over.of)
        cells: list[Lin | bool] = []
        for position in self.grid.ring(origin):
            if position is None:
                cells.append(False)
                continue
            inner = env.at(position, ir.ElementKind.CELL)
            if aggregate.filter is not None:
                keep = self.lower.boolean(aggregate.filter, inner)
                if isinstance(keep, Lin):
                    raise LoweringError("runs(...) needs a set that the puzzle decides")
                if not keep:
                    continue
            value = self.lower.boolean(aggregate.value, inner)
            cells.append(False if value is None else value)
        post_cyclic_runs(self.model, cells, clue, why, guard)

    def product(self, expr: ir.Compare, env: Env, guard: Lin | None, why: Why) -> None:
        """`product(E) = K` with K from the puzzle, as a rule of its own (behind a guard, its
        guarded form)."""
        aggregate = aggregated(expr, "product")
        target_expr = expr.right if aggregate is expr.left else expr.left
        target = self.lower.number(target_expr, env)
        if target is None:
            return  # an absent clue: vacuous
        values = []
        for inner, membership in self.lower.filtered(aggregate, env):
            if membership is not True:
                raise LoweringError("product(...) needs a set that the puzzle decides")
            value = self.lower.number(aggregate.value, inner)
            if value is not None:
                values.append(value)
        if all(not isinstance(v, Lin) for v in values):
            product = 1
            for v in values:
                product *= int(v)
            self.post_literal((product == target) == (expr.op == "="), 1, guard, why)
            return
        if expr.op != "=" or isinstance(target, Lin):
            raise LoweringError(
                "product(...) is lowered only as 'product(...) = a number from the puzzle', "
                "as a rule of its own"
            )
        try:
            post_product(self.model, values, int(target), why, guard)
        except ProductError as err:
            raise LoweringError(str(err)) from None
