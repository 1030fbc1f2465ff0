"""The checker's element sets (`dslsolve.dsl.checker`): what an aggregate ranges over
(`neighbours`, `ray`, `cell at`, a declared set, the group in focus, a construct's set such as
`area of C`), where a set taken around an element starts, and the focus of its members."""

from __future__ import annotations

from dslsolve import constructs, ir
from dslsolve.dsl.parser import Node
from dslsolve.dsl.scopes import (
    Focus,
    NeedsElementFocus,
)
from dslsolve.geometry import RELATIONS


class SetChecks:
    """The element sets of a `Checker` (a mixin: `self` is the checker)."""

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
            raise NeedsElementFocus  # `count(neighbours ...)` with no `each`: every cell
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
            # a group in focus stays in scope: `count(cells where n = max(n))` in its body
            member = focus.member or (focus.element is None and focus.group is not None)
            inner = Focus(ir.ElementKind.CELL, sets=focus.sets, member=member, line=focus.line)
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
