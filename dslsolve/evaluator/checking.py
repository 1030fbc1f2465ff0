"""The evaluator: an answer checked against every rule of the IR (`Evaluator.violations`),
after working out the unknowns it does not give (`definitions.py`); its reading of
expressions is `expressions.py`, of sets and aggregates `aggregates.py`."""

from __future__ import annotations

import functools
from collections.abc import Callable

from dslsolve import constructs, grounding, indexsets, ir
from dslsolve.errors import rule_error
from dslsolve.evaluator.aggregates import AggregateReader
from dslsolve.evaluator.definitions import Definition, definition, variables_read
from dslsolve.evaluator.values import Assignment
from dslsolve.geometry import (
    Env,
    GeometryError,
    Grouping,
    cell_name,
    element_name,
    grid_of,
)
from dslsolve.grounding import components
from dslsolve.instance import Element, Instance
from dslsolve.violation import Declaration, Violation


def _describe_domain(var: ir.Variable, domain) -> str:
    if var.type == ir.Type.BOOL:
        return "0 or 1 (a bool)"
    if isinstance(domain, range):
        return f"a value in {domain.start}..{domain.stop - 1}" if domain else "no value"
    return f"a member of {var.values}"


class Evaluator(AggregateReader):
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
            if underived and (unknown := underived & variables_read(rule.body)):
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
                if missing.keys() & variables_read((found.expr, rule.body.group)):
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
