"""Split a puzz.link URL into its type, flags, size and body (ENCODINGS.md section 1); and
tell a URL or a pzprv3 board from a puzzle file, which this leaf does without importing their
readers.

As pzprjs does, everything after the `?` is the puzzle, whatever the host (`puzz.link/p`,
`pzv.jp/p.html`, a mirror) and with or without the scheme. The body is NOT percent-decoded:
`%` is one of pzprjs's number prefixes (`%aa8` is 10920 and an 8 in number16), and pzprjs reads
the body as it stands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# [scheme://]host.tld[:port]/path?query: a web address with a query, never a file name
URL = re.compile(
    r"^(?:https?://)?(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?::\d+)?/[^?\s]*\?(\S*)$",
)
_MODE = re.compile(r"_(edit|play|test)$")
_NUMBER = re.compile(r"^\d+$")
_TYPE = re.compile(r"^[A-Za-z][A-Za-z0-9]*$")
# what a URL body can hold: the unreserved and sub-delimiter characters of RFC 3986, `%` and
# `@` (pzprjs's number prefixes include `%`, `@`, `*`, `$`, `=`, `+`, `-`)
_BODY = re.compile(r"^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$")
MAX_SIDE = 500  # pzprjs's editor stops at far less; a larger side is a broken URL, not a puzzle


def is_pzprv3(text: str) -> bool:
    """Is the text a pzprv3 board (a file of puz.link's, or its test data's one line)?"""
    return text.lstrip().startswith("pzprv3")


@dataclass(frozen=True)
class PuzzlinkUrl:
    text: str
    type: str  # the URL's type name, `_edit`/`_play` stripped
    variant: str | None
    pflags: str
    columns: int
    rows: int
    body: str


class UrlError(ValueError):
    """A URL that is not a puzz.link puzzle URL; the message says why."""


def is_url(text: str) -> bool:
    return bool(URL.match(text.strip()))


# pzprjs's parser renames a type by its body (`changeProperPid` in src/pzpr/parser.js): a
# pipelink URL whose body holds a digit (circle cells) is the circle variant
BODY_TYPES = {"pipelink": (re.compile(r"\d"), "pipelinkr")}
# and by a flag (`decodePzpr` calling `changepid`): an ichimaga URL with the flag `m` is
# magnetic ichimaga, with `x` the crossing one; the flag is then the type's, not a variant
FLAG_TYPES = {"ichimaga": {"m": "ichimagam", "x": "ichimagax"}}


def url_type(text: str) -> str:
    """The type name a puzzle URL names (`_edit` stripped, renamed by its body as pzprjs
    does); UrlError when it names none."""
    query = URL.match(text.strip())
    if not query:
        raise UrlError("not a puzz.link URL (https://puzz.link/p?TYPE/COLS/ROWS/BODY)")
    kind = _type(_puzzle_part(query.group(1)).split("/", 1)[0])
    if kind in BODY_TYPES or kind in FLAG_TYPES:
        try:
            return parse_url(text).type
        except UrlError:
            return kind
    return kind


def _puzzle_part(query: str) -> str:
    """The query's puzzle: after the parameters (`type=editor&nurikabe/...`)."""
    if "&" in query:
        query = query.rsplit("&", 1)[1]
    if "=" in query.split("/", 1)[0]:  # `?type=lits`: a page's parameters, no puzzle
        raise UrlError(
            f"the URL's query '{query}' holds no puzzle (a database or search page?)",
        )
    return query


def _type(name: str) -> str:
    kind = _MODE.sub("", name)
    if kind == "pzprv3" or kind.startswith("pzprv3."):
        raise UrlError("a pzprv3 file in a URL: save it as a file and give the file")
    if not _TYPE.match(kind):
        raise UrlError(f"the URL names no puzzle type after the '?' (found '{name}')")
    return kind


def parse_url(text: str) -> PuzzlinkUrl:
    match = URL.match(text.strip())
    if not match:
        raise UrlError("not a puzz.link URL (https://puzz.link/p?TYPE/COLS/ROWS/BODY)")
    parts = _puzzle_part(match.group(1)).split("/")
    kind = _type(parts.pop(0))
    variant = None
    if parts and parts[0].startswith("v:"):
        variant = parts.pop(0)[2:]
    pflags = ""
    if parts and not _NUMBER.match(parts[0]):
        pflags = parts.pop(0)
    for flag, named in FLAG_TYPES.get(kind, {}).items():
        if flag in pflags:  # pzprjs tests the flags in this order: the first found names it
            kind, pflags = named, pflags.replace(flag, "")
            break
    if len(parts) < 2 or not (_NUMBER.match(parts[0]) and _NUMBER.match(parts[1])):
        raise UrlError(f"the URL gives no size: expected {kind}/COLS/ROWS/... after the '?'")
    columns, rows = int(parts[0]), int(parts[1])
    body = parts[2:]
    if body and body[-1] == "":
        body.pop()
    if columns < 1 or rows < 1:
        raise UrlError(f"the URL gives an empty grid ({columns} columns, {rows} rows)")
    if columns > MAX_SIDE or rows > MAX_SIDE:
        raise UrlError(
            f"the URL gives a grid of {columns} columns and {rows} rows: "
            f"dslsolve reads sides up to {MAX_SIDE}"
        )
    body_text = "/".join(body)
    if not _BODY.match(body_text):
        wrong = next(ch for ch in body_text if not _BODY.match(ch))
        raise UrlError(
            f"the URL body holds {wrong!r}, a character no puz.link URL has: copy the URL again"
        )
    if kind in BODY_TYPES and BODY_TYPES[kind][0].search(body_text):
        kind = BODY_TYPES[kind][1]
    return PuzzlinkUrl(text.strip(), kind, variant, pflags, columns, rows, body_text)
