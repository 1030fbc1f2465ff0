"""The lowering of element sets (each member with its membership) and aggregates (`count`,
`sum`, `any`, `all`, `changes`, `records`, ...). Part of `Lowerer` (`lowerer.py`)."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from dslsolve import constructs, elementsets, ir
from dslsolve.compiler.expressions.comparisons import ComparisonLowering
from dslsolve.compiler.lowerings import logic
from dslsolve.compiler.lowerings.records import RecordsError, records
from dslsolve.compiler.model import Lin, LoweringError, Value, as_lin, constant
from dslsolve.compiler.rays import SharedRays
from dslsolve.geometry import Env, PerCell
from dslsolve.instance import Element

Member = tuple[Env, Lin | bool]  # an element of a set, and whether it is in the set


class AggregateLowering(ComparisonLowering):
    """Sets and aggregates; rays that several aggregates read are shared (`rays`)."""

    rays: SharedRays
    _per_cell: dict[int, tuple[ir.Expr, tuple | None]]

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
