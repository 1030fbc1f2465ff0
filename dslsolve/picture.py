"""`--format svg`: the puzzle and its solution as an SVG picture, drawn from the genre file's
own declarations with no per-genre drawing code.

What is drawn comes from the kinds of things a genre declares: the grid; the walls between
the regions of an input section of labels (`symbols: any`); clue tokens of the input sections
on cells, on lattice points and on links (dots `w`/`b` as circles); the solution's printed
cell tokens (`#` as a shaded cell, other tokens as text; region labels and line-drawing
characters are left out, the lines are drawn from the variables); variables on links as lines
through the cell centres (a value of 2 as a double line) and variables on borders as thick
edges.
"""

from __future__ import annotations

from html import escape

from dslsolve import ir
from dslsolve.dsl.genre import GenreFile, GridSection, SetOutput
from dslsolve.errors import DslError, Location
from dslsolve.evaluator import Assignment
from dslsolve.instance import Instance
from dslsolve.output import render

CELL = 36  # pixels per cell
PAD = 12
SIDES = ("top", "bottom", "left", "right")
DRAWING = set("┌┐└┘─│┼├┤┬┴╴╵╶╷")  # line characters of a printed solution: drawn as lines


class _Canvas:
    def __init__(self, rows: int, columns: int, margins: dict[str, int] | None = None) -> None:
        self.rows, self.columns = rows, columns
        self.margins = {side: 0 for side in SIDES} | (margins or {})
        self.items: list[str] = []

    def x(self, column: float) -> float:
        return PAD + (self.margins["left"] + column) * CELL

    def y(self, row: float) -> float:
        return PAD + (self.margins["top"] + row) * CELL

    def line(self, r1: float, c1: float, r2: float, c2: float, width: float, colour: str) -> None:
        self.items.append(
            f'<line x1="{self.x(c1)}" y1="{self.y(r1)}" x2="{self.x(c2)}" y2="{self.y(r2)}" '
            f'stroke="{colour}" stroke-width="{width}" stroke-linecap="round"/>'
        )

    def text(
        self, row: float, column: float, token: str, size: float = 0.55, colour: str = "black"
    ) -> None:
        halo = "black" if colour == "white" else "white"  # readable over lines and shading
        place = (
            f'x="{self.x(column)}" y="{self.y(row)}" font-size="{CELL * size:.0f}" '
            'text-anchor="middle" dominant-baseline="central" font-family="sans-serif"'
        )
        for paint in (f'fill="none" stroke="{halo}" stroke-width="3"', f'fill="{colour}"'):
            self.items.append(f"<text {place} {paint}>{escape(token)}</text>")

    def circle(self, row: float, column: float, radius: float, fill: str) -> None:
        self.items.append(
            f'<circle cx="{self.x(column)}" cy="{self.y(row)}" r="{radius}" fill="{fill}" '
            'stroke="black" stroke-width="1.5"/>'
        )

    def shade(self, row: int, column: int) -> None:
        self.items.append(
            f'<rect x="{self.x(column)}" y="{self.y(row)}" width="{CELL}" height="{CELL}" '
            'fill="#333"/>'
        )

    def svg(self) -> str:
        across = self.columns + self.margins["left"] + self.margins["right"]
        down = self.rows + self.margins["top"] + self.margins["bottom"]
        width, height = 2 * PAD + across * CELL, 2 * PAD + down * CELL
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">\n<rect width="100%" height="100%" fill="white"/>'
        )
        return "\n".join([head, *self.items, "</svg>"]) + "\n"


def picture(genre_file: GenreFile, instance: Instance, assignment: Assignment | None) -> str:
    """The SVG text of the puzzle with its solution (None: the puzzle alone)."""
    if isinstance(genre_file.output, SetOutput) or instance.rows == 0:
        raise DslError(
            Location(genre_file.path),
            f"the genre {genre_file.genre.name} is not a grid of cells: no picture",
        )
    rows, columns = instance.rows, instance.columns
    sides = _list_sides(instance)
    margins = {
        side: max((len(entry or ()) for name in names for entry in instance.lists[name]), default=0)
        for side, names in sides.items()
    }
    canvas = _Canvas(rows, columns, margins)
    cell_sections = [
        s
        for s in genre_file.sections
        if isinstance(s, GridSection) and s.on == ir.ElementKind.CELL and s.name in instance.grids
    ]
    regions = [s.name for s in cell_sections if s.symbols == ("any",)]
    shading = _Canvas(rows, columns, margins)
    _cells(genre_file, instance, assignment, shading, cell_sections, regions)
    canvas.items.extend(item for item in shading.items if item.startswith("<rect"))
    for r in range(rows + 1):
        canvas.line(r, 0, r, columns, 1, "#bbb")
    for c in range(columns + 1):
        canvas.line(0, c, rows, c, 1, "#bbb")
    for name in regions:
        _walls(instance.grids[name], canvas)
    _variables(genre_file, assignment, canvas)
    canvas.items.extend(item for item in shading.items if not item.startswith("<rect"))
    _marks(genre_file, instance, canvas)
    for r1, c1, r2, c2 in ((0, 0, 0, columns), (rows, 0, rows, columns), (0, 0, rows, 0)):
        canvas.line(r1, c1, r2, c2, 3, "black")
    canvas.line(0, columns, rows, columns, 3, "black")
    for side, names in sides.items():
        for name in names:
            _clue_list(canvas, side, instance.lists[name])
    return canvas.svg()


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


def _clue_list(canvas: _Canvas, side: str, entries) -> None:
    """Each entry's numbers in a line beside its row or column, the last next to the grid."""
    for index, entry in enumerate(entries):
        numbers = list(entry or ())
        for k, number in enumerate(numbers):
            depth = {
                "left": -len(numbers) + k,
                "top": -len(numbers) + k,
                "right": canvas.columns + k,
                "bottom": canvas.rows + k,
            }[side]
            if side in ("left", "right"):
                canvas.text(index + 0.5, depth + 0.5, str(number), 0.45)
            else:
                canvas.text(depth + 0.5, index + 0.5, str(number), 0.45)


def _cells(genre_file, instance, assignment, canvas, cell_sections, regions) -> None:
    """Per cell: `#` shades it, `w`/`b` draw a circle; another printed token is written (a
    `*` only where no clue is: it marks kakuro's clue cells), else the cell's clue (the first
    input section's token that is not a region label). No assignment: the clues alone."""
    rows, columns = instance.rows, instance.columns
    printed = []
    if assignment is not None:
        printed = [line.split() for line in render(genre_file, instance, assignment).splitlines()]
    if genre_file.output.edges is not None or [len(row) for row in printed] != [columns] * rows:
        printed = [["."] * columns for _ in range(rows)]  # a drawing: the clues only
    labels = [instance.grids[name] for name in regions]
    for r, row in enumerate(printed):
        for c, token in enumerate(row):
            clue = _clue(instance, cell_sections, regions, (r, c))
            shown = token not in DRAWING and token != "." and (token != "*" or clue is None)
            shown = shown and all(token != str(layer[(r, c)]) for layer in labels)
            if token == "#":
                canvas.shade(r, c)
                token = clue if clue not in (None, "#") else None
                colour = "white"
            else:
                token = token if shown else clue
                colour = "black"
            if token in ("w", "b"):
                canvas.circle(r + 0.5, c + 0.5, CELL * 0.32, "white" if token == "w" else "black")
            elif token is not None and token != "#":
                size = 0.55 if len(token) < 3 else 0.35
                canvas.text(r + 0.5, c + 0.5, token, size, colour)


def _clue(instance, cell_sections, regions, cell) -> str | None:
    for section in cell_sections:
        token = instance.grids[section.name].get(cell)
        if section.name not in regions and token is not None:
            return str(token)
    return None


def _walls(labels: dict, canvas: _Canvas) -> None:
    for (r, c), label in labels.items():
        if labels.get((r, c + 1), label) != label:
            canvas.line(r, c + 1, r + 1, c + 1, 3, "black")
        if labels.get((r + 1, c), label) != label:
            canvas.line(r + 1, c, r + 1, c + 1, 3, "black")


def _variables(genre_file: GenreFile, assignment: Assignment | None, canvas: _Canvas) -> None:
    for var in genre_file.genre.variables:
        for element, value in (assignment or {}).get(var.name, {}).items():
            if not value or var.on not in (ir.ElementKind.LINK, ir.ElementKind.BORDER):
                continue
            axis, r, c = element
            if var.on == ir.ElementKind.BORDER:  # an edge of a cell
                end = (r, c + 1) if axis == "h" else (r + 1, c)
                canvas.line(r, c, *end, 4, "#1a5fb4")
                continue
            end = (r + 0.5, c + 1.5) if axis == "h" else (r + 1.5, c + 0.5)
            offsets = (0,) if value == 1 else (-0.08, 0.08)
            for shift in offsets:
                dr, dc = (shift, 0) if axis == "h" else (0, shift)
                canvas.line(r + 0.5 + dr, c + 0.5 + dc, end[0] + dr, end[1] + dc, 3, "#1a5fb4")


def _marks(genre_file: GenreFile, instance: Instance, canvas: _Canvas) -> None:
    """Clues on lattice points and between cells."""
    for section in genre_file.sections:
        if not isinstance(section, GridSection) or section.name not in instance.grids:
            continue
        for element, token in instance.grids[section.name].items():
            if token is None or len(element) != 3 and section.on != ir.ElementKind.POINT:
                continue
            if section.on == ir.ElementKind.POINT:
                row, column = element
            else:
                axis, r, c = element
                row, column = (r + 0.5, c + 1) if axis == "h" else (r + 1, c + 0.5)
            if token in ("w", "b"):
                canvas.circle(row, column, CELL * 0.14, "white" if token == "w" else "black")
            else:
                canvas.circle(row, column, CELL * 0.22, "white")
                canvas.text(row, column, str(token), 0.35)
