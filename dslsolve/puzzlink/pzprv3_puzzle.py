"""A pzprv3 file given as the puzzle: its givens, read through the genre's declared pzprv3
sections (the layers the sections show), written in dslsolve's puzzle format."""

from __future__ import annotations

import re

from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import DslError, Location
from dslsolve.evaluator import Assignment
from dslsolve.instance import Instance
from dslsolve.puzzlink.importer import Board, label, puzzle_text
from dslsolve.puzzlink.pzprv3 import (
    Pzprv3Section,
    Pzprv3Spec,
    inside_borders,
    line_lengths,
    margin_place,
    margin_shape,
    on_links,
    read_answer,
)

CLUE = re.compile(r"^-?\d+(,-?\d+)*$")  # a number, or a list of them (tapa)


def is_pzprv3(text: str) -> bool:
    return text.lstrip().startswith("pzprv3")


def file_lines(text: str) -> list[str]:
    """The lines of a pzprv3 file; `/` stands for a newline in test data and URLs."""
    lines = text.strip().splitlines()
    return lines[0].split("/") if len(lines) == 1 else lines


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
    if len(lines) < 3 or lines[1] not in genre.puzzlink.types:
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
    board = Board(path, columns, rows)
    for section in spec.sections:
        lengths = line_lengths(section.kind, rows, columns, section)
        chunk = (lines[at : at + len(lengths)] + [""] * len(lengths))[: len(lengths)]
        at += len(lengths)
        tokens = [token for line in chunk for token in line.split()]
        _read_section(board, genre, section, tokens)
    return puzzle_text(board, genre)


def _read_section(board: Board, genre: GenreFile, section: Pzprv3Section, tokens: list) -> None:
    variables = {v.name for v in genre.genre.variables}
    rows, columns = board.rows, board.columns
    if section.kind == "rooms":
        cells = [label(int(t)) if t.isdigit() else "." for t in tokens[1:]]
        cells += ["."] * (rows * columns - len(cells))
        board.grids[section.name] = [cells[r * columns : (r + 1) * columns] for r in range(rows)]
    elif section.kind == "borders" and section.name not in variables:
        if on_links(genre, section.name):  # given marks between cells (kropki, minarism)
            width = 2 * columns - 1
            pairs = inside_borders(rows, columns)
            places = [(r1 + r2) * width + c1 + c2 for (r1, c1), (r2, c2) in pairs]
            tokens = [token if token != "0" else "." for token in tokens]
            _read_layers(board, variables, section, tokens, 2 * rows - 1, width, places)
            return
        count = len(inside_borders(rows, columns))
        walls = [token == "1" for token in tokens][:count]
        board.walls = walls + [False] * (count - len(walls))
        board.grids[section.name] = [[label(room) for room in row] for row in board.rooms()]
    elif section.kind == "margins":
        height, width, top, left = margin_shape(section, rows, columns)
        for side, name in section.margins:
            length = columns if side in ("top", "bottom") else rows
            places = [margin_place(side, i, height, width, top, left) for i in range(length)]
            entries = [
                tokens[r * width + c] if r * width + c < len(tokens) else "." for r, c in places
            ]
            board.lists[name] = [e if e.isdigit() and e != section.empty else "." for e in entries]
    elif section.kind in ("cells", "crosses"):
        shape = (rows, columns) if section.kind == "cells" else (rows + 1, columns + 1)
        count = shape[0] * shape[1]
        _read_layers(board, variables, section, tokens[:count], *shape, list(range(count)))


def _read_layers(
    board: Board,
    variables: set[str],
    section: Pzprv3Section,
    tokens: list[str],
    rows: int,
    columns: int,
    places: list[int],
) -> None:
    """The givens of a section's layer sources: token `i` of the file goes to position
    `places[i]` (row-major) of the layer's rows x columns grid when it is a number or a token
    of the source's map. A token that the map gives to two values (minarism's `a` is `<` and
    `^`) is the first on even rows of a between-cells drawing (a border inside a row of
    cells), the last on odd rows."""
    for source in section.sources:
        if source.name in variables or source.token is not None:
            continue  # an answer, or a mark on the givens
        grid = board.grids.setdefault(source.name, [["."] * columns for _ in range(rows)])
        for token, at in zip(tokens, places, strict=False):
            if values := source.unconvert(token):
                grid[at // columns][at % columns] = values[-((at // columns) % 2)]
            elif CLUE.match(token):
                grid[at // columns][at % columns] = token
