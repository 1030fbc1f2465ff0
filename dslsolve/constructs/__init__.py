"""A registry of constructs: one package per construct under `dslsolve/constructs/`, found by
the checker, the evaluator and the compiler through the functions here, so that a new
construct touches its own folder, the grammar, the docs and the tests.

A construct package NAME holds three modules, each imported only by the stage that needs it:
- `NAME.syntax`: its IR nodes (`NODES`), its words (`WORDS`: no name may be one) and its
  typing: `SYNTAX`, a grammar alternative's name -> `check(checker, node, focus)` giving (IR
  expression, type, whether it depends on the input only). The parser makes the alternative a
  `Node` of that kind: its tokens' text as the value, its sub-expressions as the children;
  optionally `TERMINALS`, a grammar terminal's name -> how a syntax error names it ("max or
  min"), and `FUNCTIONS`, the words that open a call-like form (`max(...)`), offered when a
  misspelt function is called;
- `NAME.meaning`: `EVALUATORS`, IR node type -> `evaluate(evaluator, expr, env)`, the
  evaluator's independent reading (no code shared with the lowering);
- `NAME.lowering`: `VALUES`, IR node type -> `lower(lowerer, expr, env)` (its value at a
  known element or group); `EACH`, `(compiler, rule, each, env, guard) -> bool`, which
  compiles a whole `each` rule it recognises and says False for any other; and `SIZE_LIMIT`,
  `(conjunct) -> int | None`, the most cells a conjunct of an `each piece` body allows.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable

CONSTRUCTS = ("shape", "contains", "extreme")


def _parts(stage: str) -> list[object]:
    return [importlib.import_module(f"dslsolve.constructs.{name}.{stage}") for name in CONSTRUCTS]


@functools.cache
def syntax() -> dict[str, Callable]:
    """Parse-node kind -> its check, over every construct."""
    return {kind: check for part in _parts("syntax") for kind, check in part.SYNTAX.items()}


@functools.cache
def words() -> frozenset[str]:
    """The constructs' words of the rule language."""
    return frozenset(word for part in _parts("syntax") for word in part.WORDS)


@functools.cache
def evaluators() -> dict[type, Callable]:
    """IR node type -> the evaluator's reading of it."""
    return {kind: read for part in _parts("meaning") for kind, read in part.EVALUATORS.items()}


@functools.cache
def values() -> dict[type, Callable]:
    """IR node type -> its lowered value at an element or a known group."""
    return {kind: lower for part in _parts("lowering") for kind, lower in part.VALUES.items()}


@functools.cache
def size_limits() -> tuple[Callable, ...]:
    """The constructs' readings of a bound on the size of a piece from a body's conjunct."""
    return tuple(part.SIZE_LIMIT for part in _parts("lowering") if hasattr(part, "SIZE_LIMIT"))


@functools.cache
def each_rules() -> tuple[Callable, ...]:
    """The constructs' compilers of whole `each` rules, asked in turn."""
    return tuple(part.EACH for part in _parts("lowering") if hasattr(part, "EACH"))


@functools.cache
def terminals() -> dict[str, str]:
    """Grammar terminal -> its words, as a syntax error names what it expected."""
    return {
        name: words
        for part in _parts("syntax")
        for name, words in getattr(part, "TERMINALS", {}).items()
    }


@functools.cache
def functions() -> tuple[str, ...]:
    """The constructs' words that are written like a function: `max(...)`."""
    return tuple(word for part in _parts("syntax") for word in getattr(part, "FUNCTIONS", ()))
