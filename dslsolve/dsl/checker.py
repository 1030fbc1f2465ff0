"""Name resolution and type checking: syntax `Node`s to IR.

The checker walks a rule top-down, keeping the *focus*: the kind of element the innermost
`each` or aggregate ranges over. A bare name is looked up at the focus: `black` inside `each
cell` is the cell's variable; inside `count(neighbours where black)` it is the neighbour's.

One job a module: the rules, `each` and its groups here, with the entry points
(`check_rule`, `check_expr`, ...); the expressions in `check_expressions.py`, the names in
`check_names.py`, the element sets in `check_sets.py`, and what the walk carries (the focus,
the scope of names) in `scopes.py`.
"""

from __future__ import annotations

import dataclasses
import difflib

from dslsolve import constructs, ir
from dslsolve.dsl.check_expressions import ExpressionChecks
from dslsolve.dsl.check_names import NameChecks
from dslsolve.dsl.check_sets import SetChecks
from dslsolve.dsl.parser import Node
from dslsolve.dsl.scopes import (
    ELEMENT_GROUPS,
    EachScope,
    Focus,
    NeedsElementFocus,
    Scope,
)
from dslsolve.errors import DslError, Location

# what the rest of the package imports from here (`dsl/genre.py`: the scope and the entry points)
__all__ = [
    "Checker",
    "Scope",
    "check_defines",
    "check_expr",
    "check_rule",
    "check_set_expr",
    "directed_lines",
    "path_gates",
]


class Checker(ExpressionChecks, NameChecks, SetChecks):
    """The checker of one rule (or expression) of a genre file: its rules and `each`s here,
    its expressions, names and element sets in the mixins (`check_expressions.py`,
    `check_names.py`, `check_sets.py`), what it carries in `scopes.py`."""

    def __init__(self, scope: Scope, where: Location, text: str) -> None:
        self.scope = scope
        self.where = where
        self.text = text
        self.binders: dict[str, ir.ElementKind] = {}
        self.each_scope: EachScope | None = None  # the innermost `each` whose body is checked
        self.group_kinds: list[str] = []  # the kinds of the enclosing `each`s, outermost first

    # ------------------------------------------------------------------ errors

    def error(self, node: Node | None, message: str, hint: str | None = None) -> DslError:
        column = node.column if node is not None and node.column else None
        where = self.where.shifted(column) if column else self.where
        return DslError(where, message, hint=hint, source=self.text, source_column=column)

    def unknown(self, node: Node, name: str, what: str = "name") -> DslError:
        close = difflib.get_close_matches(name, self.scope.known_names(), n=1)
        hint = (
            f"did you mean '{close[0]}'?"
            if close
            else ("known names: " + ", ".join(sorted(self.scope.known_names())))
        )
        return self.error(node, f"unknown {what} '{name}'", hint)

    # ------------------------------------------------------------------ rules

    def rule(self, node: Node) -> ir.RuleBody:
        if node.kind == "holds":
            try:
                return ir.Each(
                    ir.Group("grid"),
                    None,
                    None,
                    self.holds(node, Focus(None, "grid", implicit=True)),
                )
            except NeedsElementFocus:
                return ir.Each(
                    ir.Group("cell"), None, None, self.holds(node, Focus(ir.ElementKind.CELL))
                )
        if node.kind == "each":
            return self.each(node, None)
        return constructs.rule_syntax()[node.kind](self, node, None)

    def own_rule(self, node: Node, what: str | None = None) -> DslError:
        """A rule-level construct (`what`, its parse-node kind by default) where only a rule's
        body may stand."""
        what = what or node.kind.replace("_", " ")
        return self.error(
            node,
            f"'{what}' must be a rule of its own",
            "write it as a separate rule, without 'each'",
        )

    def body(self, node: Node, focus: Focus) -> ir.RuleBody:
        if node.kind == "holds":
            return self.holds(node, focus)
        if node.kind == "each":
            return self.each(node, focus)
        construct = constructs.rule_syntax().get(node.kind)
        if construct is None:
            raise self.own_rule(node)
        return construct(self, node, focus)

    def holds(self, node: Node, focus: Focus) -> ir.Holds:
        checked = self.expr(node.children[0], focus)
        self.expect(node.children[0], checked, ir.Type.BOOL)
        return ir.Holds(checked.expr)

    def each(self, node: Node, outer: Focus | None) -> ir.Each:
        group_node, where_node, body_node = node.children
        group, focus = self.group(group_node)
        if group.kind == "set":
            focus = dataclasses.replace(focus, sets=(outer.sets if outer else ()) + (group.set,))
        elif outer is not None and outer.sets and outer.element is None:
            raise self.error(
                node,
                f"inside 'each {outer.group}' only 'each' of a set can follow",
                "the members of a set are not cells",
            )
        elif outer is not None and outer.element is None and group.kind != "cell":
            raise self.error(
                node,
                f"inside 'each {outer.group}' only 'each cell' can follow",
                f"it ranges over the cells of the {outer.group}",
            )
        elif outer is not None and (outer.element is None or outer.member) and group.kind == "cell":
            # a cell of the group in scope, where the group's own entries can be read too (also
            # in an `each cell` nested once more: the group stays in scope)
            focus = dataclasses.replace(focus, member=True, line=outer.line, section=outer.section)
        binder, ends = node.value, None
        if isinstance(binder, tuple):
            if group.kind != "link":
                raise self.error(
                    node,
                    "only 'each link' names two cells with 'as (a, b)'",
                    f"name the {group.kind} with 'as NAME'"
                    if focus.element is not None
                    else "a group cannot be named",
                )
            if binder[0] == binder[1]:
                raise self.error(node, "the two cells of a link need two different names")
            ends, binder = binder, None
            for name in ends:
                self.binders[name] = ir.ElementKind.CELL
        if binder is not None:
            if focus.element is None:
                raise self.error(
                    node, "only 'each cell', 'each point' and 'each link' can be named with 'as'"
                )
            self.binders[binder] = focus.element
        where, checked = None, None
        if where_node is not None:
            checked = self.expr(where_node, focus)
            self.expect(where_node, checked, ir.Type.BOOL)
            where = checked.expr
        outer_scope = self.each_scope
        self.each_scope = EachScope(
            group, outer is not None, where_node, checked is None or checked.static
        )
        self.group_kinds.append(group.kind)
        try:
            return ir.Each(group, binder, where, self.body(body_node, focus), ends)
        finally:
            self.each_scope = outer_scope
            self.group_kinds.pop()

    def group(self, node: Node) -> tuple[ir.Group, Focus]:
        kind, value = node.value
        if kind == "set":
            if value not in self.scope.sets:
                close = difflib.get_close_matches(value, list(self.scope.sets), n=1)
                raise self.error(
                    node,
                    f"'{value}' is not a group or a declared set",
                    f"did you mean '{close[0]}'?"
                    if close
                    else "groups: cell, point, row, column, box, window, pair, region of, "
                    "run of, segment, area of; sets: "
                    + (", ".join(self.scope.sets) or "none declared"),
                )
            return ir.Group("set", set=value), Focus(None, value)
        if kind in ELEMENT_GROUPS:
            return ir.Group(kind), Focus(ELEMENT_GROUPS[kind])
        focus = Focus(None, kind, line=kind if kind in ("row", "column") else None)
        if kind in ("row", "column") and value is not None:
            sides = ("left", "right") if kind == "row" else ("top", "bottom")
            if value not in sides:
                raise self.error(
                    node,
                    f"a {kind} is read from the {sides[0]} or from the {sides[1]}, not '{value}'",
                    f"e.g. 'each {kind} from {sides[1]}'",
                )
            return ir.Group(kind, reverse=value == sides[1]), focus
        if kind in ("box", "window"):
            return ir.Group(kind, size=value), focus
        if kind == "region":
            layer = self.scope.layers.get(value)
            if layer is not None and layer.per == "group":
                raise self.error(
                    node,
                    f"'{value}' is a groups section, not a grid section of cell labels",
                    f"its groups are 'each group of {value}'",
                )
            if layer is not None and layer.per != ir.ElementKind.CELL.value:
                raise self.error(
                    node,
                    f"'{value}' is a section per {layer.per}, not a grid section of cell labels",
                )
            if layer is None:
                raise self.unknown(node, value, "grid section")
            return ir.Group(kind, section=layer), focus
        if kind == "group":
            layer = self.scope.layers.get(value)
            if layer is None:
                raise self.unknown(node, value, "groups section")
            if layer.per != "group":
                raise self.error(
                    node,
                    f"'{value}' is not a groups section",
                    "'each group of' takes a section declared with 'type: groups'",
                )
            return ir.Group(kind, section=layer), Focus(None, kind, section=value)
        if kind in ("run", "area"):
            cond = self.expr(node.children[0], Focus(ir.ElementKind.CELL))
            self.expect(node.children[0], cond, ir.Type.BOOL)
            if kind == "run" and not cond.static:
                raise self.error(
                    node.children[0],
                    "runs are cut by given cells only",
                    "for the runs of a variable, compare runs(...) with a list",
                )
            if kind == "area" and value is not None:
                return ir.Group(kind, of=cond.expr, within=self.region_section(node, value)), focus
            return ir.Group(kind, of=cond.expr), focus
        if kind == "piece":
            return ir.Group(kind, of=self.piece_source(node, value)), focus
        return ir.Group(kind), focus


def check_defines(scope: Scope) -> None:
    """Check that every define, used or not, names only known things.

    Focus and types are checked where a define is used (the same define may be read at a
    cell or at a point); here only a misspelt name, which would otherwise go unnoticed in an
    unused define, is caught."""
    known = set(scope.known_names())
    for node, where, text in scope.defines.values():
        checker = Checker(scope, where, text)
        for name_node in _name_nodes(node):
            if name_node.value not in known:
                raise checker.unknown(name_node, name_node.value)


def _name_nodes(node: Node | None) -> list[Node]:
    if node is None:
        return []
    own = [node] if node.kind == "name" else []
    return own + [n for child in node.children for n in _name_nodes(child)]


def path_gates(nodes: list[Node]) -> dict[str, tuple[str, ...]]:
    """The gates section named by each `VAR forms path through GATES` rule among `nodes`, per
    VAR. The line shapes of VAR read it (the outline side of a gate counts as used), wherever
    the rule stands among the rules."""
    gates: dict[str, tuple[str, ...]] = {}
    for node in nodes:
        if node.kind.startswith("path_through"):
            var_name, gates_name, *_ = node.value
            gates[var_name] = (*gates.get(var_name, ()), gates_name)
    return gates


def directed_lines(nodes: list[Node]) -> frozenset[str]:
    """The variables of the `VAR forms directed loop` rules among `nodes`: `VAR leaves toward
    DIR` and `VAR enters from DIR` read their direction, wherever the rule stands."""
    return frozenset(node.value for node in nodes if node.kind == "directed_loop")


def check_rule(scope: Scope, node: Node, where: Location, text: str) -> ir.RuleBody:
    return Checker(scope, where, text).rule(node)


def check_set_expr(
    scope: Scope, node: Node, where: Location, text: str, sets: tuple[str, ...], *types: ir.Type
) -> ir.Expr:
    """Check an expression read with members of `sets` in scope (a `lines:` output)."""
    checker = Checker(scope, where, text)
    checked = checker.expr(node, Focus(None, sets[-1], sets=sets))
    if types:
        checker.expect(node, checked, *types)
    return checked.expr


def check_expr(
    scope: Scope, node: Node, where: Location, text: str, element: ir.ElementKind, *types: ir.Type
) -> ir.Expr:
    """Check an expression evaluated at one element (the output section uses this)."""
    checker = Checker(scope, where, text)
    checked = checker.expr(node, Focus(element))
    if types:
        checker.expect(node, checked, *types)
    return checked.expr
