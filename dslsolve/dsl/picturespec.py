"""A genre file's `picture:` block: what `--format svg` and `dslsolve draw` cannot tell from
the input and output declarations alone.

    picture:
      shade: wall          # cells where this holds are drawn dark (akari's numbered walls)
      tint: ice is given   # cells where this holds are drawn light (icebarn's ice)
      walls: n             # walls between neighbours where this differs (fillomino's blocks)
      marks: {'+': light}  # a printed token drawn as a shape (akari's lights)
      marks: {'|': vbar}   # a bar through the cell (juosan), the clue in its top left corner
      marks: {'#': wall}   # a token between cells drawn as the border there (barns)
      letters: true        # numbers drawn as letters, 1 as A (easy as ABC)
      letters: [topl, leftl] # the numbers of these list sections drawn as letters (kinkonkan)
      circles: {where: circles is given, text: amount, dot: dot}
                           # cells drawn as a circle (in place of their clue), the number
                           # `text` inside and a dot on its rim toward the direction `dot`
                           # (hotaru beam's circles); `fill: dark` draws black discs
                           # with white numbers (aho); `labels: {1: 同, '?': '?'}` writes a
                           # value as the label given for it (kusabi's marks)
      moves: {up: up, down: down, left: left, right: right}
                           # cells that a move toward that direction passes: a line from the
                           # cell behind, and a circle that starts a move is drawn where it
                           # ends (satogaeri)
      plates: numbers is given
                           # cells whose clue stands on a white square over the lines: the
                           # lines stop at it (numberlink's numbers)
      joins: board = ']'   # cells drawn as one with the cell on their left: no grid line
                           # between them (tawa's bricks, two half-cells each)
      points: {table: lattice, x: x, y: y, size: extent, text: letter, empty: '?',
               segments: seg}
                           # a puzzle of points listed by a table (kouchoku): each record a
                           # circle at its column X and row Y of the lattice (the size the
                           # one record `columns rows` of the table SIZE), its TEXT field
                           # written inside (EMPTY where the field is), and the straight
                           # segments between points where the boolean SEGMENTS holds
      grid: dots           # the grid drawn as `lines` (the default, with a frame), as `dots`
                           # on the lattice points with no frame (slitherlink: the loop on the
                           # outline stays seen), or `none` (hashiwokakero's water)
"""

from __future__ import annotations

from dataclasses import dataclass

from dslsolve import ir

KEYS = ("shade", "tint", "walls", "marks", "letters", "circles", "moves", "plates", "grid")
KEYS += ("joins", "points")
POINTS_KEYS = ("table", "x", "y", "size", "text", "empty", "segments")
CIRCLE_KEYS = ("where", "text", "dot", "fill", "labels")
CIRCLE_FILLS = ("light", "dark")
DIRECTIONS = ("up", "down", "left", "right")
# `none`: the token is not drawn (the cell's fill says it), the cell's clue is; `wall`: a
# token between two cells drawn as the thick border between them (barns' walls)
GRIDS = ("lines", "dots", "none")
SHAPES = (
    *("light", "star", "circle", "disc", "dot", "cross", "triangle", "tree", "square"),
    *("slash", "backslash"),  # a diagonal from corner to corner of the cell (gokigen)
    *("vbar", "hbar"),  # a bar through the cell, up and down or across (juosan, tateyoko)
    "bars",  # both bars, crossing in the cell (amibo's crossings)
    # a dark half of the cell, the right angle in that corner; another section's clue at the
    # cell stands in it in white (reflect link's triangles and their numbers)
    *("lowerleft", "lowerright", "upperright", "upperleft"),
    *("wall", "none"),
)


@dataclass(frozen=True)
class CircleSpec:
    where: ir.Expr  # a condition on a cell: a circle is drawn there
    text: ir.Expr | None = None  # a value at the cell, written inside where it is a number
    dot: ir.Expr | None = None  # a direction at the cell: a dot on the rim on that side
    dark: bool = False  # `fill: dark`: a black disc, its number in white (aho's)
    labels: tuple[tuple[str, str], ...] = ()  # a value (its text) -> what is written in its place


@dataclass(frozen=True)
class PointsSpec:
    """Points listed by a table, drawn on a lattice, and segments between them."""

    table: str
    x: str
    y: str
    size: str  # a table whose one record is the lattice's `columns rows`
    text: str  # a field written in each point's circle
    empty: str  # written where that field is empty
    segments: str  # a boolean on two sets of the table's records: the segments drawn


@dataclass(frozen=True)
class PictureSpec:
    shade: ir.Expr | None = None  # a condition on a cell
    tint: ir.Expr | None = None  # a condition on a cell
    walls: ir.Expr | None = None  # a value at a cell
    marks: tuple[tuple[str, str], ...] = ()  # printed token -> one of SHAPES
    letters: bool | tuple[str, ...] = False
    circles: CircleSpec | None = None
    moves: tuple[tuple[str, ir.Expr], ...] = ()  # direction -> condition on a cell
    plates: ir.Expr | None = None  # a condition on a cell
    grid: str = "lines"  # one of GRIDS
    joins: ir.Expr | None = None  # a condition on a cell: one drawn cell with its left neighbour
    points: PointsSpec | None = None  # a puzzle of listed points (kouchoku)
