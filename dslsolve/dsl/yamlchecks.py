"""What every part of a genre file's reader checks alike: a mapping where one is due, its
keys, a declared name (not a word of the rule language), a rule's text and where it starts.
Each error points at the YAML node it is about (`yamlsource.where_of`)."""

from __future__ import annotations

import difflib
import re
from typing import Any

from dslsolve import constructs
from dslsolve.dsl.parser import FUNCTIONS, Node
from dslsolve.dsl.yamlsource import where_of
from dslsolve.errors import DslError, Location

# The core language's words; each construct reserves its own (`constructs.words()`, checked
# beside these), so a construct's words are listed in its package only.
RESERVED = {
    "each",
    "within",
    "as",
    "where",
    "of",
    "cells",
    "opposite",
    "cell",
    "point",
    "link",
    "row",
    "column",
    "box",
    "window",
    "pair",
    "region",
    "run",
    "area",
    "piece",
    "not",
    "and",
    "or",
    "implies",
    "is",
    "given",
    "empty",
    "number",
    *FUNCTIONS,
    "segment",
    "group",
    "neighbours",
    "diagonals",
    "around",
    "ring",
    "upleft",
    "upright",
    "downleft",
    "downright",
    "sides",
    "corners",
    "links",
    "ray",
    "rays",
    "next",
    "until",
    "from",
    "size",
    "via",
    "straight",
    "turns",
    "with",
    "distance",
}


def fail(value: Any, fallback: Location, message: str, hint: str | None = None) -> DslError:
    return DslError(where_of(value, fallback), message, hint=hint)


def mapping(value: Any, fallback: Location, what: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise fail(value, fallback, f"'{what}' must be a mapping of names to settings")
    return value


def check_keys(mapping: dict, allowed: tuple[str, ...], fallback: Location, what: str) -> None:
    for key in mapping:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=1)
            hint = f"did you mean '{close[0]}'?" if close else "allowed: " + ", ".join(allowed)
            raise fail(key, fallback, f"unknown key '{key}' in {what}", hint)


def check_name(name: Any, fallback: Location) -> str:
    if not isinstance(name, str) or not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
        raise fail(
            name,
            fallback,
            f"'{name}' is not a valid name",
            "names are lower-case letters, digits and '_', starting with a letter",
        )
    if name in RESERVED or name in constructs.words():
        raise fail(
            name, fallback, f"'{name}' is a word of the rule language", "choose another name"
        )
    return name


def rule_text(value: Any, where: Location) -> tuple[str, Location]:
    """A rule's text and where it starts.

    YAML reads an unquoted `- each row: alldifferent(digit)` as a one-key mapping; it is put
    back together with its original spacing, so error columns still point at the right place.
    """
    if isinstance(value, dict) and len(value) == 1:
        ((key, rest),) = value.items()
        if isinstance(key, str) and isinstance(rest, str):
            key_at, rest_at = where_of(key, where), where_of(rest, where)
            gap = rest_at.column - key_at.column - len(key) - 1
            if rest_at.line != key_at.line or gap < 1:
                gap = 1
            return f"{key}:{' ' * gap}{rest}", key_at
    if not isinstance(value, str):
        raise fail(
            value, where, "a rule must be a string", "write the rule on one line, or quote it"
        )
    return " ".join(value.split()), where_of(value, where)


def unwrap(node: Node) -> Node:
    """A define is parsed as a rule; its expression is the rule's body."""
    return node.children[0] if node.kind == "holds" else node
