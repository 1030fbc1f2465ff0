"""A word traced along a simple path of adjacent cells from a given start (kanaore).

The candidates are enumerated: every path of orthogonally adjacent cells, as long as the word,
that starts at the given cell, takes its first step in the given direction, visits no cell
twice, and puts at each cell a token the cell can hold. One binary y_p per candidate, exactly
one chosen (sum_p y_p = 1). A cell c and a token d are linked by

    [c = d] >= sum over candidates p that put d at c of y_p

The candidates on the right exclude each other (only one is chosen), so the sum is 0 or 1;
different words post their own inequalities on the same indicators, which is how they share
cells. A cell that no chosen path covers is left free, as the rules leave it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pulp

from dslsolve.compiler.lowerings.placements import Cell, simple_paths
from dslsolve.compiler.lowerings.spelling import value_indicators
from dslsolve.compiler.model import LinearModel, Value, Why, constant, sum_of


def post_tracing(
    model: LinearModel,
    value_at: Callable[[Cell], Value],
    word: tuple[Hashable, ...],
    start: Cell,
    first: tuple[int, int],
    size: tuple[int, int],
    why: Why,
) -> None:
    """Choose one path from `start` (first step `first`) whose cells' values read `word`."""
    if not word:
        return  # nothing to read
    values: dict[Cell, Value] = {}
    indicators: dict[Cell, dict | None] = {}

    def fits(i: int, cell: Cell) -> bool:
        if cell not in values:
            values[cell] = value_at(cell)
            indicators[cell] = None if constant(values[cell]) else value_indicators(values[cell])
        if indicators[cell] is None:
            return values[cell] == word[i]
        return indicators[cell].get(word[i], False) is not False

    candidates = list(simple_paths(*size, start, first, len(word), fits))
    if not candidates:
        model.contradiction(f"{why}: {''.join(map(str, word))} fits on no path")
        return
    choice = [model.binary("trace") for _ in candidates]
    model.add(pulp.lpSum(choice) == 1)
    placed: dict[tuple[Cell, Hashable], list[pulp.LpVariable]] = {}
    for path, y in zip(candidates, choice, strict=True):
        for cell, token in zip(path, word, strict=True):
            if indicators[cell] is not None:
                placed.setdefault((cell, token), []).append(y)
    for (cell, token), picks in placed.items():
        indicator = indicators[cell][token]
        if indicator is not True:
            model.add(sum_of([indicator]) >= pulp.lpSum(picks))
