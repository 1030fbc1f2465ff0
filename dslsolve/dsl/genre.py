"""Genre files: YAML with `name`, `title`, `description`, `input`, `define`, `variables`,
`rules` and `output`. Loading one checks everything in it and yields a `GenreFile`: the IR
(`ir.Genre`: rules, input schema, output spec) plus what only tools around the genre use (its
path, its puz.link spec, its picture hints).

`load_genre` takes a file read before from the command line's cache (`genrecache.py`);
otherwise `genrereader.py` reads it: the top level, the rules, `formulation` and `picture`,
with a module for each other part (`inputspec`: input and sets; `variablespec`: variables and
their domains; `outputspec`: output; `yamlchecks`: what they all check alike).
"""

from __future__ import annotations

import functools

from dslsolve.dsl import genrecache
from dslsolve.dsl.genrefile import GenreFile
from dslsolve.errors import DslError, Location, read_text
from dslsolve.shipped import genre_path

__all__ = ["GenreFile", "load_genre"]  # GenreFile's home is genrefile.py; most import it here


def load_genre(path: str) -> GenreFile:
    """Load and check a genre file. A file whose text was loaded before is not parsed again
    (`compare`, benchmarks and tests read one genre for many puzzles); a GenreFile is frozen,
    so sharing it is safe. A shipped genre's name (`nurikabe`) stands for its file."""
    path = genre_path(path)
    text = read_text(path, "genre file")
    try:
        return _load_genre(path, text)
    except RecursionError:  # deeper than the parser's and the YAML reader's own checks
        raise DslError(Location(path), "the genre file nests too deeply to be read") from None


# room for all the shipped genres (137 today) and more: with fewer, every pass over them all
# (the tests' collection makes five per process) evicted each file before it was asked again
@functools.lru_cache(maxsize=256)
def _load_genre(path: str, text: str) -> GenreFile:
    """The genre file as loaded before, from the command line's cache (`genrecache.py`), or
    read and checked now."""
    loaded = genrecache.read(path, text, GenreFile)
    if loaded is None:
        from dslsolve.dsl.genrereader import read_genre  # a cache miss only (its docstring)

        loaded = read_genre(path, text)
        genrecache.write(path, text, loaded)
    return loaded
