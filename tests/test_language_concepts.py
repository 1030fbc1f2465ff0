"""The concepts of docs/language.md that issue 20 added: a cell at an offset, absolute value and
exact division, box sizes from the grid, hidden unknowns. Each is pinned down by the solver and
the evaluator agreeing on every pattern of a small grid, and by answers worked out here."""

from __future__ import annotations

import itertools

import pytest
from test_semantics import SHADING

from dslsolve.compiler import compile_model
from dslsolve.compiler.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import accepted_patterns, every_solution, load_texts


def shading(*rules: str) -> str:
    return SHADING.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


def model_patterns(loaded, instance, options: tuple[str, ...] = ()) -> set[tuple[int, ...]]:
    """Every solution of the compiled model, as the 0/1 pattern of `black` in row-major order."""
    cells = Grid(instance.rows, instance.columns).cells()
    (black,) = (v for v in loaded.genre.variables if v.name == "black")
    every_cell = [(black, c) for c in cells]  # in the answer, read by a rule or not
    compiled = compile_model(loaded.genre, instance, parse_formulation(list(options)), every_cell)
    return every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))


# ---------------------------------------------------------------- a cell at an offset


def offset_walk(pattern: tuple[int, ...], rows: int, columns: int, steps: tuple[int, int]):
    """The black cells `steps` away from each cell (None off the grid), walked here."""
    out = {}
    for r, c in itertools.product(range(rows), range(columns)):
        there = (r + steps[0], c + steps[1])
        inside = 0 <= there[0] < rows and 0 <= there[1] < columns
        out[r, c] = pattern[there[0] * columns + there[1]] if inside else None
    return out


@pytest.mark.parametrize("steps", [(2, -1), (-1, 2), (0, 1), (1, 1)])
def test_a_cell_at_an_offset_is_one_cell_or_none_off_the_grid(tmp_path, steps):
    """A black cell with a number: the cell at the offset is black too (or off the grid, where
    `all` holds and `count` is 0); the model has exactly the patterns the evaluator accepts, and
    those are the ones a plain walk of the grid gives."""
    at = f"cell at ({steps[0]:+d}, {steps[1]:+d})"
    rules = (
        f"each cell where clues is given: black implies all(black of {at})",
        f"each cell where clues = 2: count({at} where not black) = 0 and black",
    )
    loaded, instance = load_texts(tmp_path, shading(*rules), "clues:\n1.2\n.1.\n2.1\n")
    accepted = accepted_patterns(loaded, instance, "black")
    clues = {(0, 0): 1, (0, 2): 2, (1, 1): 1, (2, 0): 2, (2, 2): 1}
    walked = set()
    for pattern in itertools.product((0, 1), repeat=9):
        there = offset_walk(pattern, 3, 3, steps)
        if all(
            (not pattern[r * 3 + c] or there[r, c] in (None, 1))
            and (clue != 2 or (pattern[r * 3 + c] and there[r, c] != 0))
            for (r, c), clue in clues.items()
        ):
            walked.add(pattern)
    assert accepted == walked
    assert model_patterns(loaded, instance) == accepted


def test_a_cell_at_an_offset_from_a_named_cell(tmp_path):
    """`from c` reads the offset from the named cell: two cells right of each numbered cell is
    black, counted inside an aggregate over the numbered cell's neighbours."""
    rules = (
        "each cell as c where clues is given: count(neighbours where any(black of cell at "
        "(0, 1) from c)) = 2",
        "count(black) = 1",
    )
    loaded, instance = load_texts(tmp_path, shading(*rules), "clues:\n1..\n...\n")
    accepted = accepted_patterns(loaded, instance, "black")
    assert accepted == {(0, 1, 0, 0, 0, 0)}
    assert model_patterns(loaded, instance) == accepted


def test_cell_at_starts_from_a_cell(tmp_path, run):
    path = tmp_path / "g.yaml"
    path.write_text(shading("each point: count(cell at (1, 1) where black) = 0"))
    (tmp_path / "p.txt").write_text("clues:\n..\n")
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2
    assert "g.yaml:10:24: error" in result.err and "'cell at' starts from a cell" in result.err
    path.write_text(shading("each cell: count(cell at (1, x) where black) = 0"))
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and "a number of steps such as +2, -1 or 0" in result.err
