"""Shapes (issue 20, concept 3): `shape in SET`, `shape differs from RELATION` and
`each area of C within W` (docs/language.md §9.13). The named sets are checked against the
known numbers of polyominoes, the evaluator against a plain reading of each rule written
here, and the placements lowering against the evaluator on every pattern of small grids."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest
from test_language_concepts import model_patterns, shading
from test_semantics import PIECES, ROOM_SHADING

from dslsolve.compiler import compile_model
from dslsolve.constructs.shape import lowering, meaning
from dslsolve.constructs.shape.syntax import FINITE_SETS
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import accepted_patterns, every_solution, load_texts


def rooms_genre(*rules: str) -> str:
    return ROOM_SHADING.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


def connected_sets(size: int, rows: int, columns: int) -> set[frozenset]:
    """Every orthogonally connected set of `size` cells of a rows x columns grid, grown here."""
    level = {frozenset([(r, c)]) for r in range(rows) for c in range(columns)}
    for _ in range(size - 1):
        level = {
            shape | {(r + dr, c + dc)}
            for shape in level
            for r, c in shape
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < rows and 0 <= c + dc < columns and (r + dr, c + dc) not in shape
        }
    return level


def components(pattern: tuple[int, ...], columns: int, joined=lambda a, b: True) -> list[set]:
    """The orthogonally connected parts of the black cells of a row-major pattern."""
    black = {divmod(i, columns) for i, v in enumerate(pattern) if v}
    parts = []
    while black:
        part, stack = set(), [black.pop()]
        while stack:
            r, c = stack.pop()
            part.add((r, c))
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in black and joined((r, c), n):
                    black.discard(n)
                    stack.append(n)
        parts.append(part)
    return parts


@pytest.mark.parametrize(("name", "size", "free"), [("tetrominoes", 4, 5), ("pentominoes", 5, 12)])
def test_the_named_sets_are_every_free_polyomino_once(name, size, free):
    """Every connected set of 4 (5) cells is a tetromino (pentomino), and their canonical forms
    are as many as the free polyominoes of that size, one letter each."""
    shapes = connected_sets(size, size, size)
    assert all(meaning.belongs(s, name) for s in shapes)
    assert len({meaning.canonical(s) for s in shapes}) == free == len(FINITE_SETS[name])
    assert not any(meaning.belongs(s, name) for s in connected_sets(size - 1, size, size))


@pytest.mark.parametrize(
    ("name", "fixed"), [("trominoes", 6), ("tetrominoes", 19), ("pentominoes", 63)]
)
def test_the_placements_are_every_fixed_polyomino(name, fixed):
    """The lowering's orientations: the known numbers of fixed polyominoes (OEIS A001168)."""
    assert len(lowering._fixed_shapes(name, 9, 9)) == fixed


def test_the_evaluator_reads_the_families():
    strip, square, ell = (
        [(0, 0), (0, 1), (0, 2)],
        [(1, 1), (1, 2), (2, 1), (2, 2)],
        [(0, 0), (1, 0), (1, 1)],
    )
    assert [meaning.belongs(strip, s) for s in ("strips", "squares", "rectangles")] == [1, 0, 1]
    assert [meaning.belongs(square, s) for s in ("strips", "squares", "rectangles")] == [0, 1, 1]
    assert not any(meaning.belongs(ell, s) for s in ("strips", "squares", "rectangles"))
    assert [meaning.belongs(s, "ells") for s in (strip, square, ell)] == [0, 0, 1]


def is_ell(cells) -> bool:
    """An L one cell wide, read plainly: a path with one turn, each arm of 2 or more cells:
    two ends (one neighbour each), every other cell with two neighbours, and one of them
    with its two neighbours in different directions (a second part would be a cycle, with
    four turns or more)."""
    own = set(cells)
    steps = [
        [(dr, dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)) if (r + dr, c + dc) in own]
        for r, c in own
    ]
    degrees = sorted(len(s) for s in steps)
    turns = [s for s in steps if len(s) == 2 and s[0][0] != -s[1][0]]
    return degrees[:2] == [1, 1] and degrees[2:] == [2] * (len(own) - 2) and len(turns) == 1


def box(cells) -> tuple[int, int]:
    """The sides of the bounding box, the shorter first: an L's shape up to turning."""
    height = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
    width = max(c for _, c in cells) - min(c for _, c in cells) + 1
    return min(height, width), max(height, width)


def test_ells_are_the_paths_with_one_turn():
    """`ells`: of every connected set of 3 to 7 cells in a 4 x 4 grid, the evaluator's Ls
    are the plainly read ones, and the lowering places an L of each box of 2 x 2 or more in
    its 4 corners (4 fixed Ls per box: 9 boxes fit a 4 x 4 grid)."""
    for size in range(3, 8):
        shapes = connected_sets(size, 4, 4)
        assert {s for s in shapes if meaning.belongs(s, "ells")} == {s for s in shapes if is_ell(s)}
    assert len(lowering._fixed_shapes("ells", 4, 4)) == 4 * 9


def is_wide_ell(cells) -> bool:
    """An L of any arm widths, read plainly: some rectangle of rows and columns, one of each
    from the box's two ends, cut from the bounding box leaves exactly the cells."""
    own = set(cells)
    rows = sorted({r for r, _ in own})
    columns = sorted({c for _, c in own})
    box_cells = set(
        itertools.product(range(rows[0], rows[-1] + 1), range(columns[0], columns[-1] + 1))
    )
    for cut_rows in (range(rows[0], k) for k in range(rows[0] + 1, rows[-1] + 1)):
        for cut_columns in (range(columns[0], k) for k in range(columns[0] + 1, columns[-1] + 1)):
            for flip_r, flip_c in itertools.product((False, True), repeat=2):
                rr = [rows[0] + rows[-1] - r for r in cut_rows] if flip_r else cut_rows
                cc = [columns[0] + columns[-1] - c for c in cut_columns] if flip_c else cut_columns
                if own == box_cells - {(r, c) for r in rr for c in cc}:
                    return True
    return False


def test_wide_ells_are_a_box_less_a_corner():
    """`wide_ells`: of every connected set of 3 to 8 cells in a 4 x 4 grid, the evaluator's
    Ls are the plainly read ones, the one-cell-wide `ells` among them; the lowering's fixed
    shapes, placed on the grid, are exactly those sets; and it places an h x w box less an
    a x b corner in 4 corners ((h-1)(w-1) cuts per box)."""
    placed = {
        frozenset((r + i, c + j) for r, c in cells)
        for _, cells in lowering._fixed_shapes("wide_ells", 4, 4)
        for i in range(4)
        for j in range(4)
        if all(r + i < 4 and c + j < 4 for r, c in cells)
    }
    for size in range(3, 9):
        shapes = connected_sets(size, 4, 4)
        wide = {s for s in shapes if meaning.belongs(s, "wide_ells")}
        assert wide == {s for s in shapes if is_wide_ell(s)}
        assert {s for s in shapes if meaning.belongs(s, "ells")} <= wide
        assert {s for s in placed if len(s) == size} == wide
    assert len(lowering._fixed_shapes("wide_ells", 3, 3)) == 4 * (1 + 2 + 2 + 4)
    assert not meaning.belongs([(0, 0), (0, 1), (1, 0), (1, 1)], "wide_ells")


def test_areas_that_are_ells(tmp_path):
    """Every black area an L one cell wide, with the Ls of one size never touching at a
    corner: the evaluator accepts exactly the patterns read plainly here, and the model has
    exactly those, on every pattern of a 3 x 3 grid."""
    loaded, instance = load_texts(
        tmp_path,
        shading(
            "each area of black: shape in ells and shape differs from diagonals",
            "each cell where clues is given: black",
        ),
        "clues:\n...\n...\n..#\n",
    )
    accepted = accepted_patterns(loaded, instance, "black")

    def fine(pattern):
        parts = components(pattern, 3)
        touching = any(
            box(a) == box(b)
            and any(abs(r - s) == 1 and abs(c - t) == 1 for r, c in a for s, t in b)
            for a, b in itertools.combinations(parts, 2)
        )
        return all(is_ell(p) for p in parts) and not touching and pattern[8]

    plain = {p for p in itertools.product((0, 1), repeat=9) if fine(p)}
    assert accepted == plain and len(plain) > 10
    assert model_patterns(loaded, instance) == accepted


def test_areas_of_a_shape_set(tmp_path):
    """Every black area a tromino (a connected set of three cells): the evaluator accepts
    exactly the patterns whose parts all have three cells, and the model has exactly those."""
    loaded, instance = load_texts(
        tmp_path, shading("each area of black: shape in trominoes"), "clues:\n...\n...\n..#\n"
    )
    accepted = accepted_patterns(loaded, instance, "black")
    plain = {
        p
        for p in itertools.product((0, 1), repeat=9)
        if all(len(part) == 3 for part in components(p, 3))
    }
    assert accepted == plain
    assert model_patterns(loaded, instance) == accepted


def test_strips_of_equal_length_never_touch_at_a_corner(tmp_path):
    """nuribou's shaded cells: strips, and two strips touching at a corner differ in length."""
    rules = (
        "each area of black: shape in strips and shape differs from diagonals",
        "each cell where clues is given: black",
    )
    loaded, instance = load_texts(tmp_path, shading(*rules), "clues:\n#..\n...\n.#.\n")
    accepted = accepted_patterns(loaded, instance, "black")

    def fine(pattern):
        parts = components(pattern, 3)
        rows_or_columns = all(
            len({r for r, _ in p}) == 1 or len({c for _, c in p}) == 1 for p in parts
        )
        corner = any(
            len(a) == len(b)
            and any(abs(r - s) == 1 and abs(c - t) == 1 for r, c in a for s, t in b)
            for a, b in itertools.combinations(parts, 2)
        )
        return rows_or_columns and not corner and pattern[0] and pattern[7]

    assert accepted == {p for p in itertools.product((0, 1), repeat=9) if fine(p)}
    assert model_patterns(loaded, instance) == accepted


def test_areas_within_rooms_of_the_same_shape_never_share_an_edge(tmp_path):
    """LITS in small: in each room a black tromino, cut at room borders; trominoes of one
    shape (straight or bent) never share an edge across the border."""
    loaded, instance = load_texts(
        tmp_path,
        rooms_genre(
            "each region of rooms: count(black) = 3",
            "each area of black within rooms: shape in trominoes and shape differs from neighbours",
        ),
        "rooms:\nAAA\nAAB\nBBB\n",
    )
    accepted = accepted_patterns(loaded, instance, "black")
    rooms = {(r, c): "A" if (r, c) < (1, 2) else "B" for r in range(3) for c in range(3)}

    def fine(pattern):
        parts = components(pattern, 3, lambda a, b: rooms[a] == rooms[b])
        if sorted(rooms[min(p)] for p in parts) != ["A", "B"] or any(len(p) != 3 for p in parts):
            return False
        straight = {
            min(p): len({r for r, _ in p}) == 1 or len({c for _, c in p}) == 1 for p in parts
        }
        return not any(
            straight[min(a)] == straight[min(b)]
            and any(abs(r - s) + abs(c - t) == 1 for r, c in a for s, t in b)
            for a, b in itertools.combinations(parts, 2)
        )

    plain = {p for p in itertools.product((0, 1), repeat=9) if fine(p)}
    assert accepted == plain and len(plain) >= 1
    assert model_patterns(loaded, instance) == accepted


def test_a_shape_test_on_fixed_groups_is_a_constant(tmp_path):
    """`shape in` on a region of the puzzle: the rule holds or fails whatever is shaded."""
    loaded, instance = load_texts(
        tmp_path,
        rooms_genre("each region of rooms where shape in trominoes: count(black) = 1"),
        "rooms:\nAAB\nCBB\n",
    )
    accepted = accepted_patterns(loaded, instance, "black")
    assert len(accepted) == 3 * 2**3  # only room B is a tromino: one of its 3 cells black
    assert model_patterns(loaded, instance) == accepted


@pytest.mark.parametrize(
    ("rule", "column", "message"),
    [
        ("each area of black: shape in hexominoes", 21, "'hexominoes' is not a set of shapes"),
        ("each cell: shape in tetrominoes", 12, "'shape' is the shape of a group of cells"),
        (
            "each region of rooms: shape differs from neighbours",
            23,
            "'shape differs from' compares the areas of one 'each area of' rule",
        ),
        ("each area of black: shape differs from ray", 1, "unexpected"),
        ("each area of black: size in tetrominoes", 21, "only 'shape' can be tested here"),
        (
            "each area of black within black: shape in strips",
            1,
            "'black' is a variable, not a grid section",
        ),
    ],
)
def test_shape_errors(tmp_path, run, rule, column, message):
    path = tmp_path / "g.yaml"
    path.write_text(rooms_genre(rule))
    (tmp_path / "p.txt").write_text("rooms:\nAB\n")
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and message in result.err, result.err
    if column > 1:
        assert f"g.yaml:7:{column + 5}: error" in result.err, result.err


def test_areas_within_need_a_shape_to_compile(tmp_path, run):
    path = tmp_path / "g.yaml"
    path.write_text(rooms_genre("each area of black within rooms: size <= 2"))
    (tmp_path / "p.txt").write_text("rooms:\nAB\n")
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2
    assert "areas within the regions of a section are compiled with a 'shape in SET'" in result.err


def test_the_evaluator_does_not_load_the_lowering():
    """The registry hands each stage its own module: checking answers loads no lowering."""
    code = (
        "import sys; from dslsolve import constructs; constructs.evaluators(); "
        "import dslsolve.evaluator; "
        "print('dslsolve.constructs.shape.lowering' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            "each area of black: shape in strips and count(neighbours where black) = 0",
            "beside 'shape in' and 'shape differs from', the body of this 'each area' must "
            "depend on the input only",
        ),
        (
            "each area of black: count(rooms = 'A') = 1 and size <= 2 and shape differs from "
            "diagonals",
            "'shape differs from' is compiled as a part of the body of 'each area of C: shape "
            "in SET and ...'",
        ),
    ],
)
def test_what_the_placements_cannot_compile(tmp_path, run, rule, message):
    path = tmp_path / "g.yaml"
    path.write_text(rooms_genre(rule))
    (tmp_path / "p.txt").write_text("rooms:\nAB\n")
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and message in result.err, result.err
    assert "g.yaml:7:" in result.err


def test_the_words_of_shapes_are_reserved(tmp_path, run):
    path = tmp_path / "g.yaml"
    path.write_text(
        rooms_genre("count(black) = 1").replace("  black: {type: bool}", "  shape: {type: bool}")
    )
    (tmp_path / "p.txt").write_text("rooms:\nAB\n")
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and "'shape' is a word of the rule language" in result.err


DOMINOES = '  - "each piece of wall: shape in dominoes"'


def test_pieces_of_a_shape_set_need_no_size(tmp_path):
    """`shape in dominoes` bounds the pieces by itself: the model's tilings of a 3x4 grid are
    the 11 domino tilings known for it, and the evaluator accepts each."""
    loaded, instance = load_texts(
        tmp_path, PIECES.replace("RULES", DOMINOES), "clues:\n....\n....\n....\n"
    )
    (wall,) = loaded.genre.variables
    borders = Grid(3, 4).borders()
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([]), [(wall, b) for b in borders]
    )
    tilings = every_solution(compiled, lambda values: tuple(values["wall"][b] for b in borders))
    assert len(tilings) == 11
    for tiling in tilings:
        values = {"wall": dict(zip(borders, tiling, strict=True))}
        assert Evaluator(loaded.genre, instance, values).violations() == []


DRAWN = """\
name: drawn
input:
  clues: {type: grid, symbols: '#'}
  pieces: {type: table, delimiter: chars, separator: '-', block: drawing}
variables:
  black: {type: bool}
rules:
  - "each area of black: shape in pieces and shape differs from around"
  - each cell where clues is given: black
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""


def test_shapes_that_the_puzzle_draws(tmp_path):
    """A table section draws the shapes (one per block, '#' cells): here an L tromino (drawn
    twice, turned) and a domino. Every black area is one of them, and two areas of one shape
    never touch, even at a corner."""
    puzzle = "clues:\n#..\n...\n..#\npieces:\n##\n#.\n-\n##\n-\n.#\n##\n"
    loaded, instance = load_texts(tmp_path, DRAWN, puzzle)
    accepted = accepted_patterns(loaded, instance, "black")

    def fine(pattern):
        parts = components(pattern, 3)
        kinds = []
        for part in parts:
            rows, columns = {r for r, _ in part}, {c for _, c in part}
            if len(part) == 2:
                kinds.append("domino")
            elif len(part) == 3 and len(rows) == len(columns) == 2:
                kinds.append("ell")
            else:
                return False
        around = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
        return (
            pattern[0]
            and pattern[8]
            and not any(
                kinds[i] == kinds[j]
                and any((r + dr, c + dc) in parts[j] for r, c in parts[i] for dr, dc in around)
                for i, j in itertools.combinations(range(len(parts)), 2)
            )
        )

    assert accepted == {p for p in itertools.product((0, 1), repeat=9) if fine(p)}
    assert len(accepted) >= 2
    assert model_patterns(loaded, instance) == accepted


def ell_tilings(rows: int, columns: int) -> set[frozenset]:
    """Every partition of the grid into plainly read Ls (`is_ell`), each a set of parts."""
    grid = {(r, c) for r in range(rows) for c in range(columns)}
    parts = [
        s
        for size in range(3, rows + columns)
        for s in connected_sets(size, rows, columns)
        if is_ell(s)
    ]

    def cover(left: frozenset) -> list[frozenset]:
        if not left:
            return [frozenset()]
        first = min(left)
        return [
            rest | {part}
            for part in parts
            if first in part and part <= left
            for rest in cover(left - part)
        ]

    return set(cover(frozenset(grid)))


@pytest.mark.parametrize(("rows", "columns", "count"), [(2, 3, 2), (3, 3, 0), (2, 6, 6)])
def test_pieces_that_are_ells(tmp_path, rows, columns, count):
    """`each piece of wall: shape in ells` needs no size bound (the Ls that fit are placed):
    the model's tilings are the partitions into Ls found here by plain search, and the
    evaluator accepts each and rejects the walls of the partition into rows (a 3 x 3 grid
    has no tiling by Ls)."""
    blank = "\n".join("." * columns for _ in range(rows))
    loaded, instance = load_texts(
        tmp_path,
        PIECES.replace("RULES", '  - "each piece of wall: shape in ells"'),
        f"clues:\n{blank}\n",
    )
    (wall,) = loaded.genre.variables
    grid = Grid(rows, columns)
    borders = grid.borders()
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([]), [(wall, b) for b in borders]
    )
    tilings = every_solution(compiled, lambda values: tuple(values["wall"][b] for b in borders))

    def walls(partition) -> tuple[int, ...]:
        """1 on the outline and between two parts ('h', r, c: above cell (r, c); 'v', r, c:
        left of it)."""
        owner = {cell: part for part in partition for cell in part}
        inner = {
            ("h", r, c) if axis == "h" else ("v", r, c): owner[(r, c)]
            != owner[(r - 1, c) if axis == "h" else (r, c - 1)]
            for axis in "hv"
            for r in range(axis == "h", rows)
            for c in range(axis == "v", columns)
        }
        return tuple(int(inner.get(b, True)) for b in borders)

    plain = {walls(p) for p in ell_tilings(rows, columns)}
    assert tilings == plain and len(plain) == count
    for tiling in tilings:
        values = {"wall": dict(zip(borders, tiling, strict=True))}
        assert Evaluator(loaded.genre, instance, values).violations() == []
    straight = [frozenset((r, c) for c in range(columns)) for r in range(rows)]
    values = {"wall": dict(zip(borders, walls(straight), strict=True))}
    assert Evaluator(loaded.genre, instance, values).violations()
