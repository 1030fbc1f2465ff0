"""The checker's names (`dslsolve.dsl.checker`): a bare or dotted name resolved at the focus
(a layer, a variable, a define read at a named element, a parameter, a member of an index
set), and the sections and variables that rules name."""

from __future__ import annotations

import dataclasses

from dslsolve import constructs, ir
from dslsolve.dsl.parser import Node
from dslsolve.dsl.scopes import (
    MEASURES,
    PARAMS,
    Checked,
    Focus,
    NeedsElementFocus,
    article,
)
from dslsolve.geometry import vertex_kind


class NameChecks:
    """The names of a `Checker` (a mixin: `self` is the checker)."""

    def input_section(self, node: Node, name: str, per: ir.ElementKind, hint: str) -> ir.InputLayer:
        """The puzzle's input section `name`, on elements of kind `per`."""
        layer = self.scope.layers.get(name)
        if layer is None or layer.per != per.value:
            raise self.error(node, f"'{name}' is not an input section on {per.value}s", hint)
        return layer

    def table_section(self, node: Node, hint: str) -> ir.InputLayer:
        """The table section named by `node` (its records are the lines of the section)."""
        table = self.scope.layers.get(node.value)
        if table is None or table.per != "table" or table.field is not None:
            raise self.error(node, f"'{node.value}' is not a table section", hint)
        return table

    def line_variable(self, node: Node, name: str, what: str, boolean: bool = False) -> ir.Variable:
        """A variable on borders or links, boolean or with a domain from 0 (a multiplicity:
        hashiwokakero's bridges; an edge is used where it is not zero), or only boolean."""
        var = self.scope.variables.get(name)
        if var is None and name in self.scope.layers:
            raise self.error(
                node, f"'{name}' cannot form {what}", f"'{name}' is puzzle input, not a variable"
            )
        if var is None:
            raise self.unknown(node, name, "variable")
        on_edges = var.on in (ir.ElementKind.BORDER, ir.ElementKind.LINK)
        if boolean and (var.type != ir.Type.BOOL or not on_edges):
            kinds = "a boolean variable"
        elif not on_edges or var.low != 0:
            kinds = "a variable, boolean or from 0,"
        else:
            return var
        raise self.error(
            node, f"'{var.name}' cannot form {what}", f"{what} need {kinds} on borders or links"
        )

    def link_variable(self, node: Node, name: str, what: str) -> ir.Variable:
        """A boolean variable on links (directed paths run between cell centres)."""
        var = self.line_variable(node, name, "paths", boolean=True)
        if var.on != ir.ElementKind.LINK:
            raise self.error(
                node, f"'{var.name}' cannot form {what}", "it needs a variable on links"
            )
        return var

    def region_section(self, node: Node, name: str) -> ir.InputLayer:
        """`area of C within NAME`: NAME is a grid section of cell labels (its regions)."""
        layer = self.scope.layers.get(name)
        if name in self.scope.variables or name in self.scope.defines:
            what = "variable" if name in self.scope.variables else "define"
            raise self.error(
                node,
                f"'{name}' is a {what}, not a grid section of cell labels",
                "areas are cut at the borders of the regions of the puzzle, e.g. 'within rooms'",
            )
        if layer is None:
            raise self.unknown(node, name, "grid section")
        if layer.per != ir.ElementKind.CELL.value:
            raise self.error(node, f"'{name}' is not a grid section of cell labels (regions)")
        return layer

    def piece_source(self, node: Node, name: str) -> ir.VarRef:
        """`piece of NAME`: NAME is a boolean variable on borders (walls) or a cell variable."""
        var = self.scope.variables.get(name)
        if var is None and name not in self.scope.layers and name not in self.scope.defines:
            raise self.unknown(node, name, "variable")
        walls = var is not None and var.on == ir.ElementKind.BORDER and var.type == ir.Type.BOOL
        if var is None or (not walls and var.on != ir.ElementKind.CELL):
            raise self.error(
                node,
                f"'{name}' cannot make pieces",
                "pieces are cut out by a boolean variable on borders (walls), or formed by "
                "equal values of a variable on cells",
            )
        return ir.VarRef(var, ir.Focus())

    def _name(self, node: Node, focus: Focus) -> Checked:
        return self.resolve(node, node.value, ir.Focus(), focus)

    def _dotted(self, node: Node, focus: Focus) -> Checked:
        binder, name = node.value
        kind = self.binders.get(binder)
        if kind is None:
            raise self.error(
                node, f"'{binder}' is not named by an enclosing 'each ... as {binder}'"
            )
        return self.resolve(node, name, ir.Bound(binder), Focus(kind))

    def resolve(self, node: Node, name: str, at: ir.Target, focus: Focus) -> Checked:
        scope = self.scope
        if name in scope.defines:
            if name in scope.expanding:
                raise self.error(node, f"'{name}' is defined in terms of itself")
            definition, where, text = scope.defines[name]
            scope.expanding.append(name)
            try:
                inner = type(self)(scope, where, text)  # a checker of the define's text
                inner.binders = self.binders
                checked = inner.expr(definition, focus)
            finally:
                scope.expanding.pop()
            if isinstance(at, ir.Bound):  # `c.white`: the define is read at c
                return Checked(_rebase(checked.expr, at), checked.type, checked.static)
            return checked
        if name == "distance" and name not in scope.layers and name not in scope.variables:
            if not focus.in_ray:
                raise self.error(
                    node,
                    "'distance' is the number of steps from the start of a ray",
                    "use it inside an aggregate over a ray, e.g. count(rays where distance <= 2)",
                )
            return Checked(ir.Param("distance"), ir.Type.INT, True)
        measure = name == "size" or (name in MEASURES and name not in scope.defines)
        if measure and name not in scope.layers and name not in scope.variables:
            if focus.element is None and focus.group in scope.sets:
                raise self.error(
                    node,
                    f"'{name}' is a measure of a group of cells",
                    f"the number of members of a set is count({focus.group})",
                )
            if focus.element is not None and not focus.member:
                what = "number of cells" if name == "size" else f"{name} of the bounding box"
                raise self.error(
                    node,
                    f"'{name}' is the {what} of a group",
                    "use it inside 'each row', 'each piece of ...' and the like",
                )
            return Checked(ir.Param(name), ir.Type.INT, True)
        if name in scope.sets:
            if name not in focus.sets:
                raise self.error(
                    node,
                    f"no member of the set '{name}' is in scope here",
                    f"use it inside 'each {name}' or an aggregate such as count({name} where ...)",
                )
            numeric = scope.sets[name].source != "values"
            return Checked(ir.MemberRef(name), ir.Type.INT if numeric else ir.Type.SYMBOL, True)
        if name in scope.variables and scope.variables[name].sets:
            var = scope.variables[name]
            self.require_sets(node, name, var.sets, focus)
            return Checked(ir.VarRef(var, at), var.type, False)
        if name in scope.layers and scope.layers[name].per in ("table", "block"):
            layer = scope.layers[name]
            self.require_sets(node, name, layer.sets, focus)
            return Checked(ir.InputRef(layer, at), ir.Type.SYMBOL, True)
        if name in scope.variables:
            var = scope.variables[name]
            self.require_element(node, name, var.on, focus)
            return Checked(ir.VarRef(var, at), var.type, False)
        if name in scope.layers:
            layer = scope.layers[name]
            if layer.per == "group":
                if focus.section != name:
                    raise self.error(
                        node,
                        f"'{name}' has one value per group of its section",
                        f"use it inside 'each group of {name}'",
                    )
                return Checked(ir.InputRef(layer, at), ir.Type.SYMBOL, True)
            if layer.per in ("row", "column"):
                if focus.line != layer.per:
                    hint = f"use it inside 'each {layer.per}'"
                    if name in PARAMS:
                        hint += (
                            f"; for the grid's number of {name}, give the section another name"
                            f" (the section '{name}' hides it)"
                        )
                    raise self.error(node, f"'{name}' has one entry per {layer.per}", hint)
                return Checked(ir.InputRef(layer, at), ir.Type.LIST, True)
            self.require_element(node, name, ir.ElementKind(layer.per), focus)
            kind = ir.Type.LIST if layer.lists else ir.Type.SYMBOL
            return Checked(ir.InputRef(layer, at), kind, True)
        if name in PARAMS:  # declared names shadow the instance constants
            return Checked(ir.Param(name), ir.Type.INT, True)
        raise self.unknown(node, name)

    def require_sets(self, node: Node, name: str, sets: tuple[str, ...], focus: Focus) -> None:
        if not sets:
            raise self.error(
                node,
                f"'{name}' is read at index sets, but none is declared for its table",
                "declare sets {rows: TABLE} (and {columns: TABLE}) in 'sets'",
            )
        missing = [s for s in sets if s not in focus.sets]
        if missing:
            raise self.error(
                node,
                f"'{name}' is a value per {' x '.join(sets)}, but no {missing[0]} is in scope here",
                f"use it inside 'each {missing[0]}', or name the members: "
                f"{name}({', '.join(sets)})",
            )

    def require_element(self, node: Node, name: str, kind: ir.ElementKind, focus: Focus) -> None:
        if focus.element == kind:
            return
        if focus.element is None and focus.implicit:
            raise NeedsElementFocus
        if focus.element is None:
            raise self.error(
                node,
                f"'{name}' is a value per {kind.value}, "
                f"but here the focus is {article(focus.group)}",
                f"aggregate it over the {focus.group}, e.g. count({name}) or sum({name})",
            )
        raise self.error(
            node,
            f"'{name}' is a value per {kind.value}, "
            f"but here the focus is {article(focus.element.value)}",
        )

    def line_at_vertex(
        self, node: Node, name: str, what: str, focus: Focus
    ) -> tuple[ir.Variable, ir.InputLayer | None]:
        """The line variable of a shape read at the focus vertex (a cell for links, a point for
        borders), and the gates of its path through the outline (None without one)."""
        var = self.line_variable(node, name, "lines")
        vertex = vertex_kind(var.on)
        if focus.element != vertex:
            if focus.element is None and focus.implicit:
                raise NeedsElementFocus
            where = focus.element.value if focus.element else focus.group
            raise self.error(
                node,
                f"{what} is read at a {vertex.value}, but here the focus is {article(where)}",
                f"'{name}' is on {var.on.value}s, whose ends are {vertex.value}s",
            )
        names = self.scope.gates.get(var.name, ())
        gates = self.scope.layers.get(names[0]) if names else None
        if gates is not None and gates.per != ir.ElementKind.CELL.value:
            gates = None  # not a section on cells: the path rule itself reports it
        return var, gates


def _rebase(expr: ir.Expr, at: ir.Bound) -> ir.Expr:
    """`expr` read at the named element `at` instead of the focus.

    Only the outer level moves: inside an aggregate, the value and the filter stay at the
    aggregate's own elements; the set it ranges over moves.
    """
    if isinstance(expr, ir.VarRef | ir.InputRef) and isinstance(expr.at, ir.Focus):
        return dataclasses.replace(expr, at=at)
    if isinstance(expr, ir.TokenTest):
        return dataclasses.replace(expr, ref=_rebase(expr.ref, at))
    if isinstance(expr, ir.LineShape) and isinstance(expr.at, ir.Focus):
        return dataclasses.replace(expr, at=at)
    rebasings = constructs.rebasings()
    rebase = rebasings.get(type(expr))
    if rebase is not None:
        return rebase(expr, at)
    if isinstance(expr, ir.Not | ir.Neg | ir.Abs):
        return dataclasses.replace(expr, arg=_rebase(expr.arg, at))
    if isinstance(expr, ir.And | ir.Or):
        return dataclasses.replace(expr, args=tuple(_rebase(a, at) for a in expr.args))
    if isinstance(expr, ir.Implies):
        return ir.Implies(_rebase(expr.premise, at), _rebase(expr.conclusion, at))
    if isinstance(expr, ir.Compare | ir.Arith):
        return dataclasses.replace(expr, left=_rebase(expr.left, at), right=_rebase(expr.right, at))
    if (
        isinstance(expr, ir.Aggregate)
        and isinstance(expr.over, ir.Around | ir.Ray | ir.Offset | ir.Opposite)
        and isinstance(expr.over.of, ir.Focus)
    ):
        return dataclasses.replace(expr, over=dataclasses.replace(expr.over, of=at))
    if isinstance(expr, ir.Aggregate) and type(expr.over) in rebasings:  # a construct's set
        return dataclasses.replace(expr, over=rebasings[type(expr.over)](expr.over, at))
    return expr
