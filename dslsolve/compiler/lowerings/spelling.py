"""Groups of cells that spell the records of a table, each record once (a matching).

The groups (the slots of a skeleton) and the distinct records (words, numbers; a record
listed m times must be spelled by m groups) form a bipartite graph: a group and a record are
joined when their lengths agree and no given cell contradicts the record. One binary
y_gr per edge; every group takes exactly one record (sum_r y_gr = 1), every record is taken
as often as it is listed (sum_g y_gr = m_r). A cell at position i of group g is linked to the
choice through its value indicators, for every value d of its domain:

    [cell = d] = sum over records r with token d at position i of y_gr

Summed over d this is sum_r y_gr = 1, so the link is exact, and a cell shared by two groups
(a crossing) ties the two choices together. This is the assignment formulation of a
crossword fill (one binary per slot and candidate word); merging equal records removes the
symmetric solutions that would otherwise swap them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

import pulp

from dslsolve.compiler.lowerings.logic import negate
from dslsolve.compiler.model import Lin, LinearModel, Value, Why, constant, sum_of


def value_indicators(value: Lin) -> dict[Hashable, Lin | bool]:
    """`value = d` for each d the value can take: from its encoding, or 0/1 for a literal."""
    if value.encoding is not None:
        return {d: value.encoding.indicator(d) for d in value.encoding.domain}
    if value.boolean:
        return {1: value, 0: negate(value)}
    raise ValueError("a value without an encoding cannot spell")


def _fits(value: Value, indicators: dict | None, token: Hashable) -> bool:
    """Can a cell with this value hold this token?"""
    if indicators is None:
        return value == token
    return indicators.get(token, False) is not False


def post_spelling(
    model: LinearModel,
    groups: list[tuple[str, list[Value]]],
    records: list[tuple],
    why: Why,
) -> None:
    """Match `groups` (a label and the values of its cells, in order) with `records`."""
    wanted = Counter(records)
    distinct = list(wanted)
    indicators = [
        [value_indicators(v) if not constant(v) else None for v in cells] for _, cells in groups
    ]
    choice: dict[tuple[int, int], pulp.LpVariable] = {}
    for g, (_, cells) in enumerate(groups):
        for r, record in enumerate(distinct):
            if len(record) != len(cells):
                continue
            fits = zip(cells, indicators[g], record, strict=True)
            if all(_fits(value, ind, token) for value, ind, token in fits):
                choice[g, r] = model.binary("spell")
    for g, (label, _) in enumerate(groups):
        options = [y for (gg, _), y in choice.items() if gg == g]
        if not options:
            model.contradiction(f"{why}: no record fits the {label}")
            return
        model.add(pulp.lpSum(options) == 1)
    for r, record in enumerate(distinct):
        takers = [y for (_, rr), y in choice.items() if rr == r]
        if len(takers) < wanted[record]:
            model.contradiction(f"{why}: too few groups can spell {''.join(map(str, record))}")
            return
        model.add(pulp.lpSum(takers) == wanted[record])
    for g, (_, cells) in enumerate(groups):
        for i, value in enumerate(cells):
            if constant(value):
                continue
            for d, indicator in indicators[g][i].items():
                picks = [y for (gg, r), y in choice.items() if gg == g and distinct[r][i] == d]
                if indicator is False:
                    continue  # no pick sets d here: records with it were left out above
                model.add(sum_of([indicator]) == pulp.lpSum(picks))
