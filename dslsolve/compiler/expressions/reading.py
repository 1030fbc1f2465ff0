"""The lowering of expressions, the reading part: each IR node prepared once into a function of
the element (`PreparedReader`), the leaves (constants, unknowns, input, members of index
sets) and logic; a rule's repeated expressions shared. Part of `Lowerer` (`lowerer.py`)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from dslsolve import indexsets, ir
from dslsolve.compiler.arithmetic import without_abs
from dslsolve.compiler.lowerings import logic
from dslsolve.compiler.model import Lin, LinearModel, LoweringError, Value
from dslsolve.geometry import Env
from dslsolve.instance import TOKEN_TESTS, Instance
from dslsolve.prepared import PreparedReader


def always_boolean(expr: ir.Expr) -> bool:
    """Is every lowered value of `expr` a truth value (never a number)?"""
    if isinstance(expr, ir.Not):
        return always_boolean(expr.arg)
    if isinstance(expr, ir.VarRef):
        return expr.var.type == ir.Type.BOOL
    if isinstance(expr, ir.Aggregate):
        return expr.func in ("any", "all")
    return isinstance(expr, ir.TokenTest | ir.Compare | ir.And | ir.Or | ir.Implies)


class ExpressionLowering(PreparedReader):
    """What `Lowerer` fills and its other parts read: the genre, the puzzle, the model, the
    prepared functions and the remembered values of the rule being compiled."""

    genre: ir.Genre
    instance: Instance
    model: LinearModel
    _lowerings: dict[type, Callable[..., Value]]
    _conditions: dict[int, tuple[ir.Expr, Callable[[Env], Value]]]
    _remembered_values: dict[tuple[int, int], tuple[Env, Value]]

    def lower(self, expr: ir.Expr, env: Env) -> Value:
        """The lowered value of `expr` at `env`. This runs once per node per element, so each
        node is prepared once into a function of the element (`_prepare`)."""
        return self.function(expr)(env)

    def share(self, rule: ir.Rule) -> None:
        """Compile `rule` next: an expression it repeats (a define used in several places)
        is worked out once per rule instance where that builds nothing in the model."""
        self.occurrences = ir.occurrences(rule)
        self.forget()

    def forget(self) -> None:
        """A new rule instance: the values remembered for the last one do not hold here."""
        if self._remembered_values:
            self._remembered_values.clear()

    def _remember(self, number: int, function: Callable[[Env], Value]):
        """`function`, remembering its value at an element (by the identity of the element's
        Env, alive in the memo until `forget`) for the other occurrences of the same value. A
        value whose working out made variables or rows is not remembered: each occurrence
        makes its own, as without sharing, so the model stays the same."""
        memo, problem = self._remembered_values, self.model.problem

        def remembered(env: Env) -> Value:
            found = memo.get((number, id(env)))
            if found is not None:
                return found[1]
            size = problem.numVariables(), problem.numConstraints()
            value = function(env)
            if (problem.numVariables(), problem.numConstraints()) == size:
                memo[number, id(env)] = (env, value)
            return value

        return remembered

    def condition(self, expr: ir.Expr) -> Callable[[Env], Value]:
        """`boolean` of `expr` as a function of the element, for loops over elements; without
        the check that the value is no number where the node cannot be one."""
        found = self._conditions.get(id(expr))
        if found is not None:
            return found[1]
        lowered = self.function(expr)

        def checked(env: Env) -> Value:
            value = lowered(env)
            if type(value) is Lin and not value.boolean:
                raise LoweringError("a number was used as a condition")
            return value

        function = lowered if always_boolean(expr) else checked
        self._conditions[id(expr)] = (expr, function)
        return function

    def _prepare(self, expr: ir.Expr) -> Callable[[Env], Value]:
        """A function of the element for `expr`: the leaves that most rules read at every
        element (constants, grid variables and input at the focus) go straight to their
        value; any other node to its lowering method, found by type."""
        kind = type(expr)
        if kind in (ir.Num, ir.Sym):
            value = expr.value
            return lambda env: value
        if kind is ir.VarRef and not expr.var.sets and type(expr.at) is ir.Focus:
            var, values = expr.var, self.variables[expr.var.name]

            def variable(env: Env) -> Value:
                found = values.get(env.element)
                return found if found is not None else self.variable(var, env.element)

            return variable
        grid_input = kind in (ir.InputRef, ir.TokenTest) and ir.reads_grid_at_focus(expr)
        if grid_input and kind is ir.InputRef:
            tokens = self.instance.grids[expr.layer.name]
            return lambda env: tokens.get(env.element)
        if grid_input:
            tokens = self.instance.grids[expr.ref.layer.name]
            holds = TOKEN_TESTS[expr.test]
            return lambda env: holds(tokens.get(env.element))
        if kind is ir.Not:
            return self._negation(self.function(expr.arg))
        if kind is ir.Implies:  # `p implies q` is `not p or q`, that node made once
            return self.function(ir.Or((ir.Not(expr.premise), expr.conclusion)))
        if kind is ir.Compare and (split := without_abs(expr, self.model.formulation)):
            return self.function(split)
        if kind is ir.Compare and ir.divided(expr) is not None:
            return functools.partial(self.divides, expr)
        try:
            return functools.partial(self._lowerings[kind], expr)
        except KeyError:
            raise AssertionError(expr) from None

    @staticmethod
    def _negation(arg: Callable[[Env], Value]) -> Callable[[Env], Value]:
        """`not` of a prepared function: a constant's negation (absent stays absent), or the
        literal's complement."""

        def negation(env: Env) -> Value:
            value = arg(env)
            if type(value) is Lin:
                return logic.negate(value)
            return None if value is None else not value

        return negation

    @staticmethod
    def _constant(expr: ir.Num | ir.Sym, env: Env) -> Value:
        return expr.value

    def _param(self, expr: ir.Param, env: Env) -> Value:
        return env.param(expr.name, self.instance)

    def _var_ref(self, expr: ir.VarRef, env: Env) -> Value:
        if expr.var.sets:
            return self.on_sets(expr, env)
        element, _ = env.target(expr.at)
        return self.variable(expr.var, element)

    def _input_ref(self, expr: ir.InputRef, env: Env) -> Value:
        if expr.layer.sets:
            return self.on_sets(expr, env)
        element, _ = env.target(expr.at)
        return self.instance.read(expr.layer, element, env.group and env.group.index)

    def _token_test(self, expr: ir.TokenTest, env: Env) -> Value:
        if indexsets.on_sets(expr.ref):
            token = self.on_sets(expr.ref, env)
            return TOKEN_TESTS[expr.test](token)
        element, _ = env.target(expr.ref.at)
        index = env.group and env.group.index
        return self.instance.test(expr.test, expr.ref.layer, element, index)

    def _logic(self, expr: ir.And | ir.Or, env: Env) -> Value:
        kind = "and" if isinstance(expr, ir.And) else "or"
        folded = logic.fold_logic(kind, [self.boolean(a, env) for a in expr.args])
        if not isinstance(folded, list):
            return folded
        build = logic.conjunction if kind == "and" else logic.disjunction
        return build(self.model, folded)

    def on_sets(self, expr: ir.Expr, env: Env) -> Value:
        """A member in scope, or a value on index sets at the members in scope or named by
        puzzle input (`digit(puzzle)`: the letter's digit)."""
        if isinstance(expr, ir.MemberRef):
            return env.bound[expr.set][0]
        ref = expr.ref if isinstance(expr, ir.At) else expr
        sets = ref.var.sets if isinstance(ref, ir.VarRef) else ref.layer.sets
        if isinstance(expr, ir.At):
            values = [self.lower(index, env) for index in expr.index]
            if any(isinstance(v, Lin) for v in values):
                raise LoweringError("an index must come from the puzzle")
            key = indexsets.named(self.instance, sets, values)
            if key is None:
                return None
        else:
            key = indexsets.in_scope(env, sets)
        if isinstance(ref, ir.InputRef):
            return self.instance.read_table(ref.layer, key)
        return self.variable(ref.var, key)
