"""IR expressions to lowered values: constants where the puzzle decides them, `Lin`s otherwise.

Given input is folded away here (a clue cell's test is just True), so the model only contains
what the unknowns decide. Absent input gives None, with the evaluator's meaning (see
`dslsolve.evaluator`): the enclosing rule instance is vacuous.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable

import pulp

from dslsolve import constructs, elementsets, indexsets, ir
from dslsolve.compiler.arithmetic import without_abs
from dslsolve.compiler.fixings import Fixings
from dslsolve.compiler.lowerings import logic
from dslsolve.compiler.lowerings.absolute import absolute
from dslsolve.compiler.lowerings.domain import ENCODINGS, Members, OneHot
from dslsolve.compiler.lowerings.records import RecordsError, records
from dslsolve.compiler.lowerings.value_table import reify_by_values
from dslsolve.compiler.model import (
    Lin,
    LinearModel,
    LoweringError,
    Value,
    as_lin,
    constant,
    sum_of,
)
from dslsolve.compiler.rays import SharedRays
from dslsolve.geometry import DIRECTIONS, Env, PerCell, grid_of
from dslsolve.instance import TOKEN_TESTS, Element, Instance, as_number, same_list
from dslsolve.prepared import PreparedReader

Member = tuple[Env, Lin | bool]  # an element of a set, and whether it is in the set


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


def always_boolean(expr: ir.Expr) -> bool:
    """Is every lowered value of `expr` a truth value (never a number)?"""
    if isinstance(expr, ir.Not):
        return always_boolean(expr.arg)
    if isinstance(expr, ir.VarRef):
        return expr.var.type == ir.Type.BOOL
    if isinstance(expr, ir.Aggregate):
        return expr.func in ("any", "all")
    return isinstance(expr, ir.TokenTest | ir.Compare | ir.And | ir.Or | ir.Implies)


class Lowerer(PreparedReader):
    def __init__(self, genre: ir.Genre, instance: Instance, model: LinearModel) -> None:
        self.genre = genre
        self.instance = instance
        self.model = model
        self.grid = grid_of(instance.rows, instance.columns)
        # Model variables exist only where a rule reads them: a kakuro digit on a block cell
        # would be free, and a free variable would make every solution look non-unique.
        # variable -> element -> its value: a Lin, or a constant where the puzzle fixes it
        self.variables: dict[str, dict[Element, Value]] = {v.name: {} for v in genre.variables}
        self.encodings: dict[str, dict[Element, object]] = {v.name: {} for v in genre.variables}
        self._lowerings = {
            ir.Num: self._constant,
            ir.Sym: self._constant,
            ir.Param: self._param,
            ir.MemberRef: self.on_sets,
            ir.At: self.on_sets,
            ir.VarRef: self._var_ref,
            ir.InputRef: self._input_ref,
            ir.TokenTest: self._token_test,
            ir.And: self._logic,
            ir.Or: self._logic,
            ir.Compare: self.compare,
            ir.Arith: self.arith,
            ir.Neg: self.arith,
            ir.Abs: self.arith,
            ir.Aggregate: self.aggregate,
            ir.LineShape: self.line_shape,
        }
        for kind, lower in constructs.values().items():
            self._lowerings[kind] = functools.partial(lower, self)
        self.shapes: dict[tuple, Value] = {}  # (shape, variable, vertex) -> its literal
        # id of an IR node -> (the node, kept alive so that its id stays its own; its function)
        self._prepared: dict[int, tuple[ir.Expr, Callable[[Env], Value]]] = {}
        self._conditions: dict[int, tuple[ir.Expr, Callable[[Env], Value]]] = {}  # the same
        # id of a `changes` aggregate -> (the node; its filter and value per cell, or None
        # where they read more than input at the member cell: `changes_of_cells`)
        self._per_cell: dict[int, tuple[ir.Expr, tuple | None]] = {}
        self.occurrences: dict[int, int] = {}  # of the rule being compiled (`share`)
        # (number of a repeated expression, id of an Env) -> (the Env, the value there)
        self._remembered_values: dict[tuple[int, int], tuple[Env, Value]] = {}
        self.outline: dict[ir.InputLayer, dict[Element, str]] = {}  # gates -> outline sides
        self.fixed: Fixings = {}
        self.rays = SharedRays(self.grid, self.condition, self.number)
        self.memo: dict[object, object] = {}  # what a construct works out once per compile

    def fix(self, fixings: Fixings) -> None:
        """Unknowns that the puzzle fixes (`fixings.py`) take their value instead of model
        variables, before any rule is lowered."""
        self.fixed = fixings
        for name, values in fixings.items():
            self.variables[name].update(values)

    def variable(self, var: ir.Variable, element: Element) -> Value:
        """The value of `var` at `element`, creating its model variables on first use (a
        constant where the puzzle fixes it)."""
        values = self.variables[var.name]
        if element not in values:
            name = f"{var.name}_" + "_".join(map(str, element))
            if var.sets:  # members are free text: number the variables instead
                name = f"{var.name}_{len(values)}"
            if var.type == ir.Type.BOOL:
                binary = self.model.variable(name)
                values[element] = logic.literal(binary)
                self.encodings[var.name][element] = binary
            elif var.type == ir.Type.SYMBOL:
                encoding = Members(self.model, name, self.instance.domain(var))
                values[element] = encoding.value
                self.encodings[var.name][element] = encoding
            else:
                encoding = ENCODINGS[self.model.formulation["domain"]](
                    self.model, name, self.instance.domain(var)
                )
                values[element] = encoding.value
                self.encodings[var.name][element] = encoding
        return values[element]

    def elements(self, var: ir.Variable) -> list[Element]:
        """Every element (or key of index-set members) the variable lives on."""
        if var.sets:
            return indexsets.elements(self.instance, var)
        return self.grid.elements(var.on)

    def used(self, var: ir.Variable, edge: Element) -> Lin:
        """Whether a border or link is used: a boolean's literal, or an integer's `!= 0`."""
        value = self.variable(var, edge)
        if var.type == ir.Type.BOOL:
            return value
        return logic.negate(logic.indicator_equal(value, 0))

    def binaries(self, var: ir.Variable) -> dict[Element, pulp.LpVariable]:
        """Every binary of a boolean variable (a loop reads all of its edges)."""
        for element in self.grid.elements(var.on):
            self.variable(var, element)
        return self.encodings[var.name]

    # ------------------------------------------------------------------ values

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

    def line_shape(self, expr: ir.LineShape, env: Env) -> Value:
        """straight: (left and right) or (up and down); turns: (left or right) and (up or down)."""
        if expr.shape == "piece":
            raise LoweringError("piece(...) can only be compared with a symbol or puzzle input")
        vertex, _ = env.target(expr.at)
        key = (expr.shape, expr.var.name, vertex)
        if key not in self.shapes:
            self.shapes[key] = self._line_shape(expr, vertex)
        return self.shapes[key]

    def edge_toward(
        self, var: ir.Variable, gates: ir.InputLayer | None, vertex: Element, direction: str
    ) -> Lin | bool:
        """Whether the edge of the line `var` that leaves `vertex` toward `direction` is used
        (a line shape's test; `VAR toward DIR`, `dslsolve/constructs/toward/`): a gate's side
        on the outline is (`outline_side`)."""
        if direction == self.outline_side(gates, vertex):
            return True
        edges = self.grid.incident_by_direction(var.on, vertex)
        return self.used(var, edges[direction]) if direction in edges else False

    def piece_is(self, expr: ir.LineShape, op: str, symbol: Value, env: Env) -> Value:
        """`piece(VAR) = symbol`: exactly the piece's edges are used. A symbol that is no
        piece is never equal; absent input (not a quoted symbol) leaves no value."""
        if not isinstance(symbol, str):
            return None  # absent input, or a number where a symbol is compared
        vertex, _ = env.target(expr.at)
        edges = self.grid.incident_by_direction(expr.var.on, vertex)
        side = self.outline_side(expr.gates, vertex)
        wanted = DIRECTIONS.get(symbol)
        if wanted is None or not wanted <= {*edges, side} or (side and side not in wanted):
            equal: Value = False
        else:
            used = {d: self.used(expr.var, edge) for d, edge in edges.items()}
            literals = [used[d] if d in wanted else logic.negate(used[d]) for d in used]
            equal = logic.conjunction(self.model, literals)
        if op == "=":
            return equal
        return (not equal) if isinstance(equal, bool) else logic.negate(equal)

    def outline_side(self, gates: ir.InputLayer | None, vertex: Element) -> str | None:
        """The side of `vertex` on the outline if it is one of the `gates` of the path that a
        line forms (docs/language.md §9.12): a used edge, constant 1."""
        if gates is None:
            return None
        if gates not in self.outline:
            value = self.instance.value
            cells = self.grid.cells()
            tokens = {v: t for v in cells if (t := value(gates, v)) is not None}
            self.outline[gates] = self.grid.outline_sides(tokens)
        return self.outline[gates].get(vertex)

    def _line_shape(self, expr: ir.LineShape, vertex: Element) -> Value:
        inner, outer = ("and", "or") if expr.shape == "straight" else ("or", "and")
        parts = []
        for axis in (("left", "right"), ("up", "down")):
            edges = [self.edge_toward(expr.var, expr.gates, vertex, d) for d in axis]
            folded = logic.fold_logic(inner, edges)
            if isinstance(folded, list):
                build = logic.conjunction if inner == "and" else logic.disjunction
                folded = build(self.model, folded)
            parts.append(folded)
        folded = logic.fold_logic(outer, parts)
        if not isinstance(folded, list):
            return folded
        build = logic.conjunction if outer == "and" else logic.disjunction
        return build(self.model, folded)

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

    # ------------------------------------------------------------------ sets and aggregates

    def members(self, over: ir.SetExpr, env: Env) -> list[Member]:
        """The set's members (`dslsolve.elementsets`: which they are, where the IR and the
        puzzle decide it) and the literal of each one's membership where the answer does."""
        fixed = elementsets.members(over, env, self.grid, self.instance)
        if fixed is not None:
            return [(inner, True) for inner in fixed]
        construct = constructs.memberships().get(type(over))
        if construct is not None:  # `area of C`: dslsolve.constructs
            return construct(self, over, env)
        if isinstance(over, ir.Around):  # a neighbour is in the set when the link to it is used
            return [
                (inner, self.used(over.via, link))
                for link, inner in elementsets.related(over, env, self.grid)
            ]
        origin, _ = env.target(over.of)
        out: list[Member] = []
        cell_kind, group, bound = ir.ElementKind.CELL, env.group, env.bound
        until = None if over.until is None else self.condition(over.until)
        for direction in over.directions:
            reach: Lin | bool = True  # no stopping cell so far
            for steps, cell in enumerate(self.grid.ray(origin, direction)[: over.length], start=1):
                inner = Env(cell, cell_kind, group, bound, steps)
                stop = until(inner) if until is not None else False
                if stop is True:
                    break
                if isinstance(stop, Lin):
                    free = logic.negate(stop)
                    reach = free if reach is True else logic.conjunction(self.model, [reach, free])
                out.append((inner, reach))
        return out

    def filtered(self, expr: ir.Aggregate, env: Env) -> list[Member]:
        members = self.members(expr.over, env)
        if expr.filter is None:
            return members
        out = []
        passes = self.condition(expr.filter)
        for inner, membership in members:
            keep = passes(inner)
            if not keep:  # False or absent
                continue
            if isinstance(keep, Lin):
                membership = (
                    keep
                    if membership is True
                    else logic.conjunction(self.model, [membership, keep])
                )
            out.append((inner, membership))
        return out

    def memberships(self, expr: ir.Aggregate, env: Env) -> list[Value]:
        """The memberships of the members that pass the filter: what `count` and `any` read."""
        shared = self.rays.terms(expr, env)
        if shared is not None:
            return shared
        return [membership for _, membership in self.filtered(expr, env)]

    def aggregate(self, expr: ir.Aggregate, env: Env) -> Value:
        terms = self.rays.terms(expr, env)  # count, any or sum over rays that share
        if terms is not None:
            if expr.func == "any":
                return self.any_of(terms)
            return self.total(terms)
        if expr.func == "alldifferent" and (decided := self.decided_alldifferent(expr, env)):
            return decided[0]
        if expr.func in ("alldifferent", "runs", "product"):
            raise LoweringError(
                f"{expr.func}(...) can only be a rule of its own, not part of a larger condition"
            )
        if expr.func == "changes" and (found := self.changes_of_cells(expr, env)) is not None:
            return found
        members = self.filtered(expr, env)
        if expr.func == "changes":  # of input only (the checker sees to it)
            if any(membership is not True for _, membership in members):
                raise LoweringError("changes(...) needs a set that the puzzle decides")
            values = [self.lower(expr.value, inner) for inner, _ in members]
            return sum(1 for a, b in itertools.pairwise(values) if a != b)
        if expr.func == "records":
            if any(membership is not True for _, membership in members):
                raise LoweringError("records(...) needs a set that the puzzle decides")
            values = [self.number(expr.value, inner) for inner, _ in members]
            present = [v for v in values if v is not None]
            try:
                return records(self.model, present, self.model.formulation["records"])
            except RecordsError as err:
                raise LoweringError(str(err)) from None
        if expr.func == "count":
            return self.total([m for _, m in members])
        if expr.func == "any":
            return self.any_of([m for _, m in members])
        if expr.func == "all":
            every = self.members(expr.over, env)
            count = self.total([m for _, m in members])
            size = self.total([m for _, m in every])
            return self.compare_values("=", count, size)
        terms: list[Value] = []
        for inner, membership in members:
            value = self.number(expr.value, inner)
            if value is None:
                continue
            if membership is True:
                terms.append(value)
            elif constant(value):
                terms.append(logic.scale(membership, int(value)))
            else:
                terms.append(logic.product(self.model, membership, value))
        return self.total(terms)

    def changes_of_cells(self, expr: ir.Aggregate, env: Env) -> int | None:
        """`changes` over the cells of the group in scope where its filter and value read
        only input at the member cell (None elsewhere): each cell's are worked out once per
        puzzle and looked up. Heyawake's `each segment where changes(rooms) = 2` walks 50,000
        segments of a 31x45 grid, each cell in hundreds of them."""
        known = self._per_cell.get(id(expr))
        if known is None:
            parts = (expr.filter, expr.value)
            cellwise = isinstance(expr.over, ir.GroupMembers) and all(
                part is None or (ir.reads_only_focus(part) and not ir.reads_unknowns(part))
                for part in parts
            )
            functions = tuple(map(self.per_cell, parts)) if cellwise else None
            known = self._per_cell[id(expr)] = (expr, functions)
        if known[1] is None:
            return None
        keep, value = known[1]
        cells = env.group.cells
        values = [value(c) for c in cells] if keep is None else [value(c) for c in cells if keep(c)]
        return sum(1 for a, b in itertools.pairwise(values) if a != b)

    def per_cell(self, expr: ir.Expr | None) -> Callable[[Element], Value] | None:
        """The lowered value of `expr`, which reads only input at the focus (a constant, and
        nothing added to the model), at a cell: worked out at the first asking."""
        return None if expr is None else PerCell(self.function(expr)).__getitem__

    def any_of(self, memberships: list[Value]) -> Value:
        folded = logic.fold_logic("or", memberships)
        return folded if not isinstance(folded, list) else logic.disjunction(self.model, folded)

    def decided_alldifferent(self, expr: ir.Aggregate, env: Env) -> tuple[bool] | None:
        """An alldifferent that the puzzle decides (fixed members, values from the input) is
        a constant, wherever it stands; None if it depends on unknowns."""
        values = []
        for inner, membership in self.filtered(expr, env):
            value = self.number(expr.value, inner)
            if membership is not True or isinstance(value, Lin):
                return None
            if value is not None:
                values.append(value)
        return (len(values) == len(set(values)),)

    def total(self, terms: list[Value]) -> Value:
        fixed, lins = 0, []
        for term in terms:
            if type(term) is Lin:
                lins.append(term)
            else:
                fixed += int(term)
        if not lins:
            return fixed
        summed = logic.total(lins)
        return logic.offset(summed, fixed) if fixed else summed

    def compare_values(self, op: str, left: Value, right: Value) -> Value:
        if constant(left) and constant(right):
            return (left == right) if op == "=" else (left != right)
        return logic.reify_compare(self.model, op, as_lin(left), as_lin(right))
