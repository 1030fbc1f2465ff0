"""A genre file's `picture:` block: what `--format svg` and `dslsolve draw` cannot tell from
the input and output declarations alone.

    picture:
      shade: wall          # cells where this holds are drawn dark (akari's numbered walls)
      tint: ice is given   # cells where this holds are drawn light (icebarn's ice)
      walls: n             # walls between neighbours where this differs (fillomino's blocks)
      marks: {'+': light}  # a printed token drawn as a shape (akari's lights)
      letters: true        # numbers drawn as letters, 1 as A (easy as ABC)
"""

from __future__ import annotations

from dataclasses import dataclass

from dslsolve import ir

KEYS = ("shade", "tint", "walls", "marks", "letters")
# `none`: the token is not drawn (the cell's fill says it), the cell's clue is
SHAPES = ("light", "star", "circle", "disc", "dot", "cross", "triangle", "none")


@dataclass(frozen=True)
class PictureSpec:
    shade: ir.Expr | None = None  # a condition on a cell
    tint: ir.Expr | None = None  # a condition on a cell
    walls: ir.Expr | None = None  # a value at a cell
    marks: tuple[tuple[str, str], ...] = ()  # printed token -> one of SHAPES
    letters: bool = False
