"""pzprv3 files (ENCODINGS.md section 8): write a puzzle with its answer as pzprjs saves it,
and read the answer of a pzprv3 board back as an assignment, both from the sections that the
genre file's `puzzlink: pzprv3:` block declares.

A section is one of
  `cells: [SOURCE, ...]`  rows lines of one token per cell: the first source that has something
                          to say at the cell prints it, else `.`;
  `borders: SOURCES`      the inside borders (rows lines of cols-1, then rows-1 lines of cols):
                          the value of a variable on links or borders, or a layer on links, 0
                          where it is absent; or the walls of a region layer. `{NAME:
                          {beside: LAYER}}`: walls that pzprjs draws itself around the cells
                          where LAYER is given (tri-place's clue cells) are written 0 and read
                          back as walls;
  `edges: SOURCES`        every cell edge with the outline (rows lines of cols+1, then rows+1
                          lines of cols): as `borders`, and on the outline the cells of a layer
                          of directions (gates) whose direction crosses it;
  `rooms: NAME`           the room count, then the room index of each cell (rooms numbered by
                          their first cell in row-major order), from a region layer;
                          `rooms: [SOURCE, ..., NAME]`: a cell where one of the sources
                          before the layer has something to say is in no room and shows
                          that source's token (dosufuwa's blocks `#`);
  `count: TABLE`          one line: how many values the table holds (easy as ABC's letters);
  `gates: NAME`           two lines: the outline border ids (after the inside borders: top,
                          bottom, left, right) where a layer of directions enters, then leaves;
  `sums: {cells: LAYER, across: A, down: D, blank: TOKEN}`  pzprjs's sum clues (kakuro): the
                          genre's grid with its first row and column, which are pzprjs's clue
                          cells around the board; a clue cell of LAYER inside as `across,down`;
                          `none: TOKEN` (default 0) is written for a side without a number
                          (tri-place: -1, as 0 is a number there);
  `drawing: NAME`         the between-cells drawing of a section on links (pzprjs's dots:
                          tentaisho's stars), 2*rows-1 lines of 2*cols-1 characters without
                          spaces: its cells layer, its links and its points layer, `.` where
                          nothing is given;
  `text: TEXT`            one line as it is;
  `points: {table: T, x: X, y: Y, show: SOURCE, empty: TOKEN, size: S}`  the points listed
                          by a table (a record per point: its column X and row Y on the
                          lattice, from 0) on pzprjs's crosses, rows+1 lines of columns+1
                          tokens: a point's SOURCE token (a field of its record through the
                          map), EMPTY where that field is empty, `.` where there is no point;
                          the board's size is the one record `columns rows` of the table S;
  `segments: {var: VAR, x: X, y: Y}`  straight segments between the points of a table
                          (VAR a boolean on two sets of its records, `constructs/segments`):
                          their count, then one line `bx1 by1 bx2 by2` each (pzprjs's
                          coordinates, twice the lattice's; the left end first, the upper if
                          upright). Read back, a segment with an end where no point is is
                          read as its other end joined to itself, which the rule refuses;
                          one with neither end at a point cannot be read and is left out.
A SOURCE is a name (print the layer's token, or the variable's value), or `{NAME: TOKEN}`
(print TOKEN where the layer is given or the variable is true), or `{NAME: {VALUE: TOKEN}}`
(print the value through the map; `{VALUE: [TOKEN, ...]}` prints the first token and reads
the value back from any of them); in borders and edges, `{NAME: {walls: [TOKEN, ...]}}` (a
region layer's walls, the outline too, read back from those tokens or a source's before it),
and a first source `{VAR: TOKEN}` reads VAR back as true only where the file has TOKEN.
With a `sums` section, the header gives the size of the board inside the clue frame, and the
`cells` and `borders` sections cover that board.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from dslsolve import ir
from dslsolve.errors import DslError, Location
from dslsolve.geometry import DIRECTION_TOKENS, Element, grid_of
from dslsolve.indexsets import elements
from dslsolve.instance import Instance
from dslsolve.puzzlink.codecs import WALL_WIDENING, bricks
from dslsolve.puzzlink.pzprv3spec import NUMBER, Pzprv3Section, Pzprv3Spec, Source

if TYPE_CHECKING:  # a genre's `pzprv3:` block loads no evaluator; reading an answer does
    from dslsolve.evaluator import Assignment

KINDS = (
    "drawing",
    "cells",
    "borders",
    "edges",
    "rooms",
    "crosses",
    "margins",
    "text",
    "count",
    "gates",
    "sums",
    "bricks",
    "points",
    "segments",
)
SIDES = ("top", "bottom", "left", "right")
# the direction of travel across an outline border of each side: into the grid, out of it
INWARD = {"top": "down", "bottom": "up", "left": "right", "right": "left"}
OUTWARD = {"top": "up", "bottom": "down", "left": "left", "right": "right"}


def _fail(where: Location, message: str) -> DslError:
    return DslError(where, f"puzzlink.pzprv3: {message}")


def _source(raw: Any, names: set[str], where: Location) -> Source:
    if isinstance(raw, str):
        name, rest = raw, None
    elif isinstance(raw, dict) and len(raw) == 1:
        name, rest = next(iter(raw.items()))
    else:
        raise _fail(where, f"a cell source is a name or {{NAME: TOKEN}}, not {raw!r}")
    if name not in names:
        raise _fail(where, f"'{name}' is neither an input section nor a variable")
    if isinstance(rest, dict) and "boundary_of" in rest:
        return Source(name, boundary_of=int(rest["boundary_of"]))
    if isinstance(rest, dict) and "walls" in rest:
        listed = rest["walls"] if isinstance(rest["walls"], list) else [rest["walls"]]
        return Source(name, walls=tuple(str(token) for token in listed))
    if isinstance(rest, dict) and "beside" in rest:
        return Source(name, beside=str(rest["beside"]))
    if isinstance(rest, dict) and "when" in rest:
        return Source(name, when=str(rest["when"]))
    if isinstance(rest, dict) and "order" in rest:
        parts = tuple(tuple((str(k), str(v)) for k, v in part.items()) for part in rest["parts"])
        return Source(name, order=tuple(rest["order"]), parts=parts)
    if isinstance(rest, dict):
        # a value -> a token, or a list of tokens: written as the first, read from any
        pairs = [(k, v) for k, t in rest.items() for v in (t if isinstance(t, list) else [t])]
        return Source(name, tokens=tuple((str(k), str(v)) for k, v in pairs))
    if isinstance(rest, list) and rest:
        return Source(name, str(rest[0]), also=tuple(str(token) for token in rest))
    return Source(name, None if rest is None else str(rest))


def parse_pzprv3(raw: Any, names: set[str], where: Location) -> Pzprv3Spec:
    if not isinstance(raw, dict) or "type" not in raw or "sections" not in raw:
        raise _fail(where, "the block needs 'type' (the pzprjs type id) and 'sections'")
    if not isinstance(raw["sections"], list):
        raise _fail(where, "'sections' is a list of sections, one '- KIND: ...' per line")
    sections = []
    for entry in raw["sections"]:
        if not isinstance(entry, dict) or len(entry) != 1 or next(iter(entry)) not in KINDS:
            raise _fail(where, f"a section is one of {', '.join(KINDS)}, as a one-key mapping")
        kind, value = next(iter(entry.items()))
        if kind in ("cells", "borders") and isinstance(value, dict) and set(value) == {"fill"}:
            sections.append(Pzprv3Section(kind, fill=str(value["fill"])))
        elif kind == "cells" and isinstance(value, dict) and set(value) == {"join"}:
            if not isinstance(value["join"], list) or not all(
                isinstance(part, list) for part in value["join"]
            ):
                raise _fail(where, "cells: {join: [[SOURCE, ...], ...]}: a list of parts")
            parts = tuple(tuple(_source(s, names, where) for s in part) for part in value["join"])
            sections.append(Pzprv3Section(kind, join=parts))
        elif kind == "cells":
            listed = value if isinstance(value, list) else [value]
            sources = tuple(_source(s, names, where) for s in listed)
            sections.append(Pzprv3Section(kind, sources=sources))
        elif kind == "text":
            sections.append(Pzprv3Section(kind, str(value)))
        elif kind == "sums":
            keys = {"cells", "across", "down", "blank"}
            if not isinstance(value, dict) or not keys <= set(value) <= keys | {"none"}:
                raise _fail(
                    where,
                    "sums: {cells: LAYER, across: LAYER, down: LAYER, blank: TOKEN, none: TOKEN}",
                )
            layers = [_source(str(value[key]), names, where).name for key in ("across", "down")]
            cells = _source(str(value["cells"]), names, where).name
            blank, none = str(value["blank"]), str(value.get("none", "0"))
            sections.append(Pzprv3Section(kind, cells, empty=blank, sums=(*layers,), none=none))
        elif kind == "borders" and isinstance(value, dict) and {"marks", "open"} <= set(value):
            keys = {"walls", "marks", "wall", "open"}
            if set(value) != keys or not all(isinstance(value[k], dict) for k in ("wall", "open")):
                raise _fail(
                    where,
                    "borders: {walls: LAYER, marks: LAYER, wall: {VALUE: TOKEN, number: "
                    "TEMPLATE, none: TOKEN}, open: {...}}",
                )
            walls = _source(str(value["walls"]), names, where).name
            marks = _source(str(value["marks"]), names, where)
            joined = tuple(
                tuple((str(k), str(v)) for k, v in value[side].items()) for side in ("wall", "open")
            )
            sections.append(Pzprv3Section(kind, walls, (marks,), joined=joined))
        elif kind in ("borders", "edges"):
            listed = value if isinstance(value, list) else [value]
            sources = tuple(_source(s, names, where) for s in listed)
            sections.append(Pzprv3Section(kind, sources[0].name, sources))
        elif kind == "margins":
            if not isinstance(value, dict) or not set(value) <= {*SIDES, "cells", "empty"}:
                raise _fail(where, "margins: {top: LIST, bottom:, left:, right:, cells:, empty:}")
            listed = value.get("cells", [])
            sources = tuple(_source(s, names, where) for s in listed)
            # a side's lists, several joined by ',' in one token (kinkonkan's letter,number)
            sides = tuple(
                (side, ",".join(map(str, v)) if isinstance(v := value[side], list) else str(v))
                for side in SIDES
                if side in value
            )
            empty = str(value.get("empty", "."))
            sections.append(Pzprv3Section(kind, "", sources, sides, empty))
        elif kind == "bricks":
            keys = {"layer", "left", "right", "cells"}
            if not isinstance(value, dict) or set(value) != keys:
                raise _fail(
                    where, "bricks: {layer: LAYER, left: TOKEN, right: TOKEN, cells: [...]}"
                )
            layer = _source(str(value["layer"]), names, where).name
            sources = tuple(_source(s, names, where) for s in value["cells"])
            halves = (str(value["left"]), str(value["right"]))
            sections.append(Pzprv3Section(kind, layer, sources, halves=halves))
        elif kind == "rooms" and isinstance(value, list):
            # `[MARK, ..., LAYER]`: the marks, cells in no room, then the region layer
            sources = tuple(_source(s, names, where) for s in value)
            sections.append(Pzprv3Section(kind, sources[-1].name, sources))
        elif kind in ("points", "segments"):
            keys = {"table", "x", "y", "show", "empty", "size"} if kind == "points" else None
            keys = keys or {"var", "x", "y"}
            if not isinstance(value, dict) or set(value) != keys:
                raise _fail(where, f"{kind}: a mapping of " + ", ".join(sorted(keys)))
            listed = value["table"] if kind == "points" else value["var"]
            name = _source(str(listed), names, where).name
            at = tuple(_source(str(value[k]), names, where).name for k in ("x", "y"))
            if kind == "points":
                show = (_source(value["show"], names, where),)
                size = str(value["size"])
                empty = str(value["empty"])
                sections.append(Pzprv3Section(kind, name, show, empty=empty, at=(*at, size)))
            else:
                sections.append(Pzprv3Section(kind, name, at=at))
        elif kind == "crosses" and value == []:  # nothing on the points: all `.` (kramma)
            sections.append(Pzprv3Section(kind))
        else:
            source = _source(value, names, where)
            sections.append(Pzprv3Section(kind, source.name, (source,)))
    header = str(raw.get("header", "pzprv3"))
    if not header.startswith("pzprv3"):
        raise _fail(where, f"header: '{header}' is not a pzprv3 file's first line")
    one_size = bool(raw.get("one_size", False))
    return Pzprv3Spec(str(raw["type"]), one_size, tuple(sections), header)


def inside_borders(rows: int, columns: int) -> list[tuple[Element, Element]]:
    """The pairs of cells each inside border separates, in pzprjs's order."""
    vertical = [((r, c), (r, c + 1)) for r in range(rows) for c in range(columns - 1)]
    across = [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(columns)]
    return vertical + across


def margin_shape(section: Pzprv3Section, rows: int, columns: int) -> tuple[int, int, int, int]:
    """A margins section's lines, tokens per line, and where the cells start (line, token)."""
    sides = dict(section.margins)
    top, left = int("top" in sides), int("left" in sides)
    return rows + top + ("bottom" in sides), columns + left + ("right" in sides), top, left


def line_lengths(kind: str, rows: int, columns: int, section=None) -> list[int]:
    """Tokens per line of a section."""
    if kind == "margins":
        height, width, _, _ = margin_shape(section, rows, columns)
        return [width] * height
    if kind == "cells":
        return [columns] * rows
    if kind == "borders":
        return [columns - 1] * rows + [columns] * (rows - 1)
    if kind == "edges":
        return [columns + 1] * rows + [columns] * (rows + 1)
    if kind == "rooms":
        return [1] + [columns] * rows
    if kind in ("crosses", "sums", "points"):
        return [columns + 1] * (rows + 1)
    if kind == "segments":  # its count and its lines are read where the answer is
        return []
    if kind == "gates":
        return [1, 1]
    if kind == "bricks":
        return [1] + [columns] * rows
    if kind == "drawing":
        return [1] * (2 * rows - 1)
    return [1]


def edge_elements(kind: str, rows: int, columns: int, on: ir.ElementKind, frame: int = 0) -> list:
    """The dslsolve element of each token of a borders or edges section, in file order: a
    border, or for `on` links the link across it (None on the outline); with a frame of
    clue cells (`sums`), of the board inside it."""
    if frame:
        inner = edge_elements(kind, rows, columns, ir.ElementKind.BORDER)
        shifted = [(axis, r + frame, c + frame) for axis, r, c in inner]
        if on != ir.ElementKind.LINK:
            return shifted
        return [_link_across(b, rows + frame, columns + frame) for b in shifted]
    if kind == "edges":
        vertical = [("v", r, c) for r in range(rows) for c in range(columns + 1)]
        borders = vertical + [("h", r, c) for r in range(rows + 1) for c in range(columns)]
    else:
        borders = [
            ("v", r1, c2) if r1 == r2 else ("h", r2, c1)
            for (r1, c1), (r2, c2) in inside_borders(rows, columns)
        ]
    if on != ir.ElementKind.LINK:
        return borders
    return [_link_across(border, rows, columns) for border in borders]


def _link_across(border: Element, rows: int, columns: int) -> Element | None:
    """The link between the two cells a border separates (None for an outline border)."""
    axis, r, c = border
    if axis == "v":
        return ("h", r, c - 1) if 0 < c < columns else None
    return ("v", r - 1, c) if 0 < r < rows else None


def outline(rows: int, columns: int) -> list[tuple[Element, str]]:
    """The outline borders in pzprjs's order (ENCODINGS.md 2: top, bottom, left, right), each
    as the cell inside it and its side."""
    return (
        [((0, c), "top") for c in range(columns)]
        + [((rows - 1, c), "bottom") for c in range(columns)]
        + [((r, 0), "left") for r in range(rows)]
        + [((r, columns - 1), "right") for r in range(rows)]
    )


def _outline_border(cell: Element, side: str, rows: int) -> Element:
    r, c = cell
    return {
        "top": ("h", 0, c),
        "bottom": ("h", rows, c),
        "left": ("v", r, 0),
        "right": ("v", r, c + 1),
    }[side]


def _crossing(rows: int, columns: int) -> dict[Element, tuple[Element, str]]:
    """Each outline border: the cell inside it and its side."""
    sides = outline(rows, columns)
    return {_outline_border(cell, side, rows): (cell, side) for cell, side in sides}


class _Values:
    """The puzzle's givens and (when writing) its answer, as the sections' sources read them."""

    def __init__(self, genre, instance: Instance, assignment: Assignment | None) -> None:
        self.instance = instance
        self.assignment = assignment
        self.variables = {v.name: v for v in genre.genre.variables}

    def value(self, name: str, element: Element) -> object:
        if name in self.variables:
            return None if self.assignment is None else self.assignment[name].get(element)
        return self.instance.grids[name].get(element)

    def printed(self, sources: tuple[Source, ...], cell: Element) -> str:
        for source in sources:
            if source.when is not None and not self.value(source.when, cell):
                continue
            value = self.value(source.name, cell)
            given = value not in (None, 0) if source.name in self.variables else value is not None
            if source.token is not None:
                if given:
                    return source.token
            elif source.tokens or source.order:
                if value is not None:
                    return source.convert(value)
            elif value is not None:
                return str(value)
        return "."

    def joined(self, parts: tuple[tuple[Source, ...], ...], cell: Element) -> str:
        """A `join` section's token: the parts that print something, one after another."""
        printed = [self.printed(sources, cell) for sources in parts]
        return "".join(p for p in printed if p != ".") or "."


def split_joined(parts: tuple[tuple[Source, ...], ...], token: str) -> list[tuple[int, str]]:
    """A `join` section's token cut into its parts: for each part, which of its sources
    printed it and what (-1 and `.` for a part that printed nothing). A part takes the longest
    beginning of the rest that one of its sources prints (a token of its map or its number
    template; a whole number for a source without a map)."""
    pieces, rest = [], "" if token == "." else token
    for sources in parts:
        which, longest = -1, ""
        for index, source in enumerate(sources):
            for candidate in _printed_forms(source, rest):
                if len(candidate) > len(longest):
                    which, longest = index, candidate
        pieces.append((which, longest or "."))
        rest = rest[len(longest) :]
    return pieces


def _printed_forms(source: Source, text: str) -> list[str]:
    """The beginnings of `text` that `source` could have printed."""
    number = re.match(r"-?\d+", text)
    if source.token is not None:
        return [source.token] if text.startswith(source.token) else []
    forms = [printed for value, printed in source.tokens if value != NUMBER]
    found = [form for form in forms if text.startswith(form)]
    template = dict(source.tokens).get(NUMBER)
    if template is not None:
        head, _, tail = template.partition("{}")
        match = re.match(re.escape(head) + r"\d+" + re.escape(tail), text)
        found += [match.group()] if match else []
    elif number is not None and not source.tokens:
        found.append(number.group())  # a plain source prints its value (a map, its tokens)
    return found


def _rooms(board: _Values, section: Pzprv3Section, rows: int, columns: int) -> list[str]:
    """The room count, then each cell's room index; a cell where a mark source (all the
    section's sources but the last, the region layer) has something to say is in no room and
    shows the mark's token (dosufuwa's blocks `#`)."""
    layer = board.instance.grids[section.name]
    marks = section.sources[:-1]
    index: dict[object, int] = {}
    lines = []
    for r in range(rows):
        row = []
        for c in range(columns):
            mark = board.printed(marks, (r, c))
            if mark != ".":
                row.append(mark)
                continue
            label = layer[(r, c)]
            index.setdefault(label, len(index))
            row.append(str(index[label]))
        lines.append(" ".join(row) + " ")
    return [str(len(index))] + lines


def write_pzprv3(genre, spec: Pzprv3Spec, instance: Instance, assignment: Assignment) -> str:
    """The puzzle and its answer as a pzprv3 file (lines end with a space, as pzprjs's do)."""
    frame = spec.frame
    rows, columns = instance.rows - frame, instance.columns - frame
    board = _Values(genre, instance, assignment)
    walls = [wall_of(instance, s.name) for s in spec.sections if s.kind == "bricks"]
    if walls:  # a brick wall's columns count bricks, not half-cells
        columns = (columns - WALL_WIDENING[walls[0]]) // 2
    for section in spec.sections:
        if section.kind == "points":  # a board of listed points: its size is a table's
            columns, rows = (int(n) for n in instance.tables[section.at[2]].records[0][:2])
    size = [str(rows)] if spec.one_size else [str(rows), str(columns)]
    lines = [spec.header, spec.type, *size]
    for section in spec.sections:
        if section.fill is not None:
            lengths = line_lengths(section.kind, rows, columns)
            lines.extend(_lines([section.fill] * sum(lengths), lengths))
        elif section.kind == "text":
            lines.append(section.name)
        elif section.kind == "count":
            lines.append(str(len(instance.tables[section.name].values())))
        elif section.kind == "gates":
            lines.extend(_gate_ids(board, section.name, rows, columns))
        elif section.kind == "sums":
            lines.extend(_write_sums(board, section))
        elif section.kind == "rooms":
            lines.extend(_rooms(board, section, rows, columns))
        elif section.kind == "cells" and section.join:
            for r in range(rows):
                cells = [(r + frame, c + frame) for c in range(columns)]
                lines.append(" ".join(board.joined(section.join, cell) for cell in cells) + " ")
        elif section.kind == "cells":
            for r in range(rows):
                cells = [(r + frame, c + frame) for c in range(columns)]
                lines.append(" ".join(board.printed(section.sources, cell) for cell in cells) + " ")
        elif section.kind == "margins":
            lines.extend(_write_margins(board, section, rows, columns))
        elif section.kind == "bricks":
            shape = wall_of(instance, section.name)
            lines.append(str(shape))
            places = bricks(rows, columns, shape)
            for r in range(rows):
                tokens = [board.printed(section.sources, cell) for cell in places if cell[0] == r]
                lines.append(" ".join(tokens) + " ")
        elif section.kind == "drawing":
            lines.extend(_write_drawing(genre, instance, section.sources[0]))
        elif section.kind == "points":
            tokens = [["."] * (columns + 1) for _ in range(rows + 1)]
            for (x, y), record in listed_points(genre, instance, section).items():
                shown = _field_of(genre, instance, section.name, section.sources[0].name, record)
                printed = section.empty if shown is None else section.sources[0].convert(shown)
                tokens[y][x] = printed
            lines.extend(" ".join(row) + " " for row in tokens)
        elif section.kind == "segments":
            lines.extend(_write_segments(genre, instance, assignment, section))
        elif section.kind == "crosses":
            points = [(r, c) for r in range(rows + 1) for c in range(columns + 1)]
            tokens = [board.printed(section.sources, point) for point in points]
            lines.extend(_lines(tokens, line_lengths(section.kind, rows, columns)))
        else:
            lengths = line_lengths(section.kind, rows, columns)
            tokens = _edge_tokens(genre, board, section, rows, columns, frame)
            lines.extend(_lines(tokens, lengths))
    return "\n".join(lines) + "\n"


def _table_of(genre, section: Pzprv3Section) -> str:
    """The table whose records a points or segments section lists."""
    if section.kind == "points":
        return section.name
    var = next(v for v in genre.genre.variables if v.name == section.name)
    return next(s.section for s in genre.genre.sets if s.name == var.sets[0])


def _field_of(genre, instance: Instance, table: str, field: str, record: int) -> object:
    """A field of a table's record (1-based)."""
    declared = next(s for s in genre.genre.sections if s.name == table)
    row = instance.tables[table].records[record - 1]
    index = declared.fields.index(field)
    return row[index] if index < len(row) else None


def listed_points(genre, instance: Instance, section: Pzprv3Section) -> dict[tuple, int]:
    """The points of a points or segments section: (x, y) -> its record (1-based)."""
    table = _table_of(genre, section)
    places = {}
    for record in range(1, len(instance.tables[table].records) + 1):
        x, y = (_field_of(genre, instance, table, name, record) for name in section.at[:2])
        places[(x, y)] = record
    return places


def _write_segments(genre, instance, assignment, section: Pzprv3Section) -> list[str]:
    where = {record: place for place, record in listed_points(genre, instance, section).items()}
    drawn = []
    for (p, q), value in assignment[section.name].items():
        if value and p < q:
            ends = sorted([where[p], where[q]])  # pzprjs's order: by x, then by y
            drawn.append(" ".join(str(2 * n) for end in ends for n in end))
    return [str(len(drawn)), *drawn]


def _read_segments(genre, instance, assignment, section: Pzprv3Section, lines, at: int) -> int:
    """The segments of a pzprv3 answer from line `at` into the assignment; the next line."""
    records = listed_points(genre, instance, section)
    count = int(lines[at]) if at < len(lines) and lines[at].isdigit() else 0
    values = assignment[section.name]
    for line in lines[at + 1 : at + 1 + count]:
        numbers = [int(n) // 2 for n in line.split()[:4]]
        ends = [records.get((numbers[0], numbers[1])), records.get((numbers[2], numbers[3]))]
        known = [end for end in ends if end is not None]
        if len(known) == 1:  # an end at no point: a point joined to itself
            known *= 2
        if len(known) == 2:
            values[(known[0], known[1])] = values[(known[1], known[0])] = 1
    return at + 1 + count


def _write_drawing(genre, instance: Instance, source: Source) -> list[str]:
    """A section on links as its between-cells drawing, one character per place (each given
    through the source's map)."""
    name = source.name
    section = next(s for s in genre.genre.sections if s.name == name)
    rows, columns = instance.rows, instance.columns
    links, cells = instance.grids[name], instance.grids.get(section.cells or "", {})
    points = instance.grids.get(section.points or "", {})
    lines = []
    for i in range(2 * rows - 1):
        line = ""
        for j in range(2 * columns - 1):
            r, c = i // 2, j // 2
            if i % 2 == 0 and j % 2 == 0:
                token = cells.get((r, c))
            elif i % 2 == 1 and j % 2 == 1:
                token = points.get((r + 1, c + 1))
            else:
                token = links.get(("h", r, c) if i % 2 == 0 else ("v", r, c))
            line += "." if token is None else source.convert(token)
        lines.append(line)
    return lines


def wall_of(instance: Instance, layer: str) -> int:
    """The shape of the brick wall a layer draws on a grid of half-cells (pzprjs's tawa, see
    `codecs.bricks`): 2 when its first row starts half a brick in, plus 1 when it ends so."""
    grid = instance.grids[layer]
    return 2 * (grid.get((0, 0)) is None) + (grid.get((0, instance.columns - 1)) is None)


def _edge_tokens(
    genre, board: _Values, section: Pzprv3Section, rows: int, columns: int, frame: int = 0
):
    """The tokens of a borders or edges section, in file order."""
    borders = edge_elements(section.kind, rows, columns, ir.ElementKind.BORDER, frame)
    if section.joined:
        return _joined_tokens(board, section, rows, columns)
    region = section.sources[0].boundary_of
    if region is not None:  # the edges between a cell of the region and one outside
        values = board.assignment[section.name].items()
        inside = {cell for cell, value in values if value == region}
        return [str(int(len(set(_sides(e)) & inside) == 1)) for e in borders]
    if section.name not in board.variables and not on_links(genre, section.name):
        layer = board.instance.grids[section.name]  # a region layer: its rooms' walls
        return ["1" if layer[a] != layer[b] else "0" for a, b in inside_borders(rows, columns)]
    crossing = _crossing(rows, columns)
    tokens = []
    for border in borders:
        if any(_pzprjs_wall(board, source, border) for source in section.sources):
            tokens.append("0")  # pzprjs draws it: not part of the answer
            continue
        token = "."
        for source in section.sources:
            if source.walls:
                token = source.walls[0] if _is_wall(board, source.name, border) else "."
                if token != ".":
                    break
                continue
            element = _shown_at(genre, board, source.name, border, crossing, (rows, columns))
            token = "." if element is None else board.printed((source,), element)
            if token != ".":
                break
        tokens.append("0" if token == "." else token)
    return tokens


def _is_wall(board: _Values, name: str, border: Element) -> bool:
    """Whether a border is a wall of a region layer: between two labels, or on the outline."""
    cells = [cell for cell in _sides(border) if cell in board.instance.grids[name]]
    return len(cells) < 2 or board.value(name, cells[0]) != board.value(name, cells[1])


def joined_token(side: tuple[tuple[str, str], ...], mark: object) -> str:
    """A border's token in a borders section with `walls` (kazunori's `4`, `!4`, `|`, `-`):
    the mark through the map of its side (with a wall or without), `none` for no mark."""
    tokens = dict(side)
    if mark is None:
        return tokens.get("none", ".")
    if str(mark) in tokens:
        return tokens[str(mark)]
    return tokens.get(NUMBER, "{}").replace("{}", str(mark))


def joined_value(joined, token: str) -> tuple[bool, str | None] | None:
    """The wall (True: a wall) and the mark (None: none) a token of a borders section with
    `walls` stands for, or None for a token neither map writes."""
    for wall, side in zip((True, False), joined, strict=True):
        for value, printed in side:
            if value != NUMBER and printed == token:
                return wall, None if value == "none" else value
        head, _, tail = dict(side).get(NUMBER, "{}").partition("{}")
        number = token[len(head) : len(token) - len(tail)]
        if token.startswith(head) and token.endswith(tail) and number.isdigit():
            return wall, number
    return None


def _joined_tokens(board: _Values, section: Pzprv3Section, rows: int, columns: int) -> list[str]:
    """The walls of a region layer and the marks of a layer on links, one token per inside
    border (pzprjs's kazunori: a wall with a sum `4`, a sum without a wall `!4`)."""
    layer = board.instance.grids[section.name]
    marks = section.sources[0]
    links = edge_elements("borders", rows, columns, ir.ElementKind.LINK)
    tokens = []
    for (a, b), link in zip(inside_borders(rows, columns), links, strict=True):
        side = section.joined[0] if layer[a] != layer[b] else section.joined[1]
        tokens.append(joined_token(side, board.value(marks.name, link)))
    return tokens


def _shown_at(genre, board: _Values, name: str, border: Element, crossing, size) -> object:
    """Where a border's token reads a source: the border itself (a variable on borders), the
    link across it (a variable or layer on links), or on the outline the cell inside when
    the direction there (a gate's) crosses the border; None where the source says nothing."""
    var = board.variables.get(name)
    if var is not None and var.on == ir.ElementKind.BORDER:
        return border
    if var is not None or on_links(genre, name):
        return _link_across(border, *size)
    if border not in crossing:
        return None
    cell, side = crossing[border]
    way = DIRECTION_TOKENS.get(str(board.value(name, cell)))
    return cell if way in (INWARD[side], OUTWARD[side]) else None


def _pzprjs_wall(board: _Values, source: Source, border: Element) -> bool:
    """Is the border beside a cell where the source's `beside` layer is given?"""
    if source.beside is None:
        return False
    layer = board.instance.grids[source.beside]
    return any(layer.get(cell) is not None for cell in _sides(border))


def _gate_ids(board: _Values, name: str, rows: int, columns: int) -> list[str]:
    """The outline border ids (pzprjs's, after the inside borders) where the directions of
    a layer enter the grid, then leave it."""
    base = len(inside_borders(rows, columns))
    ends: dict[str, int] = {}
    for index, (cell, side) in enumerate(outline(rows, columns)):
        way = DIRECTION_TOKENS.get(str(board.value(name, cell)))
        for end, toward in (("in", INWARD[side]), ("out", OUTWARD[side])):
            if way == toward:
                ends.setdefault(end, base + index)
    return [str(ends.get("in", base)), str(ends.get("out", base))]


def _write_sums(board: _Values, section: Pzprv3Section) -> list[str]:
    """pzprjs's sum clues over the whole grid: 0 in the corner, the down sums on the first
    row, the across sums on the first column, a clue cell of the board as `across,down` (0:
    no sum) and any other cell as `.`."""
    lines = []
    for r in range(board.instance.rows):
        row = []
        for c in range(board.instance.columns):
            across, down = (
                section.none if value is None else value
                for value in (board.value(name, (r, c)) for name in section.sums)
            )
            if r == 0 or c == 0:
                row.append(str(down if c else across if r else 0))
            elif board.value(section.name, (r, c)) is None:
                row.append(".")
            else:
                row.append(f"{across},{down}")
        lines.append(" ".join(row) + " ")
    return lines


def _write_margins(board: _Values, section: Pzprv3Section, rows: int, columns: int) -> list[str]:
    """Clue lists around the cells (skyscrapers' frame, tilepaint's sums), the cells inside."""
    height, width, top, left = margin_shape(section, rows, columns)
    grid = [[section.empty] * width for _ in range(height)]
    for side, names in section.margins:
        lists = [board.instance.lists[name] for name in names.split(",")]
        for index, entries in enumerate(zip(*lists, strict=True)):
            r, c = margin_place(side, index, height, width, top, left)
            parts = ["" if entry is None else str(entry[0]) for entry in entries]
            grid[r][c] = ",".join(parts) if any(parts) else section.empty
    for r in range(rows):
        for c in range(columns):
            grid[r + top][c + left] = board.printed(section.sources, (r, c))
    return [" ".join(row) + " " for row in grid]


def margin_place(side: str, index: int, height: int, width: int, top: int, left: int):
    """The line and token of a side's clue number `index`."""
    return {
        "top": (0, index + left),
        "bottom": (height - 1, index + left),
        "left": (index + top, 0),
        "right": (index + top, width - 1),
    }[side]


def on_links(genre, name: str) -> bool:
    """Whether an input section is on links (a between-cells drawing: kropki's dots)."""
    return any(
        s.name == name and getattr(s, "on", None) == ir.ElementKind.LINK
        for s in genre.genre.sections
    )


def _lines(tokens: list[str], lengths: list[int]) -> list[str]:
    lines, at = [], 0
    for length in lengths:
        lines.append(" ".join(tokens[at : at + length]) + " ")
        at += length
    return lines


def read_answer(genre, spec: Pzprv3Spec, instance: Instance, text: str, where: str) -> Assignment:
    """The answer of a pzprv3 board (the instance's givens come from elsewhere): each variable
    that a section shows reads from it; one that no section shows is worked out from the
    others by its defining rule (fillmat's lengths from its walls), if it has one, else it
    keeps its lowest value."""
    from dslsolve.evaluator import Evaluator, defined_unknowns

    grid = grid_of(instance.rows, instance.columns)
    frame = spec.frame
    rows, columns = instance.rows - frame, instance.columns - frame
    for section in spec.sections:
        if section.kind == "points":  # a board of listed points: its size is a table's
            columns, rows = (int(n) for n in instance.tables[section.at[2]].records[0][:2])
    board_cells = [(r + frame, c + frame) for r in range(rows) for c in range(columns)]
    shown = {s.name for s in spec.sections} | {
        name for s in spec.sections for src in s.sources for name in (src.name, src.when)
    }
    worked_out = defined_unknowns(genre.genre) - shown
    assignment: Assignment = {
        var.name: {
            e: instance.lowest(var)
            for e in (elements(instance, var) if var.sets else grid.elements(var.on))
        }
        for var in genre.genre.variables
        if var.name not in worked_out
    }
    variables = {v.name: v for v in genre.genre.variables}
    board = _Values(genre, instance, None)
    lines = [line.strip() for line in text.replace("/", "\n").splitlines()]
    header = 3 if spec.one_size else 4
    if not lines or not lines[0].startswith("pzprv3"):
        raise DslError(Location(where, 1), "not a pzprv3 file (its first line is not 'pzprv3')")
    at = header
    while at < len(lines) and lines[at].startswith("v:"):
        at += 1
    for section in spec.sections:
        if section.kind == "segments":
            at = _read_segments(genre, instance, assignment, section, lines, at)
            continue
        lengths = line_lengths(section.kind, rows, columns, section)
        chunk = lines[at : at + len(lengths)]
        at += len(lengths)
        chunk += [""] * (len(lengths) - len(chunk))  # missing lines read as empty
        tokens = [t for line in chunk for t in line.split()]
        if section.kind == "margins":
            _, width, top, left = margin_shape(section, rows, columns)
            inner = [(r, c) for r in range(rows) for c in range(columns)]
            places = [(r + top) * width + c + left for r, c in inner]
            cells = [tokens[at] if at < len(tokens) else "." for at in places]
            for cell, token in zip(inner, cells, strict=True):
                token = _given_answer(board, spec, section.sources, cell, token)
                _read_cell(section.sources, variables, assignment, cell, token)
        elif section.kind == "cells" and section.join:
            for cell, token in zip(board_cells, tokens, strict=False):
                cut = split_joined(section.join, token)
                for sources, (which, piece) in zip(section.join, cut, strict=True):
                    if which >= 0:
                        _read_cell((sources[which],), variables, assignment, cell, piece)
        elif section.kind == "cells":
            for cell, token in zip(board_cells, tokens, strict=False):
                if _shows_given(board, section.sources, cell):
                    continue  # the token is the given's (school trip's pillars), no answer's
                token = _given_answer(board, spec, section.sources, cell, token)
                if not _read_cell(section.sources, variables, assignment, cell, token):
                    _read_blank(board, section.sources, instance, assignment, cell, token)
        elif section.kind == "bricks":
            shape = wall_of(instance, section.name)
            places = bricks(rows, (columns - WALL_WIDENING[shape]) // 2, shape)
            for (r, c), token in zip(places, tokens[1:], strict=False):
                for cell in ((r, c), (r, c + 1)):  # a brick's two halves
                    token = _given_answer(board, spec, section.sources, (r, c), token)
                    _read_cell(section.sources, variables, assignment, cell, token)
        elif section.kind == "edges" and section.sources[0].boundary_of is not None:
            edges = edge_elements("edges", rows, columns, ir.ElementKind.BORDER)
            drawn = {edge for edge, token in zip(edges, tokens, strict=False) if token == "1"}
            _read_boundary(assignment[section.name], section.sources[0].boundary_of, drawn)
        elif section.kind in ("borders", "edges") and section.name in variables:
            var = variables[section.name]
            known = set(grid.elements(var.on))
            if section.kind == "borders" and var.on == ir.ElementKind.BORDER:
                for element in known:  # walls between cells: the outline is one (hasborder=1)
                    assignment[var.name][element] = int(grid.outline(element))
            only = section.sources[0].token  # `{line: 2}`: only that token is a line
            accepted = section.sources[0].also or (only,)  # `{wall: ['1', '3']}`: any of them
            for element, token in zip(
                edge_elements(section.kind, rows, columns, var.on, frame), tokens, strict=False
            ):
                if only is not None and token not in accepted:
                    continue
                token = token.rstrip("udlr")  # pzprjs's aux arrow on a line: `1r` (nagare)
                if element in known and token.lstrip("-").isdigit() and int(token) > 0:
                    # a bool: 2 is a wall with pzprjs's aux mark
                    assignment[var.name][element] = 1 if var.type == ir.Type.BOOL else int(token)
            for element in known:
                if any(_pzprjs_wall(board, source, element) for source in section.sources):
                    assignment[var.name][element] = 1
    blank = any(value is None for values in assignment.values() for value in values.values())
    if not worked_out or blank:  # a blank leaves nothing to work out from: the answer is short
        return assignment
    completed = Evaluator(genre.genre, instance, assignment)
    completed.derive_missing()
    return completed.values


def _sides(edge: Element) -> tuple[Element, Element]:
    """The two cells beside a cell edge (one may be outside the grid)."""
    axis, r, c = edge
    return ((r - 1, c), (r, c)) if axis == "h" else ((r, c - 1), (r, c))


def _read_boundary(values: dict, region: int, drawn: set) -> None:
    """Cells that the drawn edges enclose take `region`; the others, reached from outside the
    grid without crossing a drawn edge, the other value (of a bool)."""

    def beside(cell: Element) -> list[tuple[Element, Element]]:
        r, c = cell
        return [
            (("h", r, c), (r - 1, c)),
            (("h", r + 1, c), (r + 1, c)),
            (("v", r, c), (r, c - 1)),
            (("v", r, c + 1), (r, c + 1)),
        ]

    reached = {
        cell
        for cell in values
        if any(other not in values and edge not in drawn for edge, other in beside(cell))
    }
    todo = list(reached)
    while todo:
        for edge, other in beside(todo.pop()):
            if other in values and other not in reached and edge not in drawn:
                reached.add(other)
                todo.append(other)
    for cell in values:
        values[cell] = 1 - region if cell in reached else region


def _given_answer(
    board: _Values, spec: Pzprv3Spec, sources: tuple[Source, ...], cell: Element, token: str
) -> str:
    """The token to read at a cell where an answer section prints `.` for a given (pzprjs
    leaves the answer out there): the given, as the section that shows the given prints it."""
    for source in sources:
        if source.name in board.variables or source.token != token:
            continue
        if board.value(source.name, cell) is None:
            return token
        for section in spec.sections:
            for shown in section.sources:
                if shown.name == source.name and shown.token is None:
                    return board.printed((shown,), cell)
    return token


def _shows_given(board: _Values, sources: tuple[Source, ...], cell: Element) -> bool:
    """Whether a section writes a given itself at the cell (a given layer's source, plain or
    through a map, before every variable's, has a value there): its token is then no answer's,
    and a number there is not read into a variable after it."""
    for source in sources:
        if source.name in board.variables:
            return False
        if source.token is None and board.value(source.name, cell) is not None:
            return True
    return False


def _read_cell(sources, variables, assignment: Assignment, cell: Element, token: str) -> bool:
    """Whether the token gave one of the sources' variables a value at the cell."""
    for source in sources:
        if source.name not in variables:
            continue
        if source.token is not None:
            if token == source.token:
                assignment[source.name][cell] = 1
                return True
        elif source.tokens:
            for value, printed in source.tokens:
                if printed == token:
                    assignment[source.name][cell] = int(value)
                    return True
            if token.lstrip("-").isdigit():  # a value the map leaves as it is
                assignment[source.name][cell] = int(token)
                return True
        elif token.lstrip("-").isdigit():
            assignment[source.name][cell] = int(token)
            if source.when is not None:
                assignment[source.when][cell] = 1
            return True
    return False


def _read_blank(board: _Values, sources, instance: Instance, assignment: Assignment, cell, token):
    """A blank cell (`.`) of a number that cannot be 0 is a cell left without its number
    (pzpr: "there is an empty cell"): it reads as None, which the evaluator reports, rather
    than as the lowest value, which would pass for an answer (fillomino's 1). Where 0 is a
    value, a blank is that 0, as pzpr writes it; where the section prints `.` for a given
    (kakuro's clue cells), the blank is the given's."""
    if token != "." or any(
        source.name not in board.variables
        and source.token == token
        and board.value(source.name, cell) is not None
        for source in sources
    ):
        return
    for source in sources:
        var = board.variables.get(source.name)
        if var is None or var.type != ir.Type.INT or source.token is not None or source.tokens:
            continue
        if cell in assignment[var.name] and instance.lowest(var) >= 1:
            assignment[var.name][cell] = None
