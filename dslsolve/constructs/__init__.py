"""A registry of constructs: one package per construct under `dslsolve/constructs/`, found by
the checker, the evaluator and the compiler through the functions here, so that a new
construct touches its own folder, the grammar, the docs and the tests.

The stages hand themselves to a construct as the `checker`, `evaluator`, `lowerer` and
`compiler` of the signatures below, typed by the Protocols of `constructs/interface.py`: a
construct imports none of their modules.

A construct package NAME holds three modules, each imported only by the stage that needs it:
- `NAME.syntax`: its IR nodes (`NODES`), its words (`WORDS`: no name may be one) and its
  typing: `SYNTAX`, a grammar alternative's name -> `check(checker, node, focus)` giving (IR
  expression, type, whether it depends on the input only). The parser makes the alternative a
  `Node` of that kind: its tokens' text as the value, its sub-expressions as the children;
  optionally `REBASE`, IR node type -> `rebase(node, at)`: the node read at the named element
  `at` (an `ir.Bound`) instead of the focus, for a node that holds its own position (`at`)
  when a define is read at a named element (`c.NAME`); `TERMINALS`, a grammar terminal's
  name -> how a syntax error names it ("max or min"); `FUNCTIONS`, the words that open
  a call-like form (`max(...)`), offered when a misspelt function is called; and `FORMS`, a
  word -> the form it takes, with examples, the hint of a syntax error inside its call;
- `NAME.meaning`: `EVALUATORS`, IR node type -> `evaluate(evaluator, expr, env)`, the
  evaluator's independent reading (no code shared with the lowering);
- `NAME.lowering`: `VALUES`, IR node type -> `lower(lowerer, expr, env)` (its value at a
  known element or group); `EACH`, `(compiler, rule, each, env, guard) -> bool`, which
  compiles a whole `each` rule it recognises and says False for any other; optionally
  `ACCEPTS`, `(each) -> str | None`: at plan time, from the IR alone, the name of the lowering
  by which its `EACH` compiles this `each`, or None when it does not take it (the plan,
  `compiler/plan.py`, then names it, and the compiler calls that construct's `EACH` for it and
  no other; a construct with `EACH` and no `ACCEPTS` is asked at compile time, as before, and
  the plan cannot name it); `SIZE_LIMIT`, `(conjunct) -> int | None`, the most cells a
  conjunct of an `each piece` body allows; and `PIECE_SHAPES`, `(lowerer, conjunct) ->
  shapes | None`, every fixed shape (a frozenset of cells at the origin) that fits the grid
  and that the conjunct allows a piece, the candidates `each piece` places instead of
  growing every connected set (so a family bounded by the grid only needs no size bound).

A construct that is a whole rule (`C cells connected`, `VAR forms single loop`) rather than
an expression fills the rule-level hooks instead (a module may hold both kinds):
- `NAME.syntax`: `RULES`, a grammar alternative of `?rule` -> `check(checker, node, focus)`
  giving the IR rule body; `focus` is None for a rule of its own and the enclosing focus for
  the body of an `each` (a construct that is no such body refuses it: `checker.own_rule`).
  An optional part of the alternative written `[...]` is None among the children when absent;
- `NAME.meaning`: `RULES`, IR body type -> `violations(evaluator, rule, body, env)`, the
  evaluator's list of what is broken;
- `NAME.lowering`: `RULES`, IR body type -> `compile(compiler, rule, body, env, guard)`,
  which grounds the rule and hands it to its lowering in `dslsolve/compiler/lowerings/`
  (`guard`: a literal of unknowns the rule is conditional on, or None); and `PLANS`, IR body
  type -> (the name of its lowering in a plan, the formulation construct that chooses among
  its forms or None).

A construct that is an element set (`area of C`), read by the aggregates like the core's
sets (`count(area of black)`, `d in area of white from c`): `NAME.syntax`: `SET_SYNTAX`, a
grammar alternative of `element_set` -> `check(checker, node, focus)` giving (IR set, the focus
of its members), and `REBASE` for the set taken from a named element; `NAME.meaning`:
`MEMBERS`, IR set type -> `members(evaluator, over, env)`, the members' environments;
`NAME.lowering`: `MEMBERSHIPS`, IR set type -> `members(lowerer, over, env)`, each member
that may be in the set with its membership (True or a literal).

A body that reads all the groups of its `each` at once (`each run of white: digit spells
numbers once`: a matching of the groups with records) reads the `each` it stands in: its
check finds that `each` in `checker.each_scope` (its group, whether it is nested, its
`where`); `NAME.meaning`: `EACH_RULES`, IR body type -> `violations(evaluator, rule, each,
env)`, the evaluator's list for the whole `each`; its lowering is an `EACH` (above), which
grounds the groups with `dslsolve/grounding.py`.
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
    "paths",
    "paths_from",
    "forest",
    "on_loop",
    "path_through",
    "spells",
    "traces",
    "toward",
    "symmetric",
)


def _parts(stage: str) -> list[object]:
    return [importlib.import_module(f"dslsolve.constructs.{name}.{stage}") for name in CONSTRUCTS]


def _merged(stage: str, hook: str) -> dict:
    """A hook's dictionaries of every construct that has it, as one."""
    return {key: value for part in _parts(stage) for key, value in getattr(part, hook, {}).items()}


@functools.cache
def syntax() -> dict[str, Callable]:
    """Parse-node kind -> its check, over every construct's expressions."""
    return _merged("syntax", "SYNTAX")


@functools.cache
def rule_syntax() -> dict[str, Callable]:
    """Parse-node kind -> its check, over every construct that is a rule body."""
    return _merged("syntax", "RULES")


@functools.cache
def set_syntax() -> dict[str, Callable]:
    """Parse-node kind -> its check, over every construct that is an element set."""
    return _merged("syntax", "SET_SYNTAX")


@functools.cache
def rebasings() -> dict[type, Callable]:
    """IR node type -> its re-basing at a named element (`c.NAME` of a define)."""
    return _merged("syntax", "REBASE")


@functools.cache
def kinds() -> frozenset[str]:
    """The grammar alternatives that the constructs type: the parser makes each a `Node`."""
    return frozenset(syntax()) | frozenset(rule_syntax()) | frozenset(set_syntax())


@functools.cache
def words() -> frozenset[str]:
    """The constructs' words of the rule language."""
    return frozenset(word for part in _parts("syntax") for word in part.WORDS)


@functools.cache
def evaluators() -> dict[type, Callable]:
    """IR node type -> the evaluator's reading of it."""
    return _merged("meaning", "EVALUATORS")


@functools.cache
def members() -> dict[type, Callable]:
    """IR element set type -> the evaluator's members of it."""
    return _merged("meaning", "MEMBERS")


@functools.cache
def rule_readings() -> dict[type, Callable]:
    """IR rule body type -> the evaluator's violations of it."""
    return _merged("meaning", "RULES")


@functools.cache
def each_readings() -> dict[type, Callable]:
    """IR body type of an `each` -> the evaluator's violations of the whole `each`."""
    return _merged("meaning", "EACH_RULES")


@functools.cache
def values() -> dict[type, Callable]:
    """IR node type -> its lowered value at an element or a known group."""
    return _merged("lowering", "VALUES")


@functools.cache
def memberships() -> dict[type, Callable]:
    """IR element set type -> its members in the model, each with its membership."""
    return _merged("lowering", "MEMBERSHIPS")


@functools.cache
def rule_lowerings() -> dict[type, Callable]:
    """IR rule body type -> its compiler (grounds it, calls its lowering)."""
    return _merged("lowering", "RULES")


@functools.cache
def size_limits() -> tuple[Callable, ...]:
    """The constructs' readings of a bound on the size of a piece from a body's conjunct."""
    return tuple(part.SIZE_LIMIT for part in _parts("lowering") if hasattr(part, "SIZE_LIMIT"))


@functools.cache
def piece_shapes() -> tuple[Callable, ...]:
    """The constructs' readings of the only shapes a piece may have from a body's conjunct."""
    return tuple(part.PIECE_SHAPES for part in _parts("lowering") if hasattr(part, "PIECE_SHAPES"))


@functools.cache
def rule_plans() -> dict[type, tuple[str, str | None]]:
    """IR rule body type -> its lowering's name in a plan and its formulation construct."""
    return _merged("lowering", "PLANS")


@functools.cache
def each_rules() -> tuple[Callable, ...]:
    """The compilers of whole `each` rules of the constructs that do not say at plan time
    which they take (no `ACCEPTS`): the compiler asks them in turn."""
    return tuple(
        part.EACH
        for part in _parts("lowering")
        if hasattr(part, "EACH") and not hasattr(part, "ACCEPTS")
    )


@functools.cache
def each_acceptors() -> tuple[tuple[str, Callable], ...]:
    """(construct, its `ACCEPTS`) of the constructs that say at plan time which `each` rules
    their `EACH` takes, in the registry's order."""
    return tuple(
        (name, part.ACCEPTS)
        for name, part in zip(CONSTRUCTS, _parts("lowering"), strict=True)
        if hasattr(part, "ACCEPTS")
    )


@functools.cache
def each_compiler(construct: str) -> Callable:
    """The `EACH` of a construct whose `ACCEPTS` took an `each` in the plan."""
    return importlib.import_module(f"dslsolve.constructs.{construct}.lowering").EACH


@functools.cache
def terminals() -> dict[str, str]:
    """Grammar terminal -> its words, as a syntax error names what it expected."""
    return _merged("syntax", "TERMINALS")


@functools.cache
def forms() -> dict[str, str]:
    """A construct's call-like word -> its form, as a syntax error inside the call hints."""
    return _merged("syntax", "FORMS")


@functools.cache
def functions() -> tuple[str, ...]:
    """The constructs' words that are written like a function: `max(...)`."""
    return tuple(word for part in _parts("syntax") for word in getattr(part, "FUNCTIONS", ()))
