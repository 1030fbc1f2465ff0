"""`--format svg` and `dslsolve draw`: the puzzle (and its solution) as an SVG picture, drawn
from the genre file's own declarations with no per-genre drawing code.

What is drawn comes from the kinds of things a genre declares: the grid; the walls between
the regions of an input section of labels (`symbols: any`) and between the boxes of an
`each box` rule; clue tokens of the input sections on cells, on lattice points and on links
(dots `w`/`b` as circles, directions `U D L R` as arrows, a token split in two fields by a
diagonal such as kakuro's `16\\23` on both sides of a diagonal); the solution's printed cell
tokens (`#` as a shaded cell, other tokens as text in blue where they are not the clue;
region labels and line-drawing characters are left out, the lines are drawn from the
variables); variables on links as lines through the cell centres (a value of 2 as a double
line) and variables on borders as thick edges. The genre file's `picture:` block
(`dslsolve/dsl/picturespec.py`) adds what the declarations cannot say: which cells are dark
(`shade`) or light (`tint`), walls between the cells of different values (`walls`), tokens
drawn as shapes (`marks`), numbers as letters, clues drawn as circles with a number and a dot
(`circles`), moves drawn as lines that take their circle along (`moves`). The gates of a
`forms path through` rule are drawn as IN and OUT arrows on the outline.
"""

from __future__ import annotations

import math

from dslsolve import ir
from dslsolve.constructs.path_through.syntax import PathThrough
from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import DslError, Location
from dslsolve.evaluator import Assignment, Evaluator
from dslsolve.frontends.svgcanvas import CELL, DARK, Canvas
from dslsolve.geometry import DIRECTION_TOKENS, STEPS, Env, GeometryError, grid_of
from dslsolve.instance import Element, Instance
from dslsolve.ir import GridSection, SetOutput
from dslsolve.output import drawn_tokens, render

# line characters (of a printed solution, or a given piece), by the sides their lines reach
PIECES = {
    "┌": ("down", "right"),
    "┐": ("down", "left"),
    "└": ("up", "right"),
    "┘": ("up", "left"),
    "─": ("left", "right"),
    "│": ("up", "down"),
    "┼": ("up", "down", "left", "right"),
    "├": ("up", "down", "right"),
    "┤": ("up", "down", "left"),
    "┬": ("left", "right", "down"),
    "┴": ("left", "right", "up"),
    "╴": ("left",),
    "╵": ("up",),
    "╶": ("right",),
    "╷": ("down",),
}
DRAWING = set(PIECES)  # in a printed solution: drawn as lines from the variables
ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}
LINE = "#1a5fb4"  # the solution's lines and values
LIGHT = "#cfe8f3"
BEHIND = {"up": "down", "down": "up", "left": "right", "right": "left"}
# marks drawn across the whole cell, over its clue (wagiri's diagonals over 輪 and 切)
CROSSING_MARKS = ("slash", "backslash")
# bars through the cell: its clue stands small in the top left corner beside the bar, as
# puz.link draws juosan's and tateyoko's
BARS = ("vbar", "hbar", "bars")
# a dark half of the cell: the corner of its right angle, as a step from the centre
HALVES = {"lowerleft": (1, -1), "lowerright": (1, 1), "upperright": (-1, 1), "upperleft": (-1, -1)}
RADIUS = 0.36  # a drawn circle's radius, in cells
# where the numbers of a clue that is a list (tapa's `1,3`) stand, from the cell's centre, by
# their count: as puz.link arranges them, with no commas
ARRANGED = {
    2: ((-0.2, -0.2), (0.2, 0.2)),
    3: ((-0.22, -0.22), (-0.22, 0.22), (0.22, 0)),
    4: ((-0.22, -0.22), (-0.22, 0.22), (0.22, -0.22), (0.22, 0.22)),
}
# the side of the grid a step in each direction crosses
# an inequality sign between cells (futoshiki, minarism): the step toward its point
CHEVRONS = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0)}
SIDE_TOWARD = {"up": "top", "down": "bottom", "left": "left", "right": "right"}


def picture(genre_file: GenreFile, instance: Instance, assignment: Assignment | None) -> str:
    """The SVG text of the puzzle with its solution (None: the puzzle alone)."""
    if genre_file.picture.points is not None:
        return _listed_points(genre_file, instance, assignment)
    if isinstance(genre_file.genre.output, SetOutput) or instance.rows == 0:
        raise DslError(
            Location(genre_file.path),
            f"the genre {genre_file.genre.name} is not a grid of cells: no picture",
        )
    rows, columns = instance.rows, instance.columns
    sides = _list_sides(instance)
    gates = _gates(genre_file, instance)
    margins = _margins(instance, sides, gates)
    canvas = Canvas(rows, columns, margins)
    gate_sections = {layer.section for layer in _gate_layers(genre_file)}
    cell_sections = [
        s
        for s in genre_file.genre.sections
        if isinstance(s, GridSection)
        and s.on == ir.ElementKind.CELL
        and s.name in instance.grids
        and s.name not in gate_sections
    ]
    regions = [s.name for s in cell_sections if s.symbols == ("any",)]
    cells = _Cells(genre_file, instance, assignment, cell_sections, regions)
    contents = Canvas(rows, columns, margins)
    cells.draw(canvas, contents)  # the fills on the canvas, what stands in cells apart
    grid = genre_file.picture.grid
    if grid == "lines":
        for r in range(rows + 1):
            canvas.line(r, 0, r, columns, 1, "#bbb")
        for c in range(columns + 1):
            if genre_file.picture.joins is None:
                canvas.line(0, c, rows, c, 1, "#bbb")
                continue
            for r in range(rows):  # no line inside two cells drawn as one (`joins`)
                if not cells.holds(genre_file.picture.joins, (r, c)):
                    canvas.line(r, c, r + 1, c, 1, "#bbb")
    for labels in [instance.grids[name] for name in regions] + _boxes(genre_file, instance):
        _walls(labels, canvas)
    if cells.readable(genre_file.picture.walls):
        _walls(cells.values(genre_file.picture.walls), canvas)
    _variables(genre_file, assignment, canvas)
    cells.moves(canvas)
    for cell, way, direction in gates:
        _gate(canvas, cell, way, direction, assignment is not None)
    if grid == "dots":  # over the lines, as puz.link draws slitherlink's lattice
        for r in range(rows + 1):
            for c in range(columns + 1):
                canvas.circle(r, c, CELL * 0.06, "black", "none")
    canvas.items.extend(contents.items)
    _marks(genre_file, instance, canvas)
    if grid == "lines":
        for r1, c1, r2, c2 in ((0, 0, 0, columns), (rows, 0, rows, columns), (0, 0, rows, 0)):
            canvas.line(r1, c1, r2, c2, 3, "black")
        canvas.line(0, columns, rows, columns, 3, "black")
    letters = genre_file.picture.letters
    for side, names in sides.items():
        if len(names) > 1:  # several lists on one side: an entry of each, as one label
            _clue_list(canvas, side, _joined(instance, names, letters), False)
            continue
        for name in names:
            _clue_list(canvas, side, instance.lists[name], _lettered(letters, name))
    return canvas.svg()


def grid_corner(genre_file: GenreFile, instance: Instance) -> tuple[float, float]:
    """The pixel (x, y) of the grid's top-left corner in `picture`'s drawing; a cell is CELL
    pixels wide (a page marks cells over the picture with it)."""
    sides = _list_sides(instance)
    margins = _margins(instance, sides, _gates(genre_file, instance))
    canvas = Canvas(instance.rows, instance.columns, margins)
    return canvas.x(0), canvas.y(0)


def _margins(
    instance: Instance, sides: dict[str, list[str]], gates: list[tuple[Element, str, str]]
) -> dict[str, int]:
    """Cells left beside the grid, per side: for the clue lists, and one for a gate's arrow."""
    margins = {
        side: max(
            (
                sum(map(_span, entry or ()))
                for entries in (
                    [instance.lists[n] for n in names]
                    if len(names) == 1
                    else [_joined(instance, names, ())]
                )
                for entry in entries
            ),
            default=0,
        )
        for side, names in sides.items()
    }
    for _, way, direction in gates:
        side = SIDE_TOWARD[direction if way == "out" else BEHIND[direction]]
        margins[side] = max(margins.get(side, 0), 1)
    return margins


def _label(token: str, letters: bool = False) -> str:
    """A token as it is drawn: directions as arrows (yajilin's `2,D` as `2↓`), numbers as
    letters where the genre says so (1 as A)."""
    parts = token.split(",")
    if len(parts) > 1:  # a part `-` says "none" (yajitatami's `2,-`: a 2 without an arrow)
        parts = [p for p in parts if p != "-"] or parts
    arrows = [ARROWS.get(DIRECTION_TOKENS.get(p, ""), "") for p in parts]
    if letters:  # a letter made of a number is no arrow (kaero's 4 is D, not down)
        parts = [chr(64 + int(p)) if p.isdigit() and 0 < int(p) <= 26 else p for p in parts]
    if not any(arrows):
        return ",".join(parts)
    return "".join(arrow or part for part, arrow in zip(parts, arrows, strict=True))


def _list_sides(instance: Instance) -> dict[str, list[str]]:
    """The side of the grid each list section is drawn on: a list named for a side there
    (`right`, `bottom`), else a list per row on the left and per column on top."""
    sides: dict[str, list[str]] = {}
    for name, entries in instance.lists.items():
        named = [side for side in ("right", "bottom", "left", "top") if side in name]
        per_row = len(entries) == instance.rows and (
            len(entries) != instance.columns or name in ("rows", "left", "right", "across")
        )
        side = named[0] if named else ("left" if per_row else "top")
        sides.setdefault(side, []).append(name)
    return sides


def _lettered(letters: bool | tuple[str, ...], name: str) -> bool:
    """Are the list's numbers drawn as letters (`picture: letters`, true or list names)?"""
    return letters is True or (isinstance(letters, tuple) and name in letters)


def _joined(instance: Instance, names: list[str], letters) -> list[tuple[str, ...]]:
    """The lists drawn on one side, entry by entry: each list's numbers of the row or column
    (as letters for a list named in `letters`) written together (kinkonkan's letter and
    number, `B2`); an entry where no list has one is empty."""
    joined = []
    for entries in zip(*(instance.lists[name] for name in names), strict=True):
        parts = [
            "".join(
                chr(64 + n) if _lettered(letters, name) and 0 < n <= 26 else str(n)
                for n in entry or ()
            )
            for name, entry in zip(names, entries, strict=True)
        ]
        joined.append(("".join(parts),) if any(parts) else ())
    return joined


def _span(number) -> int:
    """The cells a number of a clue list takes beside the grid: one, or more for a long one
    (sumline's 9139: a digit is about 0.27 of a cell at the lists' size)."""
    return max(1, math.ceil(len(str(number)) * 0.27 + 0.1))


def _clue_list(canvas: Canvas, side: str, entries, letters: bool) -> None:
    """Each entry's numbers in a line beside its row or column, the last next to the grid."""
    for index, entry in enumerate(entries):
        numbers = list(entry or ())
        spans = [_span(number) for number in numbers]
        for k, number in enumerate(numbers):
            middle = sum(spans[:k]) + spans[k] / 2
            depth = {
                "left": -sum(spans) + middle,
                "top": -sum(spans) + middle,
                "right": canvas.columns + middle,
                "bottom": canvas.rows + middle,
            }[side]
            shown = _label(str(number), letters)
            if side in ("left", "right"):
                canvas.text(index + 0.5, depth, shown, 0.45)
            else:
                canvas.text(depth, index + 0.5, shown, 0.45)


class _Cells:
    """What stands in each cell: a fill (`#` printed or `shade`: dark; `tint`: light), then
    a printed token (a shape for `marks`, else text; `*` only where no clue is: it marks
    kakuro's clue cells) or the cell's clue (the first input section's token that is not a
    region label). No assignment: the clues alone."""

    def __init__(self, genre_file, instance, assignment, cell_sections, regions) -> None:
        self.spec = genre_file.picture
        self.instance = instance
        self.clue_sections = [s for s in cell_sections if s.name not in regions]
        self.labels = [instance.grids[name] for name in regions]
        # `shade` and `tint` read the solution; with none, only those that read the input
        self.evaluator = Evaluator(genre_file.genre, instance, assignment or {})
        self.solved = assignment is not None
        # the cells whose printed token the puzzle decides (roma's and toichika's given
        # arrows): drawn in black as givens, and drawn so in the puzzle alone too
        self.fixed, fixed_tokens = _fixed_cells(genre_file, instance, self.evaluator)
        self.printed = _printed_cells(genre_file, instance, assignment) or fixed_tokens
        # each cell drawn as a circle (`picture: circles`) -> where its move ends
        where = self.spec.circles.where if self.spec.circles else None
        cells = grid_of(instance.rows, instance.columns).cells()
        self.ends = {c: self._end(c) for c in cells if self.holds(where, c)}

    def readable(self, expr: ir.Expr | None) -> bool:
        """Whether a declared expression can be drawn: given, and reading no unknown when
        there is no solution."""
        if expr is None:
            return False
        return self.solved or not any(isinstance(n, ir.VarRef) for n in ir.walk(expr))

    def holds(self, condition: ir.Expr | None, cell: Element) -> bool:
        if not self.readable(condition):
            return False
        return self.evaluator.expr(condition, Env(cell, ir.ElementKind.CELL, None)) is True

    def values(self, expr: ir.Expr) -> dict[Element, object]:
        grid = grid_of(self.instance.rows, self.instance.columns)
        return {
            cell: self.evaluator.expr(expr, Env(cell, ir.ElementKind.CELL, None))
            for cell in grid.cells()
        }

    def given(self, token: str, cell: Element) -> bool:
        """Whether a printed token shows the input at the cell (a given, hotaru beam's number
        of its clue), not a value of the solution."""
        return any(token == str(layer.get(cell)) for layer in self.instance.grids.values())

    def clue(self, cell: Element) -> tuple[GridSection, str] | None:
        for section in self.clue_sections:
            token = self.instance.grids[section.name].get(cell)
            if token is not None:
                return section, str(token)
        return None

    def others(self, cell: Element) -> list[str]:
        """The clues at the cell after the first (`clue`), one per section that has one."""
        tokens = [self.instance.grids[s.name].get(cell) for s in self.clue_sections]
        return [str(token) for token in tokens if token is not None][1:]

    def draw(self, fills: Canvas, contents: Canvas) -> None:
        # what stands in two cells drawn as one (`joins`), half a cell right: in their middle
        margins = contents.margins | {"left": contents.margins["left"] + 0.5}
        middle = Canvas(contents.rows, contents.columns, margins)
        for r in range(self.instance.rows):
            for c in range(self.instance.columns):
                token = self.printed.get((r, c), ".")
                dark = token == "#" or self.holds(self.spec.shade, (r, c))
                if dark:
                    fills.fill(r, c, DARK)
                elif self.holds(self.spec.tint, (r, c)):
                    fills.fill(r, c, LIGHT)
                if self.holds(self.spec.plates, (r, c)):  # the lines stop at its edge
                    contents.fill(r + 0.15, c + 0.15, "white", 0.7)
                if (r, c) not in self.ends:  # a circle stands for the clue
                    joined = self.holds(self.spec.joins, (r, c + 1))
                    self._content(middle if joined else contents, r, c, token, dark)
        for start, end in self.ends.items():
            if end != start:  # where it started, faint
                contents.circle(start[0] + 0.5, start[1] + 0.5, CELL * RADIUS, "none", "#999", True)
            self._circle(contents, start, end)
        contents.items.extend(middle.items)

    def _moving(self, direction: str, cell: Element) -> bool:
        inside = 0 <= cell[0] < self.instance.rows and 0 <= cell[1] < self.instance.columns
        return inside and self.holds(dict(self.spec.moves).get(direction), cell)

    def _end(self, start: Element) -> Element:
        """Where the circle at `start` ends: the last cell of the run of cells beside it that a
        move away from it passes (`picture: moves`), or `start` itself."""
        for direction, (dr, dc) in STEPS.items():
            cell = start
            while self._moving(direction, (cell[0] + dr, cell[1] + dc)):
                cell = (cell[0] + dr, cell[1] + dc)
            if cell != start:
                return cell
        return start

    def moves(self, canvas: Canvas) -> None:
        """Each cell that a move passes, joined to the cell it came from."""
        for r in range(self.instance.rows):
            for c in range(self.instance.columns):
                for direction, _ in self.spec.moves:
                    if self._moving(direction, (r, c)):
                        dr, dc = STEPS[direction]
                        canvas.line(r - dr + 0.5, c - dc + 0.5, r + 0.5, c + 0.5, 4, LINE)

    def _circle(self, canvas: Canvas, start: Element, at: Element) -> None:
        """The circle of the clue at `start`, drawn at `at`: its number inside, its dot on the
        rim toward its direction (`picture: circles`)."""
        circles = self.spec.circles
        row, column = at[0] + 0.5, at[1] + 0.5
        canvas.circle(row, column, CELL * RADIUS, DARK if circles.dark else "white")
        env = Env(start, ir.ElementKind.CELL, None)
        text = self.evaluator.expr(circles.text, env) if circles.text else None
        labels = dict(circles.labels)
        if type(text) is int or str(text) in labels:
            label = labels.get(str(text), str(text))
            canvas.text(row, column, label, 0.45, "white" if circles.dark else "black")
        dot = self.evaluator.expr(circles.dot, env) if circles.dot else None
        if isinstance(dot, str) and dot in DIRECTION_TOKENS:
            dr, dc = STEPS[DIRECTION_TOKENS[dot]]
            canvas.circle(row + dr * RADIUS, column + dc * RADIUS, CELL * 0.09, "black")

    def _content(self, canvas: Canvas, r: int, c: int, token: str, dark: bool) -> None:
        """A printed token: a mark's shape, a value of the solution in blue; else the clue
        (not the symbol that makes a cell dark: akari's `#`, kakuro's `*`), else a given
        that no cell section holds (futoshiki's, in its drawing) in black."""
        marks = dict(self.spec.marks)
        found = self.clue((r, c))
        shown = token not in DRAWING and token not in (".", "#")
        shown = shown and (token != "*" or found is None)
        shown = shown and all(token != str(layer[(r, c)]) for layer in self.labels)
        if shown and marks.get(token, "none") != "none":
            if found and marks[token] in CROSSING_MARKS:  # the clue shows under the line
                self._clue(canvas, r, c, *found, dark)
            elif found and marks[token] in BARS:  # the clue in the corner beside the bar
                canvas.text(r + 0.22, c + 0.2, found[1], 0.3, "white" if dark else "black")
            _shape(canvas, r + 0.5, c + 0.5, marks[token])
        elif shown and token not in marks and not self.given(token, (r, c)):
            colour = "black" if (r, c) in self.fixed else LINE
            self._text(canvas, r, c, _label(token, self.spec.letters is True), colour, dark)
        elif found and _diagonal_split(found[0]):
            _diagonal(canvas, r, c, found[1].split("\\", 1) if "\\" in found[1] else [], dark)
        elif found and not (dark and found[1] in found[0].symbols):
            section, clue = found
            if dark and section.fields:  # a part that is a symbol: the shading says it,
                # but for a direction, drawn as a white arrow (nagare's wind)
                parts = clue.split(section.split)
                parts = [p for p in parts if p not in section.symbols or p in DIRECTION_TOKENS]
                clue = section.split.join(parts)
            self._clue(canvas, r, c, section, clue, dark)
        elif shown and token not in marks:
            self._text(canvas, r, c, _label(token, self.spec.letters is True), "black", dark)

    def _clue(self, canvas: Canvas, r: int, c: int, section, clue: str, dark: bool) -> None:
        marks = dict(self.spec.marks)
        parts = clue.split(section.split) if section.lists else []
        if clue in marks:
            _shape(canvas, r + 0.5, c + 0.5, marks[clue])
            if marks[clue] in HALVES:  # the cell's other clues, in white in the dark half
                dr, dc = HALVES[marks[clue]]
                for other in self.others((r, c)):
                    canvas.text(r + 0.5 + dr * 0.2, c + 0.5 + dc * 0.2, other, 0.36, "white")
        elif clue in PIECES:  # a given piece of line (pipelink's): drawn as lines, in black
            for direction in PIECES[clue]:
                dr, dc = STEPS[direction]
                canvas.line(r + 0.5, c + 0.5, r + 0.5 + dr / 2, c + 0.5 + dc / 2, 4, "black")
        elif len(parts) in ARRANGED and all(p.isdigit() or p == "?" for p in parts):
            colour, size = "white" if dark else "black", 0.45 if len(parts) == 2 else 0.38
            for part, (dr, dc) in zip(parts, ARRANGED[len(parts)], strict=True):
                canvas.text(r + 0.5 + dr, c + 0.5 + dc, part, size, colour)
        else:
            self._text(canvas, r, c, _label(clue, self.spec.letters is True), "black", dark)

    @staticmethod
    def _text(canvas: Canvas, r: int, c: int, text: str, colour: str, dark: bool) -> None:
        """A token as text; `w` and `b` as white and black circles."""
        if text in ("w", "b"):
            canvas.circle(r + 0.5, c + 0.5, CELL * 0.32, "white" if text == "w" else "black")
            return
        size = 0.55 if len(text) < 3 else 0.35
        canvas.text(r + 0.5, c + 0.5, text, size, "white" if dark else colour)


def _printed_cells(genre_file, instance, assignment) -> dict[Element, str]:
    """The printed solution's token at each cell (of a drawing too: its cell centres)."""
    if assignment is None:
        return {}
    lines = render(genre_file, instance, assignment).splitlines()
    if genre_file.genre.output.edges is not None:  # a drawing: its cell centres
        return {cell: token or "." for cell, token in drawn_tokens(lines, instance).items()}
    rows = [line.split() for line in lines]
    if [len(row) for row in rows] != [instance.columns] * instance.rows:
        return {}
    return {(r, c): token for r, row in enumerate(rows) for c, token in enumerate(row)}


def _fixed_cells(
    genre_file: GenreFile, instance: Instance, evaluator: Evaluator
) -> tuple[set[Element], dict[Element, str]]:
    """The cells where a rule `each cell [where INPUT]: VAR = INPUT` sets every unknown on
    cells that the output reads, with the token each then prints: a given that the solution
    prints otherwise than its clue (roma's and toichika's 1 as U)."""
    genre = genre_file.genre
    if isinstance(genre.output, SetOutput):
        return set(), {}
    read = {
        node.var.name
        for case in genre.output.cell
        for expr in (case.when, case.show)
        if expr is not None
        for node in ir.walk(expr)
        if isinstance(node, ir.VarRef)
    }
    grid = grid_of(instance.rows, instance.columns)
    values: dict[str, dict[Element, object]] = {}
    for rule in genre.rules:
        each = rule.body
        if not (
            isinstance(each, ir.Each)
            and each.group.kind == "cell"
            and each.binder is None
            and isinstance(each.body, ir.Holds)
            and isinstance(each.body.expr, ir.Compare)
            and each.body.expr.op == "="
            and (each.where is None or not ir.reads_unknowns(each.where))
        ):
            continue
        expr = each.body.expr
        for ref, other in ((expr.left, expr.right), (expr.right, expr.left)):
            if not (
                isinstance(ref, ir.VarRef)
                and isinstance(ref.at, ir.Focus)
                and ref.var.on == ir.ElementKind.CELL
                and not ir.reads_unknowns(other)
            ):
                continue
            for cell in grid.cells():
                env = Env(cell, ir.ElementKind.CELL, None)
                if each.where is not None and evaluator.expr(each.where, env) is not True:
                    continue
                value = evaluator.expr(other, env)
                if type(value) is int and value in instance.domain(ref.var):
                    values.setdefault(ref.var.name, {}).setdefault(cell, value)
    shown = [v.name for v in genre.variables if v.on == ir.ElementKind.CELL and v.name in read]
    if not shown or not all(name in values for name in shown):
        return set(), {}
    cells = set.intersection(*(set(values[name]) for name in shown))
    assignment = {
        var.name: {
            e: values.get(var.name, {}).get(e, instance.lowest(var)) for e in grid.elements(var.on)
        }
        for var in genre.variables
        if var.on in (ir.ElementKind.CELL, ir.ElementKind.LINK, ir.ElementKind.BORDER)
    }
    try:
        printed = _printed_cells(genre_file, instance, assignment)
    except (DslError, GeometryError, KeyError, TypeError, ValueError):
        printed = {}
    return cells, {cell: printed[cell] for cell in cells if cell in printed}


def _diagonal_split(section: GridSection) -> bool:
    """Whether a section's tokens are two fields split by a diagonal (kakuro's)."""
    return section.split == "\\" and len(section.fields) == 2


def _diagonal(canvas: Canvas, r: int, c: int, parts: list[str], dark: bool) -> None:
    """A cell of a token in two fields split by a diagonal (kakuro's `down\\across`), drawn
    in every such cell, its parts given or not: the first part below the diagonal, the
    second above it, each half a cell high, in the corner away from the diagonal."""
    canvas.line(r, c, r + 1, c + 1, 1.5, "#bbb" if dark else "#999")
    colour = "white" if dark else "black"
    for part, (dr, dc) in zip(parts, ((0.74, 0.27), (0.27, 0.73)), strict=False):
        if part:
            canvas.text(r + dr, c + dc, part, 0.5, colour)


def _shape(canvas: Canvas, row: float, column: float, shape: str) -> None:
    """A mark of the `picture: marks:` declaration, centred at (row, column)."""
    if shape == "light":
        canvas.circle(row, column, CELL * 0.3, "#f6d32d")
    elif shape in ("circle", "disc"):
        canvas.circle(row, column, CELL * 0.32, "white" if shape == "circle" else "black")
    elif shape == "dot":
        canvas.circle(row, column, CELL * 0.1, "black")
    elif shape == "cross":
        for dc in (-0.2, 0.2):
            canvas.line(row - 0.2, column - dc, row + 0.2, column + dc, 2, "black")
    elif shape == "triangle":
        canvas.polygon(
            [(row - 0.3, column), (row + 0.25, column - 0.32), (row + 0.25, column + 0.32)],
            "#26a269",
        )
    elif shape == "tree":  # a trunk under a round crown (tents' trees, beside its tents)
        canvas.line(row, column, row + 0.32, column, 4, "#865e3c")
        canvas.circle(row - 0.08, column, CELL * 0.26, "#33a02c")
    elif shape == "square":
        corners = ((-0.28, -0.28), (-0.28, 0.28), (0.28, 0.28), (0.28, -0.28))
        canvas.polygon([(row + dr, column + dc) for dr, dc in corners], "white")
    elif shape in BARS:  # a thick bar through the cell, up and down or across, or both
        long, short = 0.42, 0.11
        corners = ((-1, -1), (-1, 1), (1, 1), (1, -1))
        for bar in ("vbar", "hbar") if shape == "bars" else (shape,):
            half = (long, short) if bar == "vbar" else (short, long)
            points = [(row + dr * half[0], column + dc * half[1]) for dr, dc in corners]
            canvas.polygon(points, LINE)
    elif shape in HALVES:  # the right angle in the corner (dr, dc), the long side across
        dr, dc = HALVES[shape]
        corners = ((dr, dc), (-dr, dc), (dr, -dc))
        canvas.polygon([(row + a * 0.5, column + b * 0.5) for a, b in corners], DARK)
    elif shape in ("slash", "backslash"):  # corner to corner: '/' rises to the right
        rise = 0.5 if shape == "slash" else -0.5
        canvas.line(row + rise, column - 0.5, row - rise, column + 0.5, 3, "black")
    elif shape == "star":
        points = []
        for k in range(10):
            radius = 0.38 if k % 2 == 0 else 0.16
            angle = math.pi * k / 5
            points.append((row - radius * math.cos(angle), column + radius * math.sin(angle)))
        canvas.polygon(points, "black")


def _boxes(genre_file: GenreFile, instance: Instance) -> list[dict[Element, int]]:
    """The boxes of an `each box` rule (sudoku's), as labels per cell."""
    grid = grid_of(instance.rows, instance.columns)
    found = []
    for rule in genre_file.genre.rules:
        for node in ir.walk(rule.body):
            if isinstance(node, ir.Each) and node.group.kind == "box":
                try:
                    boxes = grid.groups(node.group, lambda _: False, lambda _: None)
                except GeometryError:
                    continue
                found.append({cell: k for k, box in enumerate(boxes) for cell in box.cells})
    return found


def _walls(labels: dict, canvas: Canvas) -> None:
    for (r, c), label in labels.items():
        if labels.get((r, c + 1), label) != label:
            canvas.line(r, c + 1, r + 1, c + 1, 3, "black")
        if labels.get((r + 1, c), label) != label:
            canvas.line(r + 1, c, r + 1, c + 1, 3, "black")


def _variables(genre_file: GenreFile, assignment: Assignment | None, canvas: Canvas) -> None:
    for var in genre_file.genre.variables:
        for element, value in (assignment or {}).get(var.name, {}).items():
            if not value or var.on not in (ir.ElementKind.LINK, ir.ElementKind.BORDER):
                continue
            axis, r, c = element
            if var.on == ir.ElementKind.BORDER:  # an edge of a cell
                end = (r, c + 1) if axis == "h" else (r + 1, c)
                canvas.line(r, c, *end, 4, LINE)
                continue
            end = (r + 0.5, c + 1.5) if axis == "h" else (r + 1.5, c + 0.5)
            offsets = (0,) if value == 1 else (-0.08, 0.08)
            for shift in offsets:
                dr, dc = (shift, 0) if axis == "h" else (0, shift)
                canvas.line(r + 0.5 + dr, c + 0.5 + dc, end[0] + dr, end[1] + dc, 3, LINE)


def _gate_layers(genre_file: GenreFile) -> list[ir.InputLayer]:
    """The gates of each `VAR forms path through GATES` rule."""
    return [
        node.gates
        for rule in genre_file.genre.rules
        for node in ir.walk(rule.body)
        if isinstance(node, PathThrough)
    ]


def _gates(genre_file: GenreFile, instance: Instance) -> list[tuple[Element, str, str]]:
    """Each gate of a path through the outline: its cell, `in` or `out`, the direction of
    travel (`Grid.gate`); none where the puzzle's gates are not one entrance and one exit."""
    grid = grid_of(instance.rows, instance.columns)
    found = []
    for layer in _gate_layers(genre_file):
        tokens = {c: t for c in grid.cells() if (t := instance.value(layer, c)) is not None}
        try:
            gates = grid.entrance_and_exit(tokens)
        except GeometryError:
            continue  # the solver says what is wrong with them; the picture leaves them out
        found.extend((cell, way, direction) for cell, (way, direction) in gates.items())
    return found


def _gate(canvas: Canvas, cell: Element, way: str, direction: str, solved: bool) -> None:
    """A gate on the outline: an arrow in the direction of travel outside the grid, behind
    the entrance (IN) or ahead of the exit (OUT); solved, the path runs to the outline."""
    dr, dc = STEPS[direction]
    row, column = cell[0] + 0.5, cell[1] + 0.5
    near, far = (-0.5, -1.2) if way == "in" else (0.5, 1.2)  # from the cell's centre
    if solved:
        canvas.line(row, column, row + near * dr, column + near * dc, 3, LINE)
    tail, head = (far, near) if way == "in" else (near, far)
    canvas.arrow(row + tail * dr, column + tail * dc, row + head * dr, column + head * dc)
    middle = (near + far) / 2
    label_row, label_column = row + middle * dr, column + middle * dc
    if dr == 0:  # a horizontal arrow: the label above it
        label_row -= 0.3
    else:  # a vertical one: beside it
        label_column += 0.45
    canvas.text(label_row, label_column, "IN" if way == "in" else "OUT", 0.28)


def _chevron(canvas: Canvas, row: float, column: float, step: tuple[int, int]) -> None:
    """An inequality sign between two cells, its point toward the smaller side (`step`),
    drawn as two strokes with no circle, as puz.link draws futoshiki's."""
    dr, dc = step
    tip = (row + 0.09 * dr, column + 0.09 * dc)
    for side in (-1, 1):
        end = (row - 0.09 * dr + 0.14 * side * dc, column - 0.09 * dc + 0.14 * side * dr)
        canvas.line(*tip, *end, 2.5, "black")


def _marks(genre_file: GenreFile, instance: Instance, canvas: Canvas) -> None:
    """Clues on lattice points and between cells: dots as circles, inequality signs as
    chevrons, directions as arrows, other tokens in a circle; a token marked `wall` (or
    `none`) in `picture: marks:` as the border between its two cells (or not at all)."""
    marks = dict(genre_file.picture.marks)
    for section in genre_file.genre.sections:
        if not isinstance(section, GridSection) or section.name not in instance.grids:
            continue
        # a drawing's dots on its cells and its points (tentaisho's stars): circles there
        for layer, middle in ((section.cells, 0.5), (section.points, 0)):
            for (r, c), token in instance.grids.get(layer or "", {}).items():
                if token in ("w", "b"):
                    colour = "white" if token == "w" else "black"
                    canvas.circle(r + middle, c + middle, CELL * 0.14, colour)
        for element, token in instance.grids[section.name].items():
            if token is None or len(element) != 3 and section.on != ir.ElementKind.POINT:
                continue
            if section.on == ir.ElementKind.POINT:
                row, column = element
            else:
                axis, r, c = element
                row, column = (r + 0.5, c + 1) if axis == "h" else (r + 1, c + 0.5)
                if marks.get(str(token)) == "wall":
                    start, end = (
                        ((r, c + 1), (r + 1, c + 1))
                        if axis == "h"
                        else ((r + 1, c), (r + 1, c + 1))
                    )
                    canvas.line(*start, *end, 4, "black")
                    continue
                if marks.get(str(token)) == "none":
                    continue
            if token in ("w", "b"):
                canvas.circle(row, column, CELL * 0.14, "white" if token == "w" else "black")
            elif marks.get(str(token)) == "dot":  # a black dot (kramman's on points)
                canvas.circle(row, column, CELL * 0.1, "black")
            elif str(token) in CHEVRONS:
                _chevron(canvas, row, column, CHEVRONS[str(token)])
            elif str(token) in DIRECTION_TOKENS:
                canvas.text(row, column, _label(str(token)), 0.5)
            else:
                canvas.circle(row, column, CELL * 0.22, "white")
                canvas.text(row, column, str(token), 0.35)


def _listed_points(genre_file: GenreFile, instance: Instance, assignment: Assignment | None) -> str:
    """A puzzle of points listed by a table (`picture: points`, kouchoku), as puz.link draws
    it: the lattice's cells in grey, the solution's segments as lines between the points'
    centres, each point a white circle with its text (the empty text's label where none)."""
    spec = genre_file.picture.points
    table = next(s for s in genre_file.genre.sections if s.name == spec.table)
    records = instance.tables[spec.table].records
    columns, rows = (int(n) for n in instance.tables[spec.size].records[0][:2])
    canvas = Canvas(rows, columns)
    for r in range(rows + 1):
        canvas.line(r, 0, r, columns, 1, "#ccc")
    for c in range(columns + 1):
        canvas.line(0, c, rows, c, 1, "#ccc")

    def field(record: tuple, name: str) -> object:
        index = table.fields.index(name)
        return record[index] if index < len(record) else None

    places = {n: (field(r, spec.y), field(r, spec.x)) for n, r in enumerate(records, start=1)}
    if assignment is not None:
        for (p, q), drawn in sorted(assignment.get(spec.segments, {}).items()):
            if drawn and p < q:
                canvas.line(*places[p], *places[q], 3, LINE)
    for number, record in enumerate(records, start=1):
        row, column = places[number]
        canvas.circle(row, column, CELL * 0.3, "white")
        text = field(record, spec.text)
        canvas.text(row, column, spec.empty if text is None else str(text), 0.45)
    return canvas.svg()
