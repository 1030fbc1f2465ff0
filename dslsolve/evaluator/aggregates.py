"""The evaluator's reading of element sets and aggregates: a set's members in the answer, the
rays, `count`, `sum`, `runs` (around a ring too), `all`, `any` and the others."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator

from dslsolve import constructs, elementsets, ir
from dslsolve.evaluator.expressions import ExpressionReader
from dslsolve.evaluator.values import ABSENT, Member
from dslsolve.geometry import CYCLIC_RELATIONS, Env, PerCell
from dslsolve.instance import Cycle, Element, as_number


class AggregateReader(ExpressionReader):
    """The element sets and aggregates of `Evaluator` (`evaluator/checking.py`), which fills
    `_per_cell`."""

    # id of an aggregate -> (the node; its filter and value per cell, or None: `aggregated`)
    _per_cell: dict[int, tuple[ir.Expr, tuple | None]]

    def members(self, over: ir.SetExpr, env: Env) -> list[Env]:
        """The set's members: `dslsolve.elementsets` where the IR and the puzzle decide them,
        else read from the answer."""
        fixed = elementsets.members(over, env, self.grid, self.instance)
        if fixed is not None:
            return fixed
        construct = constructs.members().get(type(over))
        if construct is not None:  # `area of C`: dslsolve.constructs
            return construct(self, over, env)
        if isinstance(over, ir.Around):  # `via`: the neighbours whose link is used
            joined = self.values[over.via.name]
            return [
                inner
                for link, inner in elementsets.related(over, env, self.grid)
                if joined.get(link)
            ]
        return list(self.ray_members(over, env))

    def ray_members(self, over: ir.Ray, env: Env) -> Iterator[Env]:
        """The cells of the rays, one at a time: `any` and `all` stop at their answer."""
        origin, _ = env.target(over.of)
        until = None if over.until is None else self.function(over.until)
        cell_kind, group, bound = ir.ElementKind.CELL, env.group, env.bound
        for direction in over.directions:
            for steps, cell in enumerate(self.grid.ray(origin, direction)[: over.length], start=1):
                inner = Env(cell, cell_kind, group, bound, steps)
                if until is not None and until(inner) is True:
                    break
                yield inner

    def cyclic_runs(self, expr: ir.Aggregate, env: Env) -> Cycle:
        """`runs` around a cycle (`ring`): positions off the grid hold no cell and end a run;
        a run across the start of the cycle is one run."""
        origin, _ = env.target(expr.over.of)
        holds: list[bool] = []
        for position in self.grid.ring(origin):
            if position is None:
                holds.append(False)
                continue
            inner = env.at(position, ir.ElementKind.CELL)
            if expr.filter is not None and self.expr(expr.filter, inner) is not True:
                continue  # filtered out: not in the set at all
            holds.append(self.expr(expr.value, inner) is True)
        if holds and all(holds):
            return Cycle((len(holds),))
        while holds and holds[0]:  # start the walk just after a position that does not hold
            holds.append(holds.pop(0))
        lengths = [len(block) for block in "".join("1" if h else "0" for h in holds).split("0")]
        return Cycle(length for length in lengths if length)

    def aggregate(self, expr: ir.Aggregate, env: Env):
        if (
            expr.func == "runs"
            and isinstance(expr.over, ir.Around)
            and expr.over.relation in CYCLIC_RELATIONS
        ):
            return self.cyclic_runs(expr, env)
        members, keep, value = self.aggregated(expr, env)
        if expr.func in ("all", "any"):
            if keep is None:  # all of a set holds; any holds if it has a member
                return expr.func == "all" or next(iter(members), None) is not None
            holds = (keep(m) is True for m in members)
            return all(holds) if expr.func == "all" else any(holds)
        if keep is not None:
            members = [m for m in members if keep(m) is True]
        if expr.func == "count":
            return len(members)
        if expr.func == "runs":
            lengths, current = [], 0
            for member in members:
                if value(member) is True:
                    current += 1
                elif current:
                    lengths.append(current)
                    current = 0
            return tuple(lengths + ([current] if current else []))
        if expr.func == "changes":
            values = [value(m) for m in members]
            return sum(1 for a, b in itertools.pairwise(values) if a != b)
        values = [v for v in (as_number(value(m)) for m in members) if v is not ABSENT]
        if expr.func == "sum":
            return sum(values)
        if expr.func == "records":  # strict running maxima, in the set's order
            count, highest = 0, None
            for value in values:
                if highest is None or value > highest:
                    count, highest = count + 1, value
            return count
        if expr.func == "product":
            return math.prod(values)
        return len(values) == len(set(values))  # alldifferent

    def aggregated(self, expr: ir.Aggregate, env: Env) -> tuple[Iterable, Member, Member]:
        """The members of an aggregate's set, in order, with its filter (None without one) and
        its value as functions of a member. Over the cells of the group in scope, when the
        filter and the value read nothing but the member cell, the members are the cells and
        each cell's filter and value are worked out once per answer: heyawake's `each segment
        where changes(rooms) = 2` walks 50,000 segments of a 31x45 grid, each cell in
        hundreds of them."""
        known = self._per_cell.get(id(expr))
        if known is None:
            parts = (expr.filter, expr.value)
            cellwise = isinstance(expr.over, ir.GroupMembers) and all(
                part is None or ir.reads_only_focus(part) for part in parts
            )
            functions = tuple(map(self.per_cell, parts)) if cellwise else None
            known = self._per_cell[id(expr)] = (expr, functions)
        if known[1] is not None:
            return env.group.cells, *known[1]
        if expr.func in ("all", "any") and isinstance(expr.over, ir.Ray):
            members = self.ray_members(expr.over, env)
        else:
            members = self.members(expr.over, env)
        keep = None if expr.filter is None else self.kept(expr.filter)
        value = None if expr.value is None else self.function(expr.value)
        return members, keep, value

    def per_cell(self, expr: ir.Expr | None) -> Callable[[Element], object] | None:
        """The value of `expr`, which reads nothing but the focus, at a cell: worked out at
        the first asking, then looked up."""
        return None if expr is None else PerCell(self.function(expr)).__getitem__
