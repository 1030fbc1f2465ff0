"""Genre files: YAML with `name`, `title`, `description`, `input`, `define`, `variables`,
`rules` and `output`. Loading one checks everything in it and yields a `GenreFile`: the IR
(`ir.Genre`) plus what the puzzle reader and the printer need (sections and output cases).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from dslsolve import ir
from dslsolve.dsl.checker import Scope, check_defines, check_expr, check_rule
from dslsolve.dsl.parser import Node, parse_rule
from dslsolve.dsl.yamlsource import load_yaml, where_of
from dslsolve.errors import DslError, Location

TOP_KEYS = ("name", "title", "description", "input", "define", "variables", "rules", "output")
RESERVED = {
    "each",
    "as",
    "where",
    "of",
    "cells",
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
    "not",
    "and",
    "or",
    "implies",
    "is",
    "given",
    "empty",
    "number",
    "count",
    "sum",
    "alldifferent",
    "all",
    "any",
    "runs",
    "changes",
    "records",
    "product",
    "segment",
    "neighbours",
    "diagonals",
    "around",
    "sides",
    "corners",
    "links",
    "ray",
    "rays",
    "until",
    "from",
    "size",
    "distance",
}
ELEMENT_SETS = {
    "cells": ir.ElementKind.CELL,
    "points": ir.ElementKind.POINT,
    "borders": ir.ElementKind.BORDER,
    "links": ir.ElementKind.LINK,
}


@dataclass(frozen=True)
class GridSection:
    """A grid of tokens, one per cell (or per point, or per link).

    A token is `.` (empty), a number, or one of `symbols` (`symbols: any` accepts every token:
    region labels); `split` cuts a token into `fields`
    (kakuro's `16\\23` is down 16, across 23), each part a number or empty.
    A section on links is the between-cell drawing of (2R-1) x (2C-1) tokens; `cells` names
    the layer read from its cell positions (futoshiki's givens beside its signs).
    """

    name: str
    on: ir.ElementKind
    symbols: tuple[str, ...] = ()
    split: str | None = None
    fields: tuple[str, ...] = ()
    cells: str | None = None


@dataclass(frozen=True)
class ListSection:
    """One entry per row or per column: a list of numbers."""

    name: str
    per: str


Section = GridSection | ListSection


@dataclass(frozen=True)
class OutputCase:
    """One line of `output.cell`: print `symbol`, or the value of `show`, where `when` holds."""

    when: ir.Expr | None
    show: ir.Expr | None
    symbol: str | None


@dataclass(frozen=True)
class OutputSpec:
    cell: tuple[OutputCase, ...]
    edges: ir.Variable | None  # a border or link variable: print a drawing instead of tokens


@dataclass(frozen=True)
class GenreFile:
    path: str
    genre: ir.Genre
    sections: tuple[Section, ...]
    output: OutputSpec


def _fail(value: Any, fallback: Location, message: str, hint: str | None = None) -> DslError:
    return DslError(where_of(value, fallback), message, hint=hint)


def _mapping(value: Any, fallback: Location, what: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _fail(value, fallback, f"'{what}' must be a mapping of names to settings")
    return value


def _check_keys(mapping: dict, allowed: tuple[str, ...], fallback: Location, what: str) -> None:
    for key in mapping:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=1)
            hint = f"did you mean '{close[0]}'?" if close else "allowed: " + ", ".join(allowed)
            raise _fail(key, fallback, f"unknown key '{key}' in {what}", hint)


def _check_name(name: Any, fallback: Location) -> str:
    if not isinstance(name, str) or not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
        raise _fail(
            name,
            fallback,
            f"'{name}' is not a valid name",
            "names are lower-case letters, digits and '_', starting with a letter",
        )
    if name in RESERVED:
        raise _fail(
            name, fallback, f"'{name}' is a word of the rule language", "choose another name"
        )
    return name


def _sections(spec: dict, where: Location) -> list[Section]:
    sections: list[Section] = []
    for name, settings in spec.items():
        _check_name(name, where)
        settings = _mapping(settings, where_of(name, where), f"input.{name}")
        _check_keys(
            settings,
            ("type", "on", "per", "symbols", "split", "fields", "cells"),
            where_of(settings, where),
            f"input.{name}",
        )
        kind = settings.get("type", "grid")
        if kind == "grid":
            on = settings.get("on", "cells")
            if on not in ("cells", "points", "links"):
                raise _fail(
                    on, where, f"a grid section is on 'cells', 'points' or 'links', not '{on}'"
                )
            cells = settings.get("cells")
            if cells is not None:
                if on != "links":
                    raise _fail(
                        cells,
                        where,
                        f"input.{name}: 'cells' names the cell layer of a section on links",
                        "add 'on: links', or leave 'cells' out",
                    )
                cells = _check_name(cells, where)
            fields = tuple(_check_name(f, where) for f in settings.get("fields", ()))
            split = settings.get("split")
            if bool(split) != bool(fields):
                raise _fail(settings, where, f"input.{name}: 'split' and 'fields' go together")
            symbols = settings.get("symbols", ())
            if isinstance(symbols, str):
                symbols = tuple(symbols.split())
            sections.append(
                GridSection(
                    str(name), ELEMENT_SETS[on], tuple(map(str, symbols)), split, fields, cells
                )
            )
        elif kind == "list":
            per = settings.get("per")
            if per not in ("row", "column"):
                raise _fail(
                    settings,
                    where,
                    f"input.{name}: a list section needs 'per: row' or 'per: column'",
                )
            sections.append(ListSection(str(name), per))
        else:
            raise _fail(kind, where, f"unknown section type '{kind}'", "use 'grid' or 'list'")
    return sections


def _layers(sections: list[Section], where: Location) -> dict[str, ir.InputLayer]:
    layers: dict[str, ir.InputLayer] = {}
    for section in sections:
        if isinstance(section, ListSection):
            layers[section.name] = ir.InputLayer(section.name, section.name, section.per)
            continue
        layers[section.name] = ir.InputLayer(section.name, section.name, section.on.value)
        for index, field_name in enumerate(section.fields):
            layers[field_name] = ir.InputLayer(field_name, section.name, section.on.value, index)
        if section.cells:
            if section.cells in layers or any(s.name == section.cells for s in sections):
                raise DslError(
                    where,
                    f"'{section.cells}' is declared twice (input, variables and define share "
                    "one name space)",
                )
            layers[section.cells] = ir.InputLayer(
                section.cells, section.name, ir.ElementKind.CELL.value
            )
    return layers


def _domain(text: Any, where: Location) -> tuple[int, int | str]:
    match = re.fullmatch(r"\s*(-?\d+)\s*\.\.\s*(-?\d+|rows|columns)\s*", str(text))
    if not match:
        raise _fail(text, where, f"bad domain '{text}'", "write LOW..HIGH, e.g. 1..9 or 1..rows")
    high = match.group(2)
    return int(match.group(1)), high if high in ("rows", "columns") else int(high)


def _variables(spec: dict, where: Location) -> dict[str, ir.Variable]:
    variables: dict[str, ir.Variable] = {}
    for name, settings in spec.items():
        _check_name(name, where)
        settings = _mapping(settings, where_of(name, where), f"variables.{name}")
        _check_keys(
            settings, ("type", "on", "domain"), where_of(settings, where), f"variables.{name}"
        )
        on = settings.get("on", "cells")
        if on not in ELEMENT_SETS:
            raise _fail(on, where, f"variables live on cells, points, borders or links, not '{on}'")
        kind = settings.get("type", "bool")
        if kind == "bool":
            variables[name] = ir.Variable(str(name), ELEMENT_SETS[on], ir.Type.BOOL)
        elif kind == "int":
            if "domain" not in settings:
                raise _fail(settings, where, f"variables.{name}: an int needs a 'domain'")
            low, high = _domain(settings["domain"], where_of(settings["domain"], where))
            variables[name] = ir.Variable(str(name), ELEMENT_SETS[on], ir.Type.INT, low, high)
        else:
            raise _fail(kind, where, f"unknown variable type '{kind}'", "use 'bool' or 'int'")
    return variables


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


def _output(spec: dict, scope: Scope, where: Location) -> OutputSpec:
    _check_keys(spec, ("cell", "edges"), where_of(spec, where), "output")
    cases: list[OutputCase] = []
    for case in spec.get("cell", ()) or ():
        case_where = where_of(case, where)
        case = _mapping(case, case_where, "output.cell")
        _check_keys(case, ("when", "show", "symbol"), case_where, "an output case")
        if ("show" in case) == ("symbol" in case):
            raise _fail(case, case_where, "an output case has either 'show' or 'symbol'")
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
        cases.append(OutputCase(when, show, symbol))
    edges = None
    if "edges" in spec:
        edges = scope.variables.get(spec["edges"])
        if edges is None or edges.on not in (ir.ElementKind.BORDER, ir.ElementKind.LINK):
            raise _fail(spec["edges"], where, "output.edges names a variable on borders or links")
    if not cases and edges is None:
        raise _fail(
            spec, where, "the output section prints nothing", "add 'cell:' cases or 'edges:'"
        )
    output = OutputSpec(tuple(cases), edges)
    printed = _printed_variables(output, where_of(spec, where))
    for name in scope.variables:
        if name not in printed:
            raise _fail(
                spec,
                where,
                f"the output does not show the variable '{name}'",
                "a solution must show every unknown, so that 'check' can read it back",
            )
    return output


def when_literals(expr: ir.Expr | None) -> list[tuple[ir.Expr, int]]:
    """The `when` of an output case as (condition, wanted truth) pairs: its conjuncts, each
    a condition or the negation of one."""
    if expr is None:
        return []
    if isinstance(expr, ir.And):
        return [lit for arg in expr.args for lit in when_literals(arg)]
    if isinstance(expr, ir.Not) and not isinstance(expr.arg, ir.And | ir.Or):
        return [(inner, 1 - wanted) for inner, wanted in when_literals(expr.arg)]
    return [(expr, 1)]


def _printed_variables(output: OutputSpec, where: Location) -> set[str]:
    """The variables a printed solution determines; a `when` may test unknowns only as plain
    literals (`black`, `not black`, `black and light`), so that `check` can read it back."""
    names = {output.edges.name} if output.edges else set()
    for case in output.cell:
        for condition, _ in when_literals(case.when):
            if isinstance(condition, ir.VarRef):
                names.add(condition.var.name)
            elif any(isinstance(n, ir.VarRef) for n in ir.walk(condition)):
                raise DslError(
                    where,
                    "an output 'when' can test unknowns only as variables, "
                    "their negations and conjunctions of those",
                    hint="e.g. 'when: black and not light'",
                )
        if isinstance(case.show, ir.VarRef):
            names.add(case.show.var.name)
    return names


def _unwrap(node: Node) -> Node:
    """A define is parsed as a rule; its expression is the rule's body."""
    return node.children[0] if node.kind == "holds" else node


def load_genre(path: str) -> GenreFile:
    data = load_yaml(path)
    top = Location(path, 1, 1)
    if not isinstance(data, dict):
        raise DslError(top, "a genre file is a YAML mapping", hint="start with 'name: ...'")
    _check_keys(data, TOP_KEYS, top, "the genre file")
    for key in ("name", "rules", "output"):
        if key not in data:
            raise DslError(top, f"the genre file has no '{key}'")
    sections = _sections(_mapping(data.get("input"), top, "input"), top)
    layers = _layers(sections, top)
    variables = _variables(_mapping(data.get("variables"), top, "variables"), top)
    defines: dict[str, tuple[Node, Location, str]] = {}
    for name, value in _mapping(data.get("define"), top, "define").items():
        _check_name(name, top)
        text, at = _rule_text(value, where_of(name, top))
        defines[name] = (_unwrap(parse_rule(text, at)), at, text)
    taken: set[str] = set()
    for name in [*layers, *variables, *defines]:
        if name in taken:
            raise DslError(
                top,
                f"'{name}' is declared twice (input, variables and define share one name space)",
            )
        taken.add(name)
    scope = Scope(path, layers, variables, defines)
    check_defines(scope)
    rules = []
    raw_rules = data["rules"]
    if not isinstance(raw_rules, list) or not raw_rules:
        raise _fail(raw_rules, top, "'rules' must be a non-empty list of rule strings")
    for raw in raw_rules:
        text, at = _rule_text(raw, where_of(raw, where_of(raw_rules, top)))
        body = check_rule(scope, parse_rule(text, at), at, text)
        rules.append(ir.Rule(text, ir.Origin(at.file, at.line, at.column), body))
    output = _output(_mapping(data["output"], top, "output"), scope, top)
    genre = ir.Genre(
        str(data["name"]),
        str(data.get("title", data["name"])),
        str(data.get("description", "")).strip(),
        tuple(layers.values()),
        tuple(variables.values()),
        tuple(rules),
    )
    return GenreFile(path, genre, tuple(sections), output)
