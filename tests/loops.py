"""A search independent of dslsolve for loops through cell centres (pipelink returns, barns;
docs/genres.md): every choice of one piece per cell, from the pieces the puzzle allows there,
whose pieces fit together into exactly one closed loop. A piece is the set of its sides
(`U D L R`); the four sides together are a crossing, which the loop passes straight through
both ways, so it is two strands of the loop, not one junction.

Cells are decided in reading order. A piece must agree with the cells above and to the left
(a side is used from both cells or from neither) and may not leave the grid. The strands are
kept in a union-find: a link that joins two ends of one strand closes a loop, which is allowed
only as the very last link of the whole grid."""

from __future__ import annotations

from collections.abc import Callable

Cell = tuple[int, int]
Piece = frozenset[str]
Link = frozenset[Cell]

CROSSING: Piece = frozenset("UDLR")
PIECES: dict[str, Piece] = {
    "─": frozenset("LR"),
    "│": frozenset("UD"),
    "┌": frozenset("DR"),
    "┐": frozenset("DL"),
    "└": frozenset("UR"),
    "┘": frozenset("UL"),
    "┼": CROSSING,
}
TURNS = [PIECES[p] for p in "┌┐└┘"]
STRAIGHTS = [PIECES["─"], PIECES["│"]]


def _strand(cell: Cell, piece: Piece, side: str) -> tuple[Cell, str]:
    """The strand of the loop that uses `side` of the cell: a crossing has two."""
    return (cell, "H" if piece == CROSSING and side in "LR" else "V" if piece == CROSSING else "")


def loops(
    rows: int,
    columns: int,
    allowed: dict[Cell, list[Piece]],
    most: int = 2,
    holds: Callable[[dict[Cell, Piece], Cell], bool] | None = None,
) -> list[set[Link]]:
    """Up to `most` loops, each as its set of used links. `allowed` gives the pieces a cell may
    hold (the empty piece: the loop misses the cell); a cell not in it may hold any turn or
    straight piece or nothing. `holds(chosen, cell)`, the genre's other rules, is asked after
    each cell is decided (the cells decided so far, the last one): false cuts the search."""
    found: list[set[Link]] = []
    order = [(r, c) for r in range(rows) for c in range(columns)]
    options = {cell: allowed.get(cell, [frozenset(), *TURNS, *STRAIGHTS]) for cell in order}

    def fits(cell: Cell, piece: Piece, chosen: dict[Cell, Piece]) -> bool:
        r, c = cell
        if ("U" in piece) != (r > 0 and "D" in chosen[(r - 1, c)]):
            return False
        if ("L" in piece) != (c > 0 and "R" in chosen[(r, c - 1)]):
            return False
        return not ("D" in piece and r == rows - 1) and not ("R" in piece and c == columns - 1)

    def find(parent: dict, node):
        while parent[node] != node:
            node = parent[node]
        return node

    def search(at: int, chosen: dict[Cell, Piece], parent: dict, closed: bool) -> None:
        if len(found) >= most:
            return
        if at == len(order):
            if closed and len({find(parent, node) for node in parent}) == 1:
                found.append(_links(chosen))
            return
        cell = order[at]
        r, c = cell
        for piece in options[cell]:
            if not fits(cell, piece, chosen):
                continue
            if closed and piece:
                continue  # the loop is already closed: nothing may be drawn after it
            links = [
                (_strand(cell, piece, side), _strand(other, chosen[other], back))
                for side, other, back in (("U", (r - 1, c), "D"), ("L", (r, c - 1), "R"))
                if side in piece
            ]
            new_parent = dict(parent)
            for side in piece:
                node = _strand(cell, piece, side)
                new_parent.setdefault(node, node)
            now_closed = closed
            ok = True
            for a, b in links:
                ra, rb = find(new_parent, a), find(new_parent, b)
                if ra == rb:
                    if now_closed:
                        ok = False
                        break
                    now_closed = True  # a loop closes: it must be the only strand left
                else:
                    new_parent[ra] = rb
            if not ok:
                continue
            if now_closed and not closed and _open_ends(chosen | {cell: piece}, order[: at + 1]):
                continue
            if holds is not None and not holds(chosen | {cell: piece}, cell):
                continue
            search(at + 1, chosen | {cell: piece}, new_parent, now_closed)

    search(0, {}, {}, False)
    return found


def _open_ends(chosen: dict[Cell, Piece], decided: list[Cell]) -> bool:
    """Whether some decided cell still has a side toward a cell not yet decided."""
    done = set(decided)
    for (r, c), piece in chosen.items():
        for side, cell in (("D", (r + 1, c)), ("R", (r, c + 1))):
            if side in piece and cell not in done:
                return True
    return False


def _links(chosen: dict[Cell, Piece]) -> set[Link]:
    used = set()
    for (r, c), piece in chosen.items():
        if "R" in piece:
            used.add(frozenset({(r, c), (r, c + 1)}))
        if "D" in piece:
            used.add(frozenset({(r, c), (r + 1, c)}))
    return used


def pieces_of(drawing: list[list[str]]) -> dict[Cell, Piece]:
    """A solution file's pieces (`.` no line) by cell."""
    return {
        (r, c): PIECES.get(token, frozenset())
        for r, row in enumerate(drawing)
        for c, token in enumerate(row)
    }


ENDS: list[Piece] = [frozenset(side) for side in "UDLR"]


def paths(
    rows: int,
    columns: int,
    ends: dict[Cell, str],
    allowed: dict[Cell, list[Piece]] | None = None,
    most: int = 2,
) -> list[set[Link]]:
    """Up to `most` sets of lines (arukone, numberlink) as their used links: each cell of
    `ends` is the end of one line (a piece of one side), every other cell holds a piece from
    `allowed` (default: a turn, a straight piece or nothing, no crossing); the lines never close
    into a loop and each joins two ends with equal labels. The search is the loops' one: a
    piece per cell in reading order, the lines in a union-find whose roots carry the label of
    an end they hold."""
    found: list[set[Link]] = []
    order = [(r, c) for r in range(rows) for c in range(columns)]
    options = {
        cell: ENDS if cell in ends else (allowed or {}).get(cell, [frozenset(), *TURNS, *STRAIGHTS])
        for cell in order
    }

    def fits(cell: Cell, piece: Piece, chosen: dict[Cell, Piece]) -> bool:
        r, c = cell
        if ("U" in piece) != (r > 0 and "D" in chosen[(r - 1, c)]):
            return False
        if ("L" in piece) != (c > 0 and "R" in chosen[(r, c - 1)]):
            return False
        return not ("D" in piece and r == rows - 1) and not ("R" in piece and c == columns - 1)

    def find(parent: dict[Cell, Cell], cell: Cell) -> Cell:
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    def search(at: int, chosen: dict[Cell, Piece], parent: dict, label: dict) -> None:
        if len(found) >= most:
            return
        if at == len(order):
            found.append(_links(chosen))
            return
        cell = order[at]
        r, c = cell
        for piece in options[cell]:
            if not fits(cell, piece, chosen):
                continue
            new_parent, new_label = dict(parent), dict(label)
            if piece:
                new_parent[cell] = cell
                if cell in ends:
                    new_label[cell] = ends[cell]
            ok = True
            for side, other in (("U", (r - 1, c)), ("L", (r, c - 1))):
                if side not in piece:
                    continue
                a, b = find(new_parent, cell), find(new_parent, other)
                if a == b:  # a loop
                    ok = False
                    break
                if a in new_label and b in new_label and new_label[a] != new_label[b]:
                    ok = False  # a line joins different labels
                    break
                new_parent[a] = b
                if a in new_label:
                    new_label[b] = new_label.pop(a) if b not in new_label else new_label[b]
            if ok:
                search(at + 1, chosen | {cell: piece}, new_parent, new_label)

    search(0, {}, {}, {})
    return found
