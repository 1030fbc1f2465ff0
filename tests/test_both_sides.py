"""The rows implied when a set and its complement are both connected on a plane grid
(`lowerings/both_sides.py`): no checkerboard square, at most two colour changes along the
border. They must leave exactly the patterns that the evaluator accepts, and they must be in
the model before any lazy cut."""

from __future__ import annotations

import pytest

from dslsolve.backends import BACKENDS, SolveStatus
from dslsolve.compiler import compile_model
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import PUZZLES, accepted_patterns, every_solution, load_texts

# yin-yang without its 2x2 rules: black and white both connected, nothing else
BOTH = "".join(
    line
    for line in (PUZZLES / "yin_yang.yaml").read_text().splitlines(keepends=True)
    if "window" not in line
)


def compiled_model(tmp_path, genre: str, grid: str, options: list[str]):
    loaded, instance = load_texts(tmp_path, genre, grid)
    cells = Grid(instance.rows, instance.columns).cells()
    shown = [(loaded.genre.variables[0], c) for c in cells]
    compiled = compile_model(loaded.genre, instance, parse_formulation(options), shown)
    return loaded, instance, cells, compiled


@pytest.mark.parametrize("grid", ["circles:\n...\n...\n...\n", "circles:\nb...\n....\n...w\n"])
def test_the_face_rows_keep_every_pattern_the_evaluator_accepts(tmp_path, grid):
    """The rows are the same under either lowering of `connected`: tested under `lazy`."""
    loaded, instance, cells, compiled = compiled_model(tmp_path, BOTH, grid, [])
    found = every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))
    assert found == accepted_patterns(loaded, instance, "black")


def solvable_without_cuts(tmp_path, pattern: str, options: list[str], genre=BOTH) -> bool:
    """Whether the model's rows before any lazy cut admit the black pattern (`#` black)."""
    rows = pattern.split()
    key = "circles" if genre == BOTH else "clues"
    grid = f"{key}:\n" + "\n".join("." * len(row) for row in rows) + "\n"
    _, _, cells, compiled = compiled_model(tmp_path, genre, grid, options)
    black = {(r, c): rows[r][c] == "#" for r, c in cells}
    for (r, c), variable in zip(cells, compiled.decision_binaries(None), strict=True):
        assert variable.name == f"black_{r}_{c}"
        compiled.model.add(variable == int(black[r, c]))
    return BACKENDS["cbc"].solve(compiled.model.problem, None) == SolveStatus.SOLVED


@pytest.mark.parametrize(
    "pattern",
    [
        ".... ..#. ..#. ##..",  # a checkerboard square (and no cell alone)
        ".#. .#. .#.",  # four changes around the border (and no checkerboard)
    ],
)
def test_the_rows_cut_a_crossing_before_any_round(tmp_path, pattern):
    assert not solvable_without_cuts(tmp_path, pattern, ["connected=lazy"])
    assert solvable_without_cuts(tmp_path, pattern, ["connected=lazy", "planar=none"])


def test_no_face_rows_when_cells_touch_at_corners(tmp_path, run):
    """Diagonal adjacency is not plane: there a checkerboard is connected both ways."""
    for genre, code in (
        (BOTH.replace("cells connected", "cells connected diagonally"), 0),
        (BOTH, 1),
    ):
        (tmp_path / "g.yaml").write_text(genre)
        (tmp_path / "p.txt").write_text("circles:\nbw\nwb\n")
        assert run(tmp_path / "g.yaml", tmp_path / "p.txt").code == code


# cave without its counts: a clue is white, white connected, black connected to the border
CAVE = "".join(
    line
    for line in (PUZZLES / "cave.yaml").read_text().splitlines(keepends=True)
    if "rays" not in line
)


def test_a_set_rooted_on_the_border_and_its_connected_complement_have_no_checkerboard(tmp_path):
    loaded, instance, cells, compiled = compiled_model(
        tmp_path, CAVE, "clues:\n1..\n...\n..1\n", []
    )
    found = every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))
    assert found == accepted_patterns(loaded, instance, "black")
    square = ".... ..#. ..#. ##.."
    assert not solvable_without_cuts(tmp_path, square, ["connected=lazy"], CAVE)
    assert solvable_without_cuts(tmp_path, square, ["connected=lazy", "planar=none"], CAVE)
    # the border may change colour more than twice: black cells on it are each rooted
    assert solvable_without_cuts(tmp_path, "#.# ... #.#", ["connected=lazy"], CAVE)
