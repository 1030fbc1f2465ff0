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

import functools
import itertools
import math
import operator
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from dslsolve import constructs, elementsets, grounding, indexsets, ir
from dslsolve.errors import rule_error
from dslsolve.geometry import (
    CYCLIC_RELATIONS,
    PIECES,
    Env,
    GeometryError,
    Grouping,
    PerCell,
    cell_name,
    element_name,
    grid_of,
)
from dslsolve.grounding import components
from dslsolve.instance import TOKEN_TESTS, Cycle, Element, Instance, as_number, same_list
from dslsolve.prepared import PreparedReader
from dslsolve.violation import Declaration, Violation

ABSENT = None  # the value of an expression that needs absent input


class _NoQuotient:
    """The value of `a / b` where b is 0 or does not divide a: equal to no number."""

    def __repr__(self) -> str:
        return "no quotient"


NO_QUOTIENT = _NoQuotient()

COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}

Assignment = dict[str, dict[Element, int]]  # variable name -> element -> value (bools as 0/1)


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
            and side.var.name not in _variables_read(other)
        ):
            return Definition(side.var, other)
    return None


def defined_unknowns(genre: ir.Genre) -> set[str]:
    """The unknowns that a rule works out from the others (`definition`)."""
    return {found.var.name for rule in genre.rules if (found := definition(rule.body))}


def _variables_read(node: object) -> set[str]:
    """The names of the unknowns that `node` reads."""
    return {inner.name for inner in ir.walk(node) if type(inner) is ir.Variable}


def _describe_domain(var: ir.Variable, domain) -> str:
    if var.type == ir.Type.BOOL:
        return "0 or 1 (a bool)"
    if isinstance(domain, range):
        return f"a value in {domain.start}..{domain.stop - 1}" if domain else "no value"
    return f"a member of {var.values}"


class Evaluator(PreparedReader):
    def __init__(self, genre: ir.Genre, instance: Instance, assignment: Assignment) -> None:
        self.genre = genre
        self.instance = instance
        self.values = assignment
        self.grid = grid_of(instance.rows, instance.columns)
        self._evaluators = {
            ir.Num: self._constant,
            ir.Sym: self._constant,
            ir.Param: self._param,
            ir.MemberRef: self.on_sets,
            ir.At: self.on_sets,
            ir.VarRef: self._var_ref,
            ir.InputRef: self._input_ref,
            ir.TokenTest: self._token_test,
            ir.Implies: self._implies,
            ir.Arith: self.arith,
            ir.Neg: self.arith,
            ir.Abs: self.arith,
            ir.Aggregate: self.aggregate,
            ir.LineShape: self.line_shape,
        }
        for kind, read in constructs.evaluators().items():
            self._evaluators[kind] = functools.partial(read, self)
        self.memo: dict[object, object] = {}  # what a construct works out once per answer
        # id of an IR node -> (the node, kept alive so that its id stays its own; its function)
        self._prepared: dict[int, tuple[ir.Expr, Callable[[Env], object]]] = {}
        self.outline: dict[ir.InputLayer, dict[Element, str]] = {}  # gates -> outline sides
        # An expression that a rule repeats (a define used in several places) has one value
        # per rule instance: id of a node -> the number of its value, for the rule being
        # checked; (number, id of an Env) -> (the Env, kept alive; the value there).
        self.occurrences: dict[int, int] = {}
        self._remembered: dict[tuple[int, int], tuple[Env, object]] = {}
        # id of an aggregate -> (the node; its filter and value per cell, or None where they
        # read more than the member cell or the set is not the group's cells: `aggregated`)
        self._per_cell: dict[int, tuple[ir.Expr, tuple | None]] = {}

    # ------------------------------------------------------------------ rules

    def violations(self) -> list[Violation]:
        if any(value is None for values in self.values.values() for value in values.values()):
            return self.outside_domains()  # no rule can be read where an unknown has no value
        underived = self.derive_missing()
        found = self.outside_domains()
        # what rules decide and the answer does not show (`constructs.choices`): the rules
        # hold if they hold under one alternative; else the fewest violations are reported
        alternatives: list[dict] = [{}]
        for rule in self.genre.rules:
            if choose := constructs.choices().get(type(rule.body)):
                options = choose(self, rule.body)
                alternatives = [{**a, **b} for a in alternatives for b in options]
        broken = None
        for alternative in alternatives:
            self.memo.update(alternative)
            self._per_cell.clear()
            under = self._rule_violations(underived)
            if broken is None or len(under) < len(broken):
                broken = under
            if not under:
                break
        return found + broken

    def _rule_violations(self, underived: set[str]) -> list[Violation]:
        found: list[Violation] = []
        for rule in self.genre.rules:
            if underived and (unknown := underived & _variables_read(rule.body)):
                name = sorted(unknown)[0]
                hidden = next(v.hidden for v in self.genre.variables if v.name == name)
                raise rule_error(
                    rule.origin,
                    rule.text,
                    f"cannot check this rule: it reads the {'hidden ' if hidden else ''}unknown "
                    f"'{name}', which the solution does not give and no rule "
                    f"'each ...: {name} = EXPR' works out",
                )
            self.occurrences = ir.occurrences(rule)
            self._remembered.clear()
            try:
                found.extend(self.rule(rule, rule.body, Env(None, None, None)))
            except GeometryError as err:
                raise rule_error(rule.origin, rule.text, f"cannot check this rule: {err}") from None
        return found

    def derive_missing(self) -> set[str]:
        """Work out the unknowns that the assignment lacks (a solution file does not give the
        hidden ones, a pzprv3 answer those it has no section for) from their defining rules
        (`definition`), one after the other as soon as the definition reads no unknown still
        missing. The rule is then checked like any other, and the values against the domain.
        Returns the names left without values: a rule that reads one cannot be checked."""
        missing = {var.name: var for var in self.genre.variables if var.name not in self.values}
        if not missing:
            return set()
        self.values = dict(self.values)  # the caller's assignment stays as it was
        definitions: dict[str, tuple[ir.Rule, Definition]] = {}
        for rule in self.genre.rules:
            found = definition(rule.body)
            if found is not None and found.var.name not in definitions:
                definitions[found.var.name] = (rule, found)
        progress = True
        while progress:
            progress = False
            for name in [n for n in missing if n in definitions]:
                rule, found = definitions[name]
                if missing.keys() & _variables_read((found.expr, rule.body.group)):
                    continue  # it reads an unknown not worked out yet
                self.values[name] = self._derived(missing.pop(name), rule, found)
                progress = True
        return set(missing)

    def _derived(self, var: ir.Variable, rule: ir.Rule, found: Definition) -> dict[Element, int]:
        self.occurrences = {}
        values = {}
        for env in self.instances(rule.body, Env(None, None, None)):
            places = [env] if found.over is None else self.members(found.over, env)
            for place in places:
                value = self.expr(found.expr, place)
                if type(value) not in (int, bool):
                    where = element_name(var.on, place.element)
                    label = "hidden unknown" if var.hidden else "unknown"
                    raise rule_error(
                        rule.origin,
                        rule.text,
                        f"cannot check: the {label} '{var.name}' has no value at {where}, "
                        "where this rule's value has none (absent input, or no whole quotient)",
                    )
                values[place.element] = int(value)
        return values

    def outside_domains(self) -> list[Violation]:
        """A value that its unknown cannot take (a 5 in a 4x4 sudoku, a double bridge where
        the domain is 0..1, a symbol that is not a member of its set) breaks the declaration
        of the unknown, which counts as a rule of its own (at line 0: the IR does not keep
        where a declaration is written)."""
        found = []
        for var in self.genre.variables:
            domain = (0, 1) if var.type == ir.Type.BOOL else self.instance.domain(var)
            allowed = set(domain)
            for key, value in self.values.get(var.name, {}).items():
                if value in allowed:
                    continue
                place = ", ".join(map(str, key)) if var.sets else element_name(var.on, key)
                declared = _describe_domain(var, domain)
                text = f"variables: {var.name} takes {declared}; {value!r} is not one"
                if value is None:  # a pzprv3 answer's blank where a number belongs
                    text = f"variables: {var.name} takes {declared}; the answer leaves it blank"
                found.append(Violation(Declaration(text), place, ()))
        return found

    def rule(self, rule: ir.Rule, body: ir.RuleBody, env: Env) -> list[Violation]:
        if isinstance(body, ir.Each) and type(body.body) in constructs.each_violations():
            return constructs.each_violations()[type(body.body)](self, rule, body, env)
        if isinstance(body, ir.Each):
            found = []
            if body.group.kind == "piece" and body.group.of.var.on == ir.ElementKind.BORDER:
                found = self.stray_walls(rule, body.group.of.var)
            inners = self.instances(body, env)
            if isinstance(body.body, ir.Holds):  # the common case, without a call per element
                broken = self.broken(body.body.expr)
                if self.occurrences:
                    broken = self._forgetting(broken)
                return found + [
                    Violation(rule, indexsets.place_name(inner), self.involved(inner))
                    for inner in inners
                    if broken(inner)
                ]
            return found + [v for inner in inners for v in self.rule(rule, body.body, inner)]
        if isinstance(body, ir.Holds):
            self._remembered.clear()
            if self.broken(body.expr)(env):
                return [Violation(rule, indexsets.place_name(env), self.involved(env))]
            return []
        return constructs.violations()[type(body)](self, rule, body, env)

    def instances(self, each: ir.Each, env: Env) -> list[Env]:
        """The environments of the body where the `where` holds (`grounding.py`; the pieces
        of `each piece` are the answer's)."""
        if each.group.kind == "piece":
            candidates = [Env(None, None, g, env.bound) for g in self.pieces(each.group.of.var)]
        else:
            candidates = grounding.environments(each, env, self.grid, self.instance, self.function)
        if each.where is None:
            return candidates
        where = self.function(each.where)
        return [inner for inner in candidates if where(inner) is True]

    def areas(
        self,
        cond: ir.Expr,
        env: Env,
        relation: str = "neighbours",
        within: ir.InputLayer | None = None,
    ) -> list[Grouping]:
        """The maximal sets of cells where `cond` holds joined through `relation` (orthogonal
        neighbours, or `around`: corners too), within the group in scope (and with `within`,
        inside one region of that section)."""
        return grounding.areas(self.grid, self.instance, env, self.function(cond), relation, within)

    def pieces(self, var: ir.Variable) -> list[Grouping]:
        """The pieces of `each piece of VAR`: the parts that walls (VAR on borders) cut the grid
        into, or the maximal connected sets of cells with equal values (VAR on cells)."""
        values = self.values[var.name]
        if var.on == ir.ElementKind.BORDER:

            def joined(a, b):
                return not values[self.grid.between(a, b)]
        else:

            def joined(a, b):
                return values[a] == values[b]

        cells = self.grid.cells()
        edges = ((a, b) for a in cells for b in self.grid.neighbours(a) if joined(a, b))
        return [
            Grouping(f"piece at {cell_name(min(part))}", tuple(sorted(part)))
            for part in components(cells, edges)
        ]

    def stray_walls(self, rule: ir.Rule, var: ir.Variable) -> list[Violation]:
        """Walls are exactly the outlines of the pieces: every border of the grid's outline is
        a wall, and no wall lies between two cells of one piece."""
        piece_of = {c: piece.cells[0] for piece in self.pieces(var) for c in piece.cells}
        found = []
        for border in self.grid.borders():
            name = element_name(ir.ElementKind.BORDER, border)
            wall = bool(self.values[var.name][border])
            if self.grid.outline(border):
                if not wall:
                    found.append(Violation(rule, f"{name}: the outline is not a wall", (name,)))
                continue
            axis, r, c = border
            a, b = ((r - 1, c), (r, c)) if axis == "h" else ((r, c - 1), (r, c))
            if wall and piece_of[a] == piece_of[b]:
                found.append(
                    Violation(
                        rule,
                        f"{name}: a wall inside a piece",
                        (cell_name(a), cell_name(b)),
                    )
                )
        return found

    def involved(self, env: Env) -> tuple[str, ...]:
        if env.element is not None:
            return (element_name(env.kind, env.element), *indexsets.named_elsewhere(env).values())
        if env.group is not None:
            return tuple(cell_name(c) for c in env.group.cells)
        return ()

    # ------------------------------------------------------------------ expressions

    def expr(self, expr: ir.Expr, env: Env):
        """The value of `expr` at `env`. This runs once per node per element, so each node is
        prepared once into a function of the element (`_prepare`)."""
        return self.function(expr)(env)

    def broken(self, expr: ir.Expr) -> Callable[[Env], bool]:
        """Whether a rule's condition is false at an element (absent is not false). An `or`
        is false only if every part is, so the first part that is not stops it: akari's
        `light or any(rays ...)` does not walk the rays from a light."""
        if isinstance(expr, ir.Or):
            parts = [self.function(arg) for arg in expr.args]

            def every_part_false(env: Env) -> bool:
                for part in parts:
                    value = part(env)
                    if value or value is ABSENT:
                        return False
                return True

            return every_part_false
        holds = self.function(expr)
        return lambda env: holds(env) is False

    def kept(self, expr: ir.Expr) -> Callable[[Env], bool]:
        """Whether an aggregate's filter keeps an element: its condition is true there (absent
        is not). An `and` is true only if every part is, so the first part that is false or
        absent stops it: ripple effect's `digit = c.digit and distance <= c.digit` does not
        work out the distance where the digits differ."""
        if isinstance(expr, ir.And):
            parts = [self.function(arg) for arg in expr.args]

            def every_part_true(env: Env) -> bool:
                for part in parts:
                    value = part(env)
                    if value is ABSENT or not value:
                        return False
                return True

            return every_part_true
        holds = self.function(expr)
        return lambda env: holds(env) is True

    def _remember(self, number: int, function: Callable[[Env], object]):
        """`function`, its value at an element remembered for the rule instance."""
        memo = self._remembered

        def remembered(env: Env):
            found = memo.get((number, id(env)))
            if found is None:
                found = memo[number, id(env)] = (env, function(env))
            return found[1]

        return remembered

    def _forgetting(self, broken: Callable[[Env], bool]) -> Callable[[Env], bool]:
        """`broken`, starting each rule instance with nothing remembered."""
        memo = self._remembered

        def fresh(env: Env) -> bool:
            memo.clear()
            return broken(env)

        return fresh

    def _prepare(self, expr: ir.Expr) -> Callable[[Env], object]:
        """A function of the element for `expr`: constants, grid variables and grid input at
        the focus are plain lookups; any other node goes to its method, found by type."""
        kind = type(expr)
        if kind in (ir.Num, ir.Sym):
            value = expr.value
            return lambda env: value
        if kind is ir.VarRef and not expr.var.sets and type(expr.at) is ir.Focus:
            values = self.values[expr.var.name]
            if expr.var.type == ir.Type.BOOL:
                return lambda env: bool(values[env.element])
            return lambda env: values[env.element]
        if kind in (ir.InputRef, ir.TokenTest) and ir.reads_grid_at_focus(expr):
            ref = expr if kind is ir.InputRef else expr.ref
            tokens = self.instance.grids[ref.layer.name]
            if kind is ir.InputRef:
                return lambda env: tokens.get(env.element)
            holds = TOKEN_TESTS[expr.test]
            return lambda env: holds(tokens.get(env.element))
        if kind is ir.Not:
            return self._negation(self.function(expr.arg))
        if kind in (ir.And, ir.Or):
            return self._connective(kind, [self.function(a) for a in expr.args])
        if kind is ir.Compare:
            return self._comparison(expr)
        try:
            return functools.partial(self._evaluators[kind], expr)
        except KeyError:
            raise AssertionError(expr) from None

    @staticmethod
    def _negation(arg: Callable[[Env], object]) -> Callable[[Env], object]:
        def negation(env: Env):
            value = arg(env)
            return ABSENT if value is ABSENT else not value

        return negation

    @staticmethod
    def _connective(kind: type, parts: list[Callable[[Env], object]]) -> Callable[[Env], object]:
        combine = all if kind is ir.And else any

        def connective(env: Env):
            values = [part(env) for part in parts]
            return ABSENT if ABSENT in values else combine(values)

        return connective

    def _comparison(self, expr: ir.Compare) -> Callable[[Env], object]:
        """Two numbers are compared at once; anything else (absent input, symbols, lists)
        goes through `compared`."""
        left, right = self.function(expr.left), self.function(expr.right)
        holds = COMPARISONS[expr.op]

        number = ir.is_number(expr.left)

        def comparison(env: Env):
            b = right(env)
            if b is ABSENT or (number and type(b) is str):
                return ABSENT  # the left side need not be worked out (see `compared`)
            a = left(env)
            if type(a) is int and type(b) is int:
                return holds(a, b)
            return self.compared(expr, a, b)

        if isinstance(expr.left, ir.Sym) or isinstance(expr.right, ir.Sym):
            return lambda env: self.compared(expr, left(env), right(env))
        return comparison

    @staticmethod
    def _constant(expr: ir.Num | ir.Sym, env: Env):
        return expr.value

    def _param(self, expr: ir.Param, env: Env):
        return env.param(expr.name, self.instance)

    def _var_ref(self, expr: ir.VarRef, env: Env):
        if expr.var.sets:
            return self.on_sets(expr, env)
        element, _ = env.target(expr.at)
        value = self.values[expr.var.name][element]
        return bool(value) if expr.var.type == ir.Type.BOOL else value

    def _input_ref(self, expr: ir.InputRef, env: Env):
        if expr.layer.sets:
            return self.on_sets(expr, env)
        element, _ = env.target(expr.at)
        return self.instance.read(expr.layer, element, env.group and env.group.index)

    def _token_test(self, expr: ir.TokenTest, env: Env):
        if isinstance(expr.ref, ir.At) or expr.ref.layer.sets:
            value = self.on_sets(expr.ref, env)
            return TOKEN_TESTS[expr.test](value)
        element, _ = env.target(expr.ref.at)
        index = env.group and env.group.index
        return self.instance.test(expr.test, expr.ref.layer, element, index)

    def _implies(self, expr: ir.Implies, env: Env):
        premise, conclusion = self.expr(expr.premise, env), self.expr(expr.conclusion, env)
        if ABSENT in (premise, conclusion):
            return ABSENT
        return (not premise) or bool(conclusion)

    def on_sets(self, expr: ir.VarRef | ir.InputRef | ir.At | ir.MemberRef, env: Env):
        """A member in scope, or a value on index sets at the members in scope or named."""
        if isinstance(expr, ir.MemberRef):
            return env.bound[expr.set][0]
        ref = expr.ref if isinstance(expr, ir.At) else expr
        sets = ref.var.sets if isinstance(ref, ir.VarRef) else ref.layer.sets
        if isinstance(expr, ir.At):
            key = indexsets.named(
                self.instance, sets, [self.expr(index, env) for index in expr.index]
            )
            if key is None:
                return ABSENT
        else:
            key = indexsets.in_scope(env, sets)
        if isinstance(ref, ir.InputRef):
            return self.instance.read_table(ref.layer, key)
        value = self.values[ref.var.name][key]
        return bool(value) if ref.var.type == ir.Type.BOOL else value

    def used_sides(
        self, var: ir.Variable, gates: ir.InputLayer | None, vertex: Element
    ) -> set[str]:
        """The sides of the vertex whose edges of the line `var` are used; at one of the
        `gates` of its path, the side on the outline too (the path crosses the outline
        there). A line shape's reading, and `VAR toward DIR`'s (`dslsolve/constructs/toward`)."""
        edges = self.grid.incident_by_direction(var.on, vertex)
        used = {d for d, e in edges.items() if self.values[var.name].get(e)}
        if gates is not None:
            if gates not in self.outline:  # worked out once per gates section
                cells = self.grid.cells()
                value = self.instance.value
                tokens = {v: t for v in cells if (t := value(gates, v)) is not None}
                self.outline[gates] = self.grid.outline_sides(tokens)
            side = self.outline[gates].get(vertex)
            if side is not None:
                used.add(side)
        return used

    def line_shape(self, expr: ir.LineShape, env: Env) -> bool:
        """The used edges at the vertex (`used_sides`) make the shape."""
        vertex, _ = env.target(expr.at)
        used = self.used_sides(expr.var, expr.gates, vertex)
        if expr.shape == "piece":
            return PIECES.get(frozenset(used), "")
        if expr.shape == "straight":
            return {"left", "right"} <= used or {"up", "down"} <= used
        return bool(used & {"left", "right"}) and bool(used & {"up", "down"})

    def number(self, expr: ir.Expr, env: Env):
        return as_number(self.expr(expr, env))

    def compared(self, expr: ir.Compare, left, right):
        """The truth of `left op right` for values already worked out."""
        if isinstance(expr.left, ir.Sym) or isinstance(expr.right, ir.Sym):
            return (left == right) == (expr.op == "=")  # a token test: never absent
        if ABSENT in (left, right):
            return ABSENT
        if left is NO_QUOTIENT or right is NO_QUOTIENT:  # `a / b` with no whole quotient
            return expr.op == "!="
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
        return COMPARISONS[expr.op](int(left), int(right))

    def arith(self, expr: ir.Arith | ir.Neg | ir.Abs, env: Env):
        kind = type(expr)
        if kind is not ir.Arith:  # Neg or Abs
            value = self.number(expr.arg, env)
            if value is ABSENT:
                return ABSENT
            return -value if kind is ir.Neg else abs(value)
        left, right = self.number(expr.left, env), self.number(expr.right, env)
        if ABSENT in (left, right):
            return ABSENT
        if expr.op == "^":
            return indexsets.power(left, right)
        if expr.op == "/":  # exact: a side of `=` or `!=` only (the checker sees to it)
            return left // right if right != 0 and left % right == 0 else NO_QUOTIENT
        if expr.op == "%":  # the remainder of numbers (the checker sees to it), 0 <= r < |b|
            return left % abs(right) if right != 0 else ABSENT
        return {"+": left + right, "-": left - right, "*": left * right}[expr.op]

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


Member = Callable[[Any], object] | None  # of an Env, or of a cell (`Evaluator.aggregated`)
