"""A puzzle instance: the grid size and the values of every input layer."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from dslsolve import ir

Token = int | str | tuple | None  # a number, a symbol such as '#', a list, None if empty
Element = tuple  # (r, c) for cells and points; (axis, r, c) for borders and links

# `X is given|empty|number` on one token (never absent)
TOKEN_TESTS: dict[str, Callable[[Token], bool]] = {
    "given": lambda token: token is not None,
    "empty": lambda token: token is None,
    "number": lambda token: isinstance(token, int),
}


@dataclass(frozen=True)
class Table:
    """A table section: its records (padded to one width with None), each record's block
    number (1 + the rule lines above it), and the layout: a record index per line, None for a
    rule line. The first `fields` tokens of a record are its named fields; the rest is its
    body (a word, the names of a group)."""

    records: tuple[tuple[Token, ...], ...]
    blocks: tuple[int, ...]
    layout: tuple[int | None, ...]
    fields: int = 0

    @property
    def width(self) -> int:
        return max((len(r) for r in self.records), default=0)

    def body(self, record: int) -> tuple[Token, ...]:
        """Record `record`'s tokens after its fields, its empty padding left out (0-based)."""
        return tuple(t for t in self.records[record][self.fields :] if t is not None)

    def values(self) -> tuple[Token, ...]:
        """The distinct tokens of the records' bodies (after the fields), in reading order."""
        seen: dict[Token, None] = {}
        for record in self.records:
            for token in record[self.fields :]:
                if token is not None:
                    seen.setdefault(token, None)
        return tuple(seen)


@dataclass(frozen=True)
class Instance:
    rows: int
    columns: int
    grids: dict[str, dict[Element, Token]]  # layer name -> element -> token
    lists: dict[str, tuple[tuple[int, ...] | None, ...]]  # layer name -> entry per row/column
    # layer name -> per group of a groups section: its value and its cells, in the order listed
    groups: dict[str, tuple[tuple[Token, tuple[Element, ...]], ...]] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    sets: dict[str, tuple[Token, ...]] = field(default_factory=dict)  # index set -> members
    # a domain's high end read from the puzzle (`ir.Largest`), worked out once per instance
    _read_highs: dict[ir.Largest, int] = field(default_factory=dict, compare=False, repr=False)

    @staticmethod
    def build(
        genre: ir.Genre,
        rows: int,
        columns: int,
        grids: dict,
        lists: dict,
        groups: dict | None = None,
        tables: dict[str, Table] | None = None,
    ) -> Instance:
        layer_values: dict[str, dict[Element, Token]] = {}
        for section in genre.sections:
            if not isinstance(section, ir.GridSection):
                continue
            grid = grids[section.name]
            whole = {(r, c): token for r, row in enumerate(grid) for c, token in enumerate(row)}
            if section.lists:
                whole = {e: _as_list(token, section.split) for e, token in whole.items()}
            if section.on == ir.ElementKind.LINK:
                drawing = whole
                whole = _links(drawing)
                if section.cells:
                    layer_values[section.cells] = {
                        (r // 2, c // 2): token
                        for (r, c), token in drawing.items()
                        if r % 2 == 0 and c % 2 == 0
                    }
                if section.points:  # the corners: the points inside the grid
                    points = {(r, c): None for r in range(rows + 1) for c in range(columns + 1)}
                    for (r, c), token in drawing.items():
                        if r % 2 == 1 and c % 2 == 1:
                            points[(r // 2 + 1, c // 2 + 1)] = token
                    layer_values[section.points] = points
            layer_values[section.name] = whole
            for index, field_name in enumerate(section.fields):
                layer_values[field_name] = {
                    element: _field(token, section.split, index) for element, token in whole.items()
                }
        cell_groups = {}
        for section in genre.sections:
            if isinstance(section, ir.GroupsSection):
                labels = layer_values[section.of]
                cell_groups[section.name] = tuple(
                    (value, _labelled(labels, members)) for value, members in groups[section.name]
                )
        tables = tables or {}
        sets: dict[str, tuple[Token, ...]] = {}
        for index_set in genre.sets:
            table = tables[index_set.section]
            if index_set.source == "rows":
                sets[index_set.name] = tuple(range(1, len(table.records) + 1))
            elif index_set.source == "columns":
                sets[index_set.name] = tuple(range(1, table.width + 1))
            else:
                sets[index_set.name] = table.values()
        return Instance(
            rows,
            columns,
            layer_values,
            {name: tuple(entries) for name, entries in lists.items()},
            cell_groups,
            tables,
            sets,
        )

    def read_table(self, layer: ir.InputLayer, key: tuple) -> Token:
        """A table layer at the members `key` of its index sets (record and column numbers,
        1-based); a field or block number at a record."""
        table = self.tables[layer.section]
        record = key[0] - 1
        if layer.per == "block":
            return table.blocks[record]
        column = layer.field if layer.field is not None else key[1] - 1
        row = table.records[record]
        return row[column] if column < len(row) else None

    def value(self, layer: ir.InputLayer, element: Element) -> Token:
        return self.grids[layer.name].get(element)

    def read(self, layer: ir.InputLayer, element: Element | None, index: int | None):
        """A layer's value at a grid element, or its entry for row/column `index`."""
        if layer.per in ("row", "column"):
            return self.lists[layer.name][index]
        if layer.per == "group":
            return self.groups[layer.name][index][0]
        return self.value(layer, element)

    def group_cells(self, layer: ir.InputLayer) -> list[tuple[Element, ...]]:
        """The cells of each group of a groups section, in the order the puzzle lists them."""
        return [cells for _, cells in self.groups[layer.name]]

    def test(
        self, test: str, layer: ir.InputLayer, element: Element | None, index: int | None
    ) -> bool:
        """`layer is given|empty|number` at an element or for a row/column."""
        return TOKEN_TESTS[test](self.read(layer, element, index))

    def param(self, name: str) -> int:
        return {"rows": self.rows, "columns": self.columns, "cells": self.rows * self.columns}[name]

    def high(self, var: ir.Variable) -> int:
        """The high end of an integer unknown's domain in this instance."""
        high = var.high
        if isinstance(high, str):
            return self.param(high)
        if isinstance(high, ir.Largest):
            if high not in self._read_highs:
                self._read_highs[high] = max(self._term(term) for term in high.terms)
            return self._read_highs[high]
        return high

    def _term(self, term: int | str | tuple) -> int:
        if isinstance(term, int):
            return term
        if isinstance(term, str):
            return self.param(term)
        if term[0] == "times":
            return int(term[1]) * self._term(term[2])
        measure, layer = term
        tokens = self.grids[layer].values()
        if measure == "number":
            return max((t for t in tokens if type(t) is int), default=0)
        sizes = Counter(t for t in tokens if t is not None)  # region: cells per label
        return max(sizes.values(), default=0)

    def domain(self, var: ir.Variable) -> range | tuple[Token, ...]:
        if var.values is not None:
            return self.sets[var.values]
        return range(var.low, self.high(var) + 1)

    def lowest(self, var: ir.Variable) -> Token:
        """The value an unknown takes where nothing decides it: what a solution file that
        does not show it reads as, and what decoding gives one that no rule reads."""
        return 0 if var.type == ir.Type.BOOL else self.domain(var)[0]


class Numbers(tuple):
    """A grid token that is a list of numbers (`1,3` in a section with `split: ','`).

    It equals the tuple of its numbers and prints as it was written."""

    text: str

    def __new__(cls, values: tuple[int, ...], text: str) -> Numbers:
        token = super().__new__(cls, values)
        token.text = text
        return token

    def __str__(self) -> str:
        return self.text


class Cycle(tuple):
    """The runs of a cyclic set (`runs(black of ring)`): no run comes first, so two lists
    compare as multisets when either is a Cycle."""


# a list entry of unknown length (tapa's `1,?`, or `?` alone): any run matches it
UNKNOWN_ENTRY = "?"


def _as_list(token: Token, split: str) -> Token:
    if isinstance(token, int):
        return Numbers((token,), str(token))
    if token == UNKNOWN_ENTRY:
        return Numbers((UNKNOWN_ENTRY,), token)
    if isinstance(token, str) and split in token:
        parts = token.split(split)
        return Numbers(tuple(p if p == UNKNOWN_ENTRY else int(p) for p in parts), token)
    return token  # '.' (None) or a declared symbol


def _labelled(labels: dict[Element, Token], members: tuple[Token, ...]) -> tuple[Element, ...]:
    """The cells whose label is one of `members`: label by label, each label's cells row by
    row, every cell once."""
    cells: list[Element] = []
    for member in members:
        cells.extend(e for e in sorted(labels) if labels[e] == member and e not in cells)
    return tuple(cells)


def as_number(value: object) -> int | None:
    """A value where a number is needed: true counts 1, a list entry of one number is that
    number (a row total), a symbol or a longer list has no number."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, tuple) and len(value) == 1 and isinstance(value[0], int):
        return value[0]
    return None


def same_list(left: tuple, right: tuple) -> bool:
    """List equality for run patterns: zeros do not count, so the clue `0` is no runs. The
    runs of a cycle have no first one: against a `Cycle` the order does not count either.
    An entry `?` (UNKNOWN_ENTRY) stands for any one length; alone it is any number, 0 (no
    run) included, as today's puz.link checks a tapa clue `?`."""
    unordered = isinstance(left, Cycle) or isinstance(right, Cycle)
    left, right = tuple(v for v in left if v), tuple(v for v in right if v)
    if (UNKNOWN_ENTRY,) in (left, right) and not (left and right):
        return True
    if len(left) != len(right):
        return False
    if not unordered:
        return all(a == b or UNKNOWN_ENTRY in (a, b) for a, b in zip(left, right, strict=True))
    known_left = Counter(v for v in left if v != UNKNOWN_ENTRY)
    known_right = Counter(v for v in right if v != UNKNOWN_ENTRY)
    # the numbers one side has beyond the other are matched by the other side's `?` entries
    return (known_left - known_right).total() <= right.count(UNKNOWN_ENTRY) and (
        known_right - known_left
    ).total() <= left.count(UNKNOWN_ENTRY)


def parse_token(text: str) -> Token:
    """`.` is empty, digits make a number, anything else is a symbol."""
    if text == ".":
        return None
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def _links(drawing: dict[Element, Token]) -> dict[Element, Token]:
    """The link tokens of a between-cell drawing: at (2r, 2c+1) the link from cell (r, c) to
    its right, at (2r+1, 2c) the link from cell (r, c) down."""
    links: dict[Element, Token] = {}
    for (r, c), token in drawing.items():
        if r % 2 == 0 and c % 2 == 1:
            links[("h", r // 2, c // 2)] = token
        elif r % 2 == 1 and c % 2 == 0:
            links[("v", r // 2, c // 2)] = token
    return links


def _field(token: Token, split: str | None, index: int) -> Token:
    """Part `index` of a split token such as kakuro's `16\\23`; None where it is absent."""
    if not isinstance(token, str) or split is None or split not in token:
        return None
    parts = token.split(split)
    if index >= len(parts) or parts[index] == "":
        return None
    return parse_token(parts[index])
