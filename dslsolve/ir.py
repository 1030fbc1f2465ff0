"""The intermediate representation: the contract between the language and everything after it.

The checker (`dslsolve.dsl.checker`) produces these nodes from the parse tree with every name
resolved; the compiler lowers them to a linear model and the evaluator interprets them directly
on a full assignment. Nothing here knows about solvers or about particular genres.

Rules are *not grounded*: `Each(group=Group("row"), ...)` means every row of whatever instance the
rule is applied to. Grounding (which cells make row 3) lives in `dslsolve.geometry`.

Element kinds: a rule talks about *elements* of four kinds, `cell`, `point` (a lattice corner),
`border` (an edge between two lattice points, i.e. a side of a cell) and `link` (an edge between
the centres of two orthogonally adjacent cells). Per-element values (variables, input layers)
are looked up at a `Target`: the innermost element being iterated (`Focus`) or a named one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields
from enum import StrEnum


class ElementKind(StrEnum):
    CELL = "cell"
    POINT = "point"
    BORDER = "border"
    LINK = "link"


class Type(StrEnum):
    BOOL = "bool"
    INT = "int"
    SYMBOL = "symbol"
    LIST = "list"


# --------------------------------------------------------------------------- declarations


@dataclass(frozen=True)
class InputLayer:
    """A per-element value read from a puzzle-file section (a grid cell's token or a list entry).

    `per` is the element kind for grid sections and `row`/`column` for list sections.
    `field` is set for the parts of a split token (kakuro's `down` and `across`).
    """

    name: str
    section: str
    per: str
    field: int | None = None


@dataclass(frozen=True)
class Variable:
    """An unknown per element: boolean, or an integer with a domain `low..high`.

    `high` may name an instance size (`rows` or `columns`), as in sudoku's `1..rows`.
    """

    name: str
    on: ElementKind
    type: Type
    low: int = 0
    high: int | str = 1


# --------------------------------------------------------------------------- targets


@dataclass(frozen=True)
class Focus:
    """The innermost element: of the enclosing aggregate, or else of the enclosing `each`."""


@dataclass(frozen=True)
class Bound:
    """An element named with `each ... as NAME`."""

    name: str


Target = Focus | Bound


# --------------------------------------------------------------------------- expressions


@dataclass(frozen=True)
class Num:
    value: int


@dataclass(frozen=True)
class Sym:
    """A symbol literal such as `'#'`, compared with input tokens."""

    value: str


@dataclass(frozen=True)
class Param:
    """An instance constant: `rows`, `columns`, `size` (the number of cells of the focus set),
    or `distance` (inside a ray: the number of steps from the ray's start to the element)."""

    name: str


@dataclass(frozen=True)
class VarRef:
    var: Variable
    at: Target


@dataclass(frozen=True)
class InputRef:
    layer: InputLayer
    at: Target


@dataclass(frozen=True)
class TokenTest:
    """`layer is given|empty|number`: a test that never makes a rule vacuous."""

    ref: InputRef
    test: str


@dataclass(frozen=True)
class Not:
    arg: Expr


@dataclass(frozen=True)
class And:
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Or:
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Implies:
    premise: Expr
    conclusion: Expr


@dataclass(frozen=True)
class Compare:
    op: str  # one of = != < <= > >=
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Arith:
    op: str  # one of + - *
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Neg:
    arg: Expr


@dataclass(frozen=True)
class Aggregate:
    """`func(value of over where filter)`.

    func: count, sum, alldifferent, all, any, runs, changes, records, product. `value` is None
    for count. For
    count, all and any, `filter` carries the condition. The value and the filter are evaluated
    with the set's element as the focus. `runs` yields the list of lengths of the maximal runs
    of elements (in the set's order) where `value` holds; `changes` counts the neighbouring
    elements (in the set's order) whose values differ, such as room borders along a segment;
    `records` counts the strict running maxima (an element greater than every element before
    it in the set's order: the buildings seen from the start of a line); `product` multiplies.
    """

    func: str
    value: Expr | None
    over: SetExpr
    filter: Expr | None


Expr = (
    Num
    | Sym
    | Param
    | VarRef
    | InputRef
    | TokenTest
    | Not
    | And
    | Or
    | Implies
    | Compare
    | Arith
    | Neg
    | Aggregate
)


# --------------------------------------------------------------------------- element sets


@dataclass(frozen=True)
class GroupMembers:
    """The elements of the focus group (inside `each row`, the cells of that row)."""


@dataclass(frozen=True)
class Around:
    """Elements around an element.

    relation: `neighbours` (orthogonal cells), `diagonals`, `around` (all eight), `sides` (the
    four borders of a cell), `corners` (its four points), `links` (its links to neighbours),
    `row` and `column` (the cell's whole line).
    """

    relation: str
    of: Target


@dataclass(frozen=True)
class Ray:
    """Cells from an element outward in `directions`, each ray stopping before the first cell
    where `until` holds (or at the edge of the grid). The start cell is not included."""

    directions: tuple[str, ...]
    until: Expr | None
    of: Target


SetExpr = GroupMembers | Around | Ray


# --------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class Group:
    """What `each` ranges over.

    kind: cell, point, link, row, column, box, window, pair, region, run, segment, area. A segment
    is any straight line of two or more consecutive cells in a row or a column.
    `size` is (height, width) for box and window (None for box: square root of the grid);
    `section` names the input layer whose equal values form regions; `of` is the cell condition
    whose maximal runs (run) or connected components (area) are the groups.
    """

    kind: str
    size: tuple[int, int] | None = None
    section: InputLayer | None = None
    of: Expr | None = None
    reverse: bool = False  # `each row from right`, `each column from bottom`: cells in reverse


@dataclass(frozen=True)
class Each:
    """`each GROUP [as NAME] [where COND]: BODY`. `ends` names the two cells of `each link as
    (a, b)`: the left (upper) cell first, the right (lower) one second."""

    group: Group
    binder: str | None
    where: Expr | None
    body: RuleBody
    ends: tuple[str, str] | None = None


@dataclass(frozen=True)
class Holds:
    """A boolean expression that must be true."""

    expr: Expr


@dataclass(frozen=True)
class Connected:
    """The cells where `cond` holds form one orthogonally connected set (or none at all)."""

    cond: Expr


@dataclass(frozen=True)
class SingleLoop:
    """The edges (borders or links) where the boolean `var` is true form exactly one cycle:
    every vertex has degree 0 or 2 and the used edges are connected."""

    var: Variable


RuleBody = Each | Holds | Connected | SingleLoop


@dataclass(frozen=True)
class Origin:
    file: str
    line: int
    column: int


@dataclass(frozen=True)
class Rule:
    text: str
    origin: Origin
    body: RuleBody


@dataclass(frozen=True)
class Genre:
    name: str
    title: str
    description: str
    layers: tuple[InputLayer, ...]
    variables: tuple[Variable, ...]
    rules: tuple[Rule, ...]


def walk(node: object) -> Iterator[object]:
    """Every IR node inside `node` (itself included), depth first."""
    if isinstance(node, tuple):
        for item in node:
            yield from walk(item)
        return
    if not hasattr(node, "__dataclass_fields__"):
        return
    yield node
    for field in fields(node):
        yield from walk(getattr(node, field.name))
