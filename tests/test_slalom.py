"""Slalom (docs/genres.md): every shipped instance has exactly one answer by the search here,
which shares no code with dslsolve, and it is the shipped solution (which test_genres checks
dslsolve finds).

The loops are those of tests/loops.py (one piece per cell in reading order, one closed loop):
no piece on a post, a gate cell crossed (a straight piece across it) or left empty, the start
on the loop. The genre's rules cut the search as soon as they can: no gate passed twice, none
left unpassed once all its cells are decided. A whole loop is then walked from the start, both
ways round: it is an answer if, one way, every numbered post has a gate on its side (its
arrow's side, where it has one) passed at that place in the order of the gates."""

from __future__ import annotations

import pytest
from loops import PIECES, STRAIGHTS, TURNS, loops

from helpers import PUZZLES, puzzle_sections, solution_file

CASES = sorted(p for p in (PUZZLES / "slalom").glob("*.txt") if "solution" not in p.name)
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
BACK = {"U": "D", "D": "U", "L": "R", "R": "L"}


def gates_of(board) -> dict[tuple[int, int], int]:
    """Each gate cell's gate: a run of `|` cells up and down, of `-` cells across."""
    gate: dict[tuple[int, int], int] = {}
    count = 0
    for r, row in enumerate(board):
        for c, token in enumerate(row):
            if token in "|-" and (r, c) not in gate:
                dr, dc = (1, 0) if token == "|" else (0, 1)
                rr, cc = r, c
                while 0 <= rr < len(board) and 0 <= cc < len(row) and board[rr][cc] == token:
                    gate[(rr, cc)] = count
                    rr, cc = rr + dr, cc + dc
                count += 1
    return gate


def answers(board, numbers, arrows, most: int = 2) -> list[set]:
    rows, columns = len(board), len(board[0])
    gate = gates_of(board)
    cells_of: dict[int, list] = {}
    for cell, g in gate.items():
        cells_of.setdefault(g, []).append(cell)
    last_of = {g: max(cells) for g, cells in cells_of.items()}
    start = next((r, c) for r in range(rows) for c in range(columns) if board[r][c] == "o")
    allowed = {}
    for r in range(rows):
        for c in range(columns):
            token = board[r][c]
            if token == "#" or numbers[r][c] != ".":
                allowed[(r, c)] = [frozenset()]
            elif token == "|":
                allowed[(r, c)] = [frozenset(), PIECES["─"]]
            elif token == "-":
                allowed[(r, c)] = [frozenset(), PIECES["│"]]
            elif token == "o":
                allowed[(r, c)] = [*TURNS, *STRAIGHTS]
    attached = {}  # numbered post -> the gates on its sides (its arrow's side only)
    for r in range(rows):
        for c in range(columns):
            if numbers[r][c] == ".":
                continue
            near = set()
            for side, (dr, dc) in STEP.items():
                if arrows[r][c] not in (".", side):
                    continue
                cell = (r + dr, c + dc)
                wanted = "|" if side in "UD" else "-"
                if cell in gate and board[cell[0]][cell[1]] == wanted:
                    near.add(gate[cell])
            attached[(r, c)] = (int(numbers[r][c]), near)
    final = (rows - 1, columns - 1)

    def in_order(chosen) -> bool:
        for first in sorted(chosen[start]):
            order, at, came = [], start, None
            way = first
            while True:
                if at in gate and gate[at] not in order:
                    order.append(gate[at])
                if came is not None and at == start:
                    break
                if came is not None:
                    way = next(s for s in chosen[at] if s != came)
                dr, dc = STEP[way]
                at, came = (at[0] + dr, at[1] + dc), BACK[way]
            place = {g: k for k, g in enumerate(order, start=1)}
            if all(any(place.get(g) == n for g in near) for n, near in attached.values()):
                return True
        return False

    def holds(chosen, cell) -> bool:
        if cell in gate:
            g = gate[cell]
            passed = sum(1 for c in cells_of[g] if chosen.get(c))
            if passed > 1 or (cell == last_of[g] and passed == 0):
                return False
        if cell == final:
            return bool(chosen[start]) and in_order(chosen)
        return True

    return loops(rows, columns, allowed, most, holds)


def read_links(path) -> set:
    links = set()
    for r, row in enumerate(path.read_text().splitlines()):
        for c, piece in enumerate(row.split()):
            for side in PIECES.get(piece, ()):
                if side in "RD":
                    dr, dc = STEP[side]
                    links.add(frozenset({(r, c), (r + dr, c + dc)}))
    return links


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_slalom_has_one_answer_the_shipped_one(puzzle):
    sections = puzzle_sections(puzzle)
    found = answers(sections["board"], sections["numbers"], sections["arrows"])
    assert found == [read_links(solution_file(puzzle))]


def test_the_search_reads_the_order_both_ways_round():
    sections = puzzle_sections(PUZZLES / "slalom" / "example.txt")
    board, numbers, arrows = sections["board"], sections["numbers"], sections["arrows"]
    mirrored = [
        [{"1": "4", "2": "3", "3": "2", "4": "1"}.get(n, n) for n in row] for row in numbers
    ]
    assert len(answers(board, mirrored, arrows)) == 1  # the same loop, run the other way
    swapped = [[{"1": "2", "2": "1"}.get(n, n) for n in row] for row in numbers]
    assert answers(board, swapped, arrows) == []
    assert len(CASES) >= 3
