"""The lowering of the line shapes (`straight`, `turns`, `piece(VAR) = SYMBOL`) and of a line's
edge toward a direction (`VAR toward DIR`). Part of `Lowerer` (`lowerer.py`)."""

from __future__ import annotations

from dslsolve import ir
from dslsolve.compiler.expressions.reading import ExpressionLowering
from dslsolve.compiler.lowerings import logic
from dslsolve.compiler.model import Lin, LoweringError, Value
from dslsolve.geometry import DIRECTIONS, Env, Grid
from dslsolve.instance import Element


class LineLowering(ExpressionLowering):
    """The line shapes, remembered per (shape, variable, vertex) in `shapes`."""

    grid: Grid
    shapes: dict[tuple, Value]
    outline: dict[ir.InputLayer, dict[Element, str]]

    def line_shape(self, expr: ir.LineShape, env: Env) -> Value:
        """straight: (left and right) or (up and down); turns: (left or right) and (up or down)."""
        if expr.shape == "piece":
            raise LoweringError("piece(...) can only be compared with a symbol or puzzle input")
        vertex, _ = env.target(expr.at)
        key = (expr.shape, expr.var.name, vertex)
        if key not in self.shapes:
            self.shapes[key] = self._line_shape(expr, vertex)
        return self.shapes[key]

    def edge_toward(
        self, var: ir.Variable, gates: ir.InputLayer | None, vertex: Element, direction: str
    ) -> Lin | bool:
        """Whether the edge of the line `var` that leaves `vertex` toward `direction` is used
        (a line shape's test; `VAR toward DIR`, `dslsolve/constructs/toward/`): a gate's side
        on the outline is (`outline_side`)."""
        if direction == self.outline_side(gates, vertex):
            return True
        edges = self.grid.incident_by_direction(var.on, vertex)
        return self.used(var, edges[direction]) if direction in edges else False

    def piece_is(self, expr: ir.LineShape, op: str, symbol: Value, env: Env) -> Value:
        """`piece(VAR) = symbol`: exactly the piece's edges are used. A symbol that is no
        piece is never equal; absent input (not a quoted symbol) leaves no value."""
        if not isinstance(symbol, str):
            return None  # absent input, or a number where a symbol is compared
        vertex, _ = env.target(expr.at)
        edges = self.grid.incident_by_direction(expr.var.on, vertex)
        side = self.outline_side(expr.gates, vertex)
        wanted = DIRECTIONS.get(symbol)
        if wanted is None or not wanted <= {*edges, side} or (side and side not in wanted):
            equal: Value = False
        else:
            used = {d: self.used(expr.var, edge) for d, edge in edges.items()}
            literals = [used[d] if d in wanted else logic.negate(used[d]) for d in used]
            equal = logic.conjunction(self.model, literals)
        if op == "=":
            return equal
        return (not equal) if isinstance(equal, bool) else logic.negate(equal)

    def outline_side(self, gates: ir.InputLayer | None, vertex: Element) -> str | None:
        """The side of `vertex` on the outline if it is one of the `gates` of the path that a
        line forms (docs/language.md §9.12): a used edge, constant 1."""
        if gates is None:
            return None
        if gates not in self.outline:
            value = self.instance.value
            cells = self.grid.cells()
            tokens = {v: t for v in cells if (t := value(gates, v)) is not None}
            self.outline[gates] = self.grid.outline_sides(tokens)
        return self.outline[gates].get(vertex)

    def _line_shape(self, expr: ir.LineShape, vertex: Element) -> Value:
        inner, outer = ("and", "or") if expr.shape == "straight" else ("or", "and")
        parts = []
        for axis in (("left", "right"), ("up", "down")):
            edges = [self.edge_toward(expr.var, expr.gates, vertex, d) for d in axis]
            folded = logic.fold_logic(inner, edges)
            if isinstance(folded, list):
                build = logic.conjunction if inner == "and" else logic.disjunction
                folded = build(self.model, folded)
            parts.append(folded)
        folded = logic.fold_logic(outer, parts)
        if not isinstance(folded, list):
            return folded
        build = logic.conjunction if outer == "and" else logic.disjunction
        return build(self.model, folded)
