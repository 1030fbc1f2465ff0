"""A registry of constructs: one package per construct under `dslsolve/constructs/`, found by
the checker, the evaluator and the compiler through the functions here, so that a new
construct touches its own folder, the grammar, `CONSTRUCTS`, the docs and the tests.

A package NAME holds `NAME.syntax` (the checker's part), `NAME.meaning` (the evaluator's) and
`NAME.lowering` (the compiler's), each imported only by the stage that needs it. Each module
fills some of the hooks of `HOOKS`, module-level tables with one meaning each: their
signatures, meanings and an example construct are the table "The hooks" in
docs/architecture.md (the one reference). The stages hand themselves to a construct as the
`checker`, `evaluator`, `lowerer` and `compiler` typed by the Protocols of
`constructs/interface.py`: a construct imports none of their modules.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable

CONSTRUCTS = (
    "shape",
    "contains",
    "area_of",
    "extreme",
    "order",
    "connected",
    "loop",
    "directed",
    "paths",
    "paths_from",
    "forest",
    "on_loop",
    "path_through",
    "crossing_connected",
    "joins_equal",
    "along",
    "spells",
    "traces",
    "toward",
    "symmetric",
    "between",
    "made_of",
    "beam",
    "segments",
)

# module -> the hooks it may fill (docs/architecture.md, "The hooks"); tests/test_registry.py
# holds every construct to them
HOOKS = {
    "syntax": (
        "NODES",
        "WORDS",
        "SYNTAX",
        "RULE_SYNTAX",
        "SET_SYNTAX",
        "REBASE",
        "TERMINALS",
        "FUNCTIONS",
        "FORMS",
    ),
    "meaning": ("EVALUATORS", "VIOLATIONS", "CHOICES", "EACH_VIOLATIONS", "MEMBERS"),
    "lowering": (
        "VALUES",
        "RULE_LOWERINGS",
        "PLANS",
        "MEMBERSHIPS",
        "ACCEPTS",
        "EACH",
        "SIZE_LIMIT",
        "PIECE_SHAPES",
        "PIECE_CANDIDATES",
        "PIECE_APART",
    ),
}

# hooks renamed when each hook got one meaning: a construct written against the old names
# is refused with the new one rather than silently left out
_RENAMED = {
    ("syntax", "RULES"): "RULE_SYNTAX",
    ("meaning", "RULES"): "VIOLATIONS",
    ("meaning", "EACH_RULES"): "EACH_VIOLATIONS",
    ("lowering", "RULES"): "RULE_LOWERINGS",
}


class RegistryError(Exception):
    """A construct package that fills its hooks wrongly."""


@functools.cache
def _parts(stage: str) -> tuple[object, ...]:
    parts = []
    for name in CONSTRUCTS:
        part = importlib.import_module(f"dslsolve.constructs.{name}.{stage}")
        for (module, old), new in _RENAMED.items():
            if module == stage and hasattr(part, old):
                raise RegistryError(f"dslsolve.constructs.{name}.{stage}: {old} is now {new}")
        if stage == "lowering" and hasattr(part, "EACH") != hasattr(part, "ACCEPTS"):
            raise RegistryError(f"dslsolve.constructs.{name}.lowering: EACH needs ACCEPTS")
        parts.append(part)
    return tuple(parts)


def _merged(stage: str, hook: str) -> dict:
    """A hook's dictionaries of every construct that has it, as one."""
    return {key: value for part in _parts(stage) for key, value in getattr(part, hook, {}).items()}


# ---------------------------------------------------------------- syntax: the checker, the parser


@functools.cache
def syntax() -> dict[str, Callable]:
    """`SYNTAX`: parse-node kind -> its check, over every construct that is an expression."""
    return _merged("syntax", "SYNTAX")


@functools.cache
def rule_syntax() -> dict[str, Callable]:
    """`RULE_SYNTAX`: parse-node kind -> its check, over every construct that is a rule body."""
    return _merged("syntax", "RULE_SYNTAX")


@functools.cache
def set_syntax() -> dict[str, Callable]:
    """`SET_SYNTAX`: parse-node kind -> its check, over every construct that is an element
    set."""
    return _merged("syntax", "SET_SYNTAX")


@functools.cache
def kinds() -> frozenset[str]:
    """The grammar alternatives that the constructs type: the parser makes each a `Node`."""
    return frozenset(syntax()) | frozenset(rule_syntax()) | frozenset(set_syntax())


@functools.cache
def rebasings() -> dict[type, Callable]:
    """`REBASE`: IR node type -> its re-basing at a named element (`c.NAME` of a define)."""
    return _merged("syntax", "REBASE")


@functools.cache
def words() -> frozenset[str]:
    """`WORDS`: the constructs' words of the rule language."""
    return frozenset(word for part in _parts("syntax") for word in part.WORDS)


@functools.cache
def terminals() -> dict[str, str]:
    """`TERMINALS`: grammar terminal -> its words, as a syntax error names what it expected."""
    return _merged("syntax", "TERMINALS")


@functools.cache
def functions() -> tuple[str, ...]:
    """`FUNCTIONS`: the constructs' words that are written like a function: `max(...)`."""
    return tuple(word for part in _parts("syntax") for word in getattr(part, "FUNCTIONS", ()))


@functools.cache
def forms() -> dict[str, str]:
    """`FORMS`: a construct's call-like word -> its form, as a syntax error inside the call
    hints."""
    return _merged("syntax", "FORMS")


# ---------------------------------------------------------------- meaning: the evaluator


@functools.cache
def evaluators() -> dict[type, Callable]:
    """`EVALUATORS`: IR expression type -> the evaluator's reading of it."""
    return _merged("meaning", "EVALUATORS")


@functools.cache
def violations() -> dict[type, Callable]:
    """`VIOLATIONS`: IR rule body type -> the evaluator's violations of it."""
    return _merged("meaning", "VIOLATIONS")


@functools.cache
def choices() -> dict[type, Callable]:
    """`CHOICES`: IR rule body type -> the evaluator's alternatives for what the answer does
    not show (a directed loop's way round): `choose(evaluator, body)` -> a list of entries for
    its `memo`, one dict per alternative; the rules hold if they all hold under one of them."""
    return _merged("meaning", "CHOICES")


@functools.cache
def each_violations() -> dict[type, Callable]:
    """`EACH_VIOLATIONS`: IR body type of an `each` -> the evaluator's violations of the whole
    `each`."""
    return _merged("meaning", "EACH_VIOLATIONS")


@functools.cache
def members() -> dict[type, Callable]:
    """`MEMBERS`: IR element set type -> the evaluator's members of it."""
    return _merged("meaning", "MEMBERS")


# ---------------------------------------------------------------- lowering: the compiler


@functools.cache
def values() -> dict[type, Callable]:
    """`VALUES`: IR expression type -> its lowered value at an element or a known group."""
    return _merged("lowering", "VALUES")


@functools.cache
def rule_lowerings() -> dict[type, Callable]:
    """`RULE_LOWERINGS`: IR rule body type -> its compiler (grounds it, calls its lowering)."""
    return _merged("lowering", "RULE_LOWERINGS")


@functools.cache
def rule_plans() -> dict[type, tuple[str, str | None]]:
    """`PLANS`: IR rule body type -> its lowering's name in a plan and its formulation
    construct."""
    return _merged("lowering", "PLANS")


@functools.cache
def memberships() -> dict[type, Callable]:
    """`MEMBERSHIPS`: IR element set type -> its members in the model, each with its
    membership."""
    return _merged("lowering", "MEMBERSHIPS")


@functools.cache
def each_acceptors() -> tuple[tuple[str, Callable], ...]:
    """`ACCEPTS`: (construct, its `ACCEPTS`) of the constructs that take whole `each` rules, in
    the registry's order: the plan offers each `each` to them in turn."""
    return tuple(
        (name, part.ACCEPTS)
        for name, part in zip(CONSTRUCTS, _parts("lowering"), strict=True)
        if hasattr(part, "ACCEPTS")
    )


@functools.cache
def each_compiler(construct: str) -> Callable:
    """`EACH`: the compiler of the `each` rules that the construct's `ACCEPTS` took."""
    return importlib.import_module(f"dslsolve.constructs.{construct}.lowering").EACH


@functools.cache
def size_limits() -> tuple[Callable, ...]:
    """`SIZE_LIMIT`: the constructs' readings of a bound on the size of a piece from a body's
    conjunct."""
    return tuple(part.SIZE_LIMIT for part in _parts("lowering") if hasattr(part, "SIZE_LIMIT"))


@functools.cache
def piece_shapes() -> tuple[Callable, ...]:
    """`PIECE_SHAPES`: the constructs' readings of the only shapes a piece may have from a
    body's conjunct."""
    return tuple(part.PIECE_SHAPES for part in _parts("lowering") if hasattr(part, "PIECE_SHAPES"))


@functools.cache
def piece_candidates() -> tuple[Callable, ...]:
    """`PIECE_CANDIDATES`: the constructs' readings of the only placed pieces there can be
    from a body's conjunct."""
    return tuple(
        part.PIECE_CANDIDATES for part in _parts("lowering") if hasattr(part, "PIECE_CANDIDATES")
    )


@functools.cache
def piece_apart() -> tuple[Callable, ...]:
    """`PIECE_APART`: the constructs' readings of a body's conjunct that keeps two pieces apart
    (a relation and a key: no two chosen pieces of one key hold two related cells)."""
    return tuple(part.PIECE_APART for part in _parts("lowering") if hasattr(part, "PIECE_APART"))
