"""`records(E)`: how many elements of an ordered set are strict running maxima, i.e. greater
than every element before them (the buildings seen from the start of a skyscrapers line).

`records=onehot` (default): one 0/1 quantity v_i,h per position i and value h, "x_i = h
and h is a record": v_i,h <= [x_i = h]; v_i,h + [x_j >= h] <= 1 for every earlier j (a value
as large before hides it); v_i,h >= [x_i = h] - sum over earlier j of [x_j >= h]. [x_j >= h]
is a sum of x_j's value indicators (one-hot digits). The record count is the sum of all v_i,h
(the first element always counts 1). Exact; no big-M; the upper rows are the pairwise
conflicts of a set-packing model, which keeps the LP tight. The indicators alone would force
the v to 0 or 1, but the v are binaries: CBC branches on them, and with continuous v it did not
solve the 9x9 skyscrapers of the corpus within 300 s (binary: 1.8-26 s; the 7x7s 0.3-3.6 s
instead of 0.9-8.4 s; docs/formulations.md).

`records=pairwise`: v_i is the conjunction over j < i of the reified comparison x_j < x_i
(big-M rows from the bounds, `logic.reify_compare`); needs no value indicators, so it suits
`domain=integer`. The textbook linearisation of "x_i exceeds every earlier x_j".
"""

from __future__ import annotations

import pulp

from dslsolve.compiler.lowerings import logic
from dslsolve.compiler.model import Lin, LinearModel, Value, as_lin, constant


class RecordsError(ValueError):
    """A value that the chosen lowering cannot take apart into value indicators."""


def records(model: LinearModel, values: list[Value], choice: str) -> Value:
    """The number of strict running maxima of `values` (constants or `Lin`s), in order."""
    if all(constant(v) for v in values):
        count, highest = 0, None
        for value in values:
            if highest is None or value > highest:
                count, highest = count + 1, value
        return count
    lowering = _onehot if choice == "onehot" else _pairwise
    flags = lowering(model, values)
    fixed = sum(int(f) for f in flags if constant(f))
    lins = [f for f in flags if isinstance(f, Lin)]
    return logic.add(logic.total(lins), as_lin(fixed)) if lins else fixed


def _indicators(value: Value) -> dict[int, Lin | bool]:
    """value -> the literal (or constant) 'this element takes that value'."""
    if constant(value):
        return {int(value): True}
    if value.encoding is None:
        raise RecordsError(
            "records(...) takes a variable or puzzle values (with records=onehot); "
            "try --formulation records=pairwise"
        )
    domain = value.encoding.domain
    return {d: value.encoding.indicator(d) for d in domain}


def _expr(value: Lin | bool) -> pulp.LpAffineExpression | int:
    return value.expr if isinstance(value, Lin) else int(value)


def _onehot(model: LinearModel, values: list[Value]) -> list[Value]:
    per_position = [_indicators(v) for v in values]
    flags: list[Value] = [1]  # the first element is always a record
    for i in range(1, len(values)):
        flag: list = []
        for h, is_h in per_position[i].items():
            larger = [
                sum(_expr(lit) for e, lit in per_position[j].items() if e >= h) for j in range(i)
            ]
            if isinstance(is_h, bool) and not is_h:
                continue
            v = model.binary("record")
            model.add(v <= _expr(is_h))
            for before in larger:  # a value as large before h hides it
                model.add(v + before <= 1)
            model.add(v >= _expr(is_h) - sum(larger))
            flag.append(v)
        flags.append(Lin(pulp.lpSum(flag), 0, 1, boolean=True))
    return flags


def _pairwise(model: LinearModel, values: list[Value]) -> list[Value]:
    flags: list[Value] = []
    for i, value in enumerate(values):
        below = [
            logic.reify_compare(model, "<", as_lin(values[j]), as_lin(value)) for j in range(i)
        ]
        folded = logic.fold_logic("and", below)
        flags.append(folded if not isinstance(folded, list) else logic.conjunction(model, folded))
    return flags
