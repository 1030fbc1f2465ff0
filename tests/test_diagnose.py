"""`--diagnose`: for a puzzle without a solution, the fewest clues to leave out for one
(`dslsolve/compiler/clues.py`). The evaluator confirms each answer: the rule instances it finds
broken are exactly the clues left out."""

from __future__ import annotations

import json

import pulp
import pytest

from dslsolve.backends import pulp_backends
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.solve import diagnose_puzzle

from helpers import PUZZLES, genre_file


def broken(genre: str, tmp_path, row: int, column: int, token: str):
    """The genre's example with one token of its first section replaced (row and column
    counted from 1 in the section's rows)."""
    lines = (PUZZLES / genre / "example.txt").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.rstrip().endswith(":")) + 1
    line = lines[start + row - 1]
    lines[start + row - 1] = line[: column - 1] + token + line[column:]
    path = tmp_path / f"{genre}-broken.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def diagnose(genre: str, puzzle) -> set[frozenset[str]]:
    """Every smallest set of clues to leave out (as places), each confirmed by the
    evaluator: the rule instances broken in its solution are exactly those clues."""
    loaded = load_genre(str(genre_file(genre)))
    instance = read_puzzle(str(puzzle), loaded)
    diagnosis = diagnose_puzzle(loaded, instance, parse_formulation([]))
    assert diagnosis.unexplained == []
    for dropped, assignment in diagnosis.ways:
        violations = Evaluator(loaded.genre, instance, assignment).violations()
        assert {(v.rule.text, v.where) for v in violations} == {
            (d.rule.text, d.where) for d in dropped
        }
    return {frozenset(d.where for d in dropped) for dropped, _ in diagnosis.ways}


def without(puzzle, places: set[str]):
    """The puzzle with the clues at these places (`r1c4`) taken out ('.'): an independent
    way to ask whether leaving them out gives a solution (sudoku's and slitherlink's '.')."""
    lines = puzzle.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.rstrip().endswith(":")) + 1
    for place in places:
        row, column = (int(n) for n in place[1:].split("c"))
        line = lines[start + row - 1]
        lines[start + row - 1] = line[: column - 1] + "." + line[column:]
    path = puzzle.with_name("without.txt")
    path.write_text("\n".join(lines) + "\n")
    return path


CASES = {
    # a 1 turned into a 2 at r2c7: only that clue can go
    "akari": ((2, 7, "2"), {frozenset({"r2c7"})}),
    # the 3 at r1c1 turned into a 0: it or the 3 beside it can go
    "slitherlink": ((1, 1, "0"), {frozenset({"r1c1"}), frozenset({"r1c2"})}),
    # a 6 given again at r1c4, in the row of the 6 at r1c3 and the box of the 6 at r2c5: only
    # the new one can go
    "sudoku": ((1, 4, "6"), {frozenset({"r1c4"})}),
}


@pytest.mark.parametrize("genre", CASES)
def test_every_smallest_set_of_clues_to_leave_out_is_found(genre, tmp_path, run):
    (row, column, token), ways = CASES[genre]
    puzzle = broken(genre, tmp_path, row, column, token)
    assert run(genre_file(genre), puzzle).code == 1  # no solution as it stands
    assert diagnose(genre, puzzle) == ways


def test_two_wrong_givens_are_both_left_out(tmp_path, run):
    """Sudoku with a 6 given again at r1c4 and a 7 again at r2c1 (beside the 7 at r2c2): every
    pair of givens whose removal leaves a solution, as an ordinary solve finds out."""
    puzzle = broken("sudoku", tmp_path, 1, 4, "6")
    lines = puzzle.read_text().splitlines()
    lines[3] = "7" + lines[3][1:]  # row 2: '.7..6..5.' -> '77..6..5.'
    puzzle.write_text("\n".join(lines) + "\n")
    ways = diagnose("sudoku", puzzle)
    for first in ("r1c3", "r1c4"):
        for second in ("r2c1", "r2c2"):
            pair = frozenset({first, second})
            solvable = run(genre_file("sudoku"), without(puzzle, pair)).code == 0
            assert (pair in ways) == solvable, pair
    assert ways and all(len(way) == 2 for way in ways)


def test_the_other_clue_beside_a_wrong_one_is_a_way_too(tmp_path, run):
    """Slitherlink: the ways found are exactly the single clues whose removal gives a
    solution, among the clues around the broken one."""
    puzzle = broken("slitherlink", tmp_path, 1, 1, "0")
    ways = diagnose("slitherlink", puzzle)
    for place in ("r1c1", "r1c2", "r2c3"):
        solvable = run(genre_file("slitherlink"), without(puzzle, {place})).code == 0
        assert (frozenset({place}) in ways) == solvable, place


def test_the_command_names_the_clue_and_shows_a_solution_without_it(tmp_path, run):
    puzzle = broken("akari", tmp_path, 2, 7, "2")
    result = run(genre_file("akari"), puzzle, "--diagnose")
    assert result.code == 1
    assert result.out == ""
    lines = result.err.splitlines()
    assert lines[:3] == [
        "no solution: the rules cannot all hold for this puzzle",
        "leaving out 1 clue gives a solution (no fewer will do):",
        "  line 15: 'each cell where wall: count(neighbours where light) = board' at r2c7",
    ]
    assert lines[3] == "a solution without it:"
    assert lines[5] == ". + 4 + . . 2"  # the clue as given, with one light beside it
    report = json.loads(run(genre_file("akari"), puzzle, "--diagnose", "--format", "json").out)
    assert report["status"] == "infeasible"
    (way,) = report["diagnosis"]["ways"]
    assert way["left_out"] == [
        {
            "rule": "each cell where wall: count(neighbours where light) = board",
            "line": 15,
            "where": "r2c7",
        }
    ]
    assert way["solution"].splitlines() == lines[4:]
    stats = run(genre_file("akari"), puzzle, "--diagnose", "--stats").err.splitlines()
    assert [line for line in stats if line.startswith("diagnosis: ")] == [
        "diagnosis: backend cpsat; formulation " + parse_formulation([]).describe()
    ]


def test_a_solvable_puzzle_is_solved_as_usual(run):
    puzzle = PUZZLES / "akari" / "example.txt"
    result = run(genre_file("akari"), puzzle, "--diagnose")
    assert (result.code, result.err) == (0, "")
    assert result.out == puzzle.with_name("example.solution.txt").read_text()


def test_line_clues_are_clues_too(tmp_path, run):
    """Nonogram (`runs(...) = list` behind a guard): the ways found are exactly the single line
    clues whose removal ('.') leaves a solution, as an ordinary solve finds out."""
    text = (PUZZLES / "nonogram" / "constructed-6x5.txt").read_text()
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(text.replace("rows:\n1 3\n", "rows:\n1 4\n"))
    ways = diagnose("nonogram", puzzle)
    lines = puzzle.read_text().splitlines()
    for section, count in (("rows", 5), ("columns", 6)):
        start = lines.index(f"{section}:") + 1
        for k in range(count):
            edited = lines[: start + k] + ["."] + lines[start + k + 1 :]
            without = tmp_path / "without.txt"
            without.write_text("\n".join(edited) + "\n")
            solvable = run(genre_file("nonogram"), without).code == 0
            place = f"{section[:-1]} {k + 1}"
            assert (frozenset({place}) in ways) == solvable, place
    assert ways


def test_a_genre_without_clues_to_leave_out_says_so(tmp_path, run):
    """Hitori's numbers are read by `alldifferent`, which a guard cannot relax."""
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("numbers:\n11\n11\n")  # the two whites left would touch diagonally only
    result = run(genre_file("hitori"), puzzle, "--diagnose")
    assert result.code == 1
    assert result.err.splitlines()[1:] == [
        "nothing to leave out: no rule of this genre reads a clue that can be dropped "
        "(a value from the puzzle, in a rule that can be relaxed)"
    ]


def test_a_set_not_proven_smallest_says_so(tmp_path, run, monkeypatch):
    """When the solver stops with an answer it has not proven best (a time limit), the set is
    reported as found, not as the fewest."""
    solve = pulp_backends._PulpBackend.solve

    def stopped(self, problem, time_limit):
        status = solve(self, problem, time_limit)
        problem.sol_status = pulp.LpSolutionIntegerFeasible
        return status

    monkeypatch.setattr(pulp_backends._PulpBackend, "solve", stopped)
    puzzle = broken("akari", tmp_path, 2, 7, "2")
    lines = run(genre_file("akari"), puzzle, "--diagnose", "--backend", "cbc").err.splitlines()
    assert lines[1] == (
        "leaving out 1 clue gives a solution (the time limit stopped the search for fewer):"
    )
