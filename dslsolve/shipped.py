"""The genres shipped with dslsolve, found by name or by a puzz.link URL's type.

A checkout keeps them in `puzzles/` beside the package; an installed dslsolve (a wheel) has the
same files as the package data `dslsolve/puzzles/` (setup.py maps the one to the other).
`dslsolve nurikabe PUZZLE` and `Genre.load("nurikabe")` name a shipped genre by its file's stem;
`dslsolve URL` takes the shipped genre whose `puzzlink: types:` lists the URL's type.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from dslsolve.errors import DslError, Location
from dslsolve.puzzlink.url import UrlError, is_url, url_type

if TYPE_CHECKING:
    import argparse


_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_ -]*$")


def genres_dir() -> Path:
    """The folder of the shipped genre files: the package's data, else the checkout's."""
    package = Path(__file__).resolve().parent
    installed = package / "puzzles"
    return installed if installed.is_dir() else package.parent / "puzzles"


def shipped_genres() -> dict[str, Path]:
    """The shipped genre files by name (the file's stem)."""
    return {path.stem: path for path in sorted(genres_dir().glob("*.yaml"))}


def genre_path(name: str) -> str:
    """The genre file an argument names: a file that exists as given, else the shipped genre of
    that name (`nurikabe`, `star-battle`, `Star Battle`). A bare name that is neither is a
    DslError; any other argument is returned as it is (reading it says what is wrong)."""
    if os.path.exists(name) or not _NAME.match(name):
        return name
    stem = re.sub(r"[ -]", "_", name.lower())
    shipped = genres_dir() / f"{stem}.yaml"
    if shipped.is_file():
        return str(shipped)
    import difflib  # only for a misspelt name: not at every start

    close = difflib.get_close_matches(stem, list(shipped_genres()), n=3)
    raise DslError(
        Location(name),
        f"no genre file '{name}' and no shipped genre of that name",
        hint=(f"did you mean {' or '.join(close)}? " if close else "")
        + "give a genre file (GENRE.yaml) or a shipped genre's name; "
        + f"the shipped genres are in {genres_dir()}",
    )


@functools.lru_cache(maxsize=4)
def _types(folder: Path) -> dict[str, tuple[Path, ...]]:
    """puz.link type name -> the shipped genre files that list it (aliases included)."""
    import yaml  # here: a run from a puzzle file never asks, and PyYAML is 0.01 s of start-up

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    index: dict[str, list[Path]] = {}
    for path in sorted(folder.glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
        except (OSError, yaml.YAMLError):  # loading the genre says what is wrong with it
            continue
        block = data.get("puzzlink") if isinstance(data, dict) else None
        types = block.get("types") if isinstance(block, dict) else None
        for kind in types if isinstance(types, list) else []:
            index.setdefault(str(kind), []).append(path)
    return {kind: tuple(paths) for kind, paths in index.items()}


def reads_url(genre: Path, url: str) -> bool:
    """Whether the genre file's `puzzlink: types:` lists the URL's type."""
    return any(genre.samefile(path) for path in _types(genre.parent).get(_url_type(url), ()))


def _url_type(url: str) -> str:
    try:
        return url_type(url)
    except UrlError as err:
        raise DslError(Location(url.strip()), str(err)) from None


def genre_for_url(url: str, folder: Path | None = None) -> str:
    """The shipped genre file (of `folder`, default the shipped genres) that reads this
    puzz.link URL: the first (by name) whose `puzzlink: types:` lists the URL's type; a type
    none lists is a DslError."""
    where = Location(url.strip())
    folder = folder or genres_dir()
    kind = _url_type(url)
    candidates = _types(folder).get(kind, ())
    if not candidates:
        known = sorted(_types(folder))
        raise DslError(
            where,
            f"no shipped genre reads puzz.link '{kind}' URLs",
            hint="give a genre file that declares it: dslsolve GENRE.yaml URL; the shipped "
            f"genres read {len(known)} types: " + ", ".join(known),
        )
    return str(candidates[0])


def settle_genre(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    names: tuple[str, ...],
    required: int = 1,
) -> None:
    """A command's positionals when its genre may be left out: `dslsolve URL ...` reads the
    genre from the URL, and what argparse took for the genre is the first of `names` (the
    positionals after the genre, in order; a list takes the rest). A genre that is a shipped
    genre's name becomes its file. The first `required` of `names` must be there."""
    if not is_url(args.genre):
        args.genre = genre_path(args.genre)
    else:
        given: list[str] = [args.genre]
        for name in names:
            value = getattr(args, name)
            given.extend(value if isinstance(value, list) else [] if value is None else [value])
        args.genre = genre_for_url(given[0])
        for name in names:
            if isinstance(getattr(args, name), list):
                setattr(args, name, given)
                given = []
            else:
                setattr(args, name, given.pop(0) if given else None)
        if given:
            parser.error("unrecognized arguments: " + " ".join(given))
    missing = [name for name in names[:required] if not getattr(args, name)]
    if missing:
        parser.error("the following arguments are required: " + ", ".join(missing))


GENRE_HELP = (
    "the genre file (YAML) or a shipped genre's name (e.g. nurikabe); leave it out when the "
    "puzzle is a puzz.link URL: the shipped genre that reads the URL's type is taken"
)
