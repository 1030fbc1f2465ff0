"""`alldifferent=native`: over integers (`domain=integer`) the members are an `AllDifferent`
native global, which cpsat posts as its own constraint (no value indicators, no rows); the
other backends get the one-hot rows over value indicators made for them before their session
opens (members without value indicators: the pairs that share a value cut in rounds). Either
way the answers are the known solutions, which the evaluator accepts; and `--unique` sees the
integers' values, whose binaries are made only for the no-good, after the session was opened."""

from __future__ import annotations

import pytest

from dslsolve.answer import ground
from dslsolve.backends import SolveStatus
from dslsolve.compiler import compile_model
from dslsolve.compiler.lowerings import alldifferent
from dslsolve.compiler.model import AllDifferent
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.formulations import parse_formulation
from dslsolve.output import render
from dslsolve.solve import determined_values, solve_puzzle

from helpers import PUZZLES, genre_file, instances, solution_file

NATIVE = parse_formulation(["domain=integer", "alldifferent=native"])
# the genres whose alldifferent members are all integers in every cell: native applies
GENRES = ("sudoku", "kakuro", "futoshiki", "skyscrapers")
NATIVE_INSTANCES = [(g, p) for g, p in instances() if g in GENRES]


FOUR = "givens:\n1 2 . .\n. . 1 .\n2 . . 3\n. 3 . .\n"  # a 4x4 sudoku with one solution
FOUR_SOLVED = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n"


def solved(genre: str, puzzle, formulation, backend: str, unique: bool = False):
    loaded = load_genre(str(genre_file(genre)))
    instance = read_puzzle(str(puzzle), loaded)
    outcome = solve_puzzle(loaded, instance, formulation, backend, unique=unique)
    assert outcome.status == SolveStatus.SOLVED
    assert outcome.violations == []  # the evaluator's check
    assert render(loaded, instance, outcome.assignment) == solution_file(puzzle).read_text()
    return outcome


def four_by_four(tmp_path):
    """The 4x4 sudoku with its solution beside it (the 9x9 example under highs' rounds of
    pairwise cuts takes a minute)."""
    puzzle = tmp_path / "four.txt"
    puzzle.write_text(FOUR)
    solution_file(puzzle).write_text(FOUR_SOLVED)
    return puzzle


@pytest.mark.parametrize(("genre", "puzzle"), NATIVE_INSTANCES, ids=lambda x: getattr(x, "stem", x))
def test_cpsat_with_native_alldifferent_finds_the_known_solution(genre, puzzle):
    loaded = load_genre(str(genre_file(genre)))
    instance = read_puzzle(str(puzzle), loaded)
    compiled = compile_model(loaded.genre, instance, NATIVE, ground(loaded.genre, instance).values)
    assert any(isinstance(n, AllDifferent) for n in compiled.model.natives)
    outcome = solved(genre, puzzle, NATIVE, "cpsat", unique=True)
    assert outcome.unique is True
    assert outcome.stats.cut_rounds == 0  # the global holds in every answer: nothing to cut


@pytest.mark.parametrize("backend", ["highs", "cbc"])
def test_other_backends_get_the_one_hot_rows_instead_of_rounds(backend):
    """A backend without the global gets `alldifferent=onehot`'s rows over the integers'
    value indicators before its session opens (`AllDifferent.linear`): the 9x9 example in
    one call and no round (it took highs a minute of rounds of pairwise cuts)."""
    outcome = solved("sudoku", PUZZLES / "sudoku" / "example.txt", NATIVE, backend, unique=True)
    assert outcome.stats.cut_rounds == 0
    assert outcome.unique is True


def test_members_without_value_indicators_are_still_cut_in_rounds(tmp_path, monkeypatch):
    """Where the rows cannot be had (`linear` is None), the separator's rounds remain."""
    monkeypatch.setattr(alldifferent, "_once", lambda function: None)
    outcome = solved("sudoku", four_by_four(tmp_path), NATIVE, "highs", unique=True)
    assert outcome.stats.cut_rounds > 0
    assert outcome.unique is True


def test_native_over_one_hot_values_is_the_one_hot_lowering():
    loaded = load_genre(str(genre_file("sudoku")))
    instance = read_puzzle(str(PUZZLES / "sudoku" / "example.txt"), loaded)
    formulation = parse_formulation(["alldifferent=native"])
    compiled = compile_model(
        loaded.genre, instance, formulation, ground(loaded.genre, instance).values
    )
    assert compiled.model.natives == []
    assert compiled.model.problem.numConstraints() > 0


@pytest.mark.parametrize("alldifferent", ["pairwise", "native"])
@pytest.mark.parametrize("backend", ["cpsat", "highs"])
def test_uniqueness_of_integers_whose_value_binaries_come_after_the_solve(
    tmp_path, alldifferent, backend
):
    """No rule asks for the integers' value binaries; the no-good needs them, and the rows
    that tie them to the integers must reach the solver with it (else a second 'solution'
    that differs only in the untied binaries)."""
    formulation = parse_formulation(["domain=integer", f"alldifferent={alldifferent}"])
    outcome = solved("sudoku", four_by_four(tmp_path), formulation, backend, unique=True)
    assert outcome.unique is True
    assert outcome.second is None


@pytest.mark.parametrize("alldifferent", ["pairwise", "native"])
def test_determined_values_of_integers_match_the_one_hot_default(tmp_path, alldifferent):
    """`--determined` reads the same value binaries after its first solve (before, under
    domain=integer: 'a solution differs from the reference in no value', exit 3)."""
    puzzle = tmp_path / "open.txt"
    puzzle.write_text(FOUR.replace("2 . . 3", ". . . 3"))  # two solutions
    loaded = load_genre(str(genre_file("sudoku")))
    found = {}
    for options in ([], ["domain=integer", f"alldifferent={alldifferent}"]):
        instance = read_puzzle(str(puzzle), loaded)
        result = determined_values(loaded, instance, parse_formulation(options))
        assert result.status == SolveStatus.SOLVED and result.violations == []
        found[bool(options)] = result.undetermined
    assert found[True] == found[False]
    assert len(found[False]) == 4
