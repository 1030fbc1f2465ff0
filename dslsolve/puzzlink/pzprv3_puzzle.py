"""A pzprv3 file given as the puzzle: its givens, read through the genre's declared pzprv3
sections (the layers the sections show), written in dslsolve's puzzle format."""

from __future__ import annotations

import re

from dslsolve import ir
from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import DslError, Location
from dslsolve.evaluator import Assignment
from dslsolve.geometry import DIRECTION_TOKENS
from dslsolve.instance import Instance
from dslsolve.ir import GridSection
from dslsolve.puzzlink.codecs import WALL_WIDENING, bricks
from dslsolve.puzzlink.importer import LETTERS, Board, label, puzzle_text
from dslsolve.puzzlink.pzprv3 import (
    INWARD,
    OUTWARD,
    edge_elements,
    inside_borders,
    joined_value,
    line_lengths,
    margin_place,
    margin_shape,
    on_links,
    outline,
    read_answer,
    split_joined,
)
from dslsolve.puzzlink.pzprv3spec import Pzprv3Section, Pzprv3Spec

CLUE = re.compile(r"^-?\d+(,-?\d+)*$")  # a number, or a list of them (tapa)


def file_lines(text: str) -> list[str]:
    """The lines of a pzprv3 file; `/` stands for a newline in test data and URLs."""
    lines = text.strip().splitlines()
    return lines[0].split("/") if len(lines) == 1 else lines


# pzprjs's file reader renames a type by the line after the size (`decodeData` calling
# `changepid`): an ichimaga file whose first line is `mag` is magnetic ichimaga
LINE_TYPES = {"ichimaga": {"mag": "ichimagam", "cross": "ichimagax"}}


def file_type(lines: list[str], spec: Pzprv3Spec) -> str:
    """The puzzle type a pzprv3 file names: its type line, renamed as pzprjs does."""
    kind = lines[1] if len(lines) > 1 else ""
    at = 2
    while at < len(lines) and lines[at].startswith("v:"):
        at += 1
    at += 1 if spec.one_size else 2
    flag = lines[at] if at < len(lines) else ""
    return LINE_TYPES.get(kind, {}).get(flag, kind)


def declared(genre: GenreFile, path: str) -> Pzprv3Spec:
    """The genre's pzprv3 sections, or an error at the file that needs them."""
    spec: Pzprv3Spec | None = genre.puzzlink.pzprv3 if genre.puzzlink else None
    if spec is None:
        raise DslError(
            Location(path, 1),
            f"the genre {genre.genre.name} does not declare the pzprv3 format",
            hint=f"add 'pzprv3:' to the 'puzzlink:' block of {genre.path}",
        )
    return spec


def pzprv3_solution(genre: GenreFile, instance: Instance, text: str, path: str) -> Assignment:
    """The answer of a pzprv3 board given as the solution (to `dslsolve check`)."""
    return read_answer(genre, declared(genre, path), instance, text, path)


def pzprv3_to_text(path: str, text: str, genre: GenreFile) -> str:
    """The givens of a pzprv3 file, in dslsolve's puzzle format."""
    spec = declared(genre, path)
    lines = [line.strip() for line in file_lines(text)]
    if len(lines) < 3 or file_type(lines, spec) not in genre.puzzlink.types:
        raise DslError(
            Location(path, 2),
            f"not a pzprv3 file of a {genre.genre.name} puzzle",
            hint=f"{genre.path} reads the types " + ", ".join(genre.puzzlink.types),
        )
    at = 2
    while lines[at].startswith("v:"):
        at += 1
    sizes = lines[at : at + (1 if spec.one_size else 2)]
    if not all(size.isdigit() for size in sizes):
        raise DslError(Location(path, at + 1), "the pzprv3 file gives no size after its type")
    rows, columns = int(sizes[0]), int(sizes[-1])
    at += len(sizes)
    board = Board(path, columns + spec.frame, rows + spec.frame)
    for section in spec.sections:
        lengths = line_lengths(section.kind, rows, columns, section)
        chunk = (lines[at : at + len(lengths)] + [""] * len(lengths))[: len(lengths)]
        at += len(lengths)
        tokens = [token for line in chunk for token in line.split()]
        _read_section(board, genre, section, tokens, spec.frame)
    return puzzle_text(board, genre)


Place = tuple[int, int] | None  # where a token goes in its layer's grid (None: nowhere)


def _read_section(
    board: Board, genre: GenreFile, section: Pzprv3Section, tokens: list, frame: int
) -> None:
    variables = {v.name for v in genre.genre.variables}
    rows, columns = board.rows - frame, board.columns - frame  # pzprjs's board
    if section.fill is not None:
        return  # the same token everywhere: nothing of the puzzle
    if section.kind == "rooms":
        # a cell in no room (`.`: makaro's black cells) is a room of its own, as the URL's
        # walls around it make it
        count = int(tokens[0]) if tokens and tokens[0].isdigit() else 0
        alone = iter(range(count, count + len(tokens)))
        cells = [label(int(t) if t.isdigit() else next(alone)) for t in tokens[1:]]
        cells += ["."] * (rows * columns - len(cells))
        board.grids[section.name] = [cells[r * columns : (r + 1) * columns] for r in range(rows)]
        for source in section.sources[:-1]:  # marks of cells in no room (dosufuwa's blocks)
            grid, _ = _layer_grid(board, genre, source.name)
            for at, token in enumerate(tokens[1 : 1 + rows * columns]):
                if values := source.unconvert(token):
                    grid[at // columns][at % columns] = values[0]
    elif section.kind == "bricks":
        _read_bricks(board, section, tokens)
    elif section.kind == "count":
        count = int(tokens[0]) if tokens and tokens[0].isdigit() else 0
        board.tables[section.name] = LETTERS[:count]
    elif section.kind == "gates":
        _read_gates(board, genre, section.name, tokens)
    elif section.kind == "sums":
        _read_sums(board, genre, section, tokens)
    elif section.kind == "borders" and section.joined:  # walls and marks in one token
        count = len(inside_borders(rows, columns))
        read = [joined_value(section.joined, token) for token in tokens[:count]]
        read += [None] * (count - len(read))
        board.walls = [bool(value and value[0]) for value in read]
        board.grids[section.name] = [[label(room) for room in row] for row in board.rooms()]
        grid, _ = _layer_grid(board, genre, section.sources[0].name)
        for ((r1, c1), (r2, c2)), value in zip(inside_borders(rows, columns), read, strict=True):
            if value and value[1] is not None:
                grid[r1 + r2][c1 + c2] = value[1]
    elif walled := [source for source in section.sources if source.walls]:
        _read_walls(board, section, walled[0], tokens)
    elif section.kind in ("borders", "edges") and section.name not in variables:
        if on_links(genre, section.name):  # given marks between cells (kropki, icebarn)
            links = edge_elements(section.kind, rows, columns, ir.ElementKind.LINK)
            places = [None if link is None else _drawn_at(link) for link in links]
            tokens = [token if token != "0" else "." for token in tokens]
            sources = [s for s in section.sources if on_links(genre, s.name)]
            _read_layers(board, genre, sources, tokens, places)
            rooms = [  # a region layer named plainly after the marks: `[MARKS, ROOMS]`
                s.name
                for s in section.sources
                if s not in sources and s.name not in variables and s.token is None and not s.tokens
            ]
            if rooms and section.kind == "borders":  # the cells the marked walls enclose
                drawing = board.grids[section.name]
                pairs = inside_borders(rows, columns)
                board.walls = [drawing[r1 + r2][c1 + c2] != "." for (r1, c1), (r2, c2) in pairs]
                for name in rooms:
                    board.grids[name] = [[label(room) for room in row] for row in board.rooms()]
            return
        count = len(inside_borders(rows, columns))
        walls = [token == "1" for token in tokens][:count]
        board.walls = walls + [False] * (count - len(walls))
        board.grids[section.name] = [[label(room) for room in row] for row in board.rooms()]
    elif section.kind == "margins":
        height, width, top, left = margin_shape(section, rows, columns)
        for side, names in section.margins:
            length = columns if side in ("top", "bottom") else rows
            places = [margin_place(side, i, height, width, top, left) for i in range(length)]
            entries = [
                tokens[r * width + c] if r * width + c < len(tokens) else "." for r, c in places
            ]
            for part, name in enumerate(names.split(",")):  # several lists: parts by ','
                cut = [(e.split(",") + [""] * part)[part] if "," in names else e for e in entries]
                board.lists[name] = [e if e.isdigit() and e != section.empty else "." for e in cut]
    elif section.kind == "cells" and section.join:
        places = [(r + frame, c + frame) for r in range(rows) for c in range(columns)]
        cuts = [split_joined(section.join, token) for token in tokens]
        for index, sources in enumerate(section.join):
            for which, source in enumerate(sources):  # each source its own pieces
                mine = [cut[index][1] if cut[index][0] == which else "." for cut in cuts]
                _read_layers(board, genre, (source,), mine, places)
    elif section.kind == "cells":
        places = [(r + frame, c + frame) for r in range(rows) for c in range(columns)]
        _read_layers(board, genre, section.sources, tokens, places)
    elif section.kind == "points":  # the listed points, a record `x y TOKEN` each
        records = []
        for at, token in enumerate(tokens[: (rows + 1) * (columns + 1)]):
            if token != ".":
                shown = "." if token == section.empty else section.sources[0].unconvert(token)
                x, y = at % (columns + 1), at // (columns + 1)
                records.append(f"{x} {y} {shown if shown == '.' else (shown or [token])[0]}")
        board.tables[section.name] = "\n".join(records)
        board.tables[section.at[2]] = f"{columns} {rows}"
    elif section.kind == "crosses":
        places = [(r, c) for r in range(rows + 1) for c in range(columns + 1)]
        _read_layers(board, genre, section.sources, tokens, places)
    elif section.kind == "drawing":  # a line of characters per line of the drawing
        width = 2 * columns - 1
        lines = [(token + "." * width)[:width] for token in tokens]
        lines += ["." * width] * (2 * rows - 1 - len(lines))
        source = section.sources[0]
        board.grids[section.name] = [
            [(source.unconvert(char) or [char])[0] for char in line] for line in lines
        ]


def _read_walls(board: Board, section: Pzprv3Section, source, tokens: list[str]) -> None:
    """A region layer from the borders whose token is one of its walls' (mejilink's dots),
    or the token of a source before it, which hides the wall's when written (its line)."""
    rows, columns = board.rows, board.columns
    before = section.sources[: section.sources.index(source)]
    marks = set(source.walls) | {t for s in before for t in (s.also or (s.token,)) if t is not None}
    borders = edge_elements(section.kind, rows, columns, ir.ElementKind.BORDER)
    wall = dict(zip(borders, (token in marks for token in tokens), strict=False))
    inside = edge_elements("borders", rows, columns, ir.ElementKind.BORDER)
    rim = set(borders) - set(inside)
    if section.kind == "edges" and not all(wall.get(border, True) for border in rim):
        raise board.fail(
            f"the file has outline borders that are no walls of {source.name}, "
            "which this genre cannot hold"
        )
    board.walls = [wall.get(border, False) for border in inside]
    board.grids[source.name] = [[label(room) for room in row] for row in board.rooms()]


def _read_bricks(board: Board, section: Pzprv3Section, tokens: list[str]) -> None:
    """A brick wall (see `codecs.bricks`): its shape, then a token per brick. The layer gets a
    grid of half-cells (the board grows to its width): a brick's given (through the layer's
    source map, or a number) or the left token on its left half, the right token on its right
    half."""
    shape = int(tokens[0]) if tokens and tokens[0] in ("0", "1", "2", "3") else 0
    columns = board.columns
    width = 2 * columns + WALL_WIDENING[shape]
    grid = [["."] * width for _ in range(board.rows)]
    left, right = section.halves
    mapped = [s for s in section.sources if s.name == section.name]
    for (r, c), token in zip(
        bricks(board.rows, columns, shape), tokens[1:] + ["."] * board.rows * width, strict=False
    ):
        given = next((v[0] for s in mapped if (v := s.unconvert(token))), None)
        grid[r][c] = given or (token if CLUE.match(token) else left)
        grid[r][c + 1] = right
    board.grids[section.name] = grid
    board.columns = width


def _drawn_at(link: tuple) -> tuple[int, int]:
    """A link's place in the between-cells drawing of its section."""
    axis, r, c = link
    return (2 * r, 2 * c + 1) if axis == "h" else (2 * r + 1, 2 * c)


def _layer_grid(board: Board, genre: GenreFile, name: str) -> tuple[list[list[str]], int]:
    """The grid of tokens that a layer's givens go to, and the factor from the layer's places
    to the grid's: a drawing's own (links), the drawing that holds a layer of its cells (2),
    or the layer's grid of cells or points."""
    rows, columns = board.rows, board.columns
    for section in genre.genre.sections:
        if not isinstance(section, GridSection) or name not in (section.name, section.cells):
            continue
        shape = (rows, columns)
        if section.on == ir.ElementKind.LINK:
            shape = (2 * rows - 1, 2 * columns - 1)
        elif section.on == ir.ElementKind.POINT:
            shape = (rows + 1, columns + 1)
        empty = [["."] * shape[1] for _ in range(shape[0])]
        return board.grids.setdefault(section.name, empty), 1 + (name == section.cells)
    raise board.fail(f"'{name}' is not a grid of the genre")


def _read_layers(
    board: Board, genre: GenreFile, sources, tokens: list[str], places: list[Place]
) -> None:
    """The givens of the layer sources: token `i` goes to `places[i]` (row, column) of the
    layer's grid when it is a number or a token of the source's map. A token that the map
    gives to two values (minarism's `a` is `<` and `^`) is the first on even rows of a
    between-cells drawing (a border inside a row of cells), the last on odd rows."""
    variables = {v.name for v in genre.genre.variables}
    for source in sources:
        if source.name in variables or source.token is not None:
            continue  # an answer, or a mark on the givens
        grid, scale = _layer_grid(board, genre, source.name)
        for token, place in zip(tokens, places, strict=False):
            if place is None:
                continue
            r, c = place[0] * scale, place[1] * scale
            if values := source.unconvert(token):
                grid[r][c] = values[-(r % 2)]
            elif CLUE.match(token):
                grid[r][c] = token


def _read_gates(board: Board, genre: GenreFile, name: str, tokens: list[str]) -> None:
    """A layer of directions from the outline border ids where it enters and leaves."""
    rows, columns = board.rows, board.columns
    section = next(s for s in genre.genre.sections if s.name == name)
    symbol = {DIRECTION_TOKENS[t]: t for t in reversed(section.symbols) if t in DIRECTION_TOKENS}
    gates = [["."] * columns for _ in range(rows)]
    base, sides = len(inside_borders(rows, columns)), outline(rows, columns)
    for token, toward in zip(tokens, (INWARD, OUTWARD), strict=False):
        index = int(token) - base if token.isdigit() else -1
        if 0 <= index < len(sides):
            (r, c), side = sides[index]
            gates[r][c] = symbol.get(toward[side], ".")
    board.grids[name] = gates


def _read_sums(board: Board, genre: GenreFile, section: Pzprv3Section, tokens: list[str]) -> None:
    """The clue layer of pzprjs's sum clues (see `pzprv3._write_sums`): each clue cell as the
    layer writes it (its fields joined by its split), `blank` where it has no sum."""
    layer = next(s for s in genre.genre.sections if s.name == section.name)
    assert isinstance(layer, GridSection) and layer.split is not None
    rows, columns = board.rows, board.columns
    grid = [["."] * columns for _ in range(rows)]
    for at, token in enumerate(tokens[: rows * columns]):
        r, c = divmod(at, columns)
        if token == "." and r and c:
            continue
        # a side without a number: `none` (kakuro's 0, tri-place's -1), or not a number
        numbers = [
            None if n == section.none or not n.lstrip("-").isdigit() else int(n)
            for n in token.split(",")
        ] + [None, None]
        if r and c:  # a clue cell of the board: across,down
            across, down = numbers[:2]
        else:  # the frame: the down sums above the board, the across sums left of it
            across = numbers[0] if c == 0 < r else None
            down = numbers[0] if r == 0 < c else None
        sums = dict(zip(section.sums, (across, down), strict=True))
        parts = ["" if sums.get(name) is None else str(sums[name]) for name in layer.fields]
        grid[r][c] = section.empty if not any(parts) else layer.split.join(parts)
    board.grids[section.name] = grid
