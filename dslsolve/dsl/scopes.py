"""What the checker carries while it walks a rule (`dslsolve.dsl.checker`): the focus, the
names of a genre file, the innermost `each`, a checked expression."""

from __future__ import annotations

from dataclasses import dataclass, field

from dslsolve import ir
from dslsolve.dsl.parser import Node
from dslsolve.errors import Location

# What `each <kind>` ranges over: an element of a kind, or a set of cells.
ELEMENT_GROUPS = {
    "cell": ir.ElementKind.CELL,
    "point": ir.ElementKind.POINT,
    "link": ir.ElementKind.LINK,
}

PARAMS = ("rows", "columns")

MEASURES = ("width", "height")  # of the focus group's bounding box, like `size`


class NeedsElementFocus(Exception):
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
    # the variables of `VAR forms directed loop` rules (`directed_lines`)
    directed: frozenset[str] = frozenset()

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
class Checked:
    expr: ir.Expr
    type: ir.Type
    static: bool  # depends on input only, never on a variable


def article(noun: str) -> str:
    """The noun with its indefinite article: 'a row', 'an area'."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"
