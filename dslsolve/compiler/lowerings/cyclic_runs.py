"""`runs(C of ring) = CLUE`: the runs of a cycle, compared as a multiset, posted as a table.

A cycle of positions (the ring of eight around a cell) is short, so the rule is lowered by
enumeration: the positions where C is unknown are the literals of a table
(`dslsolve.compiler.lowerings.table`), and a pattern is allowed when the lengths of the maximal
runs of the whole cycle, a run across the start counting once, are the clue's numbers in some
order (zeros aside; a `?` entry matches any length). Positions the puzzle decides (off the
grid, a clue cell) are constants.
"""

from __future__ import annotations

from dslsolve.compiler.lowerings.table import allowed_patterns, post_table
from dslsolve.compiler.model import Lin, LinearModel, Why
from dslsolve.instance import Cycle, same_list


def cycle_run_lengths(values: list[bool]) -> list[int]:
    """The lengths of the maximal runs of true values around a cycle, sorted."""
    n = len(values)
    if all(values):
        return [n] if n else []
    start = values.index(False)  # walk from a false position: no run is cut in two
    lengths, current = [], 0
    for k in range(1, n + 1):
        if values[(start + k) % n]:
            current += 1
        elif current:
            lengths.append(current)
            current = 0
    return sorted(lengths)


def post_cyclic_runs(
    model: LinearModel,
    cells: list[Lin | bool],
    clue: tuple[int, ...],
    why: Why,
    guard: Lin | None = None,
) -> None:
    unknown = [i for i, cell in enumerate(cells) if isinstance(cell, Lin)]

    def allows(pattern: tuple[int, ...]) -> bool:
        values = [bool(cell) if not isinstance(cell, Lin) else False for cell in cells]
        for i, bit in zip(unknown, pattern, strict=True):
            values[i] = bool(bit)
        return same_list(Cycle(cycle_run_lengths(values)), clue)

    allowed = allowed_patterns(len(unknown), allows)
    post_table(model, [cells[i] for i in unknown], allowed, why, guard)
