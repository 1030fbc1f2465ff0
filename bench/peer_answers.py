"""puzzlekit's answers beside the dataset's solutions, in one comparable form per genre.

The benchmark dataset keeps each puzzle's solution in dslsolve's solution format only, and
puzzlekit answers with a grid of tokens of its own (`PuzzleResult.sol_grid.matrix`): `o` for a
lamp, `es` for a cell whose line leaves east and south, a bit mask of the sides drawn for a
slitherlink cell, a region id for a shikaku cell. Both are reduced here to what the genre's
answer is (the set of shaded cells, the digits, each cell's line ends, the drawn edges, the
partition into rectangles) so that the two can be compared for equality; what a genre shows but
does not decide (clues, unshaded cells, region letters) is left out on both sides.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import networkx as nx

Cell = tuple[int, int]
Matrix = list[list[str]]  # puzzlekit's solution grid, row by row, each token as text

# Box-drawing characters of dslsolve's line outputs -> the sides the line leaves by.
_BOX_SIDES = {"┌": "es", "┐": "sw", "└": "en", "┘": "nw", "─": "ew", "│": "ns"}
_SHADED = "x"  # the token a shaded cell gets in the line genres' comparable form


def _tokens(text: str) -> Matrix:
    return [line.split() for line in text.splitlines() if line.strip()]


def _cells(matrix: Matrix) -> dict[Cell, str]:
    return {(r, c): token for r, row in enumerate(matrix) for c, token in enumerate(row)}


@dataclass(frozen=True)
class _Drawing:
    """A `+-+` drawing (slitherlink, shikaku, tents): cell (r, c) sits at line 2r+1,
    column 2c+1; the edge above it at line 2r, the edge on its left at column 2c."""

    lines: list[str]

    @classmethod
    def parse(cls, text: str) -> _Drawing:
        lines = text.splitlines()
        while lines and not lines[-1].strip():
            lines.pop()  # a blank line inside is a row with nothing drawn: keep it
        return cls(lines)

    def char(self, line: int, column: int) -> str:
        if 0 <= line < len(self.lines) and 0 <= column < len(self.lines[line]):
            return self.lines[line][column]
        return " "

    @property
    def size(self) -> tuple[int, int]:
        return (len(self.lines) - 1) // 2, (len(self.lines[0]) - 1) // 2

    def cells(self) -> dict[Cell, str]:
        height, width = self.size
        return {
            (r, c): self.char(2 * r + 1, 2 * c + 1) for r in range(height) for c in range(width)
        }

    def edges(self) -> frozenset[tuple[str, int, int]]:
        """("h", r, c): the edge above cell (r, c); ("v", r, c): the edge left of it."""
        height, width = self.size
        drawn = {("h", r, c) for r in range(height + 1) for c in range(width)}
        drawn = {e for e in drawn if self.char(2 * e[1], 2 * e[2] + 1) == "-"}
        vertical = {("v", r, c) for r in range(height) for c in range(width + 1)}
        drawn |= {e for e in vertical if self.char(2 * e[1] + 1, 2 * e[2]) == "|"}
        return frozenset(drawn)


def _partition(cells: set[Cell], same: Callable[[Cell, Cell], bool]) -> frozenset[frozenset[Cell]]:
    graph = nx.Graph()
    graph.add_nodes_from(cells)
    for r, c in cells:
        for other in ((r + 1, c), (r, c + 1)):
            if other in cells and same((r, c), other):
                graph.add_edge((r, c), other)
    return frozenset(frozenset(part) for part in nx.connected_components(graph))


@dataclass(frozen=True)
class Comparison:
    """How one genre's answers are reduced: from dslsolve's solution text, from puzzlekit's."""

    ptype: str  # puzzlekit's puzzle type
    from_solution: Callable[[str], Hashable]
    from_peer: Callable[[Matrix], Hashable]


def _marks(solution_mark: str, peer_mark: str) -> tuple[Callable, Callable]:
    """Shading genres: the set of cells with the mark."""

    def from_solution(text: str) -> Hashable:
        return frozenset(cell for cell, t in _cells(_tokens(text)).items() if t == solution_mark)

    def from_peer(matrix: Matrix) -> Hashable:
        return frozenset(cell for cell, t in _cells(matrix).items() if t == peer_mark)

    return from_solution, from_peer


def _values(peer_value: Callable[[str], str | None] = lambda t: t if t.isdigit() else None):
    """Number genres: the value of each cell that has one (clues and blanks left out)."""

    def from_solution(text: str) -> Hashable:
        return frozenset((cell, t) for cell, t in _cells(_tokens(text)).items() if t.isdigit())

    def from_peer(matrix: Matrix) -> Hashable:
        values = ((cell, peer_value(t)) for cell, t in _cells(matrix).items())
        return frozenset((cell, v) for cell, v in values if v is not None)

    return from_solution, from_peer


def _letter_value(token: str) -> str | None:
    """easy_as_abc: puzzlekit writes the letters, dslsolve their numbers (a = 1)."""
    return str(ord(token) - ord("a") + 1) if len(token) == 1 and token.isalpha() else None


def _exact() -> tuple[Callable, Callable]:
    return (lambda text: tuple(map(tuple, _tokens(text)))), (lambda m: tuple(map(tuple, m)))


def _line_token(token: str) -> str:
    if token in _BOX_SIDES:
        return _BOX_SIDES[token]
    if token == "#" or token == _SHADED:
        return _SHADED
    if token and set(token) <= set("nesw"):
        return "".join(sorted(token))
    return ""


def _lines() -> tuple[Callable, Callable]:
    """Loop genres: the sides each cell's line leaves by, and the shaded cells (yajilin)."""

    def reduce(matrix: Matrix) -> Hashable:
        sides = ((cell, _line_token(t)) for cell, t in _cells(matrix).items())
        return frozenset((cell, s) for cell, s in sides if s)

    return (lambda text: reduce(_tokens(text))), reduce


# slitherlink: puzzlekit's cell value is a bit mask of the sides drawn around the cell.
_SIDE_BITS = {8: ("h", 0, 0), 2: ("h", 1, 0), 4: ("v", 0, 0), 1: ("v", 0, 1)}


def _peer_edges(matrix: Matrix) -> Hashable:
    drawn = set()
    for (r, c), token in _cells(matrix).items():
        mask = int(token) if token.isdigit() else 0
        for bit, (kind, dr, dc) in _SIDE_BITS.items():
            if mask & bit:
                drawn.add((kind, r + dr, c + dc))
    return frozenset(drawn)


def _regions() -> tuple[Callable, Callable]:
    """shikaku: the partition of the grid into rectangles (ids do not matter)."""

    def from_solution(text: str) -> Hashable:
        drawing = _Drawing.parse(text)
        edges = drawing.edges()

        def same(a: Cell, b: Cell) -> bool:
            wall = ("h", b[0], b[1]) if b[0] != a[0] else ("v", b[0], b[1])
            return wall not in edges

        return _partition(set(drawing.cells()), same)

    def from_peer(matrix: Matrix) -> Hashable:
        cells = _cells(matrix)
        return _partition(set(cells), lambda a, b: cells[a] == cells[b])

    return from_solution, from_peer


def _tents() -> tuple[Callable, Callable]:
    def from_solution(text: str) -> Hashable:
        return frozenset(c for c, ch in _Drawing.parse(text).cells().items() if ch == "A")

    return from_solution, _marks("A", "o")[1]


def _comparison(ptype: str, pair: tuple[Callable, Callable]) -> Comparison:
    return Comparison(ptype, *pair)


# dataset folder (= dslsolve genre) -> how to compare; fillomino has no puzzlekit solver.
COMPARISONS: dict[str, Comparison] = {
    "akari": _comparison("akari", _marks("+", "o")),
    "country_road": _comparison("country_road", _lines()),
    "creek": _comparison("creek", _marks("#", "x")),
    "easy_as_abc": _comparison("abc_end_view", _values(_letter_value)),
    "heyawake": _comparison("heyawake", _marks("#", "x")),
    "hitori": _comparison("hitori", _marks("#", "x")),
    "kakuro": _comparison("kakuro", _values()),
    "kurodoko": _comparison("kuromasu", _marks("#", "x")),
    "masyu": _comparison("masyu", _lines()),
    "nonogram": _comparison("nonogram", _marks("#", "x")),
    "norinori": _comparison("norinori", _marks("#", "x")),
    "nurikabe": _comparison("nurikabe", _marks("#", "x")),
    "ripple_effect": _comparison("hakyuu", _values()),
    "shikaku": _comparison("shikaku", _regions()),
    "skyscrapers": _comparison("skyscraper", _values()),
    "slitherlink": Comparison("slitherlink", lambda t: _Drawing.parse(t).edges(), _peer_edges),
    "star_battle": _comparison("starbattle", _marks("*", "x")),
    "sudoku": _comparison("sudoku", _values()),
    "tents": _comparison("tent", _tents()),
    "yajilin": _comparison("yajilin", _lines()),
    "yin_yang": _comparison("yin_yang", _exact()),
}


def peer_agrees(genre: str, solution_text: str, peer_matrix: Matrix) -> bool:
    """Whether puzzlekit's grid is the dataset's solution of a puzzle of this genre."""
    comparison = COMPARISONS[genre]
    return comparison.from_solution(solution_text) == comparison.from_peer(peer_matrix)
