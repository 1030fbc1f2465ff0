"""Numbers above 9 (issue 27): a domain whose high end is read from each puzzle
(`1..largest region of rooms`, `1..max(9, largest givens)`), the genres that use it, and the
messages for a domain that cannot be read or that a puzzle makes too large."""

from __future__ import annotations

import pytest

from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.evaluator import Evaluator
from dslsolve.output import parse_solution

from helpers import PUZZLES, changed_genre, genre_file, load_texts, solution_file

GENRE = """name: g
input:
  rooms: {type: grid, symbols: any}
  clues: {type: grid}
variables:
  n: {type: int, domain: 'DOMAIN'}
rules:
  - n >= 1
output:
  cell:
    - show: n
"""
PUZZLE = "rooms:\naab\nacc\ndcc\nclues:\n. 14 .\n. . 3\n. . .\n"


@pytest.mark.parametrize(
    ("domain", "high"),
    [
        ("1..largest region of rooms", 4),
        ("0..largest clues", 14),
        ("1..max(9, largest clues)", 14),
        ("1..max(20, largest region of rooms)", 20),
        ("1..max(2, largest region of rooms)", 4),
        ("1..cells", 9),
        ("0..max(9, 2 * largest clues)", 28),
        ("1..max(30, 3 * largest region of rooms, 2 * 4)", 30),
        ("1..2 * rows", 6),
    ],
)
def test_the_high_end_is_read_from_each_puzzle(tmp_path, domain, high):
    loaded, instance = load_texts(tmp_path, GENRE.replace("DOMAIN", domain), PUZZLE)
    (var,) = loaded.genre.variables
    assert instance.domain(var) == range(int(domain.split("..")[0]), high + 1)


@pytest.mark.parametrize(
    ("genre", "puzzle"),
    [("fillomino", "constructed-4x4-twelve"), ("ripple_effect", "constructed-2x6-ten")],
)
def test_numbers_above_nine_are_solved_to_the_known_solution(run, genre, puzzle):
    path = PUZZLES / genre / f"{puzzle}.txt"
    result = run(genre_file(genre), path, "--unique", "--time-limit", 30)
    expected = solution_file(path).read_text()
    assert result.code == 0, result.err
    assert result.out == expected
    assert "unique: no other solution exists" in result.err
    assert any(int(token) > 9 for token in expected.split())
    checked = run("check", genre_file(genre), path, solution_file(path))
    assert (checked.code, checked.out.strip()) == (0, "valid: every rule holds")


def test_the_evaluator_accepts_the_large_numbers():
    path = PUZZLES / "fillomino" / "constructed-4x4-twelve.txt"
    loaded = load_genre(str(genre_file("fillomino")))
    instance = read_puzzle(str(path), loaded)
    solution = parse_solution(loaded, instance, solution_file(path).read_text(), str(path))
    assert Evaluator(loaded.genre, instance, solution).violations() == []
    solution["n"][(0, 0)] = 13  # beyond the largest given: outside the domain read
    assert Evaluator(loaded.genre, instance, solution).violations()


@pytest.mark.parametrize(
    ("domain", "message"),
    [
        (
            "1..largest clue",
            "bad domain '1..largest clue': 'clue' is not an input layer on "
            "cells\n  hint: did you mean 'clues'?",
        ),
        ("1..max(9, clues)", "bad domain '1..max(9, clues)': cannot read 'clues'"),
        (
            "1..largest region of",
            "bad domain '1..largest region of': cannot read 'largest region of'",
        ),
    ],
)
def test_a_domain_that_cannot_be_read_is_a_located_message(tmp_path, run, domain, message):
    genre = tmp_path / "g.yaml"
    genre.write_text(GENRE.replace("DOMAIN", domain))
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(PUZZLE)
    result = run(genre, puzzle)
    assert result.code == 2
    assert f"g.yaml:6:27: error: {message}" in result.err


def test_a_given_that_makes_the_domain_too_large_is_a_message(tmp_path, run):
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("givens:\n1 . .\n. 99999 .\n")
    result = run(genre_file("fillomino"), puzzle)
    assert result.code == 2
    assert (
        "'n' would take more than 10000 values in this puzzle: its domain "
        "1..max(9, largest givens) is 1..99999" in result.err
    )


def test_the_old_cap_of_nine_names_the_given_outside_it(tmp_path, run):
    """What the genre file said before: the twelve is refused, so the test above can fail."""
    genre = changed_genre(tmp_path, "fillomino", "'1..max(9, largest givens)'", "1..9")
    result = run(genre, PUZZLES / "fillomino" / "constructed-4x4-twelve.txt", "--time-limit", 30)
    assert result.code == 1
    assert "the given 12 at r1c1 is outside the domain 1..9 of 'n'" in result.err


def test_a_huge_doppelblock_clue_under_diagnose_is_a_message(tmp_path, run):
    text = (PUZZLES / "doppelblock" / "example.txt").read_text()
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(text.replace("down:\n.\n6", "down:\n.\n" + "1" + "0" * 40))
    result = run(genre_file("doppelblock"), puzzle, "--diagnose", "--time-limit", 30)
    assert result.code == 2
    assert "its numbers reach 1" + "0" * 40 + ", beyond 1000000 (10^6)" in result.err
    assert "Traceback" not in result.err and "OverflowError" not in result.err


def test_pieces_with_too_many_candidates_are_lowered_by_cuts(monkeypatch, run):
    """Past PLACED_PIECES candidates the placements are dropped for piece=lazy's cuts (the
    sample's 735_14x14: 32,000 candidates); the answer stays the known one."""
    from dslsolve.compiler import compile_model, piece_rules
    from dslsolve.formulations import parse_formulation

    path = PUZZLES / "fillomino" / "example.txt"
    loaded = load_genre(str(genre_file("fillomino")))
    instance = read_puzzle(str(path), loaded)
    separators = {}
    default = piece_rules.PLACED_PIECES
    for limit in (default, 10):
        monkeypatch.setattr(piece_rules, "PLACED_PIECES", limit)
        compiled = compile_model(loaded.genre, instance, parse_formulation([]))
        separators[limit] = len(compiled.model.separators)
        result = run(genre_file("fillomino"), path, "--unique", "--time-limit", 30)
        assert (result.code, result.out) == (0, solution_file(path).read_text())
    assert separators == {default: 0, 10: 1}
