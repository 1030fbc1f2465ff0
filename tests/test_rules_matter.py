"""Every rule of every genre changes something: with one rule left out, some shipped instance
of the genre either gains another solution or gets an answer that breaks the full rules (a rule
that never changes anything is likely mis-translated)."""

from __future__ import annotations

import dataclasses

import pytest

from dslsolve.compiler.formulations import parse_formulation
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.evaluator import Evaluator
from dslsolve.solve import solve_puzzle

from helpers import PUZZLES, genre_file

GENRES = sorted(p.stem for p in PUZZLES.glob("*.yaml"))
CASES = [(g, i) for g in GENRES for i in range(len(load_genre(str(genre_file(g))).genre.rules))]


@pytest.mark.parametrize(("genre", "index"), CASES, ids=[f"{g}-rule{i + 1}" for g, i in CASES])
def test_leaving_a_rule_out_changes_the_answer(genre, index):
    loaded = load_genre(str(genre_file(genre)))
    rules = loaded.genre.rules
    weaker = dataclasses.replace(
        loaded, genre=dataclasses.replace(loaded.genre, rules=rules[:index] + rules[index + 1 :])
    )
    for puzzle in sorted((PUZZLES / genre).glob("*.solution.txt")):
        path = puzzle.with_name(puzzle.name.replace(".solution.txt", ".txt"))
        instance = read_puzzle(str(path), loaded)
        outcome = solve_puzzle(weaker, instance, parse_formulation([]), unique=True)
        if outcome.assignment is None:
            pytest.fail(f"without '{rules[index].text}', {path.name} has no solution at all")
        broken = Evaluator(loaded.genre, instance, outcome.assignment).violations()
        if outcome.unique is False or broken:
            return
    pytest.fail(f"'{rules[index].text}' changes nothing on any instance")
