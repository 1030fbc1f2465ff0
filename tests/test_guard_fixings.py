"""`each KIND where VAR: BODY` fixes VAR false where the puzzle makes BODY false whatever the
unknowns are (compiler/fixings.py): such a VAR is a constant, not a model variable, and the
answers stay the evaluator's."""

from __future__ import annotations

from dslsolve.compiler import compile_model
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import grid_of
from dslsolve.ir import ElementKind
from dslsolve.output import parse_solution
from dslsolve.solve import solve_puzzle

from helpers import PUZZLES, genre_file, solution_file

EXAMPLE = PUZZLES / "tents" / "example.txt"


def _tents():
    loaded = load_genre(str(genre_file("tents")))
    instance = read_puzzle(str(EXAMPLE), loaded)
    return loaded, instance


def _tree(instance, cell) -> bool:
    return instance.grids["trees"].get(cell) == "T"


def test_a_tie_with_no_tree_at_either_end_is_fixed_false_and_no_other_is():
    loaded, instance = _tents()
    compiled = compile_model(loaded.genre, instance, parse_formulation([]))
    fixed = compiled.lowerer.fixed.get("tie", {})
    grid = grid_of(instance.rows, instance.columns)
    links = grid.elements(ElementKind.LINK)
    treeless = {
        link
        for link in links
        if not any(_tree(instance, cell) for cell in grid.ends(ElementKind.LINK, link))
    }
    assert treeless and len(treeless) < len(links)
    assert fixed == dict.fromkeys(treeless, False)
    names = {v.name for v in compiled.model.problem.variables()}
    assert sum(name.startswith("tie_") for name in names) == len(links) - len(treeless)


def test_the_fixed_ties_keep_the_known_answer():
    loaded, instance = _tents()
    outcome = solve_puzzle(loaded, instance, parse_formulation([]), unique=True)
    assert outcome.unique and not outcome.violations
    known = parse_solution(loaded, instance, solution_file(EXAMPLE).read_text(), "known")
    assert all(
        outcome.assignment[var][element] == value
        for var, values in known.items()
        for element, value in values.items()
    )
