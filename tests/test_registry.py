"""The registry of constructs (`dslsolve/constructs/__init__.py`, docs/architecture.md "The
hooks"): every IR node a construct's syntax makes is declared in its `NODES` and has one
reading in the evaluator and one lowering in the compiler, of the same kind (an expression,
a rule body, an element set, a whole `each`); hooks renamed when each got one meaning refuse
the old names."""

from __future__ import annotations

import importlib
import sys
import types
from pathlib import Path

import pytest

from dslsolve import constructs, ir
from dslsolve.dsl.genre import load_genre

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

# (the evaluator's hook, the compiler's hooks) of each kind of node
KINDS = {
    "expression": ("EVALUATORS", ("VALUES",)),
    "rule body": ("VIOLATIONS", ("RULE_LOWERINGS", "PLANS")),
    "element set": ("MEMBERS", ("MEMBERSHIPS",)),
    "body of a whole each": ("EACH_VIOLATIONS", ()),  # its lowering: the construct's EACH
}


def _stage(name: str, stage: str) -> types.ModuleType:
    return importlib.import_module(f"dslsolve.constructs.{name}.{stage}")


@pytest.mark.parametrize("name", constructs.CONSTRUCTS)
def test_every_node_has_one_reading_and_one_lowering(name):
    syntax, meaning, lowering = (_stage(name, s) for s in ("syntax", "meaning", "lowering"))
    nodes = set(getattr(syntax, "NODES", ()))
    assert nodes, f"{name}: no NODES"
    keyed = {  # the hooks keyed by IR node type -> the types they name
        hook: set(getattr(module, hook, {}))
        for module, hooks in (
            (syntax, ("REBASE",)),
            (meaning, constructs.HOOKS["meaning"]),
            (lowering, ("VALUES", "RULE_LOWERINGS", "PLANS", "MEMBERSHIPS")),
        )
        for hook in hooks
    }
    for hook, types_ in keyed.items():
        assert types_ <= nodes, f"{name}.{hook} names nodes that are not in its NODES"
    for node in nodes:
        kinds = [kind for kind, (reading, _) in KINDS.items() if node in keyed[reading]]
        assert len(kinds) == 1, f"{name}: {node.__name__} has {len(kinds)} evaluator readings"
        kind = kinds[0]
        for hook in KINDS[kind][1]:
            assert node in keyed[hook], f"{name}: {kind} {node.__name__} has no {hook}"
        if kind == "body of a whole each":
            assert hasattr(lowering, "EACH"), f"{name}: {node.__name__} has no EACH"


def _construct_nodes(node: object) -> list[object]:
    return [n for n in ir.walk(node) if type(n).__module__.startswith("dslsolve.constructs.")]


def test_the_shipped_genres_make_only_declared_nodes():
    """Every construct node in the IR of the shipped genres is in its construct's `NODES`."""
    seen = set()
    for path in sorted(PUZZLES.glob("*.yaml")):
        for rule in load_genre(str(path)).genre.rules:
            for node in _construct_nodes(rule.body):
                name = type(node).__module__.split(".")[2]
                assert type(node) in _stage(name, "syntax").NODES, f"{path.name}: {node}"
                seen.add(name)
    assert {"area_of", "shape", "connected", "loop", "spells"} <= seen


def _refused(monkeypatch, stage: str, **hooks) -> str:
    """The registry's error on a construct package `fake` whose `stage` module has `hooks`."""
    fake = types.ModuleType(f"dslsolve.constructs.fake.{stage}")
    for hook, table in hooks.items():
        setattr(fake, hook, table)
    monkeypatch.setitem(sys.modules, fake.__name__, fake)
    monkeypatch.setattr(constructs, "CONSTRUCTS", ("fake",))
    constructs._parts.cache_clear()
    try:
        with pytest.raises(constructs.RegistryError) as refused:
            constructs._parts(stage)
    finally:
        constructs._parts.cache_clear()
    return str(refused.value)


def test_a_hook_under_its_old_name_is_refused(monkeypatch):
    """A construct written against a renamed hook (`RULES`) fails at once with the new name
    instead of being left out without a word."""
    assert _refused(monkeypatch, "meaning", RULES={}).endswith("RULES is now VIOLATIONS")


def test_an_each_compiler_needs_its_plan_hook(monkeypatch):
    """`EACH` compiles what `ACCEPTS` took in the plan: one without the other is refused."""
    each = lambda compiler, rule, each, env, guard: True  # noqa: E731
    assert _refused(monkeypatch, "lowering", EACH=each).endswith("EACH needs ACCEPTS")
