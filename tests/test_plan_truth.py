"""The plan (`compiler/plan.py`) names the lowering that actually runs: every shipped instance
is compiled with the lowerings' entry points instrumented, and what each rule posted through
them is compared with what its plan names.

The instruments sit where the rows are made (the area lowerings, the piece lowering, the
construct lowerings of whole `each` rules and of rule-level bodies), not where the compiler
reads the plan, so a rule the compiler hands elsewhere than its plan says is caught."""

from __future__ import annotations

import functools

import pytest

from dslsolve import constructs
from dslsolve.compiler import compile_model, piece_rules, rules
from dslsolve.compiler.plan import Step, plan_rule, rule_level
from dslsolve.constructs.shape import lowering as shape_lowering
from dslsolve.constructs.spells import lowering as spells_lowering
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.formulations import parse_formulation

from helpers import genre_file, instances

INSTANCES = instances()
IDS = [f"{genre}/{puzzle.stem}" for genre, puzzle in INSTANCES]

# the lowerings that take a whole rule or `each`, as a plan names them; `grounded` and
# `holds` make no rows of their own (their conditions are posted by the plan's `Post`s)
UNNAMED = ("grounded", "holds")


def planned(step: Step) -> set[str]:
    """The lowerings a rule's plan names, down its nested `each` steps."""
    own = set() if step.lowering in UNNAMED else {step.lowering}
    if step.lowering == "area":  # the area lowering the plan chose for the body
        own = {f"area {step.form.lowering}"}
    if step.lowering == "pieces":  # the piece lowering the plan chose
        own = {PIECE_LOWERINGS[step.choice]}
    inner = planned(step.inner) if isinstance(step.inner, Step) else set()
    return own | inner


# the piece lowerings as a plan names them -> the function of `piece_rules` that posts each
PIECE_LOWERINGS = {
    piece_rules.HOLDING: "pieces holding",
    piece_rules.WALLS: "pieces walls",
    piece_rules.PLACEMENTS: "pieces placements",
    piece_rules.LAZY: "pieces lazy",
}


@pytest.fixture
def ran(monkeypatch) -> dict[int, set[str]]:
    """id of a rule -> the lowerings that posted rows for it (filled while compiling)."""
    found: dict[int, set[str]] = {}
    current: list = []

    def record(name: str, function):
        @functools.wraps(function)
        def recorded(*args, **kwargs):
            found.setdefault(id(current[-1]), set()).add(name)
            return function(*args, **kwargs)

        return recorded

    original_rule = rules.RuleCompiler.rule

    def rule(self, rule):
        current.append(rule)
        try:
            original_rule(self, rule)
        finally:
            current.pop()

    monkeypatch.setattr(rules.RuleCompiler, "rule", rule)
    for name, form in (
        ("post_free_areas", "free"),
        ("post_areas", "anchored"),
        ("post_assigned_areas", "assigned"),
    ):
        monkeypatch.setattr(rules, name, record(f"area {form}", getattr(rules, name)))
    for name, function in (
        ("holding", "post_free_pieces"),
        ("walls", "place_walls"),
        ("placements", "place_values"),
        ("lazy", "lazy_values"),
    ):
        wrapped = record(f"pieces {name}", getattr(piece_rules, function))
        monkeypatch.setattr(piece_rules, function, wrapped)
    monkeypatch.setattr(
        shape_lowering, "placements", record("placements", shape_lowering.placements)
    )
    monkeypatch.setattr(
        spells_lowering, "post_spelling", record("spelling", spells_lowering.post_spelling)
    )
    for body_type, compile_rule in constructs.rule_lowerings().items():
        name = rule_level(body_type)[0]
        monkeypatch.setitem(constructs.rule_lowerings(), body_type, record(name, compile_rule))
    return found


@pytest.mark.parametrize(("genre", "puzzle"), INSTANCES, ids=IDS)
def test_the_plan_names_what_posts_each_rule(genre, puzzle, ran):
    compiled_as_planned(genre, puzzle, ran, [])


# one instance of each genre with pieces, its smallest puzzle file (the choice is per rule)
PIECES = sorted(
    {
        g: min((q for h, q in INSTANCES if h == g), key=lambda q: q.stat().st_size)
        for g, _ in INSTANCES
        if "each piece" in genre_file(g).read_text()
    }.items()
)


@pytest.mark.parametrize(("genre", "puzzle"), PIECES, ids=[f"{g}/{p.stem}" for g, p in PIECES])
def test_the_plan_names_the_piece_lowering_under_piece_lazy(genre, puzzle, ran):
    """`piece=lazy` takes the pieces of a cell variable; pieces of walls are placed all the
    same (or found by their holdings), and the plan says so."""
    compiled_as_planned(genre, puzzle, ran, ["piece=lazy"])


def compiled_as_planned(genre, puzzle, ran, options: list[str]) -> None:
    loaded = load_genre(str(genre_file(genre)))
    instance = read_puzzle(str(puzzle), loaded)
    formulation = parse_formulation(options)
    compile_model(loaded.genre, instance, formulation)
    for rule in loaded.genre.rules:
        expected = planned(plan_rule(rule.body, formulation))
        found = ran.get(id(rule), set())
        if expected == {"pieces placements"} and found == {"pieces lazy"}:
            continue  # too many candidates in this puzzle: the plan says so beside its name
        assert found == expected, f"line {rule.origin.line}: {rule.text}"


def test_a_rule_level_construct_without_plans_is_named_by_its_type(monkeypatch):
    """A rule-level construct that declares no `PLANS` (written before the hook) is still
    planned, by its IR type's words, with no formulation choice."""
    from dslsolve.constructs.path_through.syntax import PathThrough

    declared = {t: p for t, p in constructs.rule_plans().items() if t is not PathThrough}
    monkeypatch.setattr(constructs, "rule_plans", lambda: declared)
    assert rule_level(PathThrough) == ("path through", None)
