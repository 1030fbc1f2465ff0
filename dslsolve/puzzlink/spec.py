"""The `puzzlink:` block of a genre file: which puzz.link types the genre answers to, which
flags it accepts, and which decoder fills which input section, in the URL's order.

    puzzlink:
      types: [lightup, akari]        # URL type names (aliases included)
      flags: {b: display only}       # pflags the genre accepts (others are refused)
      decode:
        - {decoder: 4cell, into: board, tokens: {'?': '#'}}

The block as data, what a checked genre file keeps (and its cache holds): reading it is
`specreader.py`'s, so a genre file from the cache loads no decoder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve.errors import Location

if TYPE_CHECKING:
    from dslsolve.puzzlink.pzprv3spec import Pzprv3Spec


@dataclass(frozen=True)
class Step:
    decoder: str
    into: tuple[str, ...]  # the sections it fills; empty: what it reads must be empty
    over: str  # the slots of a slot decoder
    tokens: tuple[tuple[str, str | None], ...]  # printed value -> token (None: refused)
    fields: tuple[tuple[str, tuple[tuple[str, str | None], ...]], ...]
    format: str | None
    layout: str
    expect: int | None
    as_letters: bool
    where: Location
    # a pflag whose URLs leave this part out (bonsan's `c`: no walls): read as an empty part
    unless: str | None = None


@dataclass(frozen=True)
class PuzzlinkSpec:
    types: tuple[str, ...]
    flags: tuple[str, ...]
    steps: tuple[Step, ...]
    where: Location
    pzprv3: Pzprv3Spec | None = None  # how an answer is written as a pzprv3 file
    # where today's puz.link differs from npm pzpr 0.10.1 (the referee) and the genre follows
    # today's: why; the referee then leaves the genre out
    newer: str | None = None
