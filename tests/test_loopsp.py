"""Loop special (docs/genres.md): every shipped instance has exactly one answer by the search
here, which shares no code with dslsolve, and it is the shipped solution (which test_genres
checks dslsolve finds).

The search decides the cells in reading order, each a piece agreeing with the cells above and
to the left: a straight or turning piece (two sides) or a crossing (all four; never on a
circle), the given piece where one is given. The strands of the lines are kept in a
union-find (a crossing is two strands, across and down), each root with the numbers of the
circles it holds and whether it holds a circle. Joining two strands with different numbers
fails; a link that closes a strand into a loop is accepted only if the loop holds a circle
and every circle of its number."""

from __future__ import annotations

import pytest

from helpers import PUZZLES, puzzle_sections, solution_file

CASES = sorted(p for p in (PUZZLES / "loopsp").glob("*.txt") if "solution" not in p.name)

SIDES = {
    "─": "LR",
    "│": "UD",
    "┌": "DR",
    "┐": "DL",
    "└": "UR",
    "┘": "UL",
    "┼": "UDLR",
}
TWO = [frozenset(s) for s in ("LR", "UD", "DR", "DL", "UR", "UL")]
CROSS = frozenset("UDLR")


def answers(pieces, circles, most: int = 2) -> list[set]:
    rows, columns = len(circles), len(circles[0])
    order = [(r, c) for r in range(rows) for c in range(columns)]
    total: dict[int, int] = {}
    for row in circles:
        for token in row:
            if token.isdigit():
                total[int(token)] = total.get(int(token), 0) + 1
    found: list[set] = []

    def options(cell):
        r, c = cell
        if pieces[r][c] != ".":
            return [frozenset(SIDES[pieces[r][c]])]
        return TWO if circles[r][c] != "." else [*TWO, CROSS]

    def strand(cell, piece, side):
        return (cell, ("H" if side in "LR" else "V") if piece == CROSS else "")

    def find(parent, node):
        while parent[node][0] != node:
            node = parent[node][0]
        return node

    def search(at, chosen, parent):
        # parent: node -> (parent node, numbers held, circle held, count per number)
        if len(found) >= most:
            return
        if at == len(order):
            found.append(links_of(chosen))
            return
        cell = order[at]
        r, c = cell
        for piece in options(cell):
            if ("U" in piece) != (r > 0 and "D" in chosen[(r - 1, c)]):
                continue
            if ("L" in piece) != (c > 0 and "R" in chosen[(r, c - 1)]):
                continue
            if ("D" in piece and r == rows - 1) or ("R" in piece and c == columns - 1):
                continue
            new = dict(parent)
            token = circles[r][c]
            for node in {strand(cell, piece, side) for side in piece}:
                held = {int(token): 1} if token.isdigit() else {}
                new[node] = (node, held, token != ".")
            ok = True
            for side, other, back in (("U", (r - 1, c), "D"), ("L", (r, c - 1), "R")):
                if side not in piece:
                    continue
                a = find(new, strand(cell, piece, side))
                b = find(new, strand(other, chosen[other], back))
                if a == b:  # a loop closes: it holds a circle and all circles of its number
                    _, held, circled = new[a]
                    if not circled or any(total[n] != k for n, k in held.items()):
                        ok = False
                        break
                    continue
                _, held_a, circled_a = new[a]
                _, held_b, circled_b = new[b]
                merged = dict(held_a)
                for n, k in held_b.items():
                    merged[n] = merged.get(n, 0) + k
                if len(merged) > 1:
                    ok = False
                    break
                new[a] = (b, {}, False)
                new[b] = (b, merged, circled_a or circled_b)
            if ok:
                search(at + 1, chosen | {cell: piece}, new)

    search(0, {}, {})
    return found


def links_of(chosen) -> set:
    used = set()
    for (r, c), piece in chosen.items():
        if "R" in piece:
            used.add(frozenset({(r, c), (r, c + 1)}))
        if "D" in piece:
            used.add(frozenset({(r, c), (r + 1, c)}))
    return used


def read_links(path) -> set:
    chosen = {}
    for r, row in enumerate(path.read_text().split("\n")):
        for c, piece in enumerate(row.split()):
            chosen[(r, c)] = frozenset(SIDES.get(piece, ""))
    return links_of(chosen)


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_loopsp_has_one_answer_the_shipped_one(puzzle):
    sections = puzzle_sections(puzzle)
    found = answers(sections["pieces"], sections["circles"])
    assert found == [read_links(solution_file(puzzle))]


def test_the_search_keeps_numbers_apart():
    blank = [["."] * 2 for _ in range(2)]
    assert len(answers(blank, [["1", "."], [".", "."]])) == 1
    assert answers(blank, [["1", "."], [".", "2"]]) == []  # one loop, two numbers
    four = [["."] * 4 for _ in range(2)]
    # one loop round all, or two squares: 1 and 1 on one loop, 1 and 2 on two
    assert len(answers(four, [["1", ".", ".", "1"], [".", ".", ".", "."]], most=5)) == 1
    assert len(answers(four, [["1", ".", ".", "2"], [".", ".", ".", "."]], most=5)) == 1
    assert answers(four, [["1", ".", ".", "."], [".", ".", ".", "."]], most=5) != []
    assert len(CASES) >= 3
