"""One grounding of `each` (`dslsolve/grounding.py`): the compiler posts a rule's body in the
same environments, in the same order, as the evaluator reads it, for every kind of group the
shipped genres use."""

from __future__ import annotations

import pytest

from dslsolve import indexsets, ir
from dslsolve.compiler import compile_model
from dslsolve.compiler.rules import RuleCompiler
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.frontends.api import Genre
from dslsolve.geometry import Env

from helpers import genre_file, instances, solution_file

ONE_PER_GENRE = list({genre: puzzle for genre, puzzle in reversed(instances())}.items())


def eaches(rule: ir.Rule) -> list[ir.Each]:
    """The `each`s of a rule, outermost first, down to its condition."""
    found, body = [], rule.body
    while isinstance(body, ir.Each):
        found.append(body)
        body = body.body
    return found


def grounded_rules(genre: ir.Genre) -> list[ir.Rule]:
    """The rules `each GROUP [where INPUT]: ... CONDITION` (nested or not) whose groups the
    puzzle decides: the compiler posts the condition once per innermost environment."""
    return [
        rule
        for rule in genre.rules
        if eaches(rule)
        and isinstance(eaches(rule)[-1].body, ir.Holds)
        and all(
            each.group.kind != "piece"
            and not (each.group.kind == "area" and ir.reads_unknowns(each.group.of))
            and (each.where is None or not ir.reads_unknowns(each.where))
            for each in eaches(rule)
        )
    ]


def read_places(evaluator: Evaluator, each: ir.Each, env: Env) -> list[str]:
    """The places the evaluator reads the innermost condition at, in order."""
    inners = evaluator.instances(each, env)
    if isinstance(each.body, ir.Each):
        return [place for inner in inners for place in read_places(evaluator, each.body, inner)]
    return [indexsets.place_name(inner) for inner in inners]


def posted_places(loaded: Genre, instance, monkeypatch) -> dict[int, list[str]]:
    """Rule (by id) -> the places the compiler posts its body at, in order."""
    posted: dict[int, list[str]] = {}
    why = RuleCompiler.why

    def spy(rule: ir.Rule, env: Env):
        posted.setdefault(id(rule), []).append(indexsets.place_name(env))
        return why(rule, env)

    monkeypatch.setattr(RuleCompiler, "why", staticmethod(spy))
    compile_model(loaded.file.genre, instance, parse_formulation([]))  # (shown values post no rule)
    monkeypatch.undo()
    return posted


@pytest.mark.parametrize(("genre", "puzzle"), ONE_PER_GENRE, ids=[g for g, _ in ONE_PER_GENRE])
def test_compiler_and_evaluator_ground_each_rule_alike(genre, puzzle, monkeypatch):
    loaded = Genre.load(str(genre_file(genre)))
    instance = loaded.puzzle(str(puzzle))
    values = loaded.read_solution(instance, solution_file(puzzle).read_text())
    evaluator = Evaluator(loaded.file.genre, instance, values)
    assert evaluator.violations() == []
    posted = posted_places(loaded, instance, monkeypatch)
    for rule in grounded_rules(loaded.file.genre):
        read = read_places(evaluator, rule.body, Env(None, None, None))
        assert posted.get(id(rule), []) == read, rule.text


def test_the_shipped_genres_ground_every_kind_of_group():
    """The test above is no test of a kind that no shipped genre grounds."""
    kinds = {
        each.group.kind
        for genre, _ in ONE_PER_GENRE
        for rule in grounded_rules(Genre.load(str(genre_file(genre))).file.genre)
        for each in eaches(rule)
    }
    every_kind_but_piece = {
        *("cell", "point", "link", "set", "grid", "row", "column", "box", "window", "pair"),
        *("region", "run", "segment", "area", "group"),
    }
    assert every_kind_but_piece <= kinds
