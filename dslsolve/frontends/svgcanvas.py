"""The SVG canvas that `dslsolve/frontends/picture.py` draws on: lines, text, circles, polygons and
fills placed in grid coordinates (rows and columns of cells), with margins for clues."""

from __future__ import annotations

import math
from html import escape

CELL = 36  # pixels per cell
PAD = 12
SIDES = ("top", "bottom", "left", "right")
# half the height of a digit in sans-serif fonts (DejaVu Sans, Liberation Sans, Arial: 0.72 to
# 0.73 of the font size): how far below the centre a centred token's baseline lies
BASELINE_DROP = 0.36
DARK = "#333"  # a dark cell's fill; white text on it is rimmed in it, not in black


class Canvas:
    """An SVG picture drawn in grid coordinates: (row, column) from the top left corner of the
    cells, in cells, with margins (in cells) around them for clues beside the grid."""

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
        """A token centred at (row, column), `size` cells high, with a halo that keeps it
        readable over lines: white around dark text; around white text (a clue on a dark
        cell), the dark cell's own colour. The baseline is placed by hand, not by
        `dominant-baseline`, which rsvg-convert and Inkscape ignore."""
        halo = DARK if colour == "white" else "white"
        pixels = round(CELL * size)
        baseline = self.y(row) + BASELINE_DROP * pixels
        place = (
            f'x="{self.x(column)}" y="{baseline:.1f}" font-size="{pixels}" '
            'text-anchor="middle" font-family="sans-serif"'
        )
        for paint in (f'fill="none" stroke="{halo}" stroke-width="3"', f'fill="{colour}"'):
            self.items.append(f"<text {place} {paint}>{escape(token)}</text>")

    def circle(
        self,
        row: float,
        column: float,
        radius: float,
        fill: str,
        stroke: str = "black",
        dashed: bool = False,
    ) -> None:
        dash = ' stroke-dasharray="3,3"' if dashed else ""
        self.items.append(
            f'<circle cx="{self.x(column)}" cy="{self.y(row)}" r="{radius}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="1.5"{dash}/>'
        )

    def polygon(self, points: list[tuple[float, float]], fill: str) -> None:
        """A filled polygon; points as (row, column)."""
        at = " ".join(f"{self.x(c):.1f},{self.y(r):.1f}" for r, c in points)
        self.items.append(f'<polygon points="{at}" fill="{fill}" stroke="black"/>')

    def arrow(self, r1: float, c1: float, r2: float, c2: float) -> None:
        """A black arrow from (r1, c1) to (r2, c2), its head at the end."""
        self.line(r1, c1, r2, c2, 2, "black")
        length = math.hypot(r2 - r1, c2 - c1)
        dr, dc = (r2 - r1) / length, (c2 - c1) / length
        back_r, back_c = r2 - 0.22 * dr, c2 - 0.22 * dc
        wing_r, wing_c = 0.13 * dc, 0.13 * dr
        self.polygon(
            [(r2, c2), (back_r + wing_r, back_c + wing_c), (back_r - wing_r, back_c - wing_c)],
            "black",
        )

    def fill(self, row: float, column: float, colour: str, side: float = 1) -> None:
        """A square `side` cells wide, its top left corner at (row, column)."""
        self.items.append(
            f'<rect x="{self.x(column)}" y="{self.y(row)}" width="{CELL * side}" '
            f'height="{CELL * side}" fill="{colour}"/>'
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
