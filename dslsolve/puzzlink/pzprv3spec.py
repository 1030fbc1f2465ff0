"""A genre file's `pzprv3:` block as data (pzprv3.py reads and writes the files and describes
the sections): what a checked genre file keeps and its cache holds, so that a genre file from
the cache loads neither the writer nor puz.link's decoders."""

from __future__ import annotations

import re
from dataclasses import dataclass

NUMBER = "number"  # a map's key for every number: its token a template, `{}` the number
# a token of a value's list that reads any number back as the value, written never (goishi's
# stones: `{stones: {o: ['0', '{}']}}`, a stone whatever its number)
ANY_NUMBER = "{}"


@dataclass(frozen=True)
class Source:
    name: str
    token: str | None = None  # printed where given / true
    tokens: tuple[tuple[str, str], ...] = ()  # value -> printed token
    # a token of comma-separated parts (yajilin's `2,L`): each part through its map, written
    # in another order (pzprjs's `3,2`)
    order: tuple[int, ...] = ()
    parts: tuple[tuple[tuple[str, str], ...], ...] = ()
    when: str | None = None  # print the value only where this bool variable is true
    boundary_of: int | None = None  # edges: the outline of the cells of this value
    # borders, edges: a region layer's walls (between two labels, and the outline), printed
    # as the first token and read back from any (mejilink's dotted lines beside its loop)
    walls: tuple[str, ...] = ()
    beside: str | None = None  # borders: pzprjs's own walls around the cells of this layer
    # borders, edges: `{VAR: [TOKEN, ...]}`, the first source written as TOKEN and read back
    # as true from any of them (Combi Block's `1`, and `3` with pzprjs's aux mark)
    also: tuple[str, ...] = ()

    def convert(self, value: object) -> str:
        """A given's token as the file writes it (a number through the map's `number`
        template, `o{}`, when the map has one and not the number itself)."""
        if not self.order:
            printed = dict(reversed(self.tokens))  # a value's first token
            text = str(value)
            template = printed.get(NUMBER)
            if text not in printed and template is not None and isinstance(value, int):
                return template.replace("{}", text)
            if text in printed or "," not in text:
                return printed.get(text, text)
            return ",".join(printed.get(part, part) for part in text.split(","))  # tapa's `1,-`
        pieces = str(value).split(",")
        mapped = [dict(self.parts[i]).get(p, p) for i, p in enumerate(pieces)]
        return ",".join(mapped[i] for i in self.order)

    def unconvert(self, token: str) -> list[str]:
        """The given's tokens a file's token can stand for (see `convert`)."""
        if not self.order:
            whole = [value for value, printed in self.tokens if printed == token]
            if not whole and re.fullmatch(r"-?\d+", token):  # `{}` in a list: any number
                whole = [v for v, printed in self.tokens if printed == ANY_NUMBER and v != NUMBER]
            template = dict(self.tokens).get(NUMBER)
            if not whole and template is not None:
                head, _, tail = template.partition("{}")
                number = token[len(head) : len(token) - len(tail)]
                if token.startswith(head) and token.endswith(tail) and number.isdigit():
                    return [number]
            back = {printed: value for value, printed in self.tokens}
            parts = token.split(",")
            if whole or len(parts) == 1 or not any(part in back for part in parts):
                return whole
            return [",".join(back.get(part, part) for part in parts)]
        pieces = token.split(",")
        if len(pieces) != len(self.order):
            return []
        back = [""] * len(self.order)
        for piece, i in zip(pieces, self.order, strict=True):
            reverse = {printed: value for value, printed in self.parts[i]}
            back[i] = reverse.get(piece, piece)
        return [",".join(back)]


@dataclass(frozen=True)
class Pzprv3Section:
    kind: str
    name: str = ""  # borders, edges, rooms: the variable or layer; text: the line
    sources: tuple[Source, ...] = ()
    margins: tuple[tuple[str, str], ...] = ()  # margins: side -> list section
    empty: str = "."  # margins: the token of a corner or of a side without a clue; sums: blank
    sums: tuple[str, str] = ()  # sums: the across and the down layer
    none: str = "0"  # sums: the token of a side without a number
    # cells, borders: `{fill: TOKEN}`, the token at every place, read back as nothing (what
    # pzprjs's file holds and the genre has none of: aux marks, the walls of a board of one room)
    fill: str | None = None
    # cells: `{join: [[SOURCE, ...], ...]}`, a token of parts one after another, each part the
    # first of its sources with something to say, `.` where none of the parts has (yosenabe's
    # `io3`: a pot's cell `i` and a circle `o3`)
    join: tuple[tuple[Source, ...], ...] = ()
    halves: tuple[str, str] = ()  # bricks: the layer's tokens of a brick's left and right half
    # borders with `walls`: the token maps of a border with a wall and without one, each
    # value (or `number`, a template; `none`, no mark) -> token
    joined: tuple[tuple[tuple[str, str], ...], ...] = ()
    # points, segments: the table's fields of a point's column and row (and, for points, the
    # table of the board's size)
    at: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pzprv3Spec:
    type: str
    one_size: bool  # sudoku writes a single size line
    sections: tuple[Pzprv3Section, ...]
    # the first line's version (`pzprv3.2`: slalom, whose file pzprjs reads by its version)
    header: str = "pzprv3"

    @property
    def frame(self) -> int:
        """1 when the genre's grid starts with a row and a column of pzprjs's clue cells
        around the board (a `sums` section), else 0."""
        return int(any(section.kind == "sums" for section in self.sections))
