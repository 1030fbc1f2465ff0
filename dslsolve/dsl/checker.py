"""Name resolution and type checking: syntax `Node`s to IR.

The checker walks a rule top-down, keeping the *focus*: the kind of element the innermost
`each` or aggregate ranges over. A bare name is looked up at the focus: `black` inside `each
cell` is the cell's variable; inside `count(neighbours where black)` it is the neighbour's.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass, field

from dslsolve import constructs, ir
from dslsolve.dsl.parser import Node, known_functions
from dslsolve.errors import MAX_NUMBER, DslError, Location
from dslsolve.geometry import RELATIONS, vertex_kind

# What `each <kind>` ranges over: an element of a kind, or a set of cells.
ELEMENT_GROUPS = {
    "cell": ir.ElementKind.CELL,
    "point": ir.ElementKind.POINT,
    "link": ir.ElementKind.LINK,
}

PARAMS = ("rows", "columns")
MEASURES = ("width", "height")  # of the focus group's bounding box, like `size`


class _NeedsElementFocus(Exception):
    """Raised when a rule without `each` mentions a per-cell value outside an aggregate."""


@dataclass(frozen=True)
class Focus:
    """What the innermost focus is: an element of a kind, or a group (a set of cells)."""

    element: ir.ElementKind | None  # None: the focus is a group of cells
    group: str | None = None  # the group kind when `element` is None
    implicit: bool = False  # the top-level grid focus of a rule without `each`
    section: str | None = None  # for `each group of SECTION`: that groups section
    sets: tuple[str, ...] = ()  # index sets whose member is in scope (each SET, aggregates)
    member: bool = False  # a cell in or next to the focus group, in an aggregate over either
    in_ray: bool = False  # the elements of a ray: `distance` is their number of steps
    # `each row` or `each column` in scope (also inside aggregates there): whose entries of
    # the list sections per row or per column are read
    line: str | None = None


@dataclass
class Scope:
    """Everything a name can mean in one genre file."""

    file: str
    layers: dict[str, ir.InputLayer]
    variables: dict[str, ir.Variable]
    defines: dict[str, tuple[Node, Location, str]]
    expanding: list[str] = field(default_factory=list)
    sets: dict[str, ir.IndexSet] = field(default_factory=dict)
    # variable -> the gates sections of its `VAR forms path through GATES` rules (`path_gates`)
    gates: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def known_names(self) -> list[str]:
        named = [*self.layers, *self.variables, *self.defines, *self.sets]
        return [*named, *PARAMS, "size", "distance", *MEASURES]


@dataclass(frozen=True)
class EachScope:
    """The innermost `each` whose body is being checked, as a construct of its body reads it."""

    group: ir.Group
    nested: bool  # the `each` is itself in the body of another `each`
    where: Node | None  # its `where`, if any
    where_static: bool  # the `where` (if any) depends on the input only


@dataclass(frozen=True)
class _Checked:
    expr: ir.Expr
    type: ir.Type
    static: bool  # depends on input only, never on a variable


class Checker:
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
            except _NeedsElementFocus:
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

    def cell_value(self, node: Node) -> tuple[ir.Expr, ir.Type]:
        """A value read at each cell of the grid, and its type."""
        checked = self.expr(node, Focus(ir.ElementKind.CELL))
        return checked.expr, checked.type

    def cell_condition(self, node: Node, group: Focus | None = None) -> ir.Expr:
        """A condition read at each cell: of the grid, or (`group`: in the body of an `each`
        over groups) of the group in scope."""
        focus = Focus(ir.ElementKind.CELL)
        if group is not None:
            focus = Focus(ir.ElementKind.CELL, member=True, line=group.line)
        checked = self.expr(node, focus)
        self.expect(node, checked, ir.Type.BOOL)
        return checked.expr

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

    # ------------------------------------------------------------------ expressions

    def expect(self, node: Node, checked: _Checked, *types: ir.Type) -> None:
        allowed = set(types)
        if checked.type == ir.Type.SYMBOL and not checked.static:
            raise self.members_only(node)
        if ir.Type.INT in allowed:
            allowed.add(ir.Type.BOOL)  # true counts as 1
        if checked.type in allowed:
            return
        if checked.type in (ir.Type.SYMBOL, ir.Type.LIST) and ir.Type.INT in allowed:
            return  # input: numeric where it is a number (or a one-number entry), else vacuous
        names = " or ".join(t.value for t in types)
        hint = None
        if types == (ir.Type.BOOL,) and isinstance(checked.expr, ir.InputRef):
            name = checked.expr.layer.name
            hint = f"a section's token is a value: test it, e.g. '{name} is given' or '{name} = 1'"
        raise self.error(node, f"expected {_a(names)} here, found {_a(checked.type.value)}", hint)

    def members_only(self, node: Node) -> DslError:
        return self.error(
            node,
            "a symbol variable can only spell records and be shown",
            "e.g. each run of white: letter spells words once",
        )

    def expr(self, node: Node, focus: Focus) -> _Checked:
        method = getattr(self, "_" + node.kind, None)
        construct = constructs.syntax().get(node.kind)
        if construct is not None:
            return _Checked(*construct(self, node, focus))
        if method is None:
            raise self.error(node, f"'{node.kind}' cannot be used inside an expression")
        return method(node, focus)

    def _num(self, node: Node, focus: Focus) -> _Checked:
        if abs(node.value) > MAX_NUMBER:
            raise self.error(node, f"a number of {len(str(node.value))} digits: beyond 10^100")
        return _Checked(ir.Num(node.value), ir.Type.INT, True)

    def _sym(self, node: Node, focus: Focus) -> _Checked:
        return _Checked(ir.Sym(node.value), ir.Type.SYMBOL, True)

    def _name(self, node: Node, focus: Focus) -> _Checked:
        return self.resolve(node, node.value, ir.Focus(), focus)

    def _dotted(self, node: Node, focus: Focus) -> _Checked:
        binder, name = node.value
        kind = self.binders.get(binder)
        if kind is None:
            raise self.error(
                node, f"'{binder}' is not named by an enclosing 'each ... as {binder}'"
            )
        return self.resolve(node, name, ir.Bound(binder), Focus(kind))

    def resolve(self, node: Node, name: str, at: ir.Target, focus: Focus) -> _Checked:
        scope = self.scope
        if name in scope.defines:
            if name in scope.expanding:
                raise self.error(node, f"'{name}' is defined in terms of itself")
            definition, where, text = scope.defines[name]
            scope.expanding.append(name)
            try:
                inner = Checker(scope, where, text)
                inner.binders = self.binders
                checked = inner.expr(definition, focus)
            finally:
                scope.expanding.pop()
            if isinstance(at, ir.Bound):  # `c.white`: the define is read at c
                return _Checked(_rebase(checked.expr, at), checked.type, checked.static)
            return checked
        if name == "distance" and name not in scope.layers and name not in scope.variables:
            if not focus.in_ray:
                raise self.error(
                    node,
                    "'distance' is the number of steps from the start of a ray",
                    "use it inside an aggregate over a ray, e.g. count(rays where distance <= 2)",
                )
            return _Checked(ir.Param("distance"), ir.Type.INT, True)
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
            return _Checked(ir.Param(name), ir.Type.INT, True)
        if name in scope.sets:
            if name not in focus.sets:
                raise self.error(
                    node,
                    f"no member of the set '{name}' is in scope here",
                    f"use it inside 'each {name}' or an aggregate such as count({name} where ...)",
                )
            numeric = scope.sets[name].source != "values"
            return _Checked(ir.MemberRef(name), ir.Type.INT if numeric else ir.Type.SYMBOL, True)
        if name in scope.variables and scope.variables[name].sets:
            var = scope.variables[name]
            self.require_sets(node, name, var.sets, focus)
            return _Checked(ir.VarRef(var, at), var.type, False)
        if name in scope.layers and scope.layers[name].per in ("table", "block"):
            layer = scope.layers[name]
            self.require_sets(node, name, layer.sets, focus)
            return _Checked(ir.InputRef(layer, at), ir.Type.SYMBOL, True)
        if name in scope.variables:
            var = scope.variables[name]
            self.require_element(node, name, var.on, focus)
            return _Checked(ir.VarRef(var, at), var.type, False)
        if name in scope.layers:
            layer = scope.layers[name]
            if layer.per == "group":
                if focus.section != name:
                    raise self.error(
                        node,
                        f"'{name}' has one value per group of its section",
                        f"use it inside 'each group of {name}'",
                    )
                return _Checked(ir.InputRef(layer, at), ir.Type.SYMBOL, True)
            if layer.per in ("row", "column"):
                if focus.line != layer.per:
                    hint = f"use it inside 'each {layer.per}'"
                    if name in PARAMS:
                        hint += (
                            f"; for the grid's number of {name}, give the section another name"
                            f" (the section '{name}' hides it)"
                        )
                    raise self.error(node, f"'{name}' has one entry per {layer.per}", hint)
                return _Checked(ir.InputRef(layer, at), ir.Type.LIST, True)
            self.require_element(node, name, ir.ElementKind(layer.per), focus)
            kind = ir.Type.LIST if layer.lists else ir.Type.SYMBOL
            return _Checked(ir.InputRef(layer, at), kind, True)
        if name in PARAMS:  # declared names shadow the instance constants
            return _Checked(ir.Param(name), ir.Type.INT, True)
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

    def _call(self, node: Node, focus: Focus) -> _Checked:
        name = node.value
        target = self.scope.variables.get(name) or self.scope.layers.get(name)
        sets = target.sets if target is not None else ()
        if name == "abs" and target is None:  # abs(E), the same as |E|
            if len(node.children) != 1:
                raise self.error(node, "abs(...) takes one number", "e.g. abs(a.digit - b.digit)")
            return self._abs(node, focus)
        if not sets:
            known = [*known_functions(), "abs", *self.scope.known_names()]
            close = difflib.get_close_matches(name, known, n=1)
            raise self.error(
                node,
                f"'{name}' is not a function or a value on index sets",
                f"did you mean '{close[0]}'?" if close else None,
            )
        if len(node.children) != len(sets):
            raise self.error(
                node,
                f"'{name}' is a value per {' x '.join(sets)}: it takes {len(sets)} "
                f"index(es), not {len(node.children)}",
            )
        index = []
        for child, set_name in zip(node.children, sets, strict=True):
            checked = self.expr(child, focus)
            if not checked.static:
                raise self.error(
                    child,
                    f"the index of '{name}' must come from the puzzle",
                    f"a member of {set_name}, or puzzle input that names one",
                )
            index.append(checked.expr)
        if isinstance(target, ir.Variable):
            ref: ir.VarRef | ir.InputRef = ir.VarRef(target, ir.Focus())
            kind = target.type
        else:
            ref, kind = ir.InputRef(target, ir.Focus()), ir.Type.SYMBOL
        return _Checked(ir.At(ref, tuple(index)), kind, isinstance(target, ir.InputLayer))

    def require_element(self, node: Node, name: str, kind: ir.ElementKind, focus: Focus) -> None:
        if focus.element == kind:
            return
        if focus.element is None and focus.implicit:
            raise _NeedsElementFocus
        if focus.element is None:
            raise self.error(
                node,
                f"'{name}' is a value per {kind.value}, but here the focus is {_a(focus.group)}",
                f"aggregate it over the {focus.group}, e.g. count({name}) or sum({name})",
            )
        raise self.error(
            node,
            f"'{name}' is a value per {kind.value}, "
            f"but here the focus is {_a(focus.element.value)}",
        )

    def _shape(self, node: Node, focus: Focus) -> _Checked:
        shape, name = node.value
        var, gates = self.line_at_vertex(node, name, f"{shape}({name})", focus)
        kind = ir.Type.SYMBOL if shape == "piece" else ir.Type.BOOL
        return _Checked(ir.LineShape(shape, var, ir.Focus(), gates), kind, False)

    def line_at_vertex(
        self, node: Node, name: str, what: str, focus: Focus
    ) -> tuple[ir.Variable, ir.InputLayer | None]:
        """The line variable of a shape read at the focus vertex (a cell for links, a point for
        borders), and the gates of its path through the outline (None without one)."""
        var = self.line_variable(node, name, "lines")
        vertex = vertex_kind(var.on)
        if focus.element != vertex:
            if focus.element is None and focus.implicit:
                raise _NeedsElementFocus
            where = focus.element.value if focus.element else focus.group
            raise self.error(
                node,
                f"{what} is read at a {vertex.value}, but here the focus is {_a(where)}",
                f"'{name}' is on {var.on.value}s, whose ends are {vertex.value}s",
            )
        names = self.scope.gates.get(var.name, ())
        gates = self.scope.layers.get(names[0]) if names else None
        if gates is not None and gates.per != ir.ElementKind.CELL.value:
            gates = None  # not a section on cells: the path rule itself reports it
        return var, gates

    def _token_test(self, node: Node, focus: Focus) -> _Checked:
        inner = self.expr(node.children[0], focus)
        if isinstance(inner.expr, ir.At) and isinstance(inner.expr.ref, ir.InputRef):
            return _Checked(ir.TokenTest(inner.expr, node.value), ir.Type.BOOL, True)
        if not isinstance(inner.expr, ir.InputRef):
            raise self.error(node, f"'is {node.value}' applies to a section of the puzzle file")
        return _Checked(ir.TokenTest(inner.expr, node.value), ir.Type.BOOL, True)

    def _not(self, node: Node, focus: Focus) -> _Checked:
        arg = self.expr(node.children[0], focus)
        self.expect(node.children[0], arg, ir.Type.BOOL)
        return _Checked(ir.Not(arg.expr), ir.Type.BOOL, arg.static)

    def _logic(self, node: Node, focus: Focus, build) -> _Checked:
        args = [self.expr(child, focus) for child in node.children]
        for child, arg in zip(node.children, args, strict=True):
            self.expect(child, arg, ir.Type.BOOL)
        return _Checked(build(args), ir.Type.BOOL, all(a.static for a in args))

    def _and(self, node: Node, focus: Focus) -> _Checked:
        return self._logic(node, focus, lambda a: ir.And(_flatten(ir.And, a)))

    def _or(self, node: Node, focus: Focus) -> _Checked:
        return self._logic(node, focus, lambda a: ir.Or(_flatten(ir.Or, a)))

    def _implies(self, node: Node, focus: Focus) -> _Checked:
        return self._logic(node, focus, lambda a: ir.Implies(a[0].expr, a[1].expr))

    def _compare(self, node: Node, focus: Focus) -> _Checked:
        left_node, right_node = node.children
        if any(_is_division(child) for child in node.children):
            return self.division(node, focus)
        left, right = self.expr(left_node, focus), self.expr(right_node, focus)
        pieces = [_is_piece(side.expr) for side in (left, right)]
        if any(pieces):
            other = right if pieces[0] else left
            if all(pieces) or node.value not in ("=", "!=") or other.type != ir.Type.SYMBOL:
                raise self.error(
                    node,
                    "piece(...) can only be tested with = or != against a symbol or puzzle input",
                    "e.g. piece(line) = pieces, or piece(line) = '┼'",
                )
            return _Checked(ir.Compare(node.value, left.expr, right.expr), ir.Type.BOOL, False)
        if left.type == ir.Type.LIST and right.type == ir.Type.LIST:
            if node.value not in ("=", "!="):
                raise self.error(node, "lists can only be compared with '=' or '!='")
        elif ir.Type.LIST in (left.type, right.type):
            for child, side in ((left_node, left), (right_node, right)):
                self.expect(child, side, ir.Type.INT)  # a one-number entry is a number
        elif isinstance(left.expr, ir.Sym) or isinstance(right.expr, ir.Sym):
            other = right if isinstance(left.expr, ir.Sym) else left
            if node.value not in ("=", "!=") or not isinstance(other.expr, ir.InputRef):
                raise self.error(
                    node,
                    "a quoted symbol can only be tested with = or != against puzzle input",
                    "e.g. board = '#'",
                )
        elif ir.Type.SYMBOL in (left.type, right.type):
            for child, side in ((left_node, left), (right_node, right)):
                if side.type == ir.Type.SYMBOL and not side.static:
                    raise self.members_only(child)
            if node.value not in ("=", "!="):
                for child, side in ((left_node, left), (right_node, right)):
                    self.expect(child, side, ir.Type.INT)
        else:
            self.expect(left_node, left, ir.Type.INT)
            self.expect(right_node, right, ir.Type.INT)
        return _Checked(
            ir.Compare(node.value, left.expr, right.expr),
            ir.Type.BOOL,
            left.static and right.static,
        )

    def division(self, node: Node, focus: Focus) -> _Checked:
        """`A / B op K`: exact division, `A = K * B and B != 0`, so only `=` and `!=`, with K
        or B from the puzzle (the product K * B must be linear)."""
        division, other = node.children if _is_division(node.children[0]) else node.children[::-1]
        if node.value not in ("=", "!=") or _is_division(other):
            raise self.error(
                node,
                "a division can only be tested with = or != against a value without '/'",
                "a / b = k means a = k * b and b != 0 (exact division)",
            )
        dividend, divisor = (self.expr(c, focus) for c in division.children)
        quotient = self.expr(other, focus)
        for child, side in zip(
            (*division.children, other), (dividend, divisor, quotient), strict=True
        ):
            self.expect(child, side, ir.Type.INT)
        if not (divisor.static or quotient.static):
            raise self.error(
                division,
                "a / b = k means a = k * b: b or k must come from the puzzle",
                "the model is linear: two unknowns cannot be multiplied",
            )
        arith = ir.Arith("/", dividend.expr, divisor.expr)
        left, right = (
            (arith, quotient.expr) if division is node.children[0] else (quotient.expr, arith)
        )
        static = dividend.static and divisor.static and quotient.static
        return _Checked(ir.Compare(node.value, left, right), ir.Type.BOOL, static)

    def _abs(self, node: Node, focus: Focus) -> _Checked:
        arg = self.expr(node.children[0], focus)
        self.expect(node.children[0], arg, ir.Type.INT)
        return _Checked(ir.Abs(arg.expr), ir.Type.INT, arg.static)

    def _arith(self, node: Node, focus: Focus) -> _Checked:
        if node.value == "/":
            raise self.error(
                node,
                "a division is one side of a comparison with = or !=",
                "a / b = k means a = k * b and b != 0 (exact division); it is not part of a sum",
            )
        left, right = (self.expr(c, focus) for c in node.children)
        for child, side in zip(node.children, (left, right), strict=True):
            self.expect(child, side, ir.Type.INT)
        if node.value == "^" and not (left.static and right.static):
            raise self.error(
                node,
                "'^' takes numbers from the puzzle only",
                "the model is linear: a power of numbers can weight an unknown, e.g. "
                "10 ^ place * digit",
            )
        if node.value == "%" and not (left.static and right.static):
            raise self.error(
                node,
                "'%' takes numbers from the puzzle only",
                "the model is linear: a remainder of numbers, e.g. clue % 3 = 0",
            )
        if node.value == "*" and not (left.static or right.static):
            raise self.error(
                node,
                "two unknowns cannot be multiplied",
                "the model is linear: multiply by numbers from the puzzle only",
            )
        return _Checked(
            ir.Arith(node.value, left.expr, right.expr), ir.Type.INT, left.static and right.static
        )

    def _neg(self, node: Node, focus: Focus) -> _Checked:
        arg = self.expr(node.children[0], focus)
        self.expect(node.children[0], arg, ir.Type.INT)
        return _Checked(ir.Neg(arg.expr), ir.Type.INT, arg.static)

    def _aggregate(self, node: Node, focus: Focus) -> _Checked:
        func = node.value
        value_node, set_node, filter_node = node.children
        if set_node is None and value_node.kind == "name" and value_node.value in self.scope.sets:
            # `count(item where buys)`: the first word names a set, not a value
            set_node = Node("named_set", value_node.value, (), value_node.column)
            if filter_node is not None:
                set_node = Node("filtered", None, (set_node, filter_node), set_node.column)
            value_node = filter_node = None
        if set_node is None:
            over, element = self.group_members(node, focus, func)
        else:
            over, element, set_filter = self.element_set(set_node, focus)
            if set_filter is not None:
                filter_node = set_filter
        value = self.expr(value_node, element) if value_node is not None else None
        cond = self.expr(filter_node, element) if filter_node is not None else None
        if cond is not None:
            self.expect(filter_node, cond, ir.Type.BOOL)
        static = all(c.static for c in (value, cond) if c is not None) and self.set_static(over)
        if func in ("count", "all", "any"):
            if value is not None and cond is not None:
                raise self.error(
                    node,
                    f"{func}(...) takes one condition: 'C of SET' or 'SET where C', not both",
                    f"join them: {func}(SET where C1 and C2)",
                )
            cond = value or cond
            if cond is not None:
                self.expect(value_node or filter_node, cond, ir.Type.BOOL)
            result = ir.Type.INT if func == "count" else ir.Type.BOOL
            return _Checked(
                ir.Aggregate(func, None, over, cond.expr if cond else None), result, static
            )
        if value is None:
            raise self.error(node, f"{func}(...) needs a value, e.g. {func}(digit of row)")
        if func == "runs":
            self.expect(value_node, value, ir.Type.BOOL)
            if not isinstance(over, ir.GroupMembers | ir.Around):
                raise self.error(node, "runs(...) is taken along a row, a column or a group")
            result = ir.Type.LIST
        elif func == "changes":
            if not value.static:
                raise self.error(
                    node,
                    "changes(...) counts changes of puzzle input only",
                    "e.g. changes(rooms) inside 'each segment'",
                )
            result = ir.Type.INT
        else:
            self.expect(value_node, value, ir.Type.INT)
            result = ir.Type.INT if func in ("sum", "records", "product") else ir.Type.BOOL
        return _Checked(
            ir.Aggregate(func, value.expr, over, cond.expr if cond else None), result, static
        )

    def group_members(self, node: Node, focus: Focus, func: str) -> tuple[ir.SetExpr, Focus]:
        """The cells of the group in focus, what `func(E)` without a set ranges over, and
        the focus at each of them."""
        if focus.sets and focus.element is None:
            raise self.error(  # no group is in focus: name what the aggregate ranges over
                node,
                f"{func}(...) inside 'each {focus.sets[-1]}' needs what it ranges over: "
                "a set's name, or 'cells' for every cell of the grid",
                f"e.g. {func}(cells where ...) over the grid, or {func}(E of {focus.sets[-1]}) "
                f"and count({focus.sets[-1]} where ...) over a set's members",
            )
        if focus.element is not None and not focus.member:
            raise self.error(
                node,
                f"{func}(...) without a set needs a group as the focus",
                f"name the cells, e.g. {func}(neighbours where ...) inside 'each cell'",
            )
        # at a cell of the group in scope (or next to it), as at the group: its cells
        return ir.GroupMembers(), Focus(ir.ElementKind.CELL, member=True, line=focus.line)

    def set_static(self, over: ir.SetExpr) -> bool:
        """Does the set depend on the input only? Not where it reads a variable: a relation
        or an area `via` one, a ray `until` or an area of a condition on unknowns."""
        return not ir.reads_unknowns(over)

    def cell_focus(self, focus: Focus) -> Focus:
        """The focus of the cells of a set taken around an element (`ray`, `area of C`)
        inside `focus`: a cell, the row or column in scope kept."""
        return Focus(ir.ElementKind.CELL, line=focus.line)

    def set_start(
        self, node: Node, focus: Focus, of_name: str | None
    ) -> tuple[ir.ElementKind, ir.Target]:
        """Where a set taken around an element starts (`neighbours`, `area of C from c`): the
        element named `of_name` by an enclosing `each ... as NAME`, else the focus element;
        its kind and how the IR refers to it. An error where the focus is a group."""
        at: ir.Target = ir.Focus()
        origin = focus.element
        if of_name is not None:
            origin = self.binders.get(of_name)
            if origin is None:
                raise self.error(node, f"'{of_name}' is not named by an enclosing 'each'")
            at = ir.Bound(of_name)
        if origin is None and focus.implicit:
            raise _NeedsElementFocus  # `count(neighbours ...)` with no `each`: every cell
        if origin is None:
            raise self.error(
                node,
                "this set is taken around a cell, but the focus is a group",
                "use it inside 'each cell', or name the cell with 'as'",
            )
        return origin, at

    def element_set(self, node: Node, focus: Focus) -> tuple[ir.SetExpr, Focus, Node | None]:
        set_filter = None
        if node.kind == "filtered":
            node, set_filter = node.children
        if node.kind == "named_set":
            if node.value not in self.scope.sets:
                raise self.error(node, f"'{node.value}' is not a declared set")
            inner = Focus(None, node.value, sets=(*focus.sets, node.value))
            return ir.SetMembers(node.value), inner, set_filter
        if node.kind == "grid_cells":  # the whole grid, whatever the focus
            inner = Focus(ir.ElementKind.CELL, sets=focus.sets, line=focus.line)
            return ir.GridCells(), inner, set_filter
        construct = constructs.set_syntax().get(node.kind)
        if construct is not None:  # `area of C`: dslsolve.constructs
            over, inner = construct(self, node, focus)
            return over, inner, set_filter
        _, of_name = node.value
        around_group = of_name is None and focus.element is None and not focus.implicit
        if around_group and node.kind == "around" and node.value[0] == "links":
            if node.children:
                raise self.error(node, "'via' applies to 'neighbours' of a cell")
            return ir.GroupLinks(), Focus(ir.ElementKind.LINK, line=focus.line), set_filter
        if around_group and node.kind == "around" and node.value[0] == "neighbours":
            inner = Focus(ir.ElementKind.CELL, member=True, line=focus.line)
            return ir.GroupNeighbours(), inner, set_filter
        origin, at = self.set_start(node, focus, of_name)
        if node.kind == "ray":
            directions, _ = node.value
            if origin != ir.ElementKind.CELL:
                raise self.error(node, "rays start from a cell")
            until = None
            if node.children[0] is not None:
                checked = self.expr(node.children[0], self.cell_focus(focus))
                self.expect(node.children[0], checked, ir.Type.BOOL)
                until = checked.expr
            return (
                ir.Ray(directions, until, at),
                Focus(ir.ElementKind.CELL, in_ray=True, line=focus.line),
                set_filter,
            )
        if node.kind == "next":
            directions, _ = node.value
            if origin != ir.ElementKind.CELL:
                raise self.error(node, "'next' starts from a cell")
            return (
                ir.Ray(directions, None, at, 1),
                Focus(ir.ElementKind.CELL, in_ray=True, line=focus.line),
                set_filter,
            )
        if node.kind == "offset":
            (rows, columns), _ = node.value
            if origin != ir.ElementKind.CELL:
                raise self.error(
                    node,
                    "'cell at' starts from a cell",
                    "use it inside 'each cell', or name a cell: cell at (1, 2) from c",
                )
            return (
                ir.Offset(rows, columns, at),
                self.cell_focus(focus),
                set_filter,
            )
        if node.kind == "opposite":
            if origin != ir.ElementKind.CELL:
                raise self.error(
                    node,
                    "'opposite' starts from a cell",
                    "use it inside 'each cell', or name a cell: opposite from c",
                )
            if any(kind in ("area", "piece") for kind in self.group_kinds):
                raise self.error(
                    node,
                    "'opposite' needs a group that the puzzle decides",
                    "the extent of an area or a piece is unknown before the solve",
                )
            return ir.Opposite(at), self.cell_focus(focus), set_filter
        relation, _ = node.value
        kind = RELATIONS.get((origin, relation))
        if kind is None:
            raise self.error(node, f"a {origin.value} has no '{relation}'")
        via = None
        if node.children:
            via_node = node.children[0]
            via = self.line_variable(via_node, via_node.value, "lines")
            if relation != "neighbours" or via.on != ir.ElementKind.LINK:
                raise self.error(
                    node,
                    "'via' joins a cell to its neighbours by a variable on links",
                    "e.g. count(neighbours via line where straight(line))",
                )
        return ir.Around(relation, at, via), Focus(kind, line=focus.line), set_filter


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


def _is_division(node: Node) -> bool:
    return node.kind == "arith" and node.value == "/"


def _is_piece(expr: ir.Expr) -> bool:
    return isinstance(expr, ir.LineShape) and expr.shape == "piece"


def _flatten(cls, args: list[_Checked]) -> tuple[ir.Expr, ...]:
    out: list[ir.Expr] = []
    for arg in args:
        out.extend(arg.expr.args if isinstance(arg.expr, cls) else (arg.expr,))
    return tuple(out)


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
        if node.kind in ("path_through", "path_through_crossing"):
            var_name, gates_name, *_ = node.value
            gates[var_name] = (*gates.get(var_name, ()), gates_name)
    return gates


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


def _a(noun: str) -> str:
    """The noun with its indefinite article: 'a row', 'an area'."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"
