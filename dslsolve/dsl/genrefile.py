"""`GenreFile`, what loading a genre file yields (`genre.load_genre`), in a module of its own so
that the reader (`genrereader.py`), which `genre.py` imports only on a cache miss, can make one
without importing `genre.py` back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.dsl.picturespec import PictureSpec

if TYPE_CHECKING:
    from dslsolve.puzzlink.spec import PuzzlinkSpec


@dataclass(frozen=True)
class GenreFile:
    """A loaded genre file: the genre's meaning (`genre`: rules, input schema, output spec
    and answer, all IR) and what only serves tools around it."""

    path: str
    genre: ir.Genre
    puzzlink: PuzzlinkSpec | None = None  # how the genre reads puzz.link URLs
    picture: PictureSpec = PictureSpec()  # hints for its pictures (`dslsolve/frontends/picture.py`)
