"""A genre file's `variables`: each unknown's element kind or index sets, its type and its
domain, whose upper end may be read from each puzzle (`1..largest region of rooms`)."""

from __future__ import annotations

import difflib
import re
from typing import Any

from dslsolve import ir
from dslsolve.dsl.inputspec import ELEMENT_SETS
from dslsolve.dsl.yamlchecks import check_keys, check_name, fail, mapping
from dslsolve.dsl.yamlsource import where_of
from dslsolve.errors import MAX_DOMAIN_VALUES, Location

SIZES = ("rows", "columns", "cells")

_TERM = r"(?:(\d+)\s*\*\s*)?(-?\d+|rows|columns|cells|largest\s+region\s+of\s+\w+|largest\s+\w+)"

_DOMAIN_HINT = (
    "write LOW..HIGH, e.g. 1..9 or 1..rows; HIGH may be read from the puzzle: "
    "1..largest region of rooms, 1..max(9, largest givens), 0..max(9, 2 * largest board)"
)


def _domain(
    text: Any, where: Location, layers: dict[str, ir.InputLayer] | None = None
) -> tuple[int, int | str | ir.Largest]:
    match = re.fullmatch(r"\s*(-?\d+)\s*\.\.\s*(.+?)\s*", str(text))
    if not match:
        raise fail(text, where, f"bad domain '{text}'", _DOMAIN_HINT)
    low, high = int(match.group(1)), match.group(2)
    if high in SIZES:
        return low, high
    if not re.fullmatch(r"-?\d+", high):
        return low, _read_high(text, high, where, layers or {})
    if int(high) < low:
        raise fail(text, where, f"the domain '{text}' is empty", f"write {high}..{low}?")
    if int(high) - low >= MAX_DOMAIN_VALUES:
        raise fail(
            text,
            where,
            f"the domain '{text}' has more than {MAX_DOMAIN_VALUES} values",
            "docs/robustness.md lists the bounds of dslsolve and why",
        )
    return low, int(high)


def _read_high(
    text: Any, high: str, where: Location, layers: dict[str, ir.InputLayer]
) -> ir.Largest:
    """A domain's HIGH read from each puzzle: a term (a number, `rows`, `columns`, `cells`,
    `largest LAYER`, `largest region of LAYER`), a term times a number (`2 * largest givens`)
    or `max(TERM, TERM, ...)` of terms."""
    inner = re.fullmatch(r"max\s*\((.*)\)", high)
    parts = [p.strip() for p in inner.group(1).split(",")] if inner else [high]
    terms: list[int | str | tuple[str, str]] = []
    for part in parts:
        scaled = re.fullmatch(_TERM, part)
        if not scaled:
            raise fail(text, where, f"bad domain '{text}': cannot read '{part}'", _DOMAIN_HINT)
        factor, part = int(scaled.group(1) or 1), scaled.group(2)
        words = part.split()
        if words[0] != "largest":
            term = part if part in SIZES else int(part)
            terms.append(term if factor == 1 else ("times", str(factor), term))
            continue
        name, measure = words[-1], "region" if len(words) > 2 else "number"
        layer = layers.get(name)
        if layer is None or layer.per != ir.ElementKind.CELL.value or layer.sets:
            cells = [n for n, lay in layers.items() if lay.per == ir.ElementKind.CELL.value]
            close = difflib.get_close_matches(name, cells, n=1)
            raise fail(
                text,
                where,
                f"bad domain '{text}': '{name}' is not an input layer on cells",
                f"did you mean '{close[0]}'?" if close else "cell layers: " + ", ".join(cells),
            )
        terms.append((measure, name) if factor == 1 else ("times", str(factor), (measure, name)))
    return ir.Largest(tuple(terms), high)


def _on_sets(on: Any, sets: dict[str, ir.IndexSet]) -> tuple[str, ...] | None:
    """`on: person x item`: the index sets of a variable, or None for a grid element kind."""
    parts = [p.strip() for p in str(on).split(" x ")]
    if all(p in sets for p in parts):
        return tuple(parts)
    return None


def read_variables(
    spec: dict,
    where: Location,
    sets: dict[str, ir.IndexSet] | None = None,
    layers: dict[str, ir.InputLayer] | None = None,
) -> dict[str, ir.Variable]:
    variables: dict[str, ir.Variable] = {}
    for name, settings in spec.items():
        check_name(name, where)
        settings = mapping(settings, where_of(name, where), f"variables.{name}")
        check_keys(
            settings,
            ("type", "on", "domain", "values", "hidden"),
            where_of(settings, where),
            f"variables.{name}",
        )
        on = settings.get("on", "cells")
        on_sets = _on_sets(on, sets or {})
        if on_sets is not None:
            on = "cells"  # not read: the variable lives on its index sets
        if on not in ELEMENT_SETS:
            raise fail(
                on,
                where,
                f"variables live on cells, points, borders or links, not '{on}'",
                "or on declared sets: " + ", ".join(sets) + " (e.g. 'on: a x b')" if sets else None,
            )
        kind = settings.get("type", "bool")
        on_sets = on_sets or ()
        hidden = settings.get("hidden", False)
        if not isinstance(hidden, bool):
            raise fail(
                hidden,
                where_of(settings, where),
                f"variables.{name}: 'hidden' is true or false",
                "hidden: true makes a helper that is not printed",
            )
        if kind == "bool":
            variables[name] = ir.Variable(
                str(name), ELEMENT_SETS[on], ir.Type.BOOL, sets=on_sets, hidden=hidden
            )
        elif kind == "int":
            if "domain" not in settings:
                raise fail(settings, where, f"variables.{name}: an int needs a 'domain'")
            low, high = _domain(settings["domain"], where_of(settings["domain"], where), layers)
            variables[name] = ir.Variable(
                str(name), ELEMENT_SETS[on], ir.Type.INT, low, high, on_sets, hidden=hidden
            )
        elif kind == "symbol":
            values = settings.get("values")
            if not isinstance(values, str) or values not in (sets or {}):
                raise fail(
                    settings,
                    where_of(settings, where),
                    f"variables.{name}: a symbol needs 'values', a declared index set",
                    "e.g. {type: symbol, values: letter} with sets: {letter: {values: words}}",
                )
            variables[name] = ir.Variable(
                str(name),
                ELEMENT_SETS[on],
                ir.Type.SYMBOL,
                sets=on_sets,
                values=str(values),
                hidden=hidden,
            )
        else:
            raise fail(
                kind, where, f"unknown variable type '{kind}'", "use 'bool', 'int' or 'symbol'"
            )
    return variables
