"""Check a full assignment against the IR directly: no solver, no linearisation.

This is the independent referee of the project: it shares the geometry (what a row or a ray
is) with the compiler but none of the lowerings, so a wrong lowering shows up as a solver answer
that the evaluator rejects. Every violated rule instance is reported with its cells.

Meaning of absent input (an empty cell of a section, or a symbol where a number is needed): an
expression that needs it has no value, except a test against a quoted symbol (`board = '#'`),
which is simply false on an empty cell. A rule instance without a value is vacuous (the rule
applies where its clue is given); in a `where` filter, an aggregate or a ray's `until` it
counts as false, and an aggregate skips elements whose value is absent.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import networkx as nx

from dslsolve import ir
from dslsolve.errors import rule_error
from dslsolve.geometry import (
    RELATIONS,
    Env,
    GeometryError,
    Grid,
    Grouping,
    cell_name,
    element_name,
)
from dslsolve.instance import Element, Instance, as_number, same_list

ABSENT = None  # the value of an expression that needs absent input

Assignment = dict[str, dict[Element, int]]  # variable name -> element -> value (bools as 0/1)


@dataclass(frozen=True)
class Violation:
    rule: ir.Rule
    where: str
    cells: tuple[str, ...]

    def __str__(self) -> str:
        cells = ", ".join(self.cells)
        return f"{self.rule.origin.line}: {self.rule.text}\n    violated at {self.where}: {cells}"


class Evaluator:
    def __init__(self, genre: ir.Genre, instance: Instance, assignment: Assignment) -> None:
        self.genre = genre
        self.instance = instance
        self.values = assignment
        self.grid = Grid(instance.rows, instance.columns)

    # ------------------------------------------------------------------ rules

    def violations(self) -> list[Violation]:
        found: list[Violation] = []
        for rule in self.genre.rules:
            try:
                found.extend(self.rule(rule, rule.body, Env(None, None, None)))
            except GeometryError as err:
                raise rule_error(rule.origin, rule.text, f"cannot check this rule: {err}") from None
        return found

    def rule(self, rule: ir.Rule, body: ir.RuleBody, env: Env) -> list[Violation]:
        if isinstance(body, ir.Each):
            return [
                v for inner in self.instances(body, env) for v in self.rule(rule, body.body, inner)
            ]
        if isinstance(body, ir.Holds):
            if self.expr(body.expr, env) is False:
                return [Violation(rule, self.describe(env), self.involved(env))]
            return []
        if isinstance(body, ir.Connected):
            return self.connected(rule, body)
        if isinstance(body, ir.SingleLoop):
            return self.single_loop(rule, body)
        raise AssertionError(body)

    def instances(self, each: ir.Each, env: Env) -> list[Env]:
        group = each.group
        if group.kind in ("cell", "point", "link"):
            kind = ir.ElementKind(group.kind)
            candidates = [
                Env(e, kind, env.group, dict(env.bound)) for e in self.each_elements(kind, env)
            ]
            if each.binder:
                for inner in candidates:
                    inner.bound[each.binder] = (inner.element, kind)
            if each.ends:
                for inner in candidates:
                    for name, cell in zip(
                        each.ends, self.grid.ends(kind, inner.element), strict=True
                    ):
                        inner.bound[name] = (cell, ir.ElementKind.CELL)
        elif group.kind == "area":
            candidates = [Env(None, None, g, env.bound) for g in self.areas(group.of, env)]
        else:
            groups = self.grid.groups(
                group,
                lambda cell: self.expr(group.of, env.at(cell, ir.ElementKind.CELL)) is True,
                lambda cell: self.instance.value(group.section, cell) if group.section else None,
            )
            candidates = [Env(None, None, g, env.bound) for g in groups]
        if each.where is None:
            return candidates
        return [inner for inner in candidates if self.expr(each.where, inner) is True]

    def each_elements(self, kind: ir.ElementKind, env: Env) -> list[Element]:
        """`each cell` inside a group ranges over the group's cells."""
        return list(env.group.cells) if env.group else self.grid.elements(kind)

    def areas(self, cond: ir.Expr, env: Env) -> list[Grouping]:
        graph = nx.Graph()
        members = [
            c for c in self.grid.cells() if self.expr(cond, env.at(c, ir.ElementKind.CELL)) is True
        ]
        graph.add_nodes_from(members)
        member_set = set(members)
        graph.add_edges_from(
            (a, b) for a in members for b in self.grid.neighbours(a) if b in member_set
        )
        return [
            Grouping(f"area at {cell_name(min(part))}", tuple(sorted(part)))
            for part in nx.connected_components(graph)
        ]

    def describe(self, env: Env) -> str:
        if env.element is not None:
            return element_name(env.kind, env.element)
        return env.group.label if env.group else "the grid"

    def involved(self, env: Env) -> tuple[str, ...]:
        if env.element is not None:
            return (element_name(env.kind, env.element),)
        if env.group is not None:
            return tuple(cell_name(c) for c in env.group.cells)
        return ()

    def connected(self, rule: ir.Rule, body: ir.Connected) -> list[Violation]:
        parts = self.areas(body.cond, Env(None, None, None))
        if len(parts) <= 1:
            return []
        parts.sort(key=lambda g: -len(g.cells))
        return [
            Violation(
                rule,
                f"a part cut off from the largest ({len(parts)} parts)",
                tuple(cell_name(c) for c in part.cells),
            )
            for part in parts[1:]
        ]

    def single_loop(self, rule: ir.Rule, body: ir.SingleLoop) -> list[Violation]:
        kind = body.var.on
        used = [e for e in self.grid.elements(kind) if self.values[body.var.name].get(e)]
        graph = nx.Graph()
        graph.add_edges_from(self.grid.ends(kind, e) for e in used)
        vertex_kind = ir.ElementKind.POINT if kind == ir.ElementKind.BORDER else ir.ElementKind.CELL
        found = [
            Violation(
                rule,
                f"{element_name(vertex_kind, v)} has {d} line ends",
                (element_name(vertex_kind, v),),
            )
            for v, d in graph.degree
            if d != 2
        ]
        parts = list(nx.connected_components(graph))
        if not parts:
            found.append(Violation(rule, "no loop at all", ()))
        elif len(parts) > 1:
            found.extend(
                Violation(
                    rule,
                    f"one of {len(parts)} separate loops",
                    tuple(element_name(vertex_kind, v) for v in sorted(part)),
                )
                for part in parts
            )
        return found

    # ------------------------------------------------------------------ expressions

    def expr(self, expr: ir.Expr, env: Env):  # noqa: C901 - one case per IR node
        if isinstance(expr, ir.Num):
            return expr.value
        if isinstance(expr, ir.Sym):
            return expr.value
        if isinstance(expr, ir.Param):
            if expr.name == "size":
                return len(env.group.cells)
            if expr.name == "distance":
                return env.distance
            return self.instance.param(expr.name)
        if isinstance(expr, ir.VarRef):
            element, _ = env.target(expr.at)
            value = self.values[expr.var.name][element]
            return bool(value) if expr.var.type == ir.Type.BOOL else value
        if isinstance(expr, ir.InputRef):
            element, _ = env.target(expr.at)
            return self.instance.read(expr.layer, element, env.group and env.group.index)
        if isinstance(expr, ir.TokenTest):
            element, _ = env.target(expr.ref.at)
            index = env.group and env.group.index
            return self.instance.test(expr.test, expr.ref.layer, element, index)
        if isinstance(expr, ir.Not):
            value = self.expr(expr.arg, env)
            return ABSENT if value is ABSENT else not value
        if isinstance(expr, ir.And | ir.Or):
            values = [self.expr(a, env) for a in expr.args]
            if ABSENT in values:
                return ABSENT
            return all(values) if isinstance(expr, ir.And) else any(values)
        if isinstance(expr, ir.Implies):
            premise, conclusion = self.expr(expr.premise, env), self.expr(expr.conclusion, env)
            if ABSENT in (premise, conclusion):
                return ABSENT
            return (not premise) or bool(conclusion)
        if isinstance(expr, ir.Compare):
            return self.compare(expr, env)
        if isinstance(expr, ir.Arith | ir.Neg):
            return self.arith(expr, env)
        if isinstance(expr, ir.Aggregate):
            return self.aggregate(expr, env)
        raise AssertionError(expr)

    def number(self, expr: ir.Expr, env: Env):
        return as_number(self.expr(expr, env))

    def compare(self, expr: ir.Compare, env: Env):
        left, right = self.expr(expr.left, env), self.expr(expr.right, env)
        if isinstance(expr.left, ir.Sym) or isinstance(expr.right, ir.Sym):
            return (left == right) == (expr.op == "=")  # a token test: never absent
        if ABSENT in (left, right):
            return ABSENT
        if isinstance(left, tuple) and isinstance(right, tuple):
            return same_list(left, right) == (expr.op == "=")
        if isinstance(left, tuple) or isinstance(right, tuple):
            left, right = as_number(left), as_number(right)
            if ABSENT in (left, right):
                return ABSENT
        if isinstance(left, str) or isinstance(right, str):
            if isinstance(left, str) and isinstance(right, str) and expr.op in ("=", "!="):
                return (left == right) == (expr.op == "=")
            return ABSENT  # a symbol where a number is needed
        left, right = int(left), int(right)
        return {
            "=": left == right,
            "!=": left != right,
            "<": left < right,
            "<=": left <= right,
            ">": left > right,
            ">=": left >= right,
        }[expr.op]

    def arith(self, expr: ir.Arith | ir.Neg, env: Env):
        if isinstance(expr, ir.Neg):
            value = self.number(expr.arg, env)
            return ABSENT if value is ABSENT else -value
        left, right = self.number(expr.left, env), self.number(expr.right, env)
        if ABSENT in (left, right):
            return ABSENT
        return {"+": left + right, "-": left - right, "*": left * right}[expr.op]

    def members(self, over: ir.SetExpr, env: Env) -> list[Env]:
        if isinstance(over, ir.GroupMembers):
            return [env.at(c, ir.ElementKind.CELL) for c in env.group.cells]
        origin, kind = env.target(over.of)
        if isinstance(over, ir.Around):
            related = RELATIONS[(kind, over.relation)]
            return [env.at(e, related) for e in self.grid.related(kind, over.relation, origin)]
        out = []
        for direction in over.directions:
            for steps, cell in enumerate(self.grid.ray(origin, direction), start=1):
                inner = env.at(cell, ir.ElementKind.CELL)
                inner.distance = steps
                if over.until is not None and self.expr(over.until, inner) is True:
                    break
                out.append(inner)
        return out

    def aggregate(self, expr: ir.Aggregate, env: Env):
        members = self.members(expr.over, env)
        if expr.filter is not None:
            members = [m for m in members if self.expr(expr.filter, m) is True]
        if expr.func in ("count", "all", "any"):
            if expr.func == "count":
                return len(members)
            total = len(self.members(expr.over, env))
            return len(members) == total if expr.func == "all" else bool(members)
        if expr.func == "runs":
            lengths, current = [], 0
            for member in members:
                if self.expr(expr.value, member) is True:
                    current += 1
                elif current:
                    lengths.append(current)
                    current = 0
            return tuple(lengths + ([current] if current else []))
        if expr.func == "changes":
            values = [self.expr(expr.value, m) for m in members]
            return sum(1 for a, b in itertools.pairwise(values) if a != b)
        values = [v for v in (self.number(expr.value, m) for m in members) if v is not ABSENT]
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
