"""`each area of C: count(A) = 1 and size = E` under each lowering of `area`: on small grids
the model has exactly the evaluator's patterns (exact and `<=` sizes, a 0 clue, anchors that
may be outside C); `assign` refuses the bodies it cannot express; shipped puzzles solve to
their known answers."""

from __future__ import annotations

import pytest

from dslsolve.compiler import compile_model
from dslsolve.formulations import CHOICES, parse_formulation
from dslsolve.geometry import Grid

from helpers import (
    PUZZLES,
    accepted_patterns,
    every_native_solution,
    every_solution,
    genre_file,
    load_texts,
)

ISLANDS = """\
name: islands
input:
  clues: {type: grid, symbols: '?'}
variables:
  black: {type: bool}
define:
  white: not black
rules:
  - "RULE"
output:
  cell:
    - when: black
      symbol: "#"
    - show: clues
    - symbol: "."
"""

EXACT = "each area of white: count(clues is given) = 1 and size = sum(clues)"
AT_MOST = "each area of white: count(clues is given) = 1 and size <= sum(clues)"
# nurikabe's: exact for a number, up to the grid for a '?'
UNLESS = (
    "each area of white: count(clues is given) = 1 and size <= sum(clues where clues is number)"
    " + count(clues = '?') * rows * columns and (size = sum(clues where clues is number)"
    " or any(clues = '?'))"
)


def patterns(
    tmp_path, rule: str, grid: str, choice: str, native: bool = False, genre: str = ISLANDS
):
    """The black patterns of the model under `area=choice` (lazy cuts applied; `native`: by
    cpsat with the native globals, no cut needed) and those the evaluator accepts, by brute
    force; `genre`: the genre file, its RULE replaced by `rule`."""
    loaded, instance = load_texts(tmp_path, genre.replace("RULE", rule), f"clues:\n{grid}\n")
    cells = Grid(instance.rows, instance.columns).cells()
    shown = [(loaded.genre.variables[0], c) for c in cells]
    compiled = compile_model(loaded.genre, instance, parse_formulation([f"area={choice}"]), shown)
    solutions = every_native_solution if native else every_solution
    found = solutions(compiled, lambda values: tuple(values["black"][c] for c in cells))
    return found, accepted_patterns(loaded, instance, "black")


# mixed-layers differs from mixed-native only where an assigned anchor is layered (more than 7
# cells): test_the_layers_have_the_evaluators_patterns
@pytest.mark.parametrize("choice", [c for c in CHOICES["area"] if c != "mixed-layers"])
@pytest.mark.parametrize(
    ("rule", "grid", "count"),
    [
        (EXACT, "2..\n...\n..3", 12),  # clue cells may be black: no area holds them then
        (EXACT, "3..1\n....\n.2..", 21),  # two areas may not touch
        (EXACT, "0..\n.2.\n...", 5),  # the 0 is black; the 2 is too or takes a neighbour
        (AT_MOST, "2..\n...\n..2", 16),
        (AT_MOST, "1.0\n...\n3..", 13),
        (EXACT, "6..\n...\n..1", 17),
        (EXACT, "8...\n....\n.2..", 52),  # under mixed: the 8 assigned, the 2 enumerated
        (AT_MOST, "6..\n...\n.1.", 47),
        (UNLESS, "2..\n..?", 17),  # the 2 exact, the ? any size
    ],
)
def test_the_model_has_the_evaluators_patterns(tmp_path, choice, rule, grid, count):
    found, wanted = patterns(tmp_path, rule, grid, choice)
    assert found == wanted
    assert len(wanted) == count


# the clue cells always white, as in nurikabe: a cell next to one clue is never another's
# (`area.claimed`), and one next to two is in no area
WHITE_CLUES = '  - each cell where clues is given: white\n  - "RULE"'


@pytest.mark.parametrize(
    ("choice", "grid", "count"),
    [
        *((c, "3.2.\n....\n....", 3) for c in CHOICES["area"]),  # between the clues: black
        *((c, "2..3\n....\n..1.", 1) for c in CHOICES["area"]),
        ("mixed-layers", "8....\n.....\n...2.", 19),  # the 8 assigned and layered
        ("assign", "8....\n.....\n...2.", 19),
    ],
)
def test_cells_next_to_another_white_anchor_are_never_an_anchors(tmp_path, choice, grid, count):
    genre = ISLANDS.replace('  - "RULE"', WHITE_CLUES)
    found, wanted = patterns(tmp_path, EXACT, grid, choice, genre=genre)
    assert found == wanted
    assert len(wanted) == count


@pytest.mark.parametrize("choice", [c for c in CHOICES["area"] if c.endswith("native")])
@pytest.mark.parametrize(
    ("rule", "grid", "count"),
    [
        (EXACT, "3..1\n....\n.2..", 21),
        (EXACT, "8...\n....\n.2..", 52),
        (AT_MOST, "6..\n...\n.1.", 47),
    ],
)
def test_cpsat_with_the_native_islands_needs_no_cut(tmp_path, choice, rule, grid, count):
    """The islands declared as one rooted native global (roots: the anchors) keep every
    anchor's cells connected by themselves: cpsat's answers are the evaluator's with no cut."""
    found, wanted = patterns(tmp_path, rule, grid, choice, native=True)
    assert found == wanted
    assert len(wanted) == count


@pytest.mark.parametrize(
    ("rule", "grid", "count", "native"),
    [
        (EXACT, "8..\n...\n...", 9, False),  # the layers alone (cbc: no native global)
        (EXACT, "8...\n....\n.2..", 52, True),  # cbc takes 10 s over these 52 (mixed: 2.7)
        (AT_MOST, "8..\n...\n...", 101, True),
    ],
)
def test_the_layers_have_the_evaluators_patterns(tmp_path, rule, grid, count, native):
    """area=mixed-layers: an 8-cell anchor's cells joined to it by layers of reachability."""
    found, wanted = patterns(tmp_path, rule, grid, "mixed-layers", native)
    assert found == wanted
    assert len(wanted) == count


def test_the_native_islands_have_the_rows_of_their_lazy_lowering(tmp_path):
    loaded, instance = load_texts(
        tmp_path, ISLANDS.replace("RULE", EXACT), "clues:\n8...\n....\n.2..\n"
    )
    lazy, native = (
        compile_model(loaded.genre, instance, parse_formulation([f"area={choice}"]))
        for choice in ("mixed", "mixed-native")
    )
    assert str(native.model.problem) == str(lazy.model.problem)
    assert (len(lazy.model.natives), len(native.model.natives)) == (0, 1)


@pytest.mark.parametrize("choice", ["mixed", "assign"])
@pytest.mark.parametrize("grid", ["3..1\n....\n.2..", "8...\n....\n.2.."])
def test_without_a_question_mark_the_model_is_that_of_exact_sizes(tmp_path, choice, grid):
    """`size = F or D` where D is false at every anchor: the rows of `size = E` (one shape
    size, the assignment's `=`), not the weaker `size <= E`'s nor the anchored enumeration."""
    models = []
    for rule in (UNLESS, EXACT):
        loaded, instance = load_texts(tmp_path, ISLANDS.replace("RULE", rule), f"clues:\n{grid}\n")
        compiled = compile_model(loaded.genre, instance, parse_formulation([f"area={choice}"]))
        models.append(str(compiled.model.problem))
    assert models[0] == models[1]


def test_assign_refuses_a_body_that_says_more(tmp_path, run):
    rule = EXACT + " and count(clues = 2) <= 1"
    (tmp_path / "g.yaml").write_text(ISLANDS.replace("RULE", rule))
    (tmp_path / "p.txt").write_text("clues:\n2..\n...\n..3\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt", "--formulation", "area=assign")
    assert result.code == 2
    assert "area=assign takes a body of 'count(A) = 1' and 'size = E'" in result.err
    assert "choose --formulation area=anchored" in result.err
    assert "Traceback" not in result.err
    fine = run(tmp_path / "g.yaml", tmp_path / "p.txt", "--formulation", "area=anchored")
    assert fine.code == 0, fine.err


def test_assign_refuses_a_bound_that_other_cells_change(tmp_path, run):
    """`size = sum(clues)` counting one anchor: the other clues in reach change the sum."""
    rule = "each area of white: count(clues = 2) = 1 and size = sum(clues)"
    (tmp_path / "g.yaml").write_text(ISLANDS.replace("RULE", rule))
    (tmp_path / "p.txt").write_text("clues:\n21.\n...\n...\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt", "--formulation", "area=assign")
    assert result.code == 2
    assert "the size bound must depend on the anchor's input only" in result.err


@pytest.mark.parametrize(
    "puzzle", sorted(p for p in (PUZZLES / "nurikabe").glob("*.txt") if "solution" not in p.name)
)
def test_shipped_nurikabe_solves_to_its_answer_under_assign(run, puzzle):
    result = run(genre_file("nurikabe"), puzzle, "--formulation", "area=assign")
    assert result.code == 0, result.err
    assert result.out == puzzle.with_name(puzzle.stem + ".solution.txt").read_text()
