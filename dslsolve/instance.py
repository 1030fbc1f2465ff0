"""A puzzle instance: the grid size and the values of every input layer."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir

if TYPE_CHECKING:
    from dslsolve.dsl.genre import GenreFile

Token = int | str | None  # a number, a symbol such as '#', or None for an empty cell
Element = tuple  # (r, c) for cells and points; (axis, r, c) for borders and links


@dataclass(frozen=True)
class Instance:
    rows: int
    columns: int
    grids: dict[str, dict[Element, Token]]  # layer name -> element -> token
    lists: dict[str, tuple[tuple[int, ...] | None, ...]]  # layer name -> entry per row/column

    @staticmethod
    def build(genre: GenreFile, rows: int, columns: int, grids: dict, lists: dict) -> Instance:
        from dslsolve.dsl.genre import GridSection

        layer_values: dict[str, dict[Element, Token]] = {}
        for section in genre.sections:
            if not isinstance(section, GridSection):
                continue
            grid = grids[section.name]
            whole = {(r, c): token for r, row in enumerate(grid) for c, token in enumerate(row)}
            if section.on == ir.ElementKind.LINK:
                drawing = whole
                whole = _links(drawing)
                if section.cells:
                    layer_values[section.cells] = {
                        (r // 2, c // 2): token
                        for (r, c), token in drawing.items()
                        if r % 2 == 0 and c % 2 == 0
                    }
            layer_values[section.name] = whole
            for index, field_name in enumerate(section.fields):
                layer_values[field_name] = {
                    element: _field(token, section.split, index) for element, token in whole.items()
                }
        return Instance(
            rows, columns, layer_values, {name: tuple(entries) for name, entries in lists.items()}
        )

    def value(self, layer: ir.InputLayer, element: Element) -> Token:
        return self.grids[layer.name].get(element)

    def read(self, layer: ir.InputLayer, element: Element | None, index: int | None):
        """A layer's value at a grid element, or its entry for row/column `index`."""
        if layer.per in ("row", "column"):
            return self.lists[layer.name][index]
        return self.value(layer, element)

    def test(
        self, test: str, layer: ir.InputLayer, element: Element | None, index: int | None
    ) -> bool:
        """`layer is given|empty|number` at an element or for a row/column."""
        token = self.read(layer, element, index)
        return {
            "given": token is not None,
            "empty": token is None,
            "number": isinstance(token, int),
        }[test]

    def param(self, name: str) -> int:
        return {"rows": self.rows, "columns": self.columns}[name]

    def domain(self, var: ir.Variable) -> range:
        high = self.param(var.high) if isinstance(var.high, str) else var.high
        return range(var.low, high + 1)


def as_number(value: object) -> int | None:
    """A value where a number is needed: true counts 1, a list entry of one number is that
    number (a row total), a symbol or a longer list has no number."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, tuple) and len(value) == 1:
        return value[0]
    return None


def same_list(left: tuple, right: tuple) -> bool:
    """List equality for run patterns: zeros do not count, so the clue `0` is no runs."""
    return tuple(v for v in left if v) == tuple(v for v in right if v)


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
