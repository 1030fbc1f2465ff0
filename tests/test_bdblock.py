"""Border Block (docs/genres.md): every shipped instance has exactly one division by the search
below, which shares no code with dslsolve, and that division is the shipped solution's (which
test_genres checks dslsolve finds). Each block gathers one kind of number, all of it, so a
division is a labelling of the cells by the numbers: the search labels the cells in reading
order (a numbered cell with its number), checks each lattice point as soon as its cells are
labelled (the lines there are the sides between differently labelled cells, the outline
counting: three or four at a dot, none or two elsewhere), and cuts a block off when it can
grow no more without all the cells of its number."""

from __future__ import annotations

import pytest
from test_shape_genres import rooms_of

from dslsolve import Genre

from helpers import PUZZLES, puzzle_sections

Cell = tuple[int, int]
CASES = sorted(p for p in (PUZZLES / "bdblock").glob("*.txt") if ".solution" not in p.name)


def divisions(numbers: list[list[str]], dots: set[Cell], most: int = 2) -> list[dict]:
    """Up to `most` labellings, each cell mapped to the number of its block."""
    rows, columns = len(numbers), len(numbers[0])
    given = {
        (r, c): int(t) for r, line in enumerate(numbers) for c, t in enumerate(line) if t != "."
    }
    kinds = sorted(set(given.values()))
    label: dict[Cell, int] = {}
    found: list[dict] = []

    def inside(cell: Cell) -> bool:
        return 0 <= cell[0] < rows and 0 <= cell[1] < columns

    def point_holds(y: int, x: int) -> bool:
        """The lines at the point (y, x), once its cells are labelled (outside: None)."""
        a, b, c, d = (
            label.get(cell, "?") if inside(cell) else None
            for cell in ((y - 1, x - 1), (y - 1, x), (y, x - 1), (y, x))
        )
        if "?" in (a, b, c, d):
            return True
        lines = (a != b) + (c != d) + (a != c) + (b != d)
        return lines >= 3 if (y, x) in dots else lines in (0, 2)

    def block_holds(cell: Cell) -> bool:
        """A block that no unlabelled cell touches holds every cell of its number."""
        kind, seen, stack = label[cell], {cell}, [cell]
        while stack:
            r, c = stack.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if not inside(n) or n in seen:
                    continue
                if n not in label:
                    return True
                if label[n] == kind:
                    seen.add(n)
                    stack.append(n)
        return all(g in seen for g, k in given.items() if k == kind)

    def search(index: int) -> None:
        if len(found) >= most:
            return
        if index == rows * columns:
            found.append(dict(label))
            return
        r, c = divmod(index, columns)
        for kind in [given[r, c]] if (r, c) in given else kinds:
            label[r, c] = kind
            points = [(r, c)] + [(r, c + 1)] * (c + 1 == columns)
            if r + 1 == rows:
                points += [(r + 1, c)] + [(r + 1, c + 1)] * (c + 1 == columns)
            if all(point_holds(*p) for p in points) and all(
                block_holds(n) for n in ((r - 1, c), (r, c - 1), (r, c)) if n in label
            ):
                search(index + 1)
            del label[r, c]

    search(0)
    return found


def read(path) -> tuple[list[list[str]], set[Cell]]:
    """The numbers and the dots of a puzzle file."""
    sections = puzzle_sections(path)
    marks = sections["dots"]
    dots = {(y, x) for y, line in enumerate(marks) for x, t in enumerate(line) if t != "."}
    return sections["numbers"], dots


def test_bdblock_ships_the_test_board_and_constructed_instances():
    assert {p.stem for p in CASES} >= {"example", "puzzlink-5x5", "constructed-8x8"}


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: p.stem)
def test_bdblock_has_one_division_the_shipped_one(puzzle):
    [only] = divisions(*read(puzzle))
    blocks: dict[int, set[Cell]] = {}
    for cell, kind in only.items():
        blocks.setdefault(kind, set()).add(cell)
    drawn = rooms_of(puzzle.with_name(puzzle.stem + ".solution.txt").read_text())
    assert {frozenset(b) for b in blocks.values()} == drawn


def test_bdblock_search_reads_dots_and_numbers():
    """A 2x2 grid with a 1 top left and a 2 bottom right. Without dots no division (a line
    meets the outline only at a dot); with dots in the middle of the left and right sides, the
    two rows; with dots in the middle of the left and top sides, the 1 alone in its corner;
    with the four, none (the lines would cross in the middle, where no dot is)."""
    numbers = [["1", "."], [".", "2"]]
    assert divisions(numbers, set()) == []
    [rows] = divisions(numbers, {(1, 0), (1, 2)})
    assert rows == {(0, 0): 1, (0, 1): 1, (1, 0): 2, (1, 1): 2}
    [corner] = divisions(numbers, {(1, 0), (0, 1)})
    assert corner == {(0, 0): 1, (0, 1): 2, (1, 0): 2, (1, 1): 2}
    assert divisions(numbers, {(1, 0), (1, 2), (0, 1), (2, 1)}) == []


KINDS = """name: kinds
input:
  numbers: {type: grid}
variables:
  wall: {type: bool, on: borders}
rules:
  - "each piece of wall: BODY"
output:
  cell:
    - show: numbers
  edges: wall
"""
ONE = "count(numbers is given) >= 1 and max(numbers) = min(numbers)"
ALL = "count(numbers = max(numbers)) = count(cells where numbers = max(numbers))"


def test_one_kind_without_gathering_may_split_a_kind_and_gathering_needs_one_kind(tmp_path):
    """Without the second conjunct a kind may lie in two pieces (the two 1s apart, the 2s
    between them); the second alone does not bound the pieces and is refused."""
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("numbers:\n1 2 1\n")
    path = tmp_path / "kinds.yaml"
    path.write_text(KINDS.replace("BODY", ONE))
    result = Genre.load(str(path)).solve(str(puzzle), unique=True)
    assert result.text.splitlines()[1] == "|1|2|1|" and result.unique
    path.write_text(KINDS.replace("BODY", f"{ONE} and {ALL}"))
    assert Genre.load(str(path)).solve(str(puzzle)).status == "infeasible"
    path.write_text(KINDS.replace("BODY", f"count(numbers is given) >= 1 and {ALL}"))
    with pytest.raises(Exception, match="bound the pieces"):
        Genre.load(str(path)).solve(str(puzzle))
