"""The checker's expressions (`dslsolve.dsl.checker`): each parse node kind typed into IR
(numbers, logic, comparisons, arithmetic, aggregates, calls; a construct's kind through the
registry), and the expected types."""

from __future__ import annotations

import difflib

from dslsolve import constructs, ir
from dslsolve.dsl.parser import Node, known_functions
from dslsolve.dsl.scopes import (
    Checked,
    Focus,
    article,
)
from dslsolve.errors import MAX_NUMBER, DslError


class ExpressionChecks:
    """The expressions of a `Checker` (a mixin: `self` is the checker)."""

    def cell_value(self, node: Node) -> tuple[ir.Expr, ir.Type]:
        """A value read at each cell of the grid, and its type."""
        checked = self.expr(node, Focus(ir.ElementKind.CELL))
        return checked.expr, checked.type

    def cell_condition(
        self, node: Node, group: Focus | None = None, kind: ir.ElementKind = ir.ElementKind.CELL
    ) -> ir.Expr:
        """A condition read at each cell (or each element of `kind`: points): of the grid, or
        (`group`: in the body of an `each` over groups) of the group in scope."""
        focus = Focus(kind)
        if group is not None:
            focus = Focus(ir.ElementKind.CELL, member=True, line=group.line)
        checked = self.expr(node, focus)
        self.expect(node, checked, ir.Type.BOOL)
        return checked.expr

    def expect(self, node: Node, checked: Checked, *types: ir.Type) -> None:
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
        raise self.error(
            node, f"expected {article(names)} here, found {article(checked.type.value)}", hint
        )

    def members_only(self, node: Node) -> DslError:
        return self.error(
            node,
            "a symbol variable can only spell records and be shown",
            "e.g. each run of white: letter spells words once",
        )

    def expr(self, node: Node, focus: Focus) -> Checked:
        method = getattr(self, "_" + node.kind, None)
        construct = constructs.syntax().get(node.kind)
        if construct is not None:
            return Checked(*construct(self, node, focus))
        if method is None:
            raise self.error(node, f"'{node.kind}' cannot be used inside an expression")
        return method(node, focus)

    def _num(self, node: Node, focus: Focus) -> Checked:
        if abs(node.value) > MAX_NUMBER:
            raise self.error(node, f"a number of {len(str(node.value))} digits: beyond 10^100")
        return Checked(ir.Num(node.value), ir.Type.INT, True)

    def _sym(self, node: Node, focus: Focus) -> Checked:
        return Checked(ir.Sym(node.value), ir.Type.SYMBOL, True)

    def _call(self, node: Node, focus: Focus) -> Checked:
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
        return Checked(ir.At(ref, tuple(index)), kind, isinstance(target, ir.InputLayer))

    def _shape(self, node: Node, focus: Focus) -> Checked:
        shape, name = node.value
        var, gates = self.line_at_vertex(node, name, f"{shape}({name})", focus)
        kind = ir.Type.SYMBOL if shape == "piece" else ir.Type.BOOL
        return Checked(ir.LineShape(shape, var, ir.Focus(), gates), kind, False)

    def _token_test(self, node: Node, focus: Focus) -> Checked:
        inner = self.expr(node.children[0], focus)
        if isinstance(inner.expr, ir.At) and isinstance(inner.expr.ref, ir.InputRef):
            return Checked(ir.TokenTest(inner.expr, node.value), ir.Type.BOOL, True)
        if not isinstance(inner.expr, ir.InputRef):
            raise self.error(node, f"'is {node.value}' applies to a section of the puzzle file")
        return Checked(ir.TokenTest(inner.expr, node.value), ir.Type.BOOL, True)

    def _not(self, node: Node, focus: Focus) -> Checked:
        arg = self.expr(node.children[0], focus)
        self.expect(node.children[0], arg, ir.Type.BOOL)
        return Checked(ir.Not(arg.expr), ir.Type.BOOL, arg.static)

    def _logic(self, node: Node, focus: Focus, build) -> Checked:
        args = [self.expr(child, focus) for child in node.children]
        for child, arg in zip(node.children, args, strict=True):
            self.expect(child, arg, ir.Type.BOOL)
        return Checked(build(args), ir.Type.BOOL, all(a.static for a in args))

    def _and(self, node: Node, focus: Focus) -> Checked:
        return self._logic(node, focus, lambda a: ir.And(_flatten(ir.And, a)))

    def _or(self, node: Node, focus: Focus) -> Checked:
        return self._logic(node, focus, lambda a: ir.Or(_flatten(ir.Or, a)))

    def _implies(self, node: Node, focus: Focus) -> Checked:
        return self._logic(node, focus, lambda a: ir.Implies(a[0].expr, a[1].expr))

    def _compare(self, node: Node, focus: Focus) -> Checked:
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
            return Checked(ir.Compare(node.value, left.expr, right.expr), ir.Type.BOOL, False)
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
        return Checked(
            ir.Compare(node.value, left.expr, right.expr),
            ir.Type.BOOL,
            left.static and right.static,
        )

    def division(self, node: Node, focus: Focus) -> Checked:
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
        return Checked(ir.Compare(node.value, left, right), ir.Type.BOOL, static)

    def _abs(self, node: Node, focus: Focus) -> Checked:
        arg = self.expr(node.children[0], focus)
        self.expect(node.children[0], arg, ir.Type.INT)
        return Checked(ir.Abs(arg.expr), ir.Type.INT, arg.static)

    def _arith(self, node: Node, focus: Focus) -> Checked:
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
        return Checked(
            ir.Arith(node.value, left.expr, right.expr), ir.Type.INT, left.static and right.static
        )

    def _neg(self, node: Node, focus: Focus) -> Checked:
        arg = self.expr(node.children[0], focus)
        self.expect(node.children[0], arg, ir.Type.INT)
        return Checked(ir.Neg(arg.expr), ir.Type.INT, arg.static)

    def _aggregate(self, node: Node, focus: Focus) -> Checked:
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
            return Checked(
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
        return Checked(
            ir.Aggregate(func, value.expr, over, cond.expr if cond else None), result, static
        )


def _is_division(node: Node) -> bool:
    return node.kind == "arith" and node.value == "/"


def _is_piece(expr: ir.Expr) -> bool:
    return isinstance(expr, ir.LineShape) and expr.shape == "piece"


def _flatten(cls, args: list[Checked]) -> tuple[ir.Expr, ...]:
    out: list[ir.Expr] = []
    for arg in args:
        out.extend(arg.expr.args if isinstance(arg.expr, cls) else (arg.expr,))
    return tuple(out)
