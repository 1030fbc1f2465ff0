"""Genre files: YAML with `name`, `title`, `description`, `input`, `define`, `variables`,
`rules` and `output`. Loading one checks everything in it and yields a `GenreFile`: the IR
(`ir.Genre`: rules, input schema, output spec) plus what only tools around the genre use (its
path, its puz.link spec, its picture hints).
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass
from typing import Any

from dslsolve import constructs, ir
from dslsolve.dsl import answer, genrecache
from dslsolve.dsl.answer import literal_unknown, when_literals
from dslsolve.dsl.checker import (
    Scope,
    check_defines,
    check_expr,
    check_rule,
    check_set_expr,
    directed_lines,
    path_gates,
)
from dslsolve.dsl.parser import FUNCTIONS, Node, parse_rule
from dslsolve.dsl.picturespec import (
    CIRCLE_FILLS,
    CIRCLE_KEYS,
    DIRECTIONS,
    GRIDS,
    SHAPES,
    CircleSpec,
    PictureSpec,
)
from dslsolve.dsl.picturespec import KEYS as PICTURE_KEYS
from dslsolve.dsl.yamlsource import load_yaml, where_of
from dslsolve.errors import DslError, Location, read_text
from dslsolve.puzzlink.spec import PuzzlinkSpec, parse_puzzlink
from dslsolve.shipped import genre_path

TOP_KEYS = (
    "name",
    "title",
    "description",
    "input",
    "sets",
    "define",
    "variables",
    "rules",
    "output",
    "puzzlink",
    "picture",
    "formulation",
)
RESERVED = {
    "each",
    "within",
    "as",
    "where",
    "of",
    "cells",
    "opposite",
    "connected",
    "forms",
    "single",
    "loop",
    "cell",
    "point",
    "link",
    "row",
    "column",
    "box",
    "window",
    "pair",
    "region",
    "run",
    "area",
    "piece",
    "not",
    "and",
    "or",
    "implies",
    "is",
    "given",
    "empty",
    "number",
    *FUNCTIONS,
    "segment",
    "group",
    "neighbours",
    "diagonals",
    "around",
    "ring",
    "upleft",
    "upright",
    "downleft",
    "downright",
    "sides",
    "corners",
    "links",
    "ray",
    "rays",
    "next",
    "until",
    "from",
    "size",
    "via",
    "straight",
    "turns",
    "paths",
    "joining",
    "with",
    "crossings",
    "distance",
}
ELEMENT_SETS = {
    "cells": ir.ElementKind.CELL,
    "points": ir.ElementKind.POINT,
    "borders": ir.ElementKind.BORDER,
    "links": ir.ElementKind.LINK,
}


@dataclass(frozen=True)
class GenreFile:
    """A loaded genre file: the genre's meaning (`genre`: rules, input schema, output spec
    and answer, all IR) and what only serves tools around it."""

    path: str
    genre: ir.Genre
    puzzlink: PuzzlinkSpec | None = None  # how the genre reads puzz.link URLs
    picture: PictureSpec = PictureSpec()  # hints for its pictures (`dslsolve/frontends/picture.py`)


def _fail(value: Any, fallback: Location, message: str, hint: str | None = None) -> DslError:
    return DslError(where_of(value, fallback), message, hint=hint)


def _mapping(value: Any, fallback: Location, what: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _fail(value, fallback, f"'{what}' must be a mapping of names to settings")
    return value


def _cases(spec: dict, where: Location) -> list:
    """The cases of `output.cell`, which must be a list."""
    cases = spec.get("cell") or []
    if not isinstance(cases, list):
        raise _fail(
            cases, where, "'output.cell' must be a list of cases", "e.g. cell: [{show: digit}]"
        )
    return cases


def _symbols(settings: dict, where: Location, section: str) -> tuple[str, ...]:
    """A section's `symbols`: a string of symbols separated by spaces, or a list of them."""
    symbols = settings.get("symbols", ())
    if not isinstance(symbols, str | list | tuple) or any(
        isinstance(s, list | dict) or s is None for s in symbols
    ):
        raise _fail(
            settings,
            where,
            f"input.{section}: 'symbols' is a list, or a string of symbols separated by spaces",
            "e.g. symbols: '# *' or symbols: [U, D, L, R]",
        )
    found = tuple(symbols.split()) if isinstance(symbols, str) else tuple(map(str, symbols))
    for symbol in found:
        if symbol == "." or symbol.lstrip("-").isdigit():
            why = "'.' is an empty cell" if symbol == "." else "a token of digits is a number"
            raise _fail(
                settings,
                where,
                f"input.{section}: '{symbol}' cannot be a symbol: {why}",
                "numbers and '.' need no declaring; 'symbols' lists the other tokens",
            )
    return found


def _check_keys(mapping: dict, allowed: tuple[str, ...], fallback: Location, what: str) -> None:
    for key in mapping:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=1)
            hint = f"did you mean '{close[0]}'?" if close else "allowed: " + ", ".join(allowed)
            raise _fail(key, fallback, f"unknown key '{key}' in {what}", hint)


def _field_names(settings: dict, where: Location, section: str) -> tuple[str, ...]:
    """The names of a section's `fields`, which must be a list of names."""
    fields = settings.get("fields", [])
    if not isinstance(fields, list):
        raise _fail(
            settings,
            where,
            f"input.{section}: 'fields' is a list of names",
            "e.g. fields: [amount, arrow]",
        )
    return tuple(_check_name(field, where) for field in fields)


def _check_name(name: Any, fallback: Location) -> str:
    if not isinstance(name, str) or not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
        raise _fail(
            name,
            fallback,
            f"'{name}' is not a valid name",
            "names are lower-case letters, digits and '_', starting with a letter",
        )
    if name in RESERVED or name in constructs.words():
        raise _fail(
            name, fallback, f"'{name}' is a word of the rule language", "choose another name"
        )
    return name


def _layer_of_links(settings: dict, key: str, on: str, name: str, where: Location) -> str | None:
    """`cells:` or `points:` of a grid section: the name of the layer at the cells (points)
    of a section on links."""
    layer = settings.get(key)
    if layer is None:
        return None
    if on != "links":
        raise _fail(
            layer,
            where,
            f"input.{name}: '{key}' names the {key[:-1]} layer of a section on links",
            f"add 'on: links', or leave '{key}' out",
        )
    return _check_name(layer, where)


def _sections(spec: dict, where: Location) -> list[ir.Section]:
    sections: list[ir.Section] = []
    for name, settings in spec.items():
        _check_name(name, where)
        settings = _mapping(settings, where_of(name, where), f"input.{name}")
        kind = settings.get("type", "grid")
        if kind == "table":
            sections.append(_table_section(str(name), settings, where))
            continue
        _check_keys(
            settings,
            ("type", "on", "per", "symbols", "split", "fields", "of", "cells", "points"),
            where_of(settings, where),
            f"input.{name}",
        )
        if kind == "grid":
            on = settings.get("on", "cells")
            if on not in ("cells", "points", "links"):
                raise _fail(
                    on, where, f"a grid section is on 'cells', 'points' or 'links', not '{on}'"
                )
            cells, points = (
                _layer_of_links(settings, key, on, name, where) for key in ("cells", "points")
            )
            fields = _field_names(settings, where, name)
            split = settings.get("split")
            if fields and not split:
                raise _fail(settings, where, f"input.{name}: 'fields' needs 'split'")
            if split is not None and (not isinstance(split, str) or not split or " " in split):
                raise _fail(
                    settings,
                    where,
                    f"input.{name}: 'split' is a string without spaces, e.g. ','",
                )
            symbols = _symbols(settings, where, name)
            sections.append(
                ir.GridSection(str(name), ELEMENT_SETS[on], symbols, split, fields, cells, points)
            )
        elif kind == "list":
            per = settings.get("per")
            if per not in ("row", "column"):
                raise _fail(
                    settings,
                    where,
                    f"input.{name}: a list section needs 'per: row' or 'per: column'",
                )
            sections.append(ir.ListSection(str(name), per))
        elif kind == "groups":
            symbols = _symbols(settings, where, name)
            sections.append(ir.GroupsSection(str(name), str(settings.get("of")), symbols))
        else:
            raise _fail(
                kind,
                where,
                f"unknown section type '{kind}'",
                "use 'grid', 'list', 'groups' or 'table'",
            )
    grids = [
        s.name
        for s in sections
        if isinstance(s, ir.GridSection) and s.on == ir.ElementKind.CELL and s.split is None
    ]
    for section in sections:
        if isinstance(section, ir.GroupsSection) and section.of not in grids:
            raise _fail(
                spec,
                where,
                f"input.{section.name}: a groups section needs 'of: SECTION', "
                "a grid section whose tokens label the cells",
                ("grid sections here: " + ", ".join(grids)) if grids else None,
            )
    return sections


def _table_section(name: str, settings: dict, where: Location) -> ir.TableSection:
    at = where_of(settings, where)
    _check_keys(
        settings,
        ("type", "delimiter", "align", "separator", "block", "fields", "rest", "default"),
        at,
        f"input.{name}",
    )
    delimiter = settings.get("delimiter", "spaces")
    if not isinstance(delimiter, str) or not delimiter:
        raise _fail(
            delimiter,
            at,
            f"input.{name}: 'delimiter' is 'spaces', 'chars' or a string such as ','",
        )
    align = settings.get("align", "left")
    if align not in ("left", "right"):
        raise _fail(align, at, f"input.{name}: 'align' is 'left' or 'right', not '{align}'")
    separator = settings.get("separator")
    if separator is not None and len(str(separator)) != 1:
        raise _fail(separator, at, f"input.{name}: 'separator' is one character, such as '-'")
    block = settings.get("block")
    if (separator is None) != (block is None):
        raise _fail(settings, at, f"input.{name}: 'separator' and 'block' go together")
    fields = _field_names(settings, at, name)
    rest = settings.get("rest")
    if rest is not None and (rest != "chars" or not fields or delimiter == "chars"):
        raise _fail(
            rest,
            at,
            f"input.{name}: 'rest: chars' cuts the text after the fields into characters",
            "it needs 'fields' and a delimiter other than 'chars'",
        )
    default = settings.get("default")
    if default is not None and (not isinstance(default, str | int) or not str(default).strip()):
        raise _fail(default, at, f"input.{name}: 'default' is the section's text, such as 'A'")
    return ir.TableSection(
        name,
        delimiter,
        align,
        None if separator is None else str(separator),
        None if block is None else _check_name(block, at),
        fields,
        rest,
        None if default is None else str(default),
    )


def _index_sets(spec: dict, sections: list[ir.Section], where: Location) -> dict[str, ir.IndexSet]:
    tables = {s.name for s in sections if isinstance(s, ir.TableSection)}
    found: dict[str, ir.IndexSet] = {}
    for name, settings in spec.items():
        _check_name(name, where)
        at = where_of(name, where)
        settings = _mapping(settings, at, f"sets.{name}")
        _check_keys(settings, ("rows", "columns", "values"), at, f"sets.{name}")
        if len(settings) != 1:
            raise _fail(
                settings,
                at,
                f"sets.{name}: give one of 'rows', 'columns' or 'values'",
                "e.g. {values: people}: the names in the table section 'people'",
            )
        ((source, section),) = settings.items()
        if not isinstance(section, str):
            raise _fail(
                section,
                at,
                f"sets.{name}: '{source}' names a table section",
                f"e.g. {{{source}: hints}}",
            )
        if section not in tables:
            raise _fail(
                section,
                at,
                f"sets.{name}: '{section}' is not a table section",
                "declare it in 'input' with 'type: table'",
            )
        found[str(name)] = ir.IndexSet(str(name), source, str(section))
    return found


def _set_layers(
    sections: list[ir.Section], sets: dict[str, ir.IndexSet]
) -> dict[str, ir.InputLayer]:
    """A table is a layer on (its rows set, its columns set); its fields and its block number
    are layers on its rows set. A table whose sets are not declared gives no such layer."""
    layers: dict[str, ir.InputLayer] = {}
    for section in sections:
        if not isinstance(section, ir.TableSection):
            continue
        by_source = {s.source: s.name for s in sets.values() if s.section == section.name}
        rows, columns = by_source.get("rows"), by_source.get("columns")
        cell_sets = (rows, columns) if rows and columns else ()
        layers[section.name] = ir.InputLayer(section.name, section.name, "table", None, cell_sets)
        record_sets = (rows,) if rows else ()
        for index, field_name in enumerate(section.fields):
            layers[field_name] = ir.InputLayer(
                field_name, section.name, "table", index, record_sets
            )
        if section.block:
            layers[section.block] = ir.InputLayer(
                section.block, section.name, "block", None, record_sets
            )
    return layers


def _layers(sections: list[ir.Section], where: Location) -> dict[str, ir.InputLayer]:
    layers: dict[str, ir.InputLayer] = {}
    for section in sections:
        if isinstance(section, ir.ListSection):
            layers[section.name] = ir.InputLayer(section.name, section.name, section.per)
            continue
        if isinstance(section, ir.GroupsSection):
            layers[section.name] = ir.InputLayer(section.name, section.name, "group")
            continue
        layers[section.name] = ir.InputLayer(
            section.name, section.name, section.on.value, lists=section.lists
        )
        for index, field_name in enumerate(section.fields):
            layers[field_name] = ir.InputLayer(field_name, section.name, section.on.value, index)
        for own, kind in (
            (section.cells, ir.ElementKind.CELL),
            (section.points, ir.ElementKind.POINT),
        ):
            if not own:
                continue
            if own in layers or any(s.name == own for s in sections):
                raise DslError(
                    where,
                    f"'{own}' is declared twice (input, variables and define share one name space)",
                )
            layers[own] = ir.InputLayer(own, section.name, kind.value)
    return layers


MAX_DOMAIN_VALUES = 10_000  # a literal domain; one read from the puzzle is checked there
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
        raise _fail(text, where, f"bad domain '{text}'", _DOMAIN_HINT)
    low, high = int(match.group(1)), match.group(2)
    if high in SIZES:
        return low, high
    if not re.fullmatch(r"-?\d+", high):
        return low, _read_high(text, high, where, layers or {})
    if int(high) < low:
        raise _fail(text, where, f"the domain '{text}' is empty", f"write {high}..{low}?")
    if int(high) - low >= MAX_DOMAIN_VALUES:
        raise _fail(
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
            raise _fail(text, where, f"bad domain '{text}': cannot read '{part}'", _DOMAIN_HINT)
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
            raise _fail(
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


def _variables(
    spec: dict,
    where: Location,
    sets: dict[str, ir.IndexSet] | None = None,
    layers: dict[str, ir.InputLayer] | None = None,
) -> dict[str, ir.Variable]:
    variables: dict[str, ir.Variable] = {}
    for name, settings in spec.items():
        _check_name(name, where)
        settings = _mapping(settings, where_of(name, where), f"variables.{name}")
        _check_keys(
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
            raise _fail(
                on,
                where,
                f"variables live on cells, points, borders or links, not '{on}'",
                "or on declared sets: " + ", ".join(sets) + " (e.g. 'on: a x b')" if sets else None,
            )
        kind = settings.get("type", "bool")
        on_sets = on_sets or ()
        hidden = settings.get("hidden", False)
        if not isinstance(hidden, bool):
            raise _fail(
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
                raise _fail(settings, where, f"variables.{name}: an int needs a 'domain'")
            low, high = _domain(settings["domain"], where_of(settings["domain"], where), layers)
            variables[name] = ir.Variable(
                str(name), ELEMENT_SETS[on], ir.Type.INT, low, high, on_sets, hidden=hidden
            )
        elif kind == "symbol":
            values = settings.get("values")
            if not isinstance(values, str) or values not in (sets or {}):
                raise _fail(
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
            raise _fail(
                kind, where, f"unknown variable type '{kind}'", "use 'bool', 'int' or 'symbol'"
            )
    return variables


def _rule_entry(value: Any, where: Location) -> tuple[str, Location, bool]:
    """An entry of `rules`: its text, where it starts, and whether it is marked implied
    (`- implied: "RULE"`, a rule that follows from the others, stated for the solver)."""
    if isinstance(value, dict) and list(value) == ["implied"]:
        text, at = _rule_text(value["implied"], where_of(value["implied"], where))
        return text, at, True
    text, at = _rule_text(value, where)
    return text, at, False


def _rule_text(value: Any, where: Location) -> tuple[str, Location]:
    """A rule's text and where it starts.

    YAML reads an unquoted `- each row: alldifferent(digit)` as a one-key mapping; it is put
    back together with its original spacing, so error columns still point at the right place.
    """
    if isinstance(value, dict) and len(value) == 1:
        ((key, rest),) = value.items()
        if isinstance(key, str) and isinstance(rest, str):
            key_at, rest_at = where_of(key, where), where_of(rest, where)
            gap = rest_at.column - key_at.column - len(key) - 1
            if rest_at.line != key_at.line or gap < 1:
                gap = 1
            return f"{key}:{' ' * gap}{rest}", key_at
    if not isinstance(value, str):
        raise _fail(
            value, where, "a rule must be a string", "write the rule on one line, or quote it"
        )
    return " ".join(value.split()), where_of(value, where)


def _output(spec: dict, scope: Scope, where: Location) -> ir.OutputSpec:
    _check_keys(spec, ("cell", "edges"), where_of(spec, where), "output")
    cases: list[ir.OutputCase] = []
    for case in _cases(spec, where_of(spec, where)):
        case_where = where_of(case, where)
        case = _mapping(case, case_where, "output.cell")
        _check_keys(case, ("when", "show", "symbol", "links"), case_where, "an output case")
        if sum(key in case for key in ("show", "symbol", "links")) != 1:
            raise _fail(
                case, case_where, "an output case has exactly one of 'show', 'symbol' and 'links'"
            )
        when = show = None
        if "when" in case:
            text, at = _rule_text(case["when"], case_where)
            when = check_expr(
                scope, _unwrap(parse_rule(text, at)), at, text, ir.ElementKind.CELL, ir.Type.BOOL
            )
        if "show" in case:
            text, at = _rule_text(case["show"], case_where)
            show = check_expr(scope, _unwrap(parse_rule(text, at)), at, text, ir.ElementKind.CELL)
            if not isinstance(show, ir.VarRef | ir.InputRef):
                raise _fail(
                    case["show"],
                    case_where,
                    "'show' names a variable or an input section",
                    "a computed value could not be read back by 'check'",
                )
        symbol = str(case["symbol"]) if "symbol" in case else None
        links = None
        if "links" in case:
            links = scope.variables.get(case["links"])
            if links is None or links.on != ir.ElementKind.LINK or links.type != ir.Type.BOOL:
                raise _fail(
                    case["links"],
                    case_where,
                    "'links' names a boolean variable on links",
                    "the case prints the cell's used links as one piece, such as '┌'",
                )
        cases.append(ir.OutputCase(when, show, symbol, links))
    drawing = "edges" in spec
    raw_cases = _cases(spec, where_of(spec, where))
    for case, raw in zip(cases[:-1], raw_cases, strict=False):
        if isinstance(case.show, ir.InputRef) and _reads_unknowns(case.when):
            raise _fail(
                raw,
                where_of(raw, where),
                f"the case 'when: {raw['when']}' shows the input '{raw['show']}' and a later "
                "case prints too: a printed solution would not read back (a token of a later "
                f"case would be read as '{raw['show']}', and the case taken to hold)",
                "give the case a symbol of its own, show an unknown, or make it the last case",
            )
    for case, raw in zip(cases, raw_cases, strict=True):
        if case.symbol is not None:
            _check_symbol(case.symbol, raw, where_of(raw, where), cases, drawing)
    _tokens_tell_cases_apart(cases, raw_cases, where)
    edges = None
    if "edges" in spec:
        edges = scope.variables.get(spec["edges"])
        if edges is None or edges.on not in (ir.ElementKind.BORDER, ir.ElementKind.LINK):
            raise _fail(spec["edges"], where, "output.edges names a variable on borders or links")
        if edges.type == ir.Type.INT and (edges.low, edges.high) not in ((0, 1), (0, 2)):
            raise _fail(
                spec["edges"],
                where,
                "a drawing shows 0, 1 or 2 lines per edge",
                "give the variable the domain 0..2",
            )
    if not cases and edges is None:
        raise _fail(
            spec, where, "the output section prints nothing", "add 'cell:' cases or 'edges:'"
        )
    output = ir.OutputSpec(tuple(cases), edges)
    _shows_exactly_the_answer(scope, _printed_variables(output, where_of(spec, where)), spec, where)
    return output


def _tokens_tell_cases_apart(cases: list[ir.OutputCase], raw_cases: list, where: Location) -> None:
    """A token must name the case that printed it, or a printed solution would not read back
    as itself. Refused here, whatever the puzzle: a token that two cases print (one symbol, or
    numbers: the values of integer or boolean unknowns) where the earlier tests no given (a
    reader takes the token for the earlier case wherever the later prints it). What a puzzle
    decides (a given shown that equals a symbol) is found when the answer is grounded on it
    (`dslsolve/answer.py`)."""
    earlier: dict[str, int] = {}  # token -> the number of the first unguarded case printing it
    for number, (case, raw) in enumerate(zip(cases, raw_cases, strict=True)):
        token = case.symbol
        if isinstance(case.show, ir.VarRef) and case.show.var.values is None:
            token = "a number"
        if token in earlier:
            first = earlier[token] + 1
            printed = token if token == "a number" else f"'{token}'"
            raise _fail(
                raw,
                where_of(raw, where),
                f"output case {number + 1} prints {printed}, as case {first} does: a printed "
                f"solution would not read back (a reader takes {printed} for case {first})",
                "give each case a token of its own",
            )
        unguarded = all(literal_unknown(c) for c, _ in when_literals(case.when))
        if token is not None and unguarded:
            earlier[token] = number


def _reads_unknowns(expr: ir.Expr | None) -> bool:
    return expr is not None and any(isinstance(node, ir.VarRef) for node in ir.walk(expr))


def _check_symbol(
    symbol: str, case: dict, where: Location, cases: list[ir.OutputCase], drawing: bool
) -> None:
    """A printed symbol must read back as itself: one token (one character in a drawing),
    and not a number where another case prints numbers (`check` would take it for one)."""
    if not symbol or symbol.split() != [symbol]:
        raise _fail(
            case["symbol"], where, f"the symbol {symbol!r} is not one token", "e.g. symbol: '#'"
        )
    if drawing and len(symbol) != 1:
        raise _fail(
            case["symbol"],
            where,
            f"the symbol '{symbol}' is longer than the one character of a cell in a drawing",
        )
    prints_numbers = any(
        c.show is not None and (not isinstance(c.show, ir.VarRef) or c.show.var.type == ir.Type.INT)
        for c in cases
    )
    if prints_numbers and symbol.lstrip("-").isdigit():
        raise _fail(
            case["symbol"],
            where,
            f"the symbol '{symbol}' is a number, which another case prints as a value",
            "use a symbol that no shown value can be, e.g. '#'",
        )


def _set_output(spec: dict, scope: Scope, where: Location) -> ir.SetOutput:
    """`output: {lines: SET, tokens: SET2, cell: [...]}` or `{lines: SET, show: [...]}`."""
    at = where_of(spec, where)
    _check_keys(spec, ("lines", "tokens", "cell", "show"), at, "output")
    lines = spec["lines"]
    for key in ("lines", "tokens"):
        if key in spec and spec[key] not in scope.sets:
            raise _fail(spec[key], at, f"output.{key} names a declared set, not '{spec[key]}'")
    tokens = spec.get("tokens")
    if (tokens is None) == ("show" not in spec) or ("cell" in spec) != (tokens is not None):
        raise _fail(
            spec,
            at,
            "output with 'lines' needs either 'tokens' and 'cell', or 'show'",
            "e.g. lines: person, show: [person, item where buys]",
        )
    in_scope = (lines, tokens) if tokens else (lines,)
    cases: list[ir.OutputCase] = []
    printed: set[str] = set()
    for case in _cases(spec, at):
        case_where = where_of(case, at)
        case = _mapping(case, case_where, "output.cell")
        _check_keys(case, ("when", "show", "symbol"), case_where, "an output case")
        if ("show" in case) == ("symbol" in case):
            raise _fail(case, case_where, "an output case has either 'show' or 'symbol'")
        when = show = None
        if "when" in case:
            text, pos = _rule_text(case["when"], case_where)
            when = check_set_expr(
                scope, _unwrap(parse_rule(text, pos)), pos, text, in_scope, ir.Type.BOOL
            )
            if ir.reads_unknowns(when):
                raise _fail(case["when"], case_where, "here a 'when' tests puzzle input only")
        if "show" in case:
            text, pos = _rule_text(case["show"], case_where)
            show = check_set_expr(scope, _unwrap(parse_rule(text, pos)), pos, text, in_scope)
            ref = show.ref if isinstance(show, ir.At) else show
            if not isinstance(ref, ir.VarRef | ir.InputRef):
                raise _fail(
                    case["show"],
                    case_where,
                    "'show' names a variable or an input section, or one read at given "
                    "members such as digit(puzzle)",
                    "a computed value could not be read back by 'check'",
                )
            if isinstance(ref, ir.VarRef):
                printed.add(ref.var.name)
        cases.append(ir.OutputCase(when, show, str(case["symbol"]) if "symbol" in case else None))
    shows: list[ir.SetShow] = []
    for item in spec.get("show", ()) or ():
        text = str(item)
        name, _, condition = text.partition(" where ")
        name = name.strip()
        var = scope.variables.get(name)
        if var is not None and var.sets == (lines,) and not condition:
            printed.add(name)
            shows.append(ir.SetShow(None, None, ir.VarRef(var, ir.Focus())))
            continue
        if name not in scope.sets:
            raise _fail(
                item,
                at,
                f"'{name}' is not a declared set or a variable on '{lines}'",
                "write SET, SET where VAR, or a variable on the lines' set",
            )
        if not condition and name != lines:
            raise _fail(item, at, f"only the member of '{lines}' is in scope on a line")
        cond = None
        if condition:
            cond = check_set_expr(
                scope,
                _unwrap(parse_rule(condition, at)),
                at,
                condition,
                (lines, name),
                ir.Type.BOOL,
            )
            if not isinstance(cond, ir.VarRef):
                raise _fail(
                    item,
                    at,
                    "after 'where' name a boolean variable",
                    "e.g. 'item where buys': the item for which buys is true",
                )
            printed.add(cond.var.name)
        shows.append(ir.SetShow(name, cond))
    _shows_exactly_the_answer(scope, printed, spec, at)
    return ir.SetOutput(str(lines), tokens, tuple(cases), tuple(shows))


def _shows_exactly_the_answer(scope: Scope, printed: set[str], spec: dict, at: Location) -> None:
    """The output shows every unknown but the hidden ones, and no hidden one."""
    for name, var in scope.variables.items():
        if var.hidden and name in printed:
            raise _fail(
                spec,
                at,
                f"the output shows the hidden variable '{name}'",
                "a hidden unknown is a helper that is not printed: leave it out of the output, "
                "or drop 'hidden'",
            )
        if not var.hidden and name not in printed:
            raise _fail(
                spec,
                at,
                f"the output does not show the variable '{name}'",
                "a solution must show every unknown, so that 'check' can read it back; "
                "a helper may be declared 'hidden: true'",
            )


def _printed_variables(output: ir.OutputSpec, where: Location) -> set[str]:
    """The variables a printed solution determines. A `when` tests unknowns as plain literals
    (`black`, `not black`, `black and light`, `digit = 0`), which `check` reads back from the
    token; a condition beyond those (`ship and any(next right where ship)`: a *derived test*)
    may sit beside such a literal only: the literals say what the token stands for, the
    derived test which token it is, and `check` verifies it by printing the reading again."""
    names = {output.edges.name} if output.edges else set()
    for case in output.cell:
        derived = False
        for condition, _ in when_literals(case.when):
            literal = literal_unknown(condition)
            if literal is not None:
                names.add(literal[0].var.name)
            elif ir.reads_unknowns(condition):
                derived = True
        if derived and not any(literal_unknown(c) for c, _ in when_literals(case.when)):
            raise DslError(
                where,
                "an output 'when' can test unknowns only as variables, their equality "
                "with a constant, their negations and conjunctions of those; another "
                "condition on unknowns must stand beside such a literal",
                hint="e.g. 'when: black and not light', 'when: digit = 0', or 'when: ship "
                "and any(next right where ship)' (a ship's cell with a ship to its right)",
            )
        if isinstance(case.show, ir.VarRef):
            names.add(case.show.var.name)
        if case.links is not None:
            names.add(case.links.name)
    return names


def _unwrap(node: Node) -> Node:
    """A define is parsed as a rule; its expression is the rule's body."""
    return node.children[0] if node.kind == "holds" else node


def load_genre(path: str) -> GenreFile:
    """Load and check a genre file. A file whose text was loaded before is not parsed again
    (`compare`, benchmarks and tests read one genre for many puzzles); a GenreFile is frozen,
    so sharing it is safe. A shipped genre's name (`nurikabe`) stands for its file."""
    path = genre_path(path)
    text = read_text(path, "genre file")
    try:
        return _load_genre(path, text)
    except RecursionError:  # deeper than the parser's and the YAML reader's own checks
        raise DslError(Location(path), "the genre file nests too deeply to be read") from None


@functools.lru_cache(maxsize=64)
def _load_genre(path: str, text: str) -> GenreFile:
    """The genre file as loaded before, from the command line's cache (`genrecache.py`), or
    read and checked now."""
    loaded = genrecache.read(path, text, GenreFile)
    if loaded is None:
        loaded = _read_genre(path, text)
        genrecache.write(path, text, loaded)
    return loaded


def _read_genre(path: str, text: str) -> GenreFile:
    data = load_yaml(path, text)
    top = Location(path, 1, 1)
    if not isinstance(data, dict):
        raise DslError(top, "a genre file is a YAML mapping", hint="start with 'name: ...'")
    _check_keys(data, TOP_KEYS, top, "the genre file")
    for key in ("name", "rules", "output"):
        if key not in data:
            raise DslError(top, f"the genre file has no '{key}'")
    sections = _sections(_mapping(data.get("input"), top, "input"), top)
    sets = _index_sets(_mapping(data.get("sets"), top, "sets"), sections, top)
    layers = _layers([s for s in sections if not isinstance(s, ir.TableSection)], top)
    layers.update(_set_layers(sections, sets))
    variables = _variables(_mapping(data.get("variables"), top, "variables"), top, sets, layers)
    defines: dict[str, tuple[Node, Location, str]] = {}
    for name, value in _mapping(data.get("define"), top, "define").items():
        _check_name(name, top)
        text, at = _rule_text(value, where_of(name, top))
        defines[name] = (_unwrap(parse_rule(text, at)), at, text)
    taken: set[str] = set()
    for name in [*layers, *variables, *defines, *sets]:
        if name in taken:
            raise DslError(
                top,
                f"'{name}' is declared twice "
                "(input, sets, variables and define share one name space)",
            )
        taken.add(name)
    scope = Scope(path, layers, variables, defines, sets=sets)
    check_defines(scope)
    rules = []
    raw_rules = data["rules"]
    if not isinstance(raw_rules, list) or not raw_rules:
        raise _fail(raw_rules, top, "'rules' must be a non-empty list of rule strings")
    parsed = []
    for raw in raw_rules:
        text, at, implied = _rule_entry(raw, where_of(raw, where_of(raw_rules, top)))
        parsed.append((parse_rule(text, at), at, text, implied))
    scope.gates = path_gates([node for node, _, _, _ in parsed])
    scope.directed = directed_lines([node for node, _, _, _ in parsed])
    for node, at, text, implied in parsed:
        body = check_rule(scope, node, at, text)
        origin = ir.Origin(at.file, at.line, at.column)
        rules.append(ir.Rule(text, origin, body, ir.repeated(body), implied))
    output_spec = _mapping(data["output"], top, "output")
    if "lines" in output_spec:
        output: ir.OutputSpec | ir.SetOutput = _set_output(output_spec, scope, top)
    else:
        output = _output(output_spec, scope, top)
    genre = ir.Genre(
        str(data["name"]),
        str(data.get("title", data["name"])),
        str(data.get("description", "")).strip(),
        tuple(layers.values()),
        tuple(variables.values()),
        tuple(rules),
        tuple(sets.values()),
        tuple(sections),
        output,
        answer.declare(variables.values(), output),
        _formulation(data.get("formulation"), top),
    )
    puzzlink = parse_puzzlink(
        data.get("puzzlink"), top, {s.name for s in sections}, set(variables) | set(layers)
    )
    picture = _picture(data.get("picture"), scope, top)
    return GenreFile(path, genre, puzzlink, picture)


def _formulation(raw: Any, top: Location) -> tuple[tuple[str, str], ...]:
    """The `formulation:` block: the genre's own default lowering of some constructs
    (`domain: integer`), each a construct of `--formulation` and one of its choices; the
    command line's `--formulation` overrides them per construct."""
    if raw is None:
        return ()
    # here, not at the top: `dslsolve.compiler` imports PuLP, which `check` does without
    from dslsolve.compiler.formulations import CHOICES

    spec = _mapping(raw, top, "formulation")
    chosen = []
    for name, choice in spec.items():
        if name not in CHOICES:
            close = difflib.get_close_matches(str(name), list(CHOICES), n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            raise _fail(
                name,
                where_of(spec, top),
                f"unknown construct '{name}' in formulation",
                hint + "constructs: " + ", ".join(CHOICES),
            )
        if not isinstance(choice, str) or choice not in CHOICES[name]:
            raise _fail(
                choice,
                where_of(name, top),
                f"'{choice}' is not a lowering of {name} (formulation.{name})",
                "choose one of " + ", ".join(CHOICES[name]),
            )
        chosen.append((str(name), str(choice)))
    return tuple(chosen)


def _picture(raw: Any, scope: Scope, top: Location) -> PictureSpec:
    """The `picture:` block (`dslsolve/dsl/picturespec.py`)."""
    if raw is None:
        return PictureSpec()
    spec = _mapping(raw, top, "picture")
    where = where_of(spec, top)
    _check_keys(spec, PICTURE_KEYS, where, "picture")

    def expression(raw: Any, *types: ir.Type) -> ir.Expr:
        text, at = _rule_text(raw, where)
        node = _unwrap(parse_rule(text, at))
        return check_expr(scope, node, at, text, ir.ElementKind.CELL, *types)

    conditions = {}
    for key in ("shade", "tint", "walls", "plates", "joins"):
        if key in spec:
            conditions[key] = expression(spec[key], *(() if key == "walls" else (ir.Type.BOOL,)))
    marks = _mapping(spec.get("marks", {}), where, "picture.marks")
    for shape in marks.values():
        if shape not in SHAPES:
            hint = "one of " + ", ".join(SHAPES)
            raise _fail(shape, where, f"picture.marks: unknown shape '{shape}'", hint)
    circles = None
    if "circles" in spec:
        raw_circles = _mapping(spec["circles"], where, "picture.circles")
        _check_keys(raw_circles, CIRCLE_KEYS, where, "picture.circles")
        if "where" not in raw_circles:
            raise _fail(raw_circles, where, "picture.circles needs 'where', a condition on a cell")
        fill = raw_circles.get("fill", "light")
        if fill not in CIRCLE_FILLS:
            hint = "one of " + ", ".join(CIRCLE_FILLS)
            raise _fail(fill, where, f"picture.circles: unknown fill '{fill}'", hint)
        labels = _mapping(raw_circles.get("labels", {}), where, "picture.circles.labels")
        circles = CircleSpec(
            expression(raw_circles["where"], ir.Type.BOOL),
            *(expression(raw_circles[k]) if k in raw_circles else None for k in ("text", "dot")),
            dark=fill == "dark",
            labels=tuple((str(value), str(label)) for value, label in labels.items()),
        )
    moves = _mapping(spec.get("moves", {}), where, "picture.moves")
    _check_keys(moves, DIRECTIONS, where, "picture.moves")
    grid = spec.get("grid", "lines")
    if grid not in GRIDS:
        raise _fail(
            grid, where, f"picture.grid: unknown grid '{grid}'", "one of " + ", ".join(GRIDS)
        )
    return PictureSpec(
        conditions.get("shade"),
        conditions.get("tint"),
        conditions.get("walls"),
        tuple((str(token), str(shape)) for token, shape in marks.items()),
        _letters(spec.get("letters", False), where),
        circles,
        tuple((d, expression(moves[d], ir.Type.BOOL)) for d in DIRECTIONS if d in moves),
        conditions.get("plates"),
        str(grid),
        conditions.get("joins"),
    )


def _letters(raw: object, where: Location) -> bool | tuple[str, ...]:
    """`picture: letters`: true (every clue's numbers drawn as letters) or the names of the
    list sections whose numbers are (kinkonkan's margins)."""
    if isinstance(raw, bool):
        return raw
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        raise _fail(raw, where, "picture.letters: true, or a list of list sections' names")
    return tuple(raw)
