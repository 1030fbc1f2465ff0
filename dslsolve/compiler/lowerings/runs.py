"""`runs(C) = CLUE`: the maximal runs of a line's cells where C holds have lengths CLUE, in order.

`runs=blocks` (default): the placement formulation of the nonogram seed, made exact. Block j
(length l_j) starts at exactly one feasible position: s_{j,i} binary, sum_i s_{j,i} = 1. Block
j+1 starts after block j ends and one gap cell (cumulative form, which is tighter than comparing
start positions): sum_{i<=p} s_{j+1,i} <= sum_{i<=p-l_j-1} s_{j,i} for every p. A cell is in C
exactly when one block covers it: x_c = sum of the s_{j,i} covering c.

`runs=blocks-pairwise`: the same blocks, ordered as in the seed by one row per pair of blocks,
sum_i i s_{j+1,i} >= sum_i i s_{j,i} + l_j + 1. Fewer rows and a weaker relaxation: over the
nonogram corpus a tie in total time with `blocks`, faster on the 15x15s and slower on two of
the three 30x30s (docs/formulations.md).

Behind a guard g (a `where` on unknowns, or a clue that `--diagnose` may leave out) the blocks
and the automaton's unit of flow exist only where g holds (sums = g instead of 1), and each cell
is tied to them by |x_c - covering| <= 1 - g: nothing is asked of the cells where g is false.

`runs=regular`: the clue as a finite automaton (states = how much of the clue has been read),
and a path through the layered graph of (position, state), one unit of flow: MiniZinc's
linearisation of `regular` (Côté, Gendron and Rousseau's network-flow view). Arc (p, q -> q')
is used only if the cell value matches the letter the automaton reads.
"""

from __future__ import annotations

import pulp

from dslsolve.compiler.lowerings.logic import post_equal_unless, post_false_unless, unit
from dslsolve.compiler.model import Lin, LinearModel, Why, as_lin, ones


def post_runs(
    model: LinearModel,
    cells: list[Lin | bool],
    clue: tuple[int, ...],
    why: Why,
    guard: Lin | None = None,
) -> None:
    """The runs of the cells are the clue, or only where the guard holds: then the blocks (the
    unit of flow) exist only where it does, and the cells are tied to them only there."""
    cells_lin = [as_lin(c) for c in cells]
    clue = tuple(v for v in clue if v != 0)
    needed = sum(clue) + max(len(clue) - 1, 0)
    if needed > len(cells):
        post_false_unless(model, why, guard)
        return
    choice = model.formulation["runs"]
    if choice == "regular":
        _regular(model, cells_lin, clue, guard)
    else:
        _blocks(model, cells_lin, clue, guard, cumulative=choice == "blocks")


def _blocks(
    model: LinearModel, cells: list[Lin], clue: tuple[int, ...], guard, cumulative: bool
) -> None:
    n = len(cells)
    starts: list[dict[int, pulp.LpVariable]] = []
    for j, _length in enumerate(clue):
        earliest = sum(clue[:j]) + j
        latest = n - sum(clue[j:]) - (len(clue) - 1 - j)
        starts.append({i: model.binary("start") for i in range(earliest, latest + 1)})
        model.add(ones(starts[j].values()) == unit(guard))
    for j in range(len(clue) - 1):
        if not cumulative:  # start_{j+1} >= start_j + l_j + 1 (times the guard)
            later = pulp.lpSum(i * s for i, s in starts[j + 1].items())
            earlier = pulp.lpSum(i * s for i, s in starts[j].items())
            model.add(later - earlier >= (clue[j] + 1) * unit(guard))
            continue
        for p in range(n):
            later = [s for i, s in starts[j + 1].items() if i <= p]
            if later:
                earlier = [s for i, s in starts[j].items() if i <= p - clue[j] - 1]
                model.add_row(ones(later), "<=", ones(earlier))
    for c, cell in enumerate(cells):
        covering = [
            s for j, length in enumerate(clue) for i, s in starts[j].items() if i <= c < i + length
        ]
        post_equal_unless(model, cell.expr, ones(covering), guard)


def _automaton(clue: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Transitions (state, letter, next state) of the automaton of a clue; letters 0/1.

    States: 0 .. total, where state q means q symbols of the pattern 0* 1^l1 0+ 1^l2 ... 0* have
    been matched; the pattern is spelled out as a string of required letters.
    """
    pattern: list[int] = []
    for j, length in enumerate(clue):
        if j:
            pattern.append(0)
        pattern.extend([1] * length)
    transitions = []
    last = len(pattern)
    for q in range(last + 1):
        prev_is_gap_or_start = q == 0 or pattern[q - 1] == 0
        if q < last:
            transitions.append((q, pattern[q], q + 1))
        if prev_is_gap_or_start or q == last:
            transitions.append((q, 0, q))  # stay on a 0 before a block, in a gap, or at the end
    return transitions


def _regular(model: LinearModel, cells: list[Lin], clue: tuple[int, ...], guard) -> None:
    transitions = _automaton(clue)
    final = sum(clue) + max(len(clue) - 1, 0)
    flows: list[dict[tuple[int, int, int], pulp.LpVariable]] = []
    for _ in cells:
        flows.append({t: model.binary("arc") for t in transitions})
    for p, cell in enumerate(cells):
        layer = flows[p]
        reads_one = pulp.lpSum(v for (_, letter, _), v in layer.items() if letter == 1)
        post_equal_unless(model, reads_one, cell.expr, guard)
        if p == 0:
            model.add(pulp.lpSum(v for (q, _, _), v in layer.items() if q == 0) == unit(guard))
            model.add(pulp.lpSum(v for (q, _, _), v in layer.items() if q != 0) == 0)
        else:
            states = {q for q, _, _ in transitions} | {r for _, _, r in transitions}
            for q in states:
                arriving = [v for (_, _, r), v in flows[p - 1].items() if r == q]
                leaving = [v for (s, _, _), v in layer.items() if s == q]
                model.add(pulp.lpSum(arriving) == pulp.lpSum(leaving))
    model.add(pulp.lpSum(v for (_, _, r), v in flows[-1].items() if r == final) == unit(guard))
