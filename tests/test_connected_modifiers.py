"""`C cells connected [diagonally] [to R] [via V]` (dslsolve/constructs/connected): the
modifiers combine in one form. `diagonally to R` (the rooted lowering on the relation
`around`) and `to R via V` (the rooted form of `linked.py`) lower: on small grids their models
have exactly the answers that the evaluator accepts; `diagonally via` is refused at load with
a located message naming the combination."""

from __future__ import annotations

import itertools

import pytest
from test_connected_cuts import ROOTED, SPLIT_ROOMS, black_patterns

from dslsolve.compiler import compile_model
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import accepted_patterns, every_native_solution, every_solution, load_texts

DIAGONALLY_TO = "black cells connected diagonally to marks = 'r'"
GENRE = ROOTED.replace("black cells connected to marks = 'r'", "RULE")
LINKED = GENRE.replace(
    "  black: {type: bool}", "  black: {type: bool}\n  line: {type: bool, on: links}"
)
MARKS = "marks:\nr.w\n...\nw.r\n"


def patterns(tmp_path, rule: str, choice: str) -> tuple[set, set]:
    """The black patterns of the model under `connected=choice` (cpsat with its native global
    for `native`, cbc with the lazy cuts applied otherwise) and those the evaluator accepts."""
    loaded, instance = load_texts(tmp_path, GENRE.replace("RULE", rule), MARKS)
    cells = Grid(instance.rows, instance.columns).cells()
    shown = [(loaded.genre.variables[0], c) for c in cells]
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([f"connected={choice}"]), shown
    )

    def key(values):
        return tuple(values["black"][c] for c in cells)

    solve = every_native_solution if choice == "native" else every_solution
    return solve(compiled, key), accepted_patterns(loaded, instance, "black")


@pytest.mark.parametrize("choice", ["lazy", "flow", "native"])
def test_cells_connected_diagonally_to_roots_have_the_evaluators_patterns(tmp_path, choice):
    found, wanted = patterns(tmp_path, DIAGONALLY_TO, choice)
    assert found == wanted
    assert (1, 0, 0, 0, 1, 0, 0, 0, 0) in wanted  # r2c2 joined to the root r1c1 at a corner
    assert (1, 0, 0, 0, 0, 1, 0, 0, 0) not in wanted  # r2c3 two steps from r1c1, r3c3 white
    assert (0, 0, 0, 0, 1, 0, 0, 0, 1) in wanted  # to r3c3
    assert (1, 0, 0, 0, 0, 0, 0, 0, 1) in wanted  # two parts, each with its root
    _, orthogonal = patterns(tmp_path, "black cells connected to marks = 'r'", "flow")
    assert (1, 0, 0, 0, 1, 0, 0, 0, 0) not in orthogonal


def test_check_names_a_part_that_reaches_no_root_diagonally(tmp_path, run):
    (tmp_path / "g.yaml").write_text(GENRE.replace("RULE", DIAGONALLY_TO))
    (tmp_path / "p.txt").write_text(MARKS)
    (tmp_path / "s.txt").write_text("r . w\n. . #\nw . r\n")
    result = run("check", tmp_path / "g.yaml", tmp_path / "p.txt", tmp_path / "s.txt")
    assert result.code == 1
    assert DIAGONALLY_TO in result.out
    assert "a part joined to no cell where the condition after 'to' holds: r2c3" in result.out


@pytest.mark.parametrize("choice", ["lazy", "flow"])
def test_cells_connected_diagonally_within_each_group_have_the_evaluators_patterns(
    tmp_path, choice
):
    """`diagonally` in the body of an `each` over groups: the white cells of each room are
    joined through that room's cells, corners included."""
    genre = SPLIT_ROOMS.replace("white cells connected", "white cells connected diagonally")
    found, wanted = black_patterns(tmp_path, genre, "rooms:\nab\nba\n", choice)
    assert found == wanted
    assert (0, 0, 0, 0) in wanted  # r1c1 and r2c2 touch at a corner, and so do the b cells
    _, orthogonal = black_patterns(tmp_path, SPLIT_ROOMS, "rooms:\nab\nba\n", choice)
    assert (0, 0, 0, 0) not in orthogonal


LINKED_TO = """\
name: linked
input:
  marks: {type: grid, symbols: r o}
variables:
  line: {type: bool, on: links}
  light: {type: bool, hidden: true}
rules:
  - "each cellLIT: not light"
  - marks is given cells connected to ROOT via line
output:
  cell:
    - links: line
"""


@pytest.mark.parametrize("choice", ["lazy", "flow"])
@pytest.mark.parametrize(
    ("root", "marks"), [("marks = 'r'", "marks:\nr.o\no.r\n"), ("light", "marks:\nro\n.o\n")]
)
def test_cells_connected_to_roots_via_links_have_the_evaluators_answers(
    tmp_path, choice, root, marks
):
    """Each given cell is joined by used links, through any cell, to a given root: an `r`, or
    (`light`, unknown) a lit given cell."""
    lit = " where not (marks is given)" if root == "light" else ""  # else no light at all
    genre = LINKED_TO.replace("ROOT", root).replace("LIT", lit)
    loaded, instance = load_texts(tmp_path, genre, marks)
    grid = Grid(instance.rows, instance.columns)
    links, cells = grid.links(), grid.cells()
    compiled = compile_model(loaded.genre, instance, parse_formulation([f"connected={choice}"]))

    def key(values):
        return tuple(values["line"][e] for e in links), tuple(values["light"][c] for c in cells)

    found = every_solution(compiled, key)
    wanted = set()
    for used in itertools.product((0, 1), repeat=len(links)):
        for lit in itertools.product((0, 1), repeat=len(cells)):
            values = {
                "line": dict(zip(links, used, strict=True)),
                "light": dict(zip(cells, lit, strict=True)),
            }
            if not Evaluator(loaded.genre, instance, values).violations():
                wanted.add((used, lit))
    assert found == wanted
    unlit = (0,) * len(cells)
    if root == "light":  # r1c1 r1c2 r2c2 joined and one of them lit; or each lit alone
        assert len({lit for _, lit in wanted}) == 7
        assert ((0, 0, 0, 0), (1, 1, 0, 1)) in wanted and ((0, 0, 0, 0), (1, 1, 0, 0)) not in wanted
    else:  # every o joined to an r, possibly through an empty cell
        assert ((0, 0, 0, 0, 1, 0, 1), unlit) in wanted  # r1c1-r2c1, r1c3-r2c3
        assert ((1, 0, 0, 0, 0, 0, 0), unlit) not in wanted  # r2c1 and r1c3 alone


@pytest.mark.parametrize(
    ("rule", "combination"),
    [
        ("black cells connected diagonally via line", "diagonally via"),
        ("black cells connected diagonally to marks = 'r' via line", "diagonally to ... via"),
    ],
)
def test_diagonally_via_is_refused_where_it_is_written(tmp_path, run, rule, combination):
    (tmp_path / "g.yaml").write_text(LINKED.replace("RULE", rule))
    (tmp_path / "p.txt").write_text(MARKS)
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2
    assert f"'connected {combination}' is not in the language" in result.err, result.err
    column = rule.index("via line") + 4 + 5  # the variable, in the rule's `  - ` line
    assert f"g.yaml:9:{column}: error" in result.err, result.err
    assert "write 'C cells connected via V' or 'C cells connected diagonally'" in result.err


def test_to_inside_each_group_stays_a_rule_of_its_own(tmp_path, run):
    rule = "each cell: black cells connected diagonally to marks = 'r'"
    (tmp_path / "g.yaml").write_text(GENRE.replace("RULE", rule))
    (tmp_path / "p.txt").write_text(MARKS)
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2
    assert "'connected' must be a rule of its own" in result.err
