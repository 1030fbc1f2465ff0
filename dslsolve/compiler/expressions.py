"""IR expressions to lowered values: constants where the puzzle decides them, `Lin`s otherwise.

Given input is folded away here (a clue cell's test is just True), so the model only contains
what the unknowns decide. Absent input gives None, with the evaluator's meaning (see
`dslsolve.evaluator`): the enclosing rule instance is vacuous.
"""

from __future__ import annotations

import itertools

import pulp

from dslsolve import ir
from dslsolve.compiler.lowerings import logic
from dslsolve.compiler.lowerings.domain import ENCODINGS
from dslsolve.compiler.lowerings.records import RecordsError, records
from dslsolve.compiler.model import Lin, LinearModel, Value, as_lin, constant
from dslsolve.geometry import RELATIONS, Env, Grid
from dslsolve.instance import Element, Instance, as_number, same_list


class LoweringError(Exception):
    """A rule the compiler cannot lower (the evaluator can still check it)."""


Member = tuple[Env, Lin | bool]  # an element of a set, and whether it is in the set


class Lowerer:
    def __init__(self, genre: ir.Genre, instance: Instance, model: LinearModel) -> None:
        self.genre = genre
        self.instance = instance
        self.model = model
        self.grid = Grid(instance.rows, instance.columns)
        # Model variables exist only where a rule reads them: a kakuro digit on a block cell
        # would be free, and a free variable would make every solution look non-unique.
        self.variables: dict[str, dict[Element, Lin]] = {v.name: {} for v in genre.variables}
        self.encodings: dict[str, dict[Element, object]] = {v.name: {} for v in genre.variables}

    def variable(self, var: ir.Variable, element: Element) -> Lin:
        """The value of `var` at `element`, creating its model variables on first use."""
        values = self.variables[var.name]
        if element not in values:
            name = f"{var.name}_" + "_".join(str(part) for part in element)
            if var.type == ir.Type.BOOL:
                binary = pulp.LpVariable(name, cat=pulp.LpBinary)
                values[element] = logic.literal(binary)
                self.encodings[var.name][element] = binary
            else:
                encoding = ENCODINGS[self.model.formulation["domain"]](
                    self.model, name, self.instance.domain(var)
                )
                values[element] = encoding.value
                self.encodings[var.name][element] = encoding
        return values[element]

    def binaries(self, var: ir.Variable) -> dict[Element, pulp.LpVariable]:
        """Every binary of a boolean variable (a loop reads all of its edges)."""
        for element in self.grid.elements(var.on):
            self.variable(var, element)
        return self.encodings[var.name]

    # ------------------------------------------------------------------ values

    def lower(self, expr: ir.Expr, env: Env) -> Value:  # noqa: C901 - one case per IR node
        if isinstance(expr, ir.Num | ir.Sym):
            return expr.value
        if isinstance(expr, ir.Param):
            if expr.name == "distance":
                return env.distance
            return len(env.group.cells) if expr.name == "size" else self.instance.param(expr.name)
        if isinstance(expr, ir.VarRef):
            element, _ = env.target(expr.at)
            return self.variable(expr.var, element)
        if isinstance(expr, ir.InputRef):
            element, _ = env.target(expr.at)
            return self.instance.read(expr.layer, element, env.group and env.group.index)
        if isinstance(expr, ir.TokenTest):
            element, _ = env.target(expr.ref.at)
            index = env.group and env.group.index
            return self.instance.test(expr.test, expr.ref.layer, element, index)
        if isinstance(expr, ir.Not):
            value = self.lower(expr.arg, env)
            if constant(value):
                return None if value is None else not value
            return logic.negate(value)
        if isinstance(expr, ir.And | ir.Or):
            kind = "and" if isinstance(expr, ir.And) else "or"
            folded = logic.fold_logic(kind, [self.boolean(a, env) for a in expr.args])
            if not isinstance(folded, list):
                return folded
            build = logic.conjunction if kind == "and" else logic.disjunction
            return build(self.model, folded)
        if isinstance(expr, ir.Implies):
            return self.lower(ir.Or((ir.Not(expr.premise), expr.conclusion)), env)
        if isinstance(expr, ir.Compare):
            return self.compare(expr, env)
        if isinstance(expr, ir.Arith | ir.Neg):
            return self.arith(expr, env)
        if isinstance(expr, ir.Aggregate):
            return self.aggregate(expr, env)
        raise AssertionError(expr)

    def boolean(self, expr: ir.Expr, env: Env) -> Value:
        value = self.lower(expr, env)
        if isinstance(value, Lin) and not value.boolean:
            raise LoweringError("a number was used as a condition")
        return value

    def number(self, expr: ir.Expr, env: Env) -> Value:
        """A numeric value (see `instance.as_number`): a symbol or a longer list is absent."""
        value = self.lower(expr, env)
        return value if isinstance(value, Lin) else as_number(value)

    def compare(self, expr: ir.Compare, env: Env) -> Value:
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
            }[expr.op]
        if expr.op in ("=", "!="):
            for var, value in ((left, right), (right, left)):
                if isinstance(var, Lin):
                    indicator = logic.indicator_equal(var, value)
                    if indicator is not None:
                        if expr.op == "=" or isinstance(indicator, bool):
                            return indicator if expr.op == "=" else not indicator
                        return logic.negate(indicator)
        return logic.reify_compare(self.model, expr.op, as_lin(left), as_lin(right))

    def arith(self, expr: ir.Arith | ir.Neg, env: Env) -> Value:
        if isinstance(expr, ir.Neg):
            value = self.number(expr.arg, env)
            if value is None:
                return None
            return -value if constant(value) else logic.scale(value, -1)
        left, right = self.number(expr.left, env), self.number(expr.right, env)
        if left is None or right is None:
            return None
        if constant(left) and constant(right):
            return {"+": left + right, "-": left - right, "*": left * right}[expr.op]
        if expr.op == "*":
            factor, lin = (left, right) if constant(left) else (right, left)
            return logic.scale(lin, factor)
        return logic.add(as_lin(left), as_lin(right), 1 if expr.op == "+" else -1)

    # ------------------------------------------------------------------ sets and aggregates

    def members(self, over: ir.SetExpr, env: Env) -> list[Member]:
        if isinstance(over, ir.GroupMembers):
            return [(env.at(c, ir.ElementKind.CELL), True) for c in env.group.cells]
        origin, kind = env.target(over.of)
        if isinstance(over, ir.Around):
            related = RELATIONS[(kind, over.relation)]
            return [
                (env.at(e, related), True) for e in self.grid.related(kind, over.relation, origin)
            ]
        out: list[Member] = []
        for direction in over.directions:
            reach: Lin | bool = True  # no stopping cell so far
            for steps, cell in enumerate(self.grid.ray(origin, direction), start=1):
                inner = env.at(cell, ir.ElementKind.CELL)
                inner.distance = steps
                stop = self.boolean(over.until, inner) if over.until is not None else False
                if stop is True:
                    break
                if isinstance(stop, Lin):
                    free = logic.negate(stop)
                    reach = free if reach is True else logic.conjunction(self.model, [reach, free])
                out.append((inner, reach))
        return out

    def filtered(self, expr: ir.Aggregate, env: Env) -> list[Member]:
        out = []
        for inner, membership in self.members(expr.over, env):
            if expr.filter is not None:
                keep = self.boolean(expr.filter, inner)
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

    def aggregate(self, expr: ir.Aggregate, env: Env) -> Value:
        if expr.func in ("alldifferent", "runs", "product"):
            raise LoweringError(
                f"{expr.func}(...) can only be a rule of its own, not part of a larger condition"
            )
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
        if expr.func in ("all", "any"):
            every = self.members(expr.over, env)
            if expr.func == "any":
                folded = logic.fold_logic("or", [m for _, m in members])
                return (
                    folded
                    if not isinstance(folded, list)
                    else logic.disjunction(self.model, folded)
                )
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

    def total(self, terms: list[Value]) -> Value:
        fixed = sum(int(t) for t in terms if constant(t))
        lins = [t for t in terms if isinstance(t, Lin)]
        if not lins:
            return fixed
        return logic.add(logic.total(lins), as_lin(fixed))

    def compare_values(self, op: str, left: Value, right: Value) -> Value:
        if constant(left) and constant(right):
            return (left == right) if op == "=" else (left != right)
        return logic.reify_compare(self.model, op, as_lin(left), as_lin(right))
