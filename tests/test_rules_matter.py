"""Every rule of every genre changes something: with one rule left out, some shipped instance
of the genre either gains another solution or gets an answer that breaks the full rules (a rule
that never changes anything is likely mis-translated). A rule marked `implied` is the other way
round: it follows from the others, so leaving it out changes no instance's answer."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import pytest

from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.solve import solve_puzzle

from helpers import PUZZLES, genre_file

# Boards too small or too odd to ship, on which a rule that no shipped instance needs shows what
# it rules out: the full rules give them one answer or none.
WITNESSES = Path(__file__).parent / "rules_matter"

GENRES = sorted(p.stem for p in PUZZLES.glob("*.yaml"))
CASES = [(g, i) for g in GENRES for i in range(len(load_genre(str(genre_file(g))).genre.rules))]
# a genre's cases on one test worker (`--dist=loadgroup`): they share the full rules' answers
# to its witness boards (`full_answer`)
PARAMS = [pytest.param(g, i, marks=pytest.mark.xdist_group(f"rules-{g}")) for g, i in CASES]


@pytest.mark.parametrize(("genre", "index"), PARAMS, ids=[f"{g}-rule{i + 1}" for g, i in CASES])
def test_leaving_a_rule_out_changes_the_answer(genre, index):
    loaded = load_genre(str(genre_file(genre)))
    rules = loaded.genre.rules
    weaker = dataclasses.replace(
        loaded, genre=dataclasses.replace(loaded.genre, rules=rules[:index] + rules[index + 1 :])
    )
    solutions = sorted((PUZZLES / genre).glob("*.solution.txt"), key=lambda p: p.stat().st_size)
    shipped = [p.with_name(p.name.replace(".solution.txt", ".txt")) for p in solutions]
    # the witness boards first (each made for a rule the instances do not show, and small),
    # then the instances, the smallest first: the first board that changes ends the test
    for path in sorted((WITNESSES / genre).glob("*.txt")) + shipped:
        instance = read_puzzle(str(path), loaded)
        outcome = solve_puzzle(weaker, instance, parse_formulation([]), unique=True)
        if path in shipped:
            if outcome.assignment is None:
                pytest.fail(f"without '{rules[index].text}', {path.name} has no solution at all")
            broken = Evaluator(loaded.genre, instance, outcome.assignment).violations()
            changed = outcome.unique is False or bool(broken)
        else:
            changed = _changes_witness(loaded, instance, outcome, path)
        if changed and rules[index].implied:
            pytest.fail(f"'{rules[index].text}' is marked implied, but {path.name} needs it")
        if changed:
            return
    if not rules[index].implied:
        pytest.fail(f"'{rules[index].text}' changes nothing on any instance")


@functools.cache
def full_answer(genre: str, path: Path):
    """The full rules' outcome on a witness board, once per test worker for all the genre's
    rules."""
    loaded = load_genre(str(genre_file(genre)))
    return solve_puzzle(loaded, read_puzzle(str(path), loaded), parse_formulation([]), unique=True)


def _changes_witness(loaded, instance, weaker_outcome, path) -> bool:
    """Whether the rules without one rule answer a witness board otherwise than the full rules."""
    full = full_answer(path.parent.name, path)
    if full.assignment is None:
        return weaker_outcome.assignment is not None
    assert full.unique, f"{path.name} has two answers under the full rules: no witness"
    if weaker_outcome.unique is False:
        return True
    return bool(Evaluator(loaded.genre, instance, weaker_outcome.assignment).violations())
