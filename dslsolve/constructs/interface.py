"""What a construct may use of the stages that call it, declared as Protocols: the checker
(for `syntax.py`), the evaluator (for `meaning.py`), the compiler's expression lowerer and
rule compiler (for `lowering.py`).

A construct's modules type their parameters with these and import none of the concrete
classes (`dslsolve.dsl.checker`, `dslsolve.evaluator`, `dslsolve.compiler.rules`,
`dslsolve.compiler.expressions`: `tests/test_imports.py` holds them to it), so there is no
loop compiler -> registry -> construct -> compiler; the concrete classes match these by
shape. A construct that needs more of a stage declares it here first, which keeps in view
what the stages owe the constructs. Beyond these, a `syntax.py` may import `ir` and the parse
`Node`, a `meaning.py` `grounding`, `geometry`, `instance`, `ir` and `violation`, a
`lowering.py` the lowerings library and `compiler.model`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pulp

    from dslsolve import ir
    from dslsolve.compiler.model import Lin, LinearModel, Reason, Value
    from dslsolve.dsl.parser import Node
    from dslsolve.errors import DslError
    from dslsolve.geometry import Env, Grid, Grouping
    from dslsolve.instance import Element, Instance

# ---------------------------------------------------------------- the checker (syntax.py)


class Focus(Protocol):
    """What a rule reads at: an element of a kind, or (`element` None) a group of cells."""

    element: ir.ElementKind | None
    group: str | None  # the group kind when `element` is None
    sets: tuple[str, ...]  # the index sets whose member is in scope


class Checked(Protocol):
    """A checked expression: its IR, its type, whether it depends on the input only."""

    expr: ir.Expr
    type: ir.Type
    static: bool


class Scope(Protocol):
    """The names of one genre file."""

    layers: dict[str, ir.InputLayer]
    variables: dict[str, ir.Variable]
    sets: dict[str, ir.IndexSet]
    gates: dict[str, tuple[str, ...]]  # variable -> the gates of its `path through` rules
    directed: frozenset[str]  # the variables of `VAR forms directed loop` rules


class EachScope(Protocol):
    """The innermost `each` whose body is being checked."""

    group: ir.Group
    nested: bool  # the `each` is itself in the body of another `each`
    where: Node | None
    where_static: bool  # the `where` (if any) depends on the input only


class Checker(Protocol):
    scope: Scope
    binders: dict[str, ir.ElementKind]  # the names of `each ... as NAME`
    each_scope: EachScope | None

    def error(self, node: Node | None, message: str, hint: str | None = None) -> DslError: ...

    def unknown(self, node: Node, name: str, what: str = "name") -> DslError: ...

    def own_rule(self, node: Node, what: str | None = None) -> DslError: ...

    def expr(self, node: Node, focus: Focus) -> Checked: ...

    def expect(self, node: Node, checked: Checked, *types: ir.Type) -> None: ...

    def cell_condition(
        self, node: Node, group: Focus | None = None, kind: ir.ElementKind = ...
    ) -> ir.Expr: ...

    def cell_value(self, node: Node) -> tuple[ir.Expr, ir.Type]: ...

    def element_set(self, node: Node, focus: Focus) -> tuple[ir.SetExpr, Focus, Node | None]: ...

    def group_members(self, node: Node, focus: Focus, func: str) -> tuple[ir.SetExpr, Focus]: ...

    def set_static(self, over: ir.SetExpr) -> bool: ...

    def set_start(
        self, node: Node, focus: Focus, of_name: str | None
    ) -> tuple[ir.ElementKind, ir.Target]: ...

    def cell_focus(self, focus: Focus) -> Focus: ...

    def input_section(
        self, node: Node, name: str, per: ir.ElementKind, hint: str
    ) -> ir.InputLayer: ...

    def table_section(self, node: Node, hint: str) -> ir.InputLayer: ...

    def line_variable(
        self, node: Node, name: str, what: str, boolean: bool = False
    ) -> ir.Variable: ...

    def link_variable(self, node: Node, name: str, what: str) -> ir.Variable: ...

    def line_at_vertex(
        self, node: Node, name: str, what: str, focus: Focus
    ) -> tuple[ir.Variable, ir.InputLayer | None]: ...


# ---------------------------------------------------------------- the evaluator (meaning.py)


class Evaluator(Protocol):
    instance: Instance
    grid: Grid
    values: dict[str, dict[Element, int]]  # the answer: variable -> element -> value
    memo: dict[object, object]  # what a construct works out once per answer

    def expr(self, expr: ir.Expr, env: Env) -> Any: ...

    def function(self, expr: ir.Expr) -> Callable[[Env], Any]: ...

    def number(self, expr: ir.Expr, env: Env) -> Any: ...

    def members(self, over: ir.SetExpr, env: Env) -> list[Env]: ...

    def pieces(self, var: ir.Variable) -> list[Grouping]: ...

    def areas(
        self,
        cond: ir.Expr,
        env: Env,
        relation: str = "neighbours",
        within: ir.InputLayer | None = None,
    ) -> list[Grouping]: ...

    def instances(self, each: ir.Each, env: Env) -> list[Env]: ...

    def involved(self, env: Env) -> tuple[str, ...]: ...

    def used_sides(
        self, var: ir.Variable, gates: ir.InputLayer | None, vertex: Element
    ) -> set[str]: ...


# ---------------------------------------------------------------- the compiler (lowering.py)

Member = tuple["Env", "Lin | bool"]  # an element of a set, and whether it is in the set


class Lowerer(Protocol):
    """The lowering of expressions to values of the model (a constant or a `Lin`)."""

    instance: Instance
    grid: Grid
    model: LinearModel
    shapes: dict[tuple, Value]  # the literals of line shapes, by shape, variable and vertex
    memo: dict[object, object]  # what a construct works out once per compile

    def lower(self, expr: ir.Expr, env: Env) -> Value: ...

    def boolean(self, expr: ir.Expr, env: Env) -> Value: ...

    def number(self, expr: ir.Expr, env: Env) -> Value: ...

    def condition(self, expr: ir.Expr) -> Callable[[Env], Value]: ...

    def members(self, over: ir.SetExpr, env: Env) -> list[Member]: ...

    def filtered(self, expr: Any, env: Env) -> list[Member]:
        """The members of an aggregate's set (`expr.over`) where its filter holds."""

    def any_of(self, memberships: list[Value]) -> Value: ...

    def compare_numbers(self, op: str, left: Value, right: Value) -> Value: ...

    def binaries(self, var: ir.Variable) -> dict[Element, pulp.LpVariable]: ...

    def used(self, var: ir.Variable, edge: Element) -> Lin: ...

    def edge_toward(
        self, var: ir.Variable, gates: ir.InputLayer | None, vertex: Element, direction: str
    ) -> Lin | bool: ...


class RuleCompiler(Protocol):
    """The compiler of whole rules, for a construct that is a rule body or an `each`."""

    lower: Lowerer
    grid: Grid
    model: LinearModel
    connected_sets: list  # (chosen, edges) of each `connected` rule, for `both_sides`

    def given_holds(self, cond: ir.Expr) -> Callable[[Env], Value]: ...

    def why(self, rule: ir.Rule, env: Env) -> Reason: ...
