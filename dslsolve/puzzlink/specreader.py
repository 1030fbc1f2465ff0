"""Reading and checking a genre file's `puzzlink:` block into a `PuzzlinkSpec` (spec.py)."""

from __future__ import annotations

from typing import Any

from dslsolve.dsl.yamlsource import where_of
from dslsolve.errors import DslError, Location
from dslsolve.puzzlink.codecs import BORDER_DECODERS, SLOT_DECODERS
from dslsolve.puzzlink.pzprv3 import parse_pzprv3
from dslsolve.puzzlink.spec import PuzzlinkSpec, Step

# decoders that are not a slot decoder of `codecs`: rooms, clues outside the grid, prefixes
SPECIAL = ("border", "number16excell", "number32excell", "count", "separator", "kakuro")
SPECIAL += ("tilepaint", "icebarn", "triplace", "tawa", "yosenabe", "dotted")
SPECIAL += ("gates",)
SPECIAL += ("letters",)
OVER = ("cells", "points", "borders", "rooms", "drawing", "crosses")
LAYOUTS = ("frame", "stacked")
STEP_KEYS = ("decoder", "into", "over", "tokens", "fields", "format", "layout", "expect", "as")
STEP_KEYS += ("unless",)
BLOCK_KEYS = ("types", "flags", "decode", "pzprv3", "newer")


def _fail(value: Any, fallback: Location, message: str, hint: str | None = None) -> DslError:
    return DslError(where_of(value, fallback), message, hint=hint)


def _check_keys(raw: dict, allowed: tuple[str, ...], at: Location) -> None:
    for key in raw:
        if key not in allowed:
            raise _fail(key, at, f"puzzlink: unknown key '{key}'", "allowed: " + ", ".join(allowed))


def _names(value: Any, where: Location, what: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(value.split())
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise _fail(value, where, f"puzzlink: '{what}' is a name or a list of names")


def _token_map(value: Any, where: Location, what: str) -> tuple[tuple[str, str | None], ...]:
    if not isinstance(value, dict):
        raise _fail(value, where, f"puzzlink: '{what}' maps values to tokens", "e.g. {'?': '#'}")
    return tuple((str(k), None if v is None else str(v)) for k, v in value.items())


def _step(raw: Any, where: Location, sections: set[str]) -> Step:
    if not isinstance(raw, dict) or "decoder" not in raw:
        raise _fail(raw, where, "puzzlink: a decode step is a mapping with a 'decoder'")
    at = where_of(raw, where)
    _check_keys(raw, STEP_KEYS, at)
    decoder = str(raw["decoder"])
    if decoder not in SLOT_DECODERS and decoder not in SPECIAL and decoder not in BORDER_DECODERS:
        known = ", ".join([*SLOT_DECODERS, *BORDER_DECODERS, *SPECIAL])
        raise _fail(raw["decoder"], at, f"puzzlink: unknown decoder '{decoder}'", f"known: {known}")
    into = _names(raw["into"], at, "into") if "into" in raw else ()
    for name in into:
        if name not in sections:
            raise _fail(raw["into"], at, f"puzzlink: '{name}' is not an input section")
    over = str(raw.get("over", "points" if decoder == "4cross" else "cells"))
    if over not in OVER:
        raise _fail(raw["over"], at, f"puzzlink: 'over' is one of {', '.join(OVER)}")
    layout = str(raw.get("layout", "frame"))
    if layout not in LAYOUTS:
        raise _fail(raw["layout"], at, f"puzzlink: 'layout' is one of {', '.join(LAYOUTS)}")
    fields = raw.get("fields", {})
    if not isinstance(fields, dict):
        raise _fail(fields, at, "puzzlink: 'fields' maps a field name to its token map")
    expect = raw.get("expect")
    if expect is not None and not isinstance(expect, int):
        raise _fail(expect, at, "puzzlink: 'expect' is a number")
    return Step(
        decoder,
        into,
        over,
        _token_map(raw.get("tokens", {}), at, "tokens"),
        tuple((str(k), _token_map(v, at, f"fields.{k}")) for k, v in fields.items()),
        str(raw["format"]) if "format" in raw else None,
        layout,
        expect,
        raw.get("as") == "letters",
        at,
        str(raw["unless"]) if "unless" in raw else None,
    )


def parse_puzzlink(
    raw: Any, top: Location, sections: set[str], names: set[str]
) -> PuzzlinkSpec | None:
    """The genre's `puzzlink:` block, checked; None when the genre has none. `sections`: the
    input sections (a decode step fills one); `names`: the variables and input layers (the
    fields of a split token, the cells of a drawing), which a pzprv3 section can show."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise _fail(raw, top, "'puzzlink' must be a mapping with 'types' and 'decode'")
    at = where_of(raw, top)
    _check_keys(raw, BLOCK_KEYS, at)
    if "types" not in raw or "decode" not in raw:
        raise _fail(raw, at, "puzzlink: the block needs 'types' and 'decode'")
    flags = raw.get("flags", {})
    if not isinstance(flags, dict):
        raise _fail(flags, at, "puzzlink: 'flags' maps each accepted pflag to why it is harmless")
    steps = raw["decode"]
    if not isinstance(steps, list) or not steps:
        raise _fail(steps, at, "puzzlink: 'decode' is a list of decode steps")
    return PuzzlinkSpec(
        _names(raw["types"], at, "types"),
        tuple(str(flag) for flag in flags),
        tuple(_step(step, at, sections) for step in steps),
        at,
        parse_pzprv3(raw["pzprv3"], sections | names, at) if "pzprv3" in raw else None,
        str(raw["newer"]) if "newer" in raw else None,
    )
