"""Tri-place (docs/genres.md): every shipped instance has exactly one cutting by the search
below, which shares no code with dslsolve, and that cutting is the shipped solution's (which
test_genres checks dslsolve finds). The search cuts the white cells into blocks of three
(`partitions.blocks_from`: the first uncovered cell in reading order grows its block over
uncovered cells) and keeps the clues as it goes: a clue counts the straight blocks (1 x 3 or
3 x 1) with a cell in its run, so it may never be exceeded, and once every cell of the run is
covered it must be met."""

from __future__ import annotations

import pytest
from partitions import blocks_from
from test_shape_genres import read_grid, rooms_of

from dslsolve.dsl.genre import load_genre
from dslsolve.puzzlink.source import read_puzzle

from helpers import PUZZLES, genre_file

Cell = tuple[int, int]
CASES = sorted(p for p in (PUZZLES / "triplace").glob("*.txt") if ".solution" not in p.name)


def read_board(path) -> tuple[list[list[str]], dict[tuple[Cell, str], int]]:
    """The board's tokens and its clues: (clue cell, 'across' or 'down') -> number."""
    board = read_grid(path, "board")
    clues = {}
    for r, row in enumerate(board):
        for c, token in enumerate(row):
            if "\\" in token:
                down, across = token.split("\\")
                for side, text in (("down", down), ("across", across)):
                    if text:
                        clues[(r, c), side] = int(text)
    return board, clues


def runs(board: list[list[str]], clues: dict) -> list[tuple[int, list[Cell]]]:
    """(clue, the white cells of its run) for each clue."""
    found = []
    for ((r, c), side), number in clues.items():
        dr, dc = (0, 1) if side == "across" else (1, 0)
        cells = []
        i, j = r + dr, c + dc
        while i < len(board) and j < len(board[0]) and board[i][j] == ".":
            cells.append((i, j))
            i, j = i + dr, j + dc
        found.append((number, cells))
    return found


def straight(block: frozenset[Cell]) -> bool:
    return len({r for r, _ in block}) == 1 or len({c for _, c in block}) == 1


def cuttings(board: list[list[str]], clues: dict, most: int = 2) -> list[list[frozenset]]:
    rows, columns = len(board), len(board[0])
    white = {(r, c) for r in range(rows) for c in range(columns) if board[r][c] == "."}
    lines = runs(board, clues)
    through: dict[Cell, list[int]] = {}
    for index, (_, cells) in enumerate(lines):
        for cell in cells:
            through.setdefault(cell, []).append(index)
    found: list[list[frozenset]] = []

    def holds(block: frozenset, free: set[Cell], counts: list[int]) -> list[int] | None:
        counts = list(counts)
        touched = {index for cell in block for index in through.get(cell, [])}
        for index in touched:
            counts[index] += straight(block)
            number, cells = lines[index]
            if counts[index] > number or (
                counts[index] < number and not any(cell in free for cell in cells)
            ):
                return None
        return counts

    def search(free: set[Cell], placed: list, counts: list[int]) -> None:
        if not free:
            found.append(list(placed))
            return
        for block in blocks_from(min(free), 3, free, rows, columns):
            if len(found) >= most:
                return
            after = holds(block, free - block, counts)
            if after is not None:
                search(free - block, [*placed, block], after)

    search(white, [], [0] * len(lines))
    return found


def test_triplace_ships_the_test_board_and_constructed_instances():
    assert {p.stem for p in CASES} >= {"example", "puzzlink-5x5", "constructed-8x8"}


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_triplace_has_one_cutting_the_shipped_one(puzzle):
    board, clues = read_board(puzzle)
    [only] = cuttings(board, clues)
    drawn = rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())
    clue_cells = {(r, c) for r, row in enumerate(board) for c, t in enumerate(row) if t != "."}
    assert set(only) == {room for room in drawn if not room <= clue_cells}


def test_triplace_search_needs_the_clues():
    """Without its clues, the example has more than one cutting into blocks of three."""
    board, _ = read_board(PUZZLES / "triplace" / "example.txt")
    assert len(cuttings(board, {})) == 2


def test_triplace_urls_give_every_kind_of_clue_cell():
    """pzprjs's tri-place format: `_` a clue cell, `$`x an across number only and `%`x a down
    number only (base 36); two hex parts (down, across), `.` for none, with `-`, `+` and `=`
    making the across, the down or both two digits; then the frame: a down number per column
    and an across number per row (`.` none, `-` and two digits)."""
    triplace = load_genre(str(genre_file("triplace")))
    url = "https://puzz.link/p?triplace/5/1/-31a+1a3=1a1b34.4.5-1a..2"
    board = read_puzzle(url, triplace).grids["board"]
    assert [board[0, c] for c in range(6)] == ["*", "*", "5\\", "26\\", "*", "*"]
    assert [board[1, c] for c in range(6)] == ["\\2", "3\\26", "26\\3", "26\\27", "3\\4", "\\4"]
    board = read_puzzle("https://puzz.link/p?triplace/3/1/_$a%3...0", triplace).grids["board"]
    assert [board[1, c] for c in range(4)] == ["\\0", "*", "\\10", "3\\"]
