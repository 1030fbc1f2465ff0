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

import functools
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, is_dataclass, replace
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

    `per` is the element kind for grid sections, `row`/`column` for list sections and `group`
    for groups sections (one value per group of cells that the puzzle lists).
    `field` is set for the parts of a split token (kakuro's `down` and `across`).
    `lists` marks a grid section split without fields: each token is a list of numbers
    (a tapa clue `1,3`), so the layer has type list.
    """

    name: str
    section: str
    per: str
    field: int | None = None
    sets: tuple[str, ...] = ()  # a table layer: the index sets it is read at (see IndexSet)
    lists: bool = False


@dataclass(frozen=True)
class Largest:
    """The high end of a domain read from each puzzle: the greatest of `terms`, each a number,
    an instance size (`rows`, `columns`, `cells`) or a measure of an input layer on cells,
    `("number", LAYER)` for the largest number it holds (0 when it holds none) and
    `("region", LAYER)` for the most cells that one region of it has (as `each region of
    LAYER` groups them), or `("times", K, TERM)`, K (digits) times a term (`2 * largest
    board`). `text` is how the genre file wrote it."""

    terms: tuple[int | str | tuple, ...]
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Variable:
    """An unknown per element: boolean, an integer with a domain `low..high`, or a symbol
    whose values are the members of the index set `values` (a letter of a word list).

    `high` may name an instance size (`rows`, `columns` or `cells`), as in sudoku's `1..rows`,
    or be read from the puzzle (`Largest`), as in ripple effect's `1..largest region of rooms`.
    A `hidden` unknown is a helper: it is not printed, a second solution need not differ in
    it (`--unique`, `--determined`), and a solution file does not give it; `check` works it
    out from a rule `each KIND: NAME = EXPR` (`Evaluator.derive_missing`).
    """

    name: str
    on: ElementKind
    type: Type
    low: int = 0
    high: int | str | Largest = 1
    sets: tuple[str, ...] = ()  # on index sets (`on: person x item`) instead of grid elements
    values: str | None = None  # type symbol: the index set whose members are its values
    hidden: bool = False


@dataclass(frozen=True)
class IndexSet:
    """A named, finite, ordered set declared in the genre file's `sets:` and filled from a
    table section of the puzzle file: its record numbers (`rows`), its column numbers
    (`columns`), or the distinct tokens it holds (`values`), in reading order."""

    name: str
    source: str  # rows, columns or values
    section: str


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
    """An instance constant: `rows`, `columns`, a measure of the focus group: `size` (its
    number of cells), `width` and `height` (of its bounding box), or `distance` (inside a ray:
    the number of steps from the ray's start to the element)."""

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
class MemberRef:
    """The member of the index set `set` in scope: of an enclosing `each SET` or of an
    aggregate over SET (the innermost)."""

    set: str


@dataclass(frozen=True)
class At:
    """`name(i, j)`: a variable or table layer on index sets, read at the members that the
    index expressions give (one per set, in the declared order)."""

    ref: VarRef | InputRef
    index: tuple[Expr, ...]


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
    """`left op right`. `/` is exact division, only ever a whole side of a comparison with `=`
    or `!=` (`divided`): `a / b = k` holds when b is not 0 and a = k * b."""

    op: str  # one of + - * / ^ %
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Neg:
    arg: Expr


@dataclass(frozen=True)
class Abs:
    """`|arg|` (or `abs(arg)`): the absolute value of a number."""

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


@dataclass(frozen=True)
class LineShape:
    """How the edges of a boolean border or link variable pass through a vertex (a point for
    borders, a cell for links), read at `at`. `straight`: both edges of one axis are used (left
    and right, or up and down); `turns`: an edge of each axis is used (one horizontal and one
    vertical); `piece`: the box-drawing character of the used edges (a symbol such as '┌', see
    `geometry.PIECES`; '' where no edge is used), compared with a symbol or with input.
    `gates` is the gates layer of the rule `var forms path through GATES` (None without one): at
    a gate, the side on the grid's outline counts as a used edge (the path crosses it there)."""

    shape: str  # straight | turns | piece
    var: Variable
    at: Target
    gates: InputLayer | None = None


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
    | Abs
    | Aggregate
    | MemberRef
    | At
    | LineShape
)


# --------------------------------------------------------------------------- element sets


@dataclass(frozen=True)
class GroupMembers:
    """The elements of the focus group (inside `each row`, the cells of that row)."""


@dataclass(frozen=True)
class Around:
    """Elements around an element.

    relation: `neighbours` (orthogonal cells), `diagonals`, `around` (all eight), `ring` (the
    eight positions around a cell as a cycle, clockwise from the top left; `runs` over it wraps
    around and positions off the grid end a run), `sides` (the four borders of a cell),
    `corners` (its four points), `links` (its links to neighbours), `row` and `column` (the
    cell's whole line), `upleft`/`upright`/`downleft`/`downright` (one cell on that diagonal
    side of a cell or a point, or none off the grid).
    """

    relation: str
    of: Target
    via: Variable | None = None  # `neighbours via line`: only those joined by a used link


@dataclass(frozen=True)
class GroupLinks:
    """The links whose two cells both belong to the focus group (`links` inside `each region`)."""


@dataclass(frozen=True)
class Ray:
    """Cells from an element outward in `directions`, each ray stopping before the first cell
    where `until` holds (or at the edge of the grid). The start cell is not included."""

    directions: tuple[str, ...]
    until: Expr | None
    of: Target
    length: int | None = None  # at most this many cells (`next DIR`: the first one only)


@dataclass(frozen=True)
class Offset:
    """`cell at (ROWS, COLUMNS)`: the one cell that many steps down and right of a cell
    (negative: up and left), or no cell where that is off the grid (as `next` at the edge)."""

    rows: int
    columns: int
    of: Target


@dataclass(frozen=True)
class Opposite:
    """`opposite`: the cell point-symmetric to a cell about the centre of the bounding box of
    the group in scope (a room, a row, a box: a group the puzzle decides), or of the grid
    where no group is; no cell where that position is off the grid. For a cell of the group
    it lies in the bounding box, in the group or not."""

    of: Target


@dataclass(frozen=True)
class SetMembers:
    """Every member of a declared index set, in order (`count(item where buys)`)."""

    set: str


@dataclass(frozen=True)
class GroupNeighbours:
    """The cells orthogonally next to the focus group, outside it (`neighbours` of a piece)."""


@dataclass(frozen=True)
class GridCells:
    """`cells`: every cell of the grid, in reading order, wherever the rule reads (at a cell,
    a group, a member of an index set, or a rule of its own): `count(cells where black) = 10`."""


# The core's element sets; a construct adds its own (`area of C`: dslsolve/constructs/area_of)
SetExpr = (
    GroupMembers
    | Around
    | Ray
    | Offset
    | Opposite
    | SetMembers
    | GroupLinks
    | GroupNeighbours
    | GridCells
)


# --------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class Group:
    """What `each` ranges over.

    kind: cell, point, link, row, column, box, window, pair, region, run, segment, area, group,
    piece. A segment is any straight line of two or more consecutive cells in a row or a column.
    `size` is (height, width) for box and window (None for box: square root of the grid);
    `section` names the input layer whose equal values form regions, or the groups section
    whose groups `group` ranges over; `of` is the cell condition whose maximal runs (run) or
    connected components (area) are the groups. For `piece`, `of` is a `VarRef` at the focus: a
    boolean variable on borders (walls: the pieces are the parts of the grid that the walls cut
    apart) or a variable on cells (the pieces are the maximal connected sets of cells with equal
    values).
    """

    kind: str
    size: tuple[int, int] | None = None
    section: InputLayer | None = None
    of: Expr | None = None
    set: str | None = None  # kind `set`: the members of this declared index set
    reverse: bool = False  # `each row from right`, `each column from bottom`: cells in reverse
    # `each area of C within W`: cells are joined only inside one region of the grid section W
    within: InputLayer | None = None


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


# a rule's body: one of these, or a construct's rule node (`dslsolve.constructs`, `RULE_SYNTAX`)
RuleBody = Each | Holds


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
    repeated: frozenset[Expr] = frozenset()  # `repeated(body)`, worked out when loaded
    # follows from the other rules, and is stated to help the solver (MiniZinc's
    # `implied_constraint`): compiled and checked like any rule
    implied: bool = False


@dataclass(frozen=True)
class Genre:
    name: str
    title: str
    description: str
    layers: tuple[InputLayer, ...]
    variables: tuple[Variable, ...]
    rules: tuple[Rule, ...]
    sets: tuple[IndexSet, ...] = ()
    sections: tuple[Section, ...] = ()  # the input schema: how a puzzle file is read
    output: OutputSpec | SetOutput | None = None  # how a solution is printed
    answer: Answer | None = None  # the unknowns a solution consists of (`dslsolve/answer.py`)
    # the genre file's own default lowerings (`formulation:`), (construct, choice) pairs; the
    # command line's `--formulation` overrides them per construct (`formulations.py`)
    formulation: tuple[tuple[str, str], ...] = ()
    # the same for one backend only (`formulation: {cpsat: {...}}`): (backend, construct,
    # choice), over `formulation` when that backend solves
    backend_formulation: tuple[tuple[str, str, str], ...] = ()


def rewrite(node: object, replacement: Callable[[object], object | None]) -> object:
    """`node` with every node for which `replacement` gives something replaced by it, depth
    first; variables and input layers are leaves."""
    new = replacement(node)
    if new is not None:
        return new
    if isinstance(node, tuple):
        return tuple(rewrite(item, replacement) for item in node)
    if not is_dataclass(node) or isinstance(node, Variable | InputLayer):
        return node
    changes = {f.name: rewrite(getattr(node, f.name), replacement) for f in fields(node)}
    return replace(node, **changes)


def walk(node: object) -> Iterator[object]:
    """Every IR node inside `node` (itself included), depth first, left to right."""
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, tuple):
            stack.extend(reversed(node))
            continue
        names = field_names(type(node))
        if names is None:
            continue
        yield node
        stack.extend(getattr(node, name) for name in reversed(names))


def reads_unknowns(node: object) -> bool:
    """Does anything in `node` depend on the unknowns? A variable is read by a `VarRef`, but
    also by a line shape (`turns(line)`) and by a set joined through a variable
    (`neighbours via line`): every one of them holds the `Variable` itself."""
    return any(type(inner) is Variable for inner in walk(node))


@functools.cache
def field_names(kind: type) -> tuple[str, ...] | None:
    """The fields of an IR node type (None for anything else): looked up once per type, as
    `dataclasses.fields` is slow for walks that run at every compile."""
    return tuple(f.name for f in fields(kind)) if is_dataclass(kind) else None


def memoised(function: Callable[[object], object]) -> Callable[[object], object]:
    """`function` of one IR object, worked out once per object while it lives. The object
    is known by its identity: hashing a frozen IR tree would walk all of it at every call."""
    values: dict[int, object] = {}

    @functools.wraps(function)
    def once(node: object) -> object:
        key = id(node)
        if key not in values:
            values[key] = function(node)
            weakref.finalize(node, values.pop, key, None)
        return values[key]

    return once


GRID_KINDS = frozenset(kind.value for kind in ElementKind)


def reads_grid_at_focus(expr: InputRef | TokenTest) -> bool:
    """Is this puzzle input read from a grid section at the focus element? (The reads that
    the compiler and the evaluator both make at nearly every element, so both prepare them
    once into a plain lookup.)"""
    ref = expr.ref if isinstance(expr, TokenTest) else expr
    return (
        type(ref) is InputRef
        and not ref.layer.sets
        and ref.layer.per in GRID_KINDS
        and type(ref.at) is Focus
    )


@memoised
def reads_only_focus(expr: Expr) -> bool:
    """Does `expr` read nothing but grid unknowns and grid input at the focus element (through
    logic, comparison and arithmetic)? Its value at an element is then the same in every
    group and every scope: a loop over many groups of the same cells (every segment of a grid)
    may work it out once per cell."""
    kind = type(expr)
    if kind in (Num, Sym):
        return True
    if kind is VarRef:
        return not expr.var.sets and type(expr.at) is Focus
    if kind in (InputRef, TokenTest):
        return reads_grid_at_focus(expr)
    if kind in (Not, Neg, Abs):
        return reads_only_focus(expr.arg)
    if kind in (And, Or):
        return all(map(reads_only_focus, expr.args))
    if kind in (Compare, Arith):
        return reads_only_focus(expr.left) and reads_only_focus(expr.right)
    return False


NUMBER_AGGREGATES = frozenset({"count", "sum", "records", "changes", "product"})


def is_number(expr: Expr) -> bool:
    """Is `expr` a number whatever the input and the unknowns are (a count, a sum, arithmetic)?
    Compared with a symbol or absent input it has no value, so the compiler and the evaluator
    need not work it out there (akari's count at a wall without a number)."""
    if isinstance(expr, Aggregate):
        return expr.func in NUMBER_AGGREGATES
    return isinstance(expr, Num | Arith | Neg | Abs)


def divided(expr: Compare) -> tuple[Arith, Expr] | None:
    """For a comparison `A / B op K` (either way round): the division and the other side."""
    for side, other in ((expr.left, expr.right), (expr.right, expr.left)):
        if type(side) is Arith and side.op == "/":
            return side, other
    return None


# Expressions worth working out once per element when they occur more than once in a rule:
# a define used several times (shakashaka's sectors) is copied into each place it is used.
_WORTH_SHARING = (Not, And, Or, Implies, Compare, Arith, Neg, Abs, Aggregate)


def _scopes(body: object) -> Iterator[list[object]]:
    """The nodes of `body` grouped by the element they are read at: the rule's own, and for
    each aggregate its members' (its filter and value) and its set's (a ray's stop, read at
    each cell of the ray). Only within a group can a repeated expression be read twice at the
    same element."""
    pending = [body]
    while pending:
        group: list[object] = []
        stack = [pending.pop()]
        while stack:
            node = stack.pop()
            if isinstance(node, tuple):
                stack.extend(reversed(node))
                continue
            if not hasattr(node, "__dataclass_fields__"):
                continue
            group.append(node)
            if isinstance(node, Aggregate):
                pending.append((node.filter, node.value))
                pending.append(node.over)
                continue
            stack.extend(getattr(node, name) for name in reversed(field_names(type(node))))
        yield group


def repeated(body: object) -> frozenset[Expr]:
    """The compound expressions that occur more than once among the nodes of `body` read at
    one element (`_scopes`), compared by value. Each has one value there, so the compiler and
    the evaluator may work it out once (`occurrences`)."""
    found: set[Expr] = set()
    for group in _scopes(body):
        seen: set[Expr] = set()
        for part in group:
            if isinstance(part, _WORTH_SHARING):
                (found if part in seen else seen).add(part)
    return frozenset(found)


@memoised
def occurrences(rule: Rule) -> dict[int, int]:
    """id of each node of the rule's body that repeats an expression read at the same
    element -> the number of its value: nodes with one number have one value there. Worked
    out once per rule (the ids stay those of its nodes while it lives); not to be changed."""
    if not rule.repeated:
        return {}
    numbers: dict[Expr, int] = {}
    found: dict[int, int] = {}
    for group in _scopes(rule.body):
        parts = [p for p in group if isinstance(p, _WORTH_SHARING) and p in rule.repeated]
        counts: dict[Expr, int] = {}
        for part in parts:
            counts[part] = counts.get(part, 0) + 1
        for part in parts:
            if counts[part] > 1:
                found[id(part)] = numbers.setdefault(part, len(numbers))
    return found


# The input schema and the output spec: how a puzzle is read and a solution printed.


@dataclass(frozen=True)
class GridSection:
    """A grid of tokens, one per cell (or per point, or per link).

    A token is `.` (empty), a number, or one of `symbols` (`symbols: any` accepts every token:
    region labels); `split` cuts a token into `fields`
    (kakuro's `16\\23` is down 16, across 23), each part a number or empty. `split` without
    `fields` makes every numeric token a list of numbers (`1,3`; `5` is the list of one number).
    A section on links is the between-cell drawing of (2R-1) x (2C-1) tokens; `cells` names
    the layer read from its cell positions (futoshiki's givens beside its signs), `points`
    the layer read from its corners (the points inside the grid: tentaisho's stars).
    """

    name: str
    on: ElementKind
    symbols: tuple[str, ...] = ()
    split: str | None = None
    fields: tuple[str, ...] = ()
    cells: str | None = None
    points: str | None = None

    @property
    def lists(self) -> bool:
        return self.split is not None and not self.fields


@dataclass(frozen=True)
class ListSection:
    """One entry per row or per column: a list of numbers."""

    name: str
    per: str


@dataclass(frozen=True)
class GroupsSection:
    """One line per group of cells, given by the puzzle (stained glass's circles): the group's
    value (a number or one of `symbols`), then the labels of its members, which are the cells
    whose token in the grid section `of` is one of those labels."""

    name: str
    of: str
    symbols: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableSection:
    """Records, one per line, each cut into tokens: at `delimiter` (a string such as ','),
    at white space (`spaces`), or one token per character (`chars`). With `align: right` the
    shorter records are padded on the left (the columns of a sum). A line made only of the
    `separator` character is a rule line between blocks; `block` names the layer holding each
    record's block number. `fields` name the first columns as layers per record; with
    `rest: chars` the text after them is cut into one token per character (a word). A
    `default` is read where a puzzle file leaves the section out (star battle's one star)."""

    name: str
    delimiter: str = "spaces"
    align: str = "left"
    separator: str | None = None
    block: str | None = None
    fields: tuple[str, ...] = ()
    rest: str | None = None
    default: str | None = None  # the section's text where a puzzle leaves it out


Section = GridSection | ListSection | GroupsSection | TableSection


@dataclass(frozen=True)
class OutputCase:
    """One line of `output.cell`: print `symbol`, or the value of `show`, where `when` holds."""

    when: Expr | None
    show: Expr | None
    symbol: str | None
    links: Variable | None = None  # print the cell's used links of this variable as a piece


@dataclass(frozen=True)
class SetShow:
    """One token of a `lines:` output: the member of `set` in scope, (with `where`) the
    member of `set` where the condition holds (`item where buys`; with `every`, all of them
    joined by commas: `every q where seg`), or (with `value`) a variable on the `lines` set."""

    set: str | None
    where: Expr | None
    value: VarRef | None = None
    every: bool = False


@dataclass(frozen=True)
class SetOutput:
    """`output: {lines: SET, ...}`: one line per member of SET, with either one token per
    member of `tokens` (printed by the `cell` cases) or the tokens listed in `show`. When SET
    is the records of a table with rule lines, the rule lines are printed between the blocks."""

    lines: str
    tokens: str | None
    cell: tuple[OutputCase, ...]
    show: tuple[SetShow, ...]


@dataclass(frozen=True)
class OutputSpec:
    cell: tuple[OutputCase, ...]
    edges: Variable | None  # a border or link variable: print a drawing instead of tokens


@dataclass(frozen=True)
class AnswerCase:
    """An output case of a grid as the answer reads it (`dslsolve/answer.py`). `guard`: the
    conjuncts of its `when` that test the puzzle, each with the truth it needs (decided before
    solving); `literals`: those that test unknowns as literals, as (unknown, value, truth);
    `reads`: the unknowns the case shows at its cell, in order; `unread`: the answer's unknowns
    on cells whose value a token of this case does not show (a reader of the token takes the
    lowest value); `derived`: the other conjuncts on unknowns."""

    case: OutputCase
    guard: tuple[tuple[Expr, int], ...]
    literals: tuple[tuple[Variable, int | str, int], ...]
    reads: tuple[Variable, ...]
    unread: tuple[Variable, ...]
    # the other conjuncts on unknowns (beside a literal), each with the truth it needs: they
    # choose the token (`ship and any(next right where ship)`), read in the solution
    derived: tuple[tuple[Expr, int], ...] = ()


@dataclass(frozen=True)
class Answer:
    """What a solution of the genre consists of, declared when the genre loads: `variables`,
    its unknowns but the hidden ones. A grid output adds `edges` (every element of it belongs to
    the answer) and `cases`, which say at each cell which unknowns the answer holds there;
    `blank` is what a cell that no case prints leaves unread. A `lines:` output holds every
    value of `variables` on their index sets."""

    variables: tuple[Variable, ...]
    edges: Variable | None = None
    cases: tuple[AnswerCase, ...] = ()
    blank: tuple[Variable, ...] = ()
