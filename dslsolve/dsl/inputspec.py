"""A genre file's `input` and `sets`: its sections (grid, list, groups and table sections),
its index sets, and the input layers that rules read (a section, each of its fields, its own
cell or point layer, a table's block numbers)."""

from __future__ import annotations

from dslsolve import ir
from dslsolve.dsl.yamlchecks import check_keys, check_name, fail, mapping
from dslsolve.dsl.yamlsource import where_of
from dslsolve.errors import DslError, Location

ELEMENT_SETS = {
    "cells": ir.ElementKind.CELL,
    "points": ir.ElementKind.POINT,
    "borders": ir.ElementKind.BORDER,
    "links": ir.ElementKind.LINK,
}


def _symbols(settings: dict, where: Location, section: str) -> tuple[str, ...]:
    """A section's `symbols`: a string of symbols separated by spaces, or a list of them."""
    symbols = settings.get("symbols", ())
    if not isinstance(symbols, str | list | tuple) or any(
        isinstance(s, list | dict) or s is None for s in symbols
    ):
        raise fail(
            settings,
            where,
            f"input.{section}: 'symbols' is a list, or a string of symbols separated by spaces",
            "e.g. symbols: '# *' or symbols: [U, D, L, R]",
        )
    found = tuple(symbols.split()) if isinstance(symbols, str) else tuple(map(str, symbols))
    for symbol in found:
        if symbol == "." or symbol.lstrip("-").isdigit():
            why = "'.' is an empty cell" if symbol == "." else "a token of digits is a number"
            raise fail(
                settings,
                where,
                f"input.{section}: '{symbol}' cannot be a symbol: {why}",
                "numbers and '.' need no declaring; 'symbols' lists the other tokens",
            )
    return found


def _field_names(settings: dict, where: Location, section: str) -> tuple[str, ...]:
    """The names of a section's `fields`, which must be a list of names."""
    fields = settings.get("fields", [])
    if not isinstance(fields, list):
        raise fail(
            settings,
            where,
            f"input.{section}: 'fields' is a list of names",
            "e.g. fields: [amount, arrow]",
        )
    return tuple(check_name(field, where) for field in fields)


def _layer_of_links(settings: dict, key: str, on: str, name: str, where: Location) -> str | None:
    """`cells:` or `points:` of a grid section: the name of the layer at the cells (points)
    of a section on links."""
    layer = settings.get(key)
    if layer is None:
        return None
    if on != "links":
        raise fail(
            layer,
            where,
            f"input.{name}: '{key}' names the {key[:-1]} layer of a section on links",
            f"add 'on: links', or leave '{key}' out",
        )
    return check_name(layer, where)


def read_sections(spec: dict, where: Location) -> list[ir.Section]:
    sections: list[ir.Section] = []
    for name, settings in spec.items():
        check_name(name, where)
        settings = mapping(settings, where_of(name, where), f"input.{name}")
        kind = settings.get("type", "grid")
        if kind == "table":
            sections.append(_table_section(str(name), settings, where))
            continue
        check_keys(
            settings,
            ("type", "on", "per", "symbols", "split", "fields", "of", "cells", "points"),
            where_of(settings, where),
            f"input.{name}",
        )
        if kind == "grid":
            on = settings.get("on", "cells")
            if on not in ("cells", "points", "links"):
                raise fail(
                    on, where, f"a grid section is on 'cells', 'points' or 'links', not '{on}'"
                )
            cells, points = (
                _layer_of_links(settings, key, on, name, where) for key in ("cells", "points")
            )
            fields = _field_names(settings, where, name)
            split = settings.get("split")
            if fields and not split:
                raise fail(settings, where, f"input.{name}: 'fields' needs 'split'")
            if split is not None and (not isinstance(split, str) or not split or " " in split):
                raise fail(
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
                raise fail(
                    settings,
                    where,
                    f"input.{name}: a list section needs 'per: row' or 'per: column'",
                )
            sections.append(ir.ListSection(str(name), per))
        elif kind == "groups":
            symbols = _symbols(settings, where, name)
            sections.append(ir.GroupsSection(str(name), str(settings.get("of")), symbols))
        else:
            raise fail(
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
            raise fail(
                spec,
                where,
                f"input.{section.name}: a groups section needs 'of: SECTION', "
                "a grid section whose tokens label the cells",
                ("grid sections here: " + ", ".join(grids)) if grids else None,
            )
    return sections


def _table_section(name: str, settings: dict, where: Location) -> ir.TableSection:
    at = where_of(settings, where)
    check_keys(
        settings,
        ("type", "delimiter", "align", "separator", "block", "fields", "rest", "default"),
        at,
        f"input.{name}",
    )
    delimiter = settings.get("delimiter", "spaces")
    if not isinstance(delimiter, str) or not delimiter:
        raise fail(
            delimiter,
            at,
            f"input.{name}: 'delimiter' is 'spaces', 'chars' or a string such as ','",
        )
    align = settings.get("align", "left")
    if align not in ("left", "right"):
        raise fail(align, at, f"input.{name}: 'align' is 'left' or 'right', not '{align}'")
    separator = settings.get("separator")
    if separator is not None and len(str(separator)) != 1:
        raise fail(separator, at, f"input.{name}: 'separator' is one character, such as '-'")
    block = settings.get("block")
    if (separator is None) != (block is None):
        raise fail(settings, at, f"input.{name}: 'separator' and 'block' go together")
    fields = _field_names(settings, at, name)
    rest = settings.get("rest")
    if rest is not None and (rest != "chars" or not fields or delimiter == "chars"):
        raise fail(
            rest,
            at,
            f"input.{name}: 'rest: chars' cuts the text after the fields into characters",
            "it needs 'fields' and a delimiter other than 'chars'",
        )
    default = settings.get("default")
    if default is not None and (not isinstance(default, str | int) or not str(default).strip()):
        raise fail(default, at, f"input.{name}: 'default' is the section's text, such as 'A'")
    return ir.TableSection(
        name,
        delimiter,
        align,
        None if separator is None else str(separator),
        None if block is None else check_name(block, at),
        fields,
        rest,
        None if default is None else str(default),
    )


def read_index_sets(
    spec: dict, sections: list[ir.Section], where: Location
) -> dict[str, ir.IndexSet]:
    tables = {s.name for s in sections if isinstance(s, ir.TableSection)}
    found: dict[str, ir.IndexSet] = {}
    for name, settings in spec.items():
        check_name(name, where)
        at = where_of(name, where)
        settings = mapping(settings, at, f"sets.{name}")
        check_keys(settings, ("rows", "columns", "values"), at, f"sets.{name}")
        if len(settings) != 1:
            raise fail(
                settings,
                at,
                f"sets.{name}: give one of 'rows', 'columns' or 'values'",
                "e.g. {values: people}: the names in the table section 'people'",
            )
        ((source, section),) = settings.items()
        if not isinstance(section, str):
            raise fail(
                section,
                at,
                f"sets.{name}: '{source}' names a table section",
                f"e.g. {{{source}: hints}}",
            )
        if section not in tables:
            raise fail(
                section,
                at,
                f"sets.{name}: '{section}' is not a table section",
                "declare it in 'input' with 'type: table'",
            )
        found[str(name)] = ir.IndexSet(str(name), source, str(section))
    return found


def set_layers(
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


def read_layers(sections: list[ir.Section], where: Location) -> dict[str, ir.InputLayer]:
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
