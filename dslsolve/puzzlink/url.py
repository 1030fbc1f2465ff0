"""Split a puzz.link URL into its type, flags, size and body (ENCODINGS.md section 1)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote

URL = re.compile(r"^https?://(?:www\.)?(?:puzz\.link/p|pzv\.jp/p(?:\.html)?)\?(.*)$")
_MODE = re.compile(r"_(edit|play|test)$")
_NUMBER = re.compile(r"^\d+$")


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


def parse_url(text: str) -> PuzzlinkUrl:
    match = URL.match(text.strip())
    if not match:
        raise UrlError("not a puzz.link URL (https://puzz.link/p?TYPE/COLS/ROWS/BODY)")
    query = match.group(1)
    if "&" in query:  # `type=editor&nurikabe/...`: parameters before the puzzle
        query = query.rsplit("&", 1)[1]
    parts = query.split("/")
    kind = _MODE.sub("", parts.pop(0))
    if kind == "pzprv3" or kind.startswith("pzprv3."):
        raise UrlError("a pzprv3 file in a URL: save it as a file and give the file")
    variant = None
    if parts and parts[0].startswith("v:"):
        variant = parts.pop(0)[2:]
    pflags = ""
    if parts and not _NUMBER.match(parts[0]):
        pflags = parts.pop(0)
    if len(parts) < 2 or not (_NUMBER.match(parts[0]) and _NUMBER.match(parts[1])):
        raise UrlError(f"the URL gives no size: expected {kind}/COLS/ROWS/... after the '?'")
    columns, rows = int(parts[0]), int(parts[1])
    body = parts[2:]
    if body and body[-1] == "":
        body.pop()
    if columns < 1 or rows < 1:
        raise UrlError(f"the URL gives an empty grid ({columns} columns, {rows} rows)")
    return PuzzlinkUrl(text.strip(), kind, variant, pflags, columns, rows, unquote("/".join(body)))
