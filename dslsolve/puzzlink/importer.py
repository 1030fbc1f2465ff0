"""A puzz.link URL as a puzzle: run the genre's declared decoders over the URL body and write
the puzzle in dslsolve's text format, which the ordinary puzzle reader then reads (so a URL
meets every check a puzzle file meets)."""

from __future__ import annotations

import dataclasses
import os

from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import DslError, Location
from dslsolve.grounding import components
from dslsolve.ir import GridSection, ListSection, TableSection
from dslsolve.puzzlink import codecs
from dslsolve.puzzlink.codecs import QUESTION, Cursor, Value
from dslsolve.puzzlink.pzprv3 import inside_borders, outline
from dslsolve.puzzlink.spec import PuzzlinkSpec, Step
from dslsolve.puzzlink.url import PuzzlinkUrl, UrlError, parse_url

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ROOM_LABELS = LETTERS.lower() + LETTERS


class Board:
    """A puzzle read from puzz.link's formats (a URL's decoders, or a pzprv3 file's sections),
    section by section, before it is written in dslsolve's text format."""

    def __init__(self, source: str, columns: int, rows: int) -> None:
        self.source = source  # the URL or file: where errors point
        self.columns, self.rows = columns, rows
        self.grids: dict[str, list[list[str]]] = {}
        self.lists: dict[str, list[str]] = {}
        self.tables: dict[str, str] = {}
        self.walls: list[bool] = []  # inside borders, verticals first (ENCODINGS.md 2)
        self.table_sections: set[str] = set()  # the genre's table sections (listed points)

    def fail(self, message: str, hint: str | None = None) -> DslError:
        return DslError(Location(self.source), message, hint=hint)

    @property
    def inside_borders(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """The pairs of cells each inside border separates, in pzprjs's border order."""
        return inside_borders(self.rows, self.columns)

    def rooms(self) -> list[list[int]]:
        """Room index per cell, rooms numbered by first cell in row-major order."""
        cells = [(r, c) for r in range(self.rows) for c in range(self.columns)]
        open_sides = [
            pair for wall, pair in zip(self.walls, self.inside_borders, strict=True) if not wall
        ]
        label = [[-1] * self.columns for _ in range(self.rows)]
        for count, room in enumerate(components(cells, open_sides)):
            for r, c in room:
                label[r][c] = count
        return label


def _printed(board: Board, part: int | str, mapping: dict[str, str | None], what: str) -> str:
    key = "?" if part == QUESTION else str(part)
    if key in mapping:
        token = mapping[key]
        if token is None:
            raise board.fail(f"the URL has a clue ({what}{key}) that this genre cannot hold")
        return token
    if part == QUESTION:
        raise board.fail(
            "the URL has a '?' clue (a clue without its number), which this genre cannot hold"
        )
    return key


def _token(board: Board, step: Step, value: Value) -> str:
    """The token of a decoded value: each part through its field's map, then the format, then
    `tokens` (a single value goes through `tokens` only)."""
    if value is None:
        return "."
    tokens = dict(step.tokens)
    if not isinstance(value, tuple):
        return _printed(board, value, tokens, "")
    names = codecs.FIELDS.get(step.decoder, ())
    fields = dict(step.fields)
    printed: dict[str, str] = {}
    for index, part in enumerate(value):
        name = names[index] if index < len(names) else f"part{index}"
        # a part's own map, else the step's tokens for a '?' part (tapa's `1,?`)
        mapping = dict(fields.get(name, ())) or {k: v for k, v in tokens.items() if k == "?"}
        printed[name] = _printed(board, part, mapping, f"{name} ")
    text = step.format.format(**printed) if step.format else ",".join(printed.values())
    return _printed(board, text, tokens, "")


def _grid_of(tokens: list[str], rows: int, columns: int) -> list[list[str]]:
    return [tokens[r * columns : (r + 1) * columns] for r in range(rows)]


def _slots(board: Board, step: Step, cursor: Cursor) -> None:
    rows, columns = board.rows, board.columns
    if step.decoder in codecs.BORDER_DECODERS:
        vertical = (columns - 1) * rows
        values = codecs.BORDER_DECODERS[step.decoder](cursor, vertical, columns * (rows - 1))
        _draw_borders(board, step, values)
        return
    decode = codecs.SLOT_DECODERS[step.decoder]
    if step.over == "rooms":
        rooms = board.rooms()
        count = 1 + max(max(row) for row in rooms)
        values = decode(cursor, count)
        tokens = [["."] * columns for _ in range(rows)]
        placed: set[int] = set()
        for c in range(columns):  # a room's number sits on its leftmost, then topmost cell
            for r in range(rows):
                room = rooms[r][c]
                if room not in placed:
                    placed.add(room)
                    tokens[r][c] = _token(board, step, values[room])
        _put(board, step, tokens)
        return
    if step.over == "borders":
        _draw_borders(board, step, decode(cursor, len(board.inside_borders)))
        return
    if step.over == "points":
        rows, columns = rows + 1, columns + 1
    elif step.over == "drawing":  # the between-cells drawing of a section on links
        rows, columns = 2 * rows - 1, 2 * columns - 1
    elif step.over == "crosses":  # the points inside the grid, on the grid of all points
        values = decode(cursor, (rows - 1) * (columns - 1))
        inner = _grid_of([_token(board, step, v) for v in values], rows - 1, columns - 1)
        dots = [["."] * (columns + 1) for _ in range(rows + 1)]
        for r, line in enumerate(inner):
            dots[r + 1][1:columns] = line
        _put(board, step, dots)
        return
    values = decode(cursor, rows * columns)
    if step.into and step.into[0] in board.table_sections:
        _listed(board, step, values, columns)
        return
    if len(step.into) > 1:  # a value of parts, each part into its own section
        _put_parts(board, step, values)
        return
    tokens = [_token(board, step, value) for value in values]
    _put(board, step, _grid_of(tokens, rows, columns))


def _listed(board: Board, step: Step, values: list[Value], width: int) -> None:
    """Values on the slots into a table section: one record `x y TOKEN` per slot that holds
    one, in reading order (x its column, y its row, from 0: kouchoku's lettered points); a
    second section of `into` (a table) gets the board's size in cells, `columns rows`."""
    records = [
        f"{at % width} {at // width} {_token(board, step, value)}"
        for at, value in enumerate(values)
        if value is not None
    ]
    board.tables[step.into[0]] = "\n".join(records)
    if len(step.into) > 1:
        board.tables[step.into[1]] = f"{board.columns} {board.rows}"


def _put_parts(board: Board, step: Step, values: list[Value]) -> None:
    """Values of several parts on the cells, part i into the i-th section of `into` (through
    its field's map of `fields`); a value of one part goes through `tokens` into the first."""
    names = codecs.FIELDS.get(step.decoder, ())
    fields = dict(step.fields)
    grids = [["."] * len(values) for _ in step.into]
    for index, value in enumerate(values):
        if isinstance(value, tuple):
            for part, (name, grid) in enumerate(zip(names, grids, strict=False)):
                grid[index] = _printed(board, value[part], dict(fields.get(name, ())), "")
        elif value is not None:
            grids[0][index] = _token(board, step, value)
    for name, grid in zip(step.into, grids, strict=False):
        board.grids[name] = _grid_of(grid, board.rows, board.columns)


def _draw_borders(board: Board, step: Step, values: list[Value]) -> None:
    """Values on the inside borders, as the between-cells drawing of a section on links."""
    drawing = [["."] * (2 * board.columns - 1) for _ in range(2 * board.rows - 1)]
    for value, ((r1, c1), (r2, c2)) in zip(values, board.inside_borders, strict=True):
        drawing[r1 + r2][c1 + c2] = _token(board, step, value)
    _put(board, step, drawing)


def _put(board: Board, step: Step, grid: list[list[str]]) -> None:
    if not step.into:
        if any(token != "." for row in grid for token in row):
            raise board.fail(
                f"the URL gives {step.decoder} data ({step.over}) that this genre has no place for"
            )
        return
    earlier = board.grids.get(step.into[0])
    if earlier is not None and len(earlier) == len(grid):
        # a second step into one section fills the slots the first left empty (bosanowa's
        # cells of the board, then its numbers)
        grid = [
            [new if old == "." else old for old, new in zip(was, row, strict=True)]
            for was, row in zip(earlier, grid, strict=True)
        ]
    board.grids[step.into[0]] = grid


def _border(board: Board, step: Step, cursor: Cursor) -> None:
    pairs = board.inside_borders
    vertical = (board.columns - 1) * board.rows
    bits = codecs._bits(cursor, vertical) + codecs._bits(cursor, len(pairs) - vertical)
    if step.over == "borders":  # the walls themselves, as marks between cells (barns)
        _draw_borders(board, step, [1 if bit else None for bit in bits])
        return
    board.walls = bits
    if not step.into:
        if any(bits):
            raise board.fail("the URL draws walls, which this genre has no place for")
        return
    board.grids[step.into[0]] = [[label(room) for room in row] for row in board.rooms()]
    if len(step.into) > 1:  # the walls themselves too, dead ends included (renban)
        marks = dataclasses.replace(step, into=step.into[1:])
        _draw_borders(board, marks, [1 if bit else None for bit in bits])


def _dotted(board: Board, step: Step, cursor: Cursor) -> None:
    """Mejilink's dotted lines (pzprjs's `decodeMejilink`): a bit per border, the outline
    included (`codecs.every_border`), set where the border has no dots; the regions are cut
    by the dotted inside borders, and unread inside borders have none (pzprjs's default).
    `over: borders`: the inside borders only (Combi Block's tiles, pzprjs's `decodeCBBlock`)."""
    pairs = board.inside_borders
    sides = [] if step.over == "borders" else outline(board.rows, board.columns)
    bits = codecs.every_border(cursor, [True] * len(pairs) + [False] * len(sides))
    if any(bits[len(pairs) :]):
        raise board.fail(
            "the URL erases dots on the outline, which this genre cannot hold",
            hint="the genre's regions are cut by the dotted borders; its outline is dotted",
        )
    board.walls = [not bit for bit in bits[: len(pairs)]]
    board.grids[step.into[0]] = [[label(room) for room in row] for row in board.rooms()]


def _letters(board: Board, step: Step, cursor: Cursor) -> None:
    """Letters and their numbers outside the grid (`codecs.letters_excell`, kinkonkan): the
    letters of the top, bottom, left and right clues into the first, third, fifth and
    seventh lists of `into`, their numbers into the lists after each."""
    cols, rows = board.columns, board.rows
    lengths = (cols, cols, rows, rows)
    values = codecs.letters_excell(cursor, sum(lengths))
    if cursor.cut:
        raise board.fail(
            "the URL body ends before the margins' letters do (a URL cut short?): copy it again"
        )
    start = 0
    for side, length in enumerate(lengths):
        letters, numbers = [], []
        for value in values[start : start + length]:
            letter, number = value if value is not None else (None, None)
            if letter == -1:
                raise board.fail("the URL has a letter past Z, which this genre cannot hold")
            letters.append("." if letter is None else str(letter))
            # '?' (a letter without its number): no number, the beam may meet any
            numbers.append("." if number in (None, -1, QUESTION) else str(number))
        board.lists[step.into[2 * side]] = letters
        board.lists[step.into[2 * side + 1]] = numbers
        start += length


def label(room: int) -> str:
    """A room's label: a letter while there are letters, then a number."""
    return ROOM_LABELS[room] if room < len(ROOM_LABELS) else str(room)


def _excells(board: Board, step: Step, cursor: Cursor) -> None:
    cols, rows = board.columns, board.rows
    if step.layout == "stacked":  # nonogram: per line, clues nearest the grid first
        top_depth, left_depth = (rows + 1) // 2, (cols + 1) // 2
        decode = codecs.EXCELL_DECODERS[step.decoder]
        top = decode(cursor, cols * top_depth)
        left = decode(cursor, rows * left_depth)
        for name, values, depth, lines in (
            (step.into[0], top, top_depth, cols),
            (step.into[1], left, left_depth, rows),
        ):
            entries = []
            for line in range(lines):
                clues = [v for v in values[line * depth : (line + 1) * depth] if v is not None]
                entries.append(" ".join(_token(board, step, v) for v in reversed(clues)) or "0")
            board.lists[name] = entries
        return
    lengths = (cols, cols, rows, rows) if len(step.into) == 4 else (cols, rows)
    values = codecs.EXCELL_DECODERS[step.decoder](cursor, sum(lengths))
    start = 0
    for name, length in zip(step.into, lengths, strict=True):
        board.lists[name] = [_token(board, step, v) for v in values[start : start + length]]
        start += length


def _count(board: Board, step: Step, cursor: Cursor) -> None:
    text, _, _ = cursor.rest().partition("/")
    cursor.take(len(text) + 1)
    if not text.isdigit():
        raise board.fail(f"the URL's count '{text}' is not a number")
    number = int(text)
    if step.expect is not None and number != step.expect:
        raise board.fail(
            f"the URL's count is {number}; this genre is declared for {step.expect} only",
            hint="a variant of the genre: its rules are not the ones in the genre file",
        )
    if step.into and step.as_letters:
        board.tables[step.into[0]] = LETTERS[:number]


def _separator(board: Board, step: Step, cursor: Cursor) -> None:
    if cursor.peek() == "/":
        cursor.take()


def _kakuro(board: Board, step: Step, cursor: Cursor) -> None:
    """A board of clue cells with a frame of them around it (kakuro's, tri-place's)."""
    decode = codecs.triplace if step.decoder == "triplace" else codecs.kakuro
    values = decode(cursor, board.columns, board.rows)
    if cursor.cut:  # pzprjs then reads the margin sums from the body's start: not a puzzle
        raise board.fail(
            f"the URL body ends before the {step.decoder} grid does (a URL cut short?): "
            "copy it again"
        )
    tokens = [_token(board, step, value) for value in values]
    board.grids[step.into[0]] = _grid_of(tokens, board.rows + 1, board.columns + 1)
    board.rows, board.columns = board.rows + 1, board.columns + 1


def _tawa(board: Board, step: Step, cursor: Cursor) -> None:
    """A brick wall (tawamurenga): its shape, then its bricks' numbers, on a grid of half-cells
    (the board grows to that width: two half-cells a column, and a shape's extra ones)."""
    grid, _ = codecs.brick_wall(cursor, board.columns, board.rows)
    board.grids[step.into[0]] = [[_token(board, step, value) for value in row] for row in grid]
    board.columns = len(grid[0])


def _tile_paint(board: Board, step: Step, cursor: Cursor) -> None:
    cells, sums = codecs.tile_paint(cursor, board.columns, board.rows)
    if any(cell is not None for cell in cells):
        raise board.fail(
            "the URL has black clue cells inside the grid, which this genre cannot hold"
        )
    for name, values in (
        (step.into[0], sums[: board.columns]),
        (step.into[1], sums[board.columns :]),
    ):
        board.lists[name] = [_token(board, step, value) for value in values]


def _ice_barn(board: Board, step: Step, cursor: Cursor) -> None:
    """Ice (a binary part), arrows on the borders, then `/IN/OUT`: the entrance and the exit,
    indices into the outline (top, bottom, left, right), as directions of travel."""
    rows, columns = board.rows, board.columns
    ice = codecs.binary(cursor, rows * columns)
    vertical = (columns - 1) * rows
    arrows = codecs.ice_arrows(cursor, vertical, columns * (rows - 1))
    _draw_borders(board, step, arrows)
    drawing = board.grids[step.into[0]]
    for index, value in enumerate(ice):
        if value:
            drawing[2 * (index // columns)][2 * (index % columns)] = _token(board, step, "ice")
    board.grids[step.into[1]] = _read_gates(board, step, cursor)


def _gates(board: Board, step: Step, cursor: Cursor) -> None:
    """The URL's end `/IN/OUT` alone (icelom's, after its ice and numbers): the entrance and
    the exit as `icebarn` reads them, into the section of `into`."""
    board.grids[step.into[0]] = _read_gates(board, step, cursor)


def _read_gates(board: Board, step: Step, cursor: Cursor) -> list[list[str]]:
    """`/IN/OUT`: indices into the outline (top, bottom, left, right), as the directions of
    travel of the entrance and the exit at their cells."""
    rows, columns = board.rows, board.columns
    ends = cursor.rest().strip("/").split("/")
    if len(ends) != 2 or not all(end.isdigit() for end in ends):
        raise board.fail("the URL does not end with /IN/OUT (the gates), as icebarn's does")
    sides = outline(rows, columns)
    entering = {"top": "dn", "bottom": "up", "left": "rt", "right": "lt"}
    leaving = {"top": "up", "bottom": "dn", "left": "lt", "right": "rt"}
    gates = [["."] * columns for _ in range(rows)]
    for end, travel in zip(map(int, ends), (entering, leaving), strict=True):
        if end >= len(sides):
            raise board.fail(f"the URL's gate {end} is not on the outline")
        (r, c), side = sides[end]
        if gates[r][c] != ".":
            raise board.fail("the URL's entrance and exit are at one cell: no place for both")
        gates[r][c] = _token(board, step, travel[side])
    return gates


def _yosenabe(board: Board, step: Step, cursor: Cursor) -> None:
    """Circles and pots' numbers in one part (`codecs.yosenabe`): the circles into the first
    section of `into` (through the step's `tokens`), the pots' numbers into the second (a "?"
    refused)."""
    rows, columns = board.rows, board.columns
    grids = [[["."] * columns for _ in range(rows)] for _ in step.into]
    for index, value in enumerate(codecs.yosenabe(cursor, rows * columns)):
        if value is not None:
            kind, number = value
            token = _token(board, step, number) if kind == 0 else _printed(board, number, {}, "")
            grids[kind][index // columns][index % columns] = token
    for name, grid in zip(step.into, grids, strict=True):
        board.grids[name] = grid


SPECIAL_STEPS = {
    "letters": _letters,
    "yosenabe": _yosenabe,
    "tilepaint": _tile_paint,
    "icebarn": _ice_barn,
    "dotted": _dotted,
    "border": _border,
    "number16excell": _excells,
    "number32excell": _excells,
    "count": _count,
    "separator": _separator,
    "kakuro": _kakuro,
    "triplace": _kakuro,
    "tawa": _tawa,
    "gates": _gates,
}


def _left_out(board: Board, step: Step) -> None:
    """A part that the URL's flag leaves out (`unless:`): as if it held nothing. A border part
    then draws no walls (one room), any other leaves its sections empty."""
    if step.decoder == "border" and step.over != "borders":
        board.walls = [0] * len(board.inside_borders)
        if step.into:
            board.grids[step.into[0]] = [[label(room) for room in row] for row in board.rooms()]


def url_spec(url: PuzzlinkUrl, genre: GenreFile) -> PuzzlinkSpec:
    """The genre's puzzlink block, once the URL is known to be a puzzle of this genre."""
    spec: PuzzlinkSpec | None = genre.puzzlink
    where = Location(url.text)
    if spec is None:
        raise DslError(
            where,
            f"the genre {genre.genre.name} does not read puzz.link URLs",
            hint=f"add a 'puzzlink:' block to {genre.path} (see docs/puzzlink.md)",
        )
    if url.type not in spec.types:
        raise DslError(
            where,
            f"a puzz.link '{url.type}' URL is not a {genre.genre.name} puzzle",
            hint=f"{os.path.basename(genre.path)} reads the types " + ", ".join(spec.types),
        )
    for flag in url.pflags:
        if flag not in spec.flags:
            raise DslError(
                where,
                f"the URL's flag '{flag}' (a rule variant of {url.type}) is not supported",
                hint=f"{genre.path} solves the plain rules; accepted flags: "
                + (", ".join(spec.flags) or "none"),
            )
    if url.variant is not None:
        raise DslError(where, f"the URL's variant 'v:{url.variant}' is not supported")
    return spec


def url_to_text(text: str, genre: GenreFile) -> str:
    """The puzzle of a puzz.link URL, written in dslsolve's puzzle format."""
    try:
        url = parse_url(text)
    except UrlError as err:
        raise DslError(Location(text.strip()), str(err)) from None
    spec = url_spec(url, genre)
    board = Board(url.text, url.columns, url.rows)
    board.table_sections = {s.name for s in genre.genre.sections if isinstance(s, TableSection)}
    cursor = Cursor(url.body)
    for step in spec.steps:
        if step.unless is not None and step.unless in url.pflags:
            _left_out(board, step)
            continue
        try:
            if step.decoder in SPECIAL_STEPS:
                SPECIAL_STEPS[step.decoder](board, step, cursor)
            else:
                _slots(board, step, cursor)
        except (ValueError, IndexError):
            if not cursor.more():
                raise board.fail(
                    f"the URL body ends inside a value ({step.decoder}): a URL cut short? "
                    "copy it again"
                ) from None
            raise board.fail(f"the URL body is not valid {step.decoder} data") from None
    return puzzle_text(board, genre)


def puzzle_text(board: Board, genre: GenreFile) -> str:
    """The board in dslsolve's puzzle format; a section no part filled is empty."""
    lines = [f"# source: {board.source}"]
    for section in genre.genre.sections:
        lines.append(f"{section.name}:")
        if section.name in board.grids:
            grid = board.grids[section.name]
        elif section.name in board.lists:
            lines.extend(board.lists[section.name])
            continue
        elif section.name in board.tables:
            lines.append(board.tables[section.name])
            continue
        elif isinstance(section, ListSection):
            count = board.rows if section.per == "row" else board.columns
            lines.extend(["."] * count)
            continue
        elif isinstance(section, GridSection):
            grid = [["."] * board.columns for _ in range(board.rows)]
        else:
            raise board.fail(f"no decode step fills the section '{section.name}'")
        lines.extend(" ".join(row) for row in grid)
    return "\n".join(lines) + "\n"
