"""`C cells connected` under `connected=lazy`: the cut of a single vertex is in the model before
the first solve (`connected._alone_cuts`), and it never cuts off a set that is connected; and
`C cells connected diagonally`, where cells that touch at a corner are joined too."""

from __future__ import annotations

import itertools

import pytest

from dslsolve import ir
from dslsolve.compiler import compile_model
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import PUZZLES, accepted_patterns, every_solution, load_texts

SHADING = """\
name: shading
input:
  clues: {type: grid, symbols: '#'}
variables:
  black: {type: bool}
define:
  white: not black
rules:
  - "each cell: black = (clues is given)"
  - white cells connected
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""

OPEN = """\
name: open
input:
  clues: {type: grid, symbols: '#'}
variables:
  black: {type: bool}
define:
  white: not black
rules:
  - "each cell where clues is given: black"
  - white cells connected
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""


def write(tmp_path, genre: str, grid: str):
    (tmp_path / "g.yaml").write_text(genre)
    (tmp_path / "p.txt").write_text(f"clues:\n{grid}\n")
    return tmp_path / "g.yaml", tmp_path / "p.txt"


def black_patterns(tmp_path, genre: str, grid: str, choice: str):
    """The black patterns of the model under `connected=choice` (lazy cuts applied) and those
    the evaluator accepts, by brute force."""
    loaded, instance = load_texts(tmp_path, genre, grid)
    cells = Grid(instance.rows, instance.columns).cells()
    black = loaded.genre.variables[0]
    formulation = parse_formulation([f"connected={choice}"])
    compiled = compile_model(loaded.genre, instance, formulation, [(black, c) for c in cells])
    found = every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))
    return found, accepted_patterns(loaded, instance, "black")


def test_each_vertex_is_cut_off_from_being_alone_with_its_first_diagonal(tmp_path):
    genre, grid = write(tmp_path, OPEN, "...\n...\n...")
    loaded = load_genre(str(genre))
    compiled = compile_model(
        loaded.genre, read_puzzle(str(grid), loaded), parse_formulation(["connected=lazy"])
    )
    rows = [{v.name for v in c} for c in compiled.model.problem.constraints.values()]
    # r2c2: its four neighbours against itself and r1c1 (white = 1 - black)
    centre = {"black_1_1", "black_0_1", "black_1_0", "black_1_2", "black_2_1", "black_0_0"}
    assert centre in rows
    # r1c1 has two neighbours and its partner r2c2
    assert {"black_0_0", "black_0_1", "black_1_0", "black_1_1"} in rows
    assert len(rows) == 9  # one per cell; `connected=flow` posts none of them
    compiled = compile_model(
        loaded.genre, read_puzzle(str(grid), loaded), parse_formulation(["connected=flow"])
    )
    assert centre not in [{v.name for v in c} for c in compiled.model.problem.constraints.values()]


def test_a_single_chosen_cell_is_connected_and_two_diagonal_ones_are_not(tmp_path, run):
    genre, grid = write(tmp_path, SHADING, "###\n#.#\n###")
    result = run(genre, grid)
    assert (result.code, result.out) == (0, "# # #\n# . #\n# # #\n")
    genre, grid = write(tmp_path, SHADING, ".##\n#.#\n###")
    assert run(genre, grid).code == 1
    genre, grid = write(tmp_path, SHADING, "..#\n#.#\n###")
    assert run(genre, grid).code == 0


DIAGONAL = OPEN.replace("white cells connected", "black cells connected diagonally")


@pytest.mark.parametrize("choice", ["lazy", "flow"])
def test_cells_connected_diagonally_may_touch_at_a_corner(tmp_path, run, choice):
    fixed = SHADING.replace("white cells connected", "black cells connected diagonally")
    option = f"connected={choice}"
    genre, grid = write(tmp_path, fixed, "#.#\n.#.\n#..")
    assert run(genre, grid, "--formulation", option).code == 0
    genre, grid = write(tmp_path, fixed, "#..\n...\n.##")  # r1c1 is two steps away
    assert run(genre, grid, "--formulation", option).code == 1
    plain = SHADING.replace("white cells connected", "black cells connected")
    genre, grid = write(tmp_path, plain, "#.#\n.#.\n#..")
    assert run(genre, grid, "--formulation", option).code == 1  # orthogonally: five parts


def test_the_flow_model_of_diagonal_connectivity_has_the_evaluators_patterns(tmp_path):
    found, wanted = black_patterns(tmp_path, DIAGONAL, "clues:\n...\n...\n#.#\n", "flow")
    assert found == wanted  # 2^7 patterns
    assert (0, 0, 0, 0, 1, 0, 1, 0, 1) in wanted and (0, 0, 0, 0, 0, 0, 1, 0, 1) not in wanted


def test_check_names_the_part_cut_off_from_the_diagonally_connected_cells(tmp_path, run):
    genre, grid = write(tmp_path, DIAGONAL, "#..\n...\n..#")
    (tmp_path / "s.txt").write_text("# . .\n. . .\n. # #\n")
    result = run("check", genre, grid, tmp_path / "s.txt")
    assert result.code == 1
    assert "black cells connected diagonally" in result.out
    assert "a part cut off from the largest (2 parts): r1c1" in result.out


ROOTED = """\
name: rooted
input:
  marks: {type: grid, symbols: r w}
variables:
  black: {type: bool}
rules:
  - "each cell where marks = 'w': not black"
  - black cells connected to marks = 'r'
output:
  cell:
    - when: black
      symbol: "#"
    - show: marks
    - symbol: "."
"""


@pytest.mark.parametrize("choice", ["lazy", "flow"])
def test_cells_connected_to_roots_have_the_evaluators_patterns(tmp_path, choice):
    """Each part of the black cells holds a black root cell `r`; several parts may."""
    found, wanted = black_patterns(tmp_path, ROOTED, "marks:\nr.w\n.w.\nw.r\n", choice)
    assert found == wanted
    two_parts = (1, 1, 0, 0, 0, 0, 0, 0, 1)
    assert two_parts in wanted and (0, 1, 0, 0, 0, 0, 0, 0, 1) not in wanted  # r1c2 alone


def test_a_rootless_part_is_cut_on_the_side_where_a_root_may_be(tmp_path):
    """Black r1c3 alone in `r....`: its cut names r1c2 (towards the root r1c1), not r1c4,
    behind which no cell may be a root."""
    loaded, instance = load_texts(tmp_path, ROOTED, "marks:\nr....\n")
    compiled = compile_model(loaded.genre, instance, parse_formulation(["connected=lazy"]))
    for variable in compiled.decision_binaries(None):
        variable.varValue = int(variable.name == "black_0_2")
    cuts = [cut for separate in compiled.model.separators for cut in separate()]
    assert [sorted((v.name, c) for v, c in cut.items()) for cut in cuts] == [
        [("black_0_1", 1), ("black_0_2", -1)]
    ]


ROOTED_BY_UNKNOWNS = (
    ROOTED.replace(
        "black cells connected to marks = 'r'", "black cells connected to light\n  - light <= black"
    )
    .replace("  black: {type: bool}", "  black: {type: bool}\n  light: {type: bool}")
    .replace("    - show: marks", '    - when: light\n      symbol: "+"\n    - show: marks')
)


@pytest.mark.parametrize("choice", ["lazy", "flow"])
def test_a_root_may_depend_on_the_unknowns(tmp_path, choice):
    """A root is a black cell where `light` holds (lights only on black cells): on an L of
    three cells, the solutions are exactly the (black, light) patterns that the evaluator
    accepts."""
    loaded, instance = load_texts(tmp_path, ROOTED_BY_UNKNOWNS, "marks:\n..\n.w\n")
    cells = Grid(2, 2).cells()
    black, light = loaded.genre.variables
    shown = [(v, c) for v in (black, light) for c in cells]
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([f"connected={choice}"]), shown
    )

    def key(values):
        return tuple(values["black"][c] for c in cells), tuple(values["light"][c] for c in cells)

    found = every_solution(compiled, key)
    wanted = set()
    for pattern in itertools.product((0, 1), repeat=2 * len(cells)):
        values = {
            "black": dict(zip(cells, pattern[: len(cells)], strict=True)),
            "light": dict(zip(cells, pattern[len(cells) :], strict=True)),
        }
        if not Evaluator(loaded.genre, instance, values).violations():
            wanted.add((pattern[: len(cells)], pattern[len(cells) :]))
    assert found == wanted
    assert ((1, 1, 0, 0), (0, 1, 0, 0)) in wanted
    assert ((0, 1, 1, 0), (0, 1, 0, 0)) not in wanted  # r2c1 is a part of its own, unlit
    assert len(wanted) == 18  # an empty board; three, six, one and seven with 1, 2 (2x), 3 cells


def test_check_names_a_part_that_reaches_no_root(tmp_path, run):
    (tmp_path / "g.yaml").write_text(ROOTED)
    (tmp_path / "p.txt").write_text("marks:\nr.w\n.w.\nw..\n")
    (tmp_path / "s.txt").write_text("# . w\n. w #\nw . #\n")
    result = run("check", tmp_path / "g.yaml", tmp_path / "p.txt", tmp_path / "s.txt")
    assert result.code == 1
    assert "a part joined to no cell where the condition after 'to' holds: r2c3, r3c3" in result.out
    assert run(tmp_path / "g.yaml", tmp_path / "p.txt", "--unique").code == 0


SPLIT_ROOMS = """\
name: rooms
input:
  rooms: {type: grid, symbols: any}
variables:
  black: {type: bool}
define:
  white: not black
rules:
  - "each region of rooms: white cells connected"
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""


@pytest.mark.parametrize("choice", ["lazy", "flow"])
def test_a_room_in_two_pieces_is_connected_within_each(tmp_path, choice):
    """Room a is r1c1 and r1c3, apart: its white cells are connected only if there is at most
    one. No row holds its cells' variables until a cut does; the lazy check read `white` there
    as 0 (a variable without a value made PuLP's value None) and let both cells be white."""
    found, wanted = black_patterns(tmp_path, SPLIT_ROOMS, "rooms:\naba\n", choice)
    assert found == wanted
    assert (0, 0, 0) not in wanted and (0, 0, 1) in wanted


def test_a_component_is_cut_on_the_separator_that_faces_the_other(tmp_path):
    """White r2c2 and r1c1 in a 3x3 of black (in a first answer): the cut of r2c2 names only
    r1c2 and r2c1, its neighbours that r1c1 reaches without passing through another of them,
    not all four; and r1c1's cut names the same two (its whole neighbourhood)."""
    loaded, instance = load_texts(tmp_path, OPEN, "clues:\n...\n...\n...\n")
    compiled = compile_model(loaded.genre, instance, parse_formulation(["connected=lazy"]))
    for variable in compiled.decision_binaries(None):
        variable.varValue = 0 if variable.name in ("black_0_0", "black_1_1") else 1
    cuts = [cut for separate in compiled.model.separators for cut in separate()]
    assert (
        sorted(sorted(v.name for v in cut) for cut in cuts)
        == [["black_0_0", "black_0_1", "black_1_0", "black_1_1"]] * 2
    )
    assert all(cut.constant == 1 and sorted(cut.values()) == [-1, -1, 1, 1] for cut in cuts)


BORDER = ir.ElementKind.BORDER
LOOP = (PUZZLES / "slitherlink.yaml").read_text()


@pytest.mark.parametrize("grid", ["clues:\n. . .\n. . .\n", "clues:\n2 . 2\n. . .\n"])
def test_the_lazy_loop_cuts_keep_exactly_the_evaluators_loops(tmp_path, grid):
    """On 3x4 points two separate squares can be an answer that the cycle cuts (on the edges
    between a cycle and the region of another) must remove; every single loop must stay."""
    loaded, instance = load_texts(tmp_path, LOOP, grid)
    borders = Grid(instance.rows, instance.columns).borders()
    compiled = compile_model(loaded.genre, instance, parse_formulation(["loop=lazy"]))
    found = every_solution(compiled, lambda values: tuple(values["line"][b] for b in borders))
    grid_of = Grid(instance.rows, instance.columns)
    position = {b: i for i, b in enumerate(borders)}
    incident = [[position[b] for b in grid_of.incident(BORDER, p)] for p in grid_of.points()]
    wanted = set()
    for pattern in itertools.product((0, 1), repeat=len(borders)):
        if any(sum(pattern[i] for i in around) not in (0, 2) for around in incident):
            continue  # a branch or a dead end: no loop (saves the evaluator 90% of the calls)
        used = dict(zip(borders, pattern, strict=True))
        if not Evaluator(loaded.genre, instance, {"line": used}).violations():
            wanted.add(pattern)
    assert found == wanted
    assert len(wanted) > 1


PATHS = (PUZZLES / "numberlink.yaml").read_text()


def test_the_lazy_path_cuts_keep_exactly_the_evaluators_paths(tmp_path):
    """1 at r1c1 and r3c1: a square of four cells on the right may close a cycle beside the
    path, which the cycle cuts must remove; every path of the evaluator must stay."""
    loaded, instance = load_texts(tmp_path, PATHS, "numbers:\n1..\n...\n1..\n")
    grid = Grid(instance.rows, instance.columns)
    links = grid.links()
    compiled = compile_model(loaded.genre, instance, parse_formulation(["paths=lazy"]))
    found = every_solution(compiled, lambda values: tuple(values["line"][b] for b in links))
    wanted = set()
    for pattern in itertools.product((0, 1), repeat=len(links)):
        used = dict(zip(links, pattern, strict=True))
        if not Evaluator(loaded.genre, instance, {"line": used}).violations():
            wanted.add(pattern)
    assert found == wanted
    assert len(wanted) > 1


def test_a_cycle_is_cut_on_the_edges_towards_the_ends(tmp_path):
    """A cycle on the eight cells around r3c3 of a 5x5: its cuts leave out the four links to
    r3c3, which no path to an end can use to leave the cycle."""
    loaded, instance = load_texts(tmp_path, PATHS, "numbers:\n1...1\n.....\n.....\n.....\n.....\n")
    compiled = compile_model(loaded.genre, instance, parse_formulation(["paths=lazy"]))
    ring = {(r, c) for r in (1, 2, 3) for c in (1, 2, 3)} - {(2, 2)}
    lines = compiled.lowerer.encodings["line"]
    for link, variable in lines.items():
        a, b = Grid(5, 5).ends(ir.ElementKind.LINK, link)
        on_ring = a in ring and b in ring and (a[0] == b[0] or a[1] == b[1])
        variable.varValue = int(on_ring and (2, 2) not in (a, b))
    cuts = [cut for separate in compiled.model.separators for cut in separate()]
    inner = {lines[link].name for link in Grid(5, 5).incident(ir.ElementKind.LINK, (2, 2))}
    assert len(cuts) == 8  # one per cell of the cycle
    # the 12 links out of the 3x3 block and d_s; not the 4 links into r3c3
    assert all(not inner & {v.name for v in cut} and len(cut) == 13 for cut in cuts)


def test_fractional_cuts_separate_a_fractional_point_and_keep_every_connected_set(tmp_path):
    """`connected.fractional_cuts` (offered in `fractional_separators`) on fractional values:
    each cut it returns is violated there and holds for every pattern the evaluator accepts."""
    loaded, instance = load_texts(tmp_path, OPEN, "clues:\n...\n...\n...\n")
    cells = Grid(3, 3).cells()
    compiled = compile_model(loaded.genre, instance, parse_formulation(["connected=lazy"]))
    binaries = dict(zip(cells, compiled.decision_binaries(None), strict=True))
    accepted = accepted_patterns(loaded, instance, "black")
    points = [  # black values, and how many cuts they call for
        # white r1c1 and r3c3, the rest half white: every separator weighs 1 at least
        ({c: 0.0 if c in ((0, 0), (2, 2)) else 0.5 for c in cells}, 0),
        # a white column on each side, the middle one 0.3 white: cut against each left cell
        ({c: 0.0 if c[1] != 1 else 0.7 for c in cells}, 3),
    ]
    for point, count in points:
        for cell, value in point.items():
            binaries[cell].varValue = value
        cuts = [cut for separate in compiled.model.fractional_separators for cut in separate()]
        assert len(cuts) == count
        assert all(cut.value() < -1e-6 for cut in cuts)  # violated at the point
        for pattern in accepted:
            for cell, value in zip(cells, pattern, strict=True):
                binaries[cell].varValue = value
            assert all(cut.value() >= 0 for cut in cuts)
