"""The answer declared when the genre loads (`dslsolve/dsl/answer.py`), grounded on a puzzle
(`dslsolve/answer.py`), and the printer that only reads it: what the compile, `--unique` and
`--determined` take as a solution's values."""

from __future__ import annotations

import pytest
from test_language_concepts import hidden_genre

from dslsolve import evaluator
from dslsolve.answer import ground
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.output import parse_solution, render

from helpers import PUZZLES, load_texts, solution_file


def test_the_answer_leaves_out_a_hidden_unknown(tmp_path):
    """h is a helper: neither the answer's variables nor its values on the puzzle hold it;
    black is shown at every cell (the clue's case tests black before it shows the clue)."""
    loaded, instance = load_texts(
        tmp_path, hidden_genre("h: {type: bool, hidden: true}", "count(h) = 1"), "clues:\n1.\n"
    )
    answer = loaded.genre.answer
    assert [var.name for var in answer.variables] == ["black"]
    values = ground(loaded.genre, instance).values
    assert [(var.name, cell) for var, cell in values] == [("black", (0, 0)), ("black", (0, 1))]


def test_a_given_that_always_prints_keeps_the_later_cases_out_of_the_answer():
    """Akari: a wall prints its board token, so light at a wall is no part of the answer; the
    other cells hold light. One value per cell, in reading order."""
    genre = load_genre(str(PUZZLES / "akari.yaml"))
    instance = read_puzzle(str(PUZZLES / "akari" / "example.txt"), genre)
    values = ground(genre.genre, instance).values
    walls = {cell for cell, token in instance.grids["board"].items() if token is not None}
    assert walls and [cell for _, cell in values] == [
        (r, c) for r in range(instance.rows) for c in range(instance.columns) if (r, c) not in walls
    ]
    assert {var.name for var, _ in values} == {"light"}


@pytest.mark.parametrize("genre", ["akari", "slitherlink", "sukoro", "logic_grid"])
def test_printing_evaluates_nothing(genre, monkeypatch):
    """Once the answer is grounded on the puzzle, printing a solution builds no Evaluator:
    it reads the assignment only, and prints the shipped solution again."""
    genre_file = load_genre(str(PUZZLES / f"{genre}.yaml"))
    puzzle = PUZZLES / genre / "example.txt"
    instance = read_puzzle(str(puzzle), genre_file)
    text = solution_file(puzzle).read_text()
    assignment = parse_solution(genre_file, instance, text, "solution")
    ground(genre_file.genre, instance)

    def refuse(*args, **kwargs):
        raise AssertionError("printing built an Evaluator")

    monkeypatch.setattr(evaluator.Evaluator, "__init__", refuse)
    assert render(genre_file, instance, assignment) == text


def test_two_solutions_that_differ_only_in_a_hidden_value_are_one(tmp_path, run):
    """h may sit on either cell; the shading is forced. `--unique` asks for another answer,
    not for another h, and `--determined` marks nothing."""
    rules = ("each cell where clues is given: black", "count(black) = 1", "count(h) = 1")
    genre = tmp_path / "g.yaml"
    genre.write_text(hidden_genre("h: {type: bool, hidden: true}", *rules))
    (tmp_path / "p.txt").write_text("clues:\n1.\n")
    unique = run(genre, tmp_path / "p.txt", "--unique")
    assert (unique.code, unique.out) == (0, "# .\n")
    assert "unique: no other solution exists" in unique.err and "not unique" not in unique.err
    determined = run(genre, tmp_path / "p.txt", "--determined")
    assert (determined.code, determined.out) == (0, "# .\n")
    assert "every value is determined" in determined.err
