"""`C cells connected without loops` (dslsolve/constructs/connected, the rows of
dslsolve/compiler/lowerings/tree.py): the cells form one tree. On small grids the model's
patterns are exactly those the evaluator accepts, under every lowering of connectivity, with
`diagonally`, within each group and behind a guard; `check` names the cells of a loop; `to`
and `via` with it are refused where they are written."""

from __future__ import annotations

import pytest
from test_connected_cuts import OPEN, SPLIT_ROOMS, black_patterns

from dslsolve.compiler import compile_model
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import accepted_patterns, every_native_solution, load_texts

TREE = OPEN.replace("white cells connected", "white cells connected without loops")


RING = TREE.replace("symbols: '#'", "symbols: '# o'").replace(
    "each cell where clues is given: black", "each cell where clues is given: black = (clues = '#')"
)


@pytest.mark.parametrize("choice", ["lazy", "flow", "hybrid"])
def test_white_cells_form_a_tree_as_the_evaluator_says(tmp_path, choice):
    """In an open 2x3 grid each 2x2 block of white cells closes a loop; around a black
    centre the eight white cells of a ring do (`o`: a given white cell)."""
    found, wanted = black_patterns(tmp_path, TREE, "clues:\n...\n...\n", choice)
    assert found == wanted
    assert (0, 0, 1, 0, 0, 1) not in wanted and (0, 0, 1, 0, 1, 0) not in wanted  # 2x2 blocks
    assert (0, 1, 0, 0, 0, 0) in wanted  # a U of five cells
    assert (1, 1, 1, 1, 1, 1) in wanted  # no white cell is a tree of none
    found, wanted = black_patterns(tmp_path, RING, "clues:\noo.\no#o\n.oo\n", choice)
    assert found == wanted
    assert (0, 0, 0, 0, 1, 0, 0, 0, 0) not in wanted  # the ring around r2c2
    assert (0, 0, 1, 0, 1, 0, 0, 0, 0) in wanted  # the ring cut at r1c3: a path of seven
    assert (0, 0, 1, 0, 1, 0, 1, 0, 0) not in wanted  # two parts


def test_the_native_global_keeps_the_trees(tmp_path):
    loaded, instance = load_texts(tmp_path, TREE, "clues:\n...\n...\n")
    cells = Grid(2, 3).cells()
    shown = [(loaded.genre.variables[0], c) for c in cells]
    compiled = compile_model(loaded.genre, instance, parse_formulation(["connected=native"]), shown)
    found = every_native_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))
    assert found == accepted_patterns(loaded, instance, "black")


@pytest.mark.parametrize("choice", ["lazy", "flow"])
def test_a_diagonal_tree_has_no_loop_through_corners(tmp_path, choice):
    genre = TREE.replace("without loops", "diagonally without loops")
    found, wanted = black_patterns(tmp_path, genre, "clues:\n..\n..\n", choice)
    assert found == wanted
    assert (0, 0, 0, 1) not in wanted  # three cells all touching: a triangle of corners
    assert (0, 1, 1, 0) in wanted  # r1c1 and r2c2 touch at a corner
    _, orthogonal = black_patterns(tmp_path, TREE, "clues:\n..\n..\n", choice)
    assert (0, 0, 0, 1) in orthogonal and (0, 1, 1, 0) not in orthogonal


@pytest.mark.parametrize("choice", ["lazy", "flow"])
def test_each_room_holds_a_tree(tmp_path, choice):
    genre = SPLIT_ROOMS.replace("white cells connected", "white cells connected without loops")
    found, wanted = black_patterns(tmp_path, genre, "rooms:\naab\nabb\n", choice)
    assert found == wanted
    assert (0, 0, 0, 0, 0, 0) in wanted  # each room's three cells a path, though the grid's
    # white cells close two 2x2 loops across the rooms


GUARDED = SPLIT_ROOMS.replace(
    "each region of rooms: white cells connected",
    "each region of rooms where count(black) = 0: white cells connected without loops",
)


@pytest.mark.parametrize("choice", ["lazy", "flow"])
def test_a_guarded_tree_binds_only_where_the_guard_holds(tmp_path, choice):
    found, wanted = black_patterns(tmp_path, GUARDED, "rooms:\naab\naab\n", choice)
    assert found == wanted
    assert (1, 0, 0, 0, 0, 0) in wanted  # room a holds a black cell: room b is a tree
    assert (0, 0, 1, 0, 0, 1) not in wanted  # room a all white closes a loop
    assert (0, 1, 0, 0, 0, 0) in wanted  # room a's black cell lifts the rule there


def test_check_names_the_cells_that_close_a_loop(tmp_path, run):
    (tmp_path / "g.yaml").write_text(TREE)
    (tmp_path / "p.txt").write_text("clues:\n....\n....\n")
    (tmp_path / "s.txt").write_text(". . . .\n. . # #\n")
    result = run("check", tmp_path / "g.yaml", tmp_path / "p.txt", tmp_path / "s.txt")
    assert result.code == 1
    assert "white cells connected without loops" in result.out
    assert "cells that close a loop: r1c1, r1c2, r2c1, r2c2" in result.out, result.out


@pytest.mark.parametrize(
    ("rule", "modifier", "at"),
    [
        ("white cells connected without loops to clues is given", "to", "clues"),
        ("white cells connected without loops via line", "via", "line"),
    ],
)
def test_without_loops_to_or_via_is_refused_where_it_is_written(tmp_path, run, rule, modifier, at):
    genre = TREE.replace("white cells connected without loops", rule).replace(
        "  black: {type: bool}", "  black: {type: bool}\n  line: {type: bool, on: links}"
    )
    (tmp_path / "g.yaml").write_text(genre)
    (tmp_path / "p.txt").write_text("clues:\n..\n..\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2
    assert f"'connected without loops {modifier}' is not in the language" in result.err
    line = genre.splitlines().index(f"  - {rule}") + 1
    assert f"g.yaml:{line}:{rule.index(at) + 5}: error" in result.err, result.err
