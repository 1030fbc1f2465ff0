"""The square grid: its elements, how they relate, and the static groups `each` ranges over.

Shared by the compiler and the evaluator: this is *what* a row or a ray is, never *how* a rule
about it is lowered. Coordinates are 0-based (row, column); messages print them 1-based.

Elements: a cell `(r, c)`; a point `(r, c)` with 0 <= r <= rows, 0 <= c <= columns; a border
`("h", r, c)` from point (r, c) to (r, c+1) or `("v", r, c)` from point (r, c) to (r+1, c); a
link `("h", r, c)` from cell (r, c) to (r, c+1) or `("v", r, c)` from cell (r, c) to (r+1, c).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from dslsolve import ir
from dslsolve.instance import Element, Instance

# (focus kind, relation) -> kind of the related elements.
RELATIONS: dict[tuple[ir.ElementKind, str], ir.ElementKind] = {
    (ir.ElementKind.CELL, "neighbours"): ir.ElementKind.CELL,
    (ir.ElementKind.CELL, "diagonals"): ir.ElementKind.CELL,
    (ir.ElementKind.CELL, "around"): ir.ElementKind.CELL,
    (ir.ElementKind.CELL, "ring"): ir.ElementKind.CELL,
    (ir.ElementKind.CELL, "row"): ir.ElementKind.CELL,
    (ir.ElementKind.CELL, "column"): ir.ElementKind.CELL,
    (ir.ElementKind.CELL, "sides"): ir.ElementKind.BORDER,
    (ir.ElementKind.CELL, "corners"): ir.ElementKind.POINT,
    (ir.ElementKind.CELL, "links"): ir.ElementKind.LINK,
    (ir.ElementKind.POINT, "around"): ir.ElementKind.CELL,
    (ir.ElementKind.POINT, "sides"): ir.ElementKind.BORDER,
    **{
        (kind, quadrant): ir.ElementKind.CELL
        for kind in (ir.ElementKind.CELL, ir.ElementKind.POINT)
        for quadrant in ("upleft", "upright", "downleft", "downright")
    },
}

# The one cell towards a diagonal direction: (row, column) offsets from a cell (its diagonal
# neighbour) and from a point (the cell that has the point as a corner on that side).
QUADRANT_OFFSETS: dict[ir.ElementKind, dict[str, tuple[int, int]]] = {
    ir.ElementKind.CELL: {
        "upleft": (-1, -1),
        "upright": (-1, 1),
        "downleft": (1, -1),
        "downright": (1, 1),
    },
    ir.ElementKind.POINT: {
        "upleft": (-1, -1),
        "upright": (-1, 0),
        "downleft": (0, -1),
        "downright": (0, 0),
    },
}

# A direction read from the input (`toward arrow`): an arrow, a letter or a word.
# A direction written in the puzzle: an arrow, a letter or a word, and the direction it names.
DIRECTION_TOKENS: dict[str, str] = {
    **dict.fromkeys(("↑", "U", "up"), "up"),
    **dict.fromkeys(("↓", "D", "down"), "down"),
    **dict.fromkeys(("←", "L", "left"), "left"),
    **dict.fromkeys(("→", "R", "right"), "right"),
}
STEPS: dict[str, tuple[int, int]] = {
    "up": (-1, 0),
    "down": (1, 0),
    "left": (0, -1),
    "right": (0, 1),
}


def way(token: object) -> tuple[int, int]:
    """The (row, column) step of a direction token; an unknown token is an error in the puzzle."""
    if not isinstance(token, str) or token not in DIRECTION_TOKENS:
        raise GeometryError(f"'{token}' is not a direction: use ← ↑ → ↓, L U R D or left ...")
    return STEPS[DIRECTION_TOKENS[token]]


# Relations whose elements form a cycle, in order: `runs` over them wraps around.
CYCLIC_RELATIONS = frozenset({"ring"})

# direction -> (axis, row step, column step) of the edge that leaves a vertex (a cell, whose
# edges are links, or a point, whose edges are borders) that way: link ('h', r, c) joins cell
# (r, c) to (r, c + 1), ('v', r, c) joins it to (r + 1, c); borders between points alike
EDGE_STEPS = {"up": ("v", -1, 0), "left": ("h", 0, -1), "right": ("h", 0, 0), "down": ("v", 0, 0)}


def edge_toward(vertex: Element, direction: str) -> Element:
    """The edge that leaves `vertex` toward `direction`, in the grid or not."""
    axis, dr, dc = EDGE_STEPS[direction]
    return (axis, vertex[0] + dr, vertex[1] + dc)


# The eight positions around a cell, clockwise from the top-left corner.
RING_OFFSETS = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))


# The piece of a vertex: a box-drawing character per set of directions of its used edges
# (`links:` in the output, `piece(VAR)` in rules).
PIECES: dict[frozenset[str], str] = {
    frozenset(directions.split()): piece
    for directions, piece in (
        ("left right", "─"),
        ("up down", "│"),
        ("right down", "┌"),
        ("left down", "┐"),
        ("up right", "└"),
        ("up left", "┘"),
        ("left", "╴"),
        ("right", "╶"),
        ("up", "╵"),
        ("down", "╷"),
        ("left right down", "┬"),
        ("up left right", "┴"),
        ("up right down", "├"),
        ("up left down", "┤"),
        ("up left right down", "┼"),
    )
}
DIRECTIONS = {piece: directions for directions, piece in PIECES.items()}


# Direction symbols of an input layer (yajilin's arrows, hotaru beam's dots) and the direction
# of `Grid.incident_by_direction` each names.
def cell_name(cell: Element) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def element_name(kind: ir.ElementKind, element: Element) -> str:
    if kind == ir.ElementKind.CELL:
        return cell_name(element)
    if kind == ir.ElementKind.POINT:
        return f"point {element[0] + 1},{element[1] + 1}"
    axis, r, c = element
    if kind == ir.ElementKind.BORDER:
        return f"border {'above' if axis == 'h' else 'left of'} {cell_name((r, c))}"
    other = (r, c + 1) if axis == "h" else (r + 1, c)
    return f"link {cell_name((r, c))}-{cell_name(other)}"


class GeometryError(ValueError):
    """A group that this grid does not have (the boxes of a 7x7 grid, say)."""


@dataclass(frozen=True)
class Grouping:
    """One group of `each`: its cells in order, a label for messages, and its index: the row
    or column (for list sections given per row or per column), or the group's line (for a
    groups section)."""

    label: str
    cells: tuple[Element, ...]
    index: int | None = None

    def measure(self, name: str) -> int:
        """`size` (the number of cells), `width` or `height` (of the bounding box)."""
        if name == "size":
            return len(self.cells)
        axis = 1 if name == "width" else 0
        values = [cell[axis] for cell in self.cells]
        return max(values) - min(values) + 1


@dataclass(slots=True)
class Env:
    """Where a rule is being read: the focus element (and its kind), the enclosing group, and
    the elements named with `each ... as NAME`. Shared by the compiler and the evaluator."""

    element: Element | None
    kind: ir.ElementKind | None
    group: Grouping | None
    bound: dict[str, tuple[Element, ir.ElementKind]] = field(default_factory=dict)
    distance: int | None = None  # steps from the start of the ray this element belongs to

    def at(self, element: Element, kind: ir.ElementKind) -> Env:
        return Env(element, kind, self.group, self.bound)

    def target(self, at: ir.Target) -> tuple[Element, ir.ElementKind]:
        if isinstance(at, ir.Bound):
            return self.bound[at.name]
        return self.element, self.kind

    def param(self, name: str, instance: Instance) -> object:
        """The value of `ir.Param` `name` here: `distance` along the ray, a measure of the
        group (`size`, `width`, `height`), else the puzzle's (`rows`, `columns`, `cells`)."""
        if name == "distance":
            return self.distance
        if name in ("size", "width", "height"):
            return self.group.measure(name)
        return instance.param(name)


class PerCell(dict):
    """Cell -> the value of a function of the focus element (`ir.reads_only_focus`) there,
    worked out when first asked: a loop over many groups of the same cells reads it once per
    cell. Shared by the compiler and the evaluator as `Env` is; what the function computes is
    each one's own."""

    def __init__(self, function: Callable[[Env], object]) -> None:
        super().__init__()
        self.function = function

    def __missing__(self, cell: Element) -> object:
        value = self[cell] = self.function(Env(cell, ir.ElementKind.CELL, None))
        return value


def vertex_kind(edges: ir.ElementKind) -> ir.ElementKind:
    """The ends of borders are points, the ends of links are cells."""
    return ir.ElementKind.POINT if edges == ir.ElementKind.BORDER else ir.ElementKind.CELL


@functools.lru_cache(maxsize=16)
def grid_of(rows: int, columns: int) -> Grid:
    """The grid of this size, one per size: the compiler, the evaluator and the output share
    it, so what it caches (the rays) is worked out once."""
    return Grid(rows, columns)


class Grid:
    def __init__(self, rows: int, columns: int) -> None:
        self.rows = rows
        self.columns = columns
        # a cell's neighbours, found once: the piece and shape enumerations ask for them
        # hundreds of thousands of times (fillomino 735_14x14: 660k calls, half its compile)
        self._neighbours: dict[Element, tuple[Element, ...]] = {}
        self._rays: dict[tuple[Element, str], tuple[Element, ...]] = {}  # worked out once

    # ------------------------------------------------------------------ elements

    def inside(self, cell: Element) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.columns

    def cells(self) -> list[Element]:
        return [(r, c) for r in range(self.rows) for c in range(self.columns)]

    def points(self) -> list[Element]:
        return [(r, c) for r in range(self.rows + 1) for c in range(self.columns + 1)]

    def borders(self) -> list[Element]:
        horizontal = [("h", r, c) for r in range(self.rows + 1) for c in range(self.columns)]
        vertical = [("v", r, c) for r in range(self.rows) for c in range(self.columns + 1)]
        return horizontal + vertical

    def links(self) -> list[Element]:
        horizontal = [("h", r, c) for r in range(self.rows) for c in range(self.columns - 1)]
        vertical = [("v", r, c) for r in range(self.rows - 1) for c in range(self.columns)]
        return horizontal + vertical

    def elements(self, kind: ir.ElementKind) -> list[Element]:
        return {
            ir.ElementKind.CELL: self.cells,
            ir.ElementKind.POINT: self.points,
            ir.ElementKind.BORDER: self.borders,
            ir.ElementKind.LINK: self.links,
        }[kind]()

    def ends(self, kind: ir.ElementKind, edge: Element) -> tuple[Element, Element]:
        """The two vertices of a border (points) or a link (cells)."""
        axis, r, c = edge
        return (r, c), ((r, c + 1) if axis == "h" else (r + 1, c))

    # ------------------------------------------------------------------ relations

    def neighbours(self, cell: Element) -> tuple[Element, ...]:
        found = self._neighbours.get(cell)
        if found is None:
            r, c = cell
            around = ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
            found = self._neighbours[cell] = tuple(n for n in around if self.inside(n))
        return found

    def related(self, kind: ir.ElementKind, relation: str, element: Element) -> list[Element]:
        r, c = element[0], element[1]
        if relation in QUADRANT_OFFSETS[ir.ElementKind.CELL]:
            dr, dc = QUADRANT_OFFSETS[kind][relation]
            return [cell for cell in ((r + dr, c + dc),) if self.inside(cell)]
        if kind == ir.ElementKind.POINT:
            if relation == "around":
                candidates = [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)]
                return [cell for cell in candidates if self.inside(cell)]
            return self.incident(ir.ElementKind.BORDER, element)
        if relation == "neighbours":
            return self.neighbours(element)
        if relation == "diagonals":
            return [
                n
                for n in ((r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1))
                if self.inside(n)
            ]
        if relation == "around":
            return [
                (r + dr, c + dc)
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if (dr, dc) != (0, 0) and self.inside((r + dr, c + dc))
            ]
        if relation == "ring":
            return [cell for cell in self.ring(element) if cell is not None]
        if relation == "row":
            return [(r, j) for j in range(self.columns)]
        if relation == "column":
            return [(i, c) for i in range(self.rows)]
        if relation == "sides":
            return [("h", r, c), ("v", r, c), ("v", r, c + 1), ("h", r + 1, c)]
        if relation == "corners":
            return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        if relation == "links":
            return self.incident(ir.ElementKind.LINK, element)
        raise ValueError(relation)

    def ring(self, cell: Element) -> tuple[Element | None, ...]:
        """The eight positions around a cell, clockwise from the top left; None off the grid.

        The positions form a cycle: the last is next to the first. A position off the grid
        holds no cell, so a run of cells around the ring stops there."""
        r, c = cell
        return tuple(
            (r + dr, c + dc) if self.inside((r + dr, c + dc)) else None for dr, dc in RING_OFFSETS
        )

    def incident(self, kind: ir.ElementKind, vertex: Element) -> list[Element]:
        """The edges of kind `kind` (borders or links) that end at `vertex`."""
        return list(self.incident_by_direction(kind, vertex).values())

    def incident_by_direction(self, kind: ir.ElementKind, vertex: Element) -> dict[str, Element]:
        """The edges at `vertex` by the direction they leave it in (up, left, right, down)."""
        r, c = vertex
        candidates = {d: (axis, r + dr, c + dc) for d, (axis, dr, dc) in EDGE_STEPS.items()}
        return {d: e for d, e in candidates.items() if self._edge_inside(kind, e)}

    def gate(self, cell: Element, token: object) -> tuple[str, str]:
        """A gate of a path through the outline: ("in", d) where the path enters `cell` moving
        in direction d (the side behind it is on the outline), ("out", d) where it leaves the
        grid from `cell` moving in direction d (that side is on the outline)."""
        if not isinstance(token, str) or token not in DIRECTION_TOKENS:
            raise GeometryError(f"'{token}' is not a direction: use ← ↑ → ↓, L U R D or left ...")
        d = DIRECTION_TOKENS[token]
        behind = {"up": "down", "down": "up", "left": "right", "right": "left"}[d]
        sides = self.incident_by_direction(ir.ElementKind.LINK, cell)
        if behind not in sides and d in sides:
            return "in", d
        if d not in sides and behind in sides:
            return "out", d
        raise GeometryError(
            f"{cell_name(cell)}: a gate {token} needs the outline on exactly one of its two sides"
        )

    def entrance_and_exit(self, tokens: dict[Element, object]) -> dict[Element, tuple[str, str]]:
        """The gates (`gate`) of the cells holding a token: one entrance and one exit."""
        gates = {cell: self.gate(cell, token) for cell, token in sorted(tokens.items())}
        ways = sorted(way for way, _ in gates.values())
        if ways != ["in", "out"]:
            raise GeometryError(
                f"a path through the outline needs one entrance and one exit, found {len(gates)} "
                f"gates ({ways.count('in')} in, {ways.count('out')} out)"
            )
        return gates

    def outline_sides(self, tokens: dict[Element, object]) -> dict[Element, str]:
        """The side of each gate (`entrance_and_exit`) that lies on the outline: the direction
        (up, down, left, right) behind the entrance and ahead of the exit. The line shapes of a
        path through gates count it as a used edge there."""
        behind = {"up": "down", "down": "up", "left": "right", "right": "left"}
        gates = self.entrance_and_exit(tokens)
        return {cell: d if way == "out" else behind[d] for cell, (way, d) in gates.items()}

    def link_between(self, a: Element, b: Element) -> Element:
        """The link joining two orthogonally adjacent cells."""
        first, second = min(a, b), max(a, b)
        return ("h", *first) if first[0] == second[0] else ("v", *first)

    def _edge_inside(self, kind: ir.ElementKind, edge: Element) -> bool:
        axis, r, c = edge
        if kind == ir.ElementKind.BORDER:
            if axis == "h":
                return 0 <= r <= self.rows and 0 <= c < self.columns
            return 0 <= r < self.rows and 0 <= c <= self.columns
        return all(self.inside(end) for end in self.ends(kind, edge))

    def reach(self, origin: Element, passable: Callable[[Element], bool]) -> set[Element]:
        """The cells joined to `origin` through orthogonal neighbours that are `passable`
        (a flood fill; `origin` included, whether or not it is passable)."""
        found, stack = {origin}, [origin]
        while stack:
            for n in self.neighbours(stack.pop()):
                if n not in found and passable(n):
                    found.add(n)
                    stack.append(n)
        return found

    def group_neighbours(self, cells: tuple[Element, ...]) -> list[Element]:
        """The cells orthogonally next to a group of cells, outside it, in row order."""
        inside = set(cells)
        return sorted({n for c in cells for n in self.neighbours(c)} - inside)

    def between(self, a: Element, b: Element) -> Element:
        """The border between two orthogonally adjacent cells."""
        (r, c), (r2, c2) = sorted((a, b))
        return ("h", r2, c) if r2 != r else ("v", r, c2)

    def outline(self, border: Element) -> bool:
        """Is this border on the outline of the grid (a side of only one cell)?"""
        axis, r, c = border
        return r in (0, self.rows) if axis == "h" else c in (0, self.columns)

    def vertices(self, kind: ir.ElementKind) -> list[Element]:
        """The vertices of the graph whose edges are borders (points) or links (cells)."""
        return self.points() if kind == ir.ElementKind.BORDER else self.cells()

    def offset(self, cell: Element, rows: int, columns: int) -> tuple[Element, ...]:
        """The cell `rows` down and `columns` right of `cell` (negative: up, left): one cell,
        or none off the grid."""
        r, c = cell[0] + rows, cell[1] + columns
        return ((r, c),) if 0 <= r < self.rows and 0 <= c < self.columns else ()

    def ray(self, cell: Element, direction: str) -> tuple[Element, ...]:
        """Cells from `cell` (excluded) to the edge of the grid in `direction`. Kept by the
        grid, not by a cache on the class, which would keep every grid ever made alive (a
        long-lived process, the fuzzer's or a server's, grew to 8 GB over huge grids)."""
        found = self._rays.get((cell, direction))
        if found is None:
            r, c = cell
            if direction == "up":
                found = tuple((i, c) for i in range(r - 1, -1, -1))
            elif direction == "down":
                found = tuple((i, c) for i in range(r + 1, self.rows))
            elif direction == "left":
                found = tuple((r, j) for j in range(c - 1, -1, -1))
            else:
                found = tuple((r, j) for j in range(c + 1, self.columns))
            self._rays[cell, direction] = found
        return found

    # ------------------------------------------------------------------ groups

    def groups(
        self,
        group: ir.Group,
        cell_holds: Callable[[Element], bool],
        region_label: Callable[[Element], object],
        listed: Callable[[], list[tuple[Element, ...]]] | None = None,
    ) -> list[Grouping]:
        """The static groups of `group`: every kind but `area`, whose extent is unknown.

        `cell_holds` decides a `run of` condition at a cell; `region_label` gives the region
        a cell belongs to for `region of`; `listed` gives the cells of each group of a groups
        section, as the puzzle lists them, for `group of`.
        """
        kind = group.kind
        if kind == "group":
            return [
                Grouping(f"group {number + 1} of {group.section.name}", cells, number)
                for number, cells in enumerate(listed())
            ]
        if kind == "grid":
            return [Grouping("the grid", tuple(self.cells()))]
        if kind in ("row", "column") and group.reverse:
            side = "right" if kind == "row" else "bottom"
            return [
                Grouping(f"{line.label} from the {side}", line.cells[::-1], line.index)
                for line in self.groups(ir.Group(kind), cell_holds, region_label)
            ]
        if kind == "row":
            return [
                Grouping(f"row {r + 1}", tuple((r, c) for c in range(self.columns)), r)
                for r in range(self.rows)
            ]
        if kind == "column":
            return [
                Grouping(f"column {c + 1}", tuple((r, c) for r in range(self.rows)), c)
                for c in range(self.columns)
            ]
        if kind in ("box", "window"):
            height, width = group.size or self._default_box()
            if kind == "box" and (self.rows % height or self.columns % width):
                raise GeometryError(
                    f"{height}x{width} boxes do not tile a {self.rows}x{self.columns} grid"
                )
            step = (height, width) if kind == "box" else (1, 1)
            return [
                Grouping(
                    f"{kind} at {cell_name((r, c))}",
                    tuple((r + i, c + j) for i in range(height) for j in range(width)),
                )
                for r in range(0, self.rows - height + 1, step[0])
                for c in range(0, self.columns - width + 1, step[1])
            ]
        if kind == "pair":
            return [
                Grouping(f"pair {cell_name(a)}-{cell_name(b)}", (a, b))
                for a in self.cells()
                for b in self.neighbours(a)
                if a < b
            ]
        if kind == "region":
            regions: dict[object, list[Element]] = {}
            for cell in self.cells():
                label = region_label(cell)
                if label is not None:
                    regions.setdefault(label, []).append(cell)
            return [Grouping(f"region {label}", tuple(cells)) for label, cells in regions.items()]
        if kind == "run":
            return list(self._runs(cell_holds))
        if kind == "segment":
            return list(self._segments())
        raise ValueError(f"no static groups for '{kind}'")

    def _default_box(self) -> tuple[int, int]:
        """The boxes of `each box` on an N x N grid: H rows by N / H columns, H the largest
        divisor of N up to its square root (3x3 on 9x9, 2x3 on 6x6, 2x4 on 8x8, 3x4 on 12x12),
        so that one sudoku-like genre serves every size; none where N has no such divisor
        above 1 (a prime) or the grid is not square."""
        size = self.rows
        height = next((h for h in range(math.isqrt(size), 1, -1) if size % h == 0), None)
        if self.rows != self.columns or height is None:
            raise GeometryError(
                f"a {self.rows}x{self.columns} grid has no boxes of its own (an N x N grid has "
                "boxes when N has a divisor from 2 to its square root); give the size, "
                f"e.g. box(1x{self.columns})"
            )
        return height, size // height

    def _segments(self) -> Iterator[Grouping]:
        """Every straight line of two or more consecutive cells, across and down."""
        lines = [[(r, c) for c in range(self.columns)] for r in range(self.rows)]
        lines += [[(r, c) for r in range(self.rows)] for c in range(self.columns)]
        for line in lines:
            for start in range(len(line)):
                for end in range(start + 2, len(line) + 1):
                    cells = tuple(line[start:end])
                    yield Grouping(f"segment {cell_name(cells[0])}-{cell_name(cells[-1])}", cells)

    def _runs(self, cell_holds: Callable[[Element], bool]) -> Iterator[Grouping]:
        lines = [[(r, c) for c in range(self.columns)] for r in range(self.rows)]
        lines += [[(r, c) for r in range(self.rows)] for c in range(self.columns)]
        for number, line in enumerate(lines):
            axis = "across" if number < self.rows else "down"
            run: list[Element] = []
            for cell in [*line, None]:
                if cell is not None and cell_holds(cell):
                    run.append(cell)
                    continue
                if run:
                    yield Grouping(f"run {axis} from {cell_name(run[0])}", tuple(run))
                run = []
