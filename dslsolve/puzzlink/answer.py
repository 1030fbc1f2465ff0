"""`--format pzprv3`: a solved puzzle as the pzprv3 file its genre file declares."""

from __future__ import annotations

import sys

from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import DslError, Location
from dslsolve.evaluator import Assignment
from dslsolve.instance import Instance
from dslsolve.puzzlink.pzprv3 import write_pzprv3
from dslsolve.puzzlink.url import is_url


def pzprv3_answer(
    genre_file: GenreFile, instance: Instance, assignment: Assignment, puzzle: str
) -> str:
    """The file's text; the puzzle's URL, when it was given as one, goes to standard error
    (a pzprv3 file has no comment lines)."""
    spec = genre_file.puzzlink.pzprv3 if genre_file.puzzlink else None
    if spec is None:
        raise DslError(
            Location(genre_file.path),
            f"the genre {genre_file.genre.name} does not say how to write a pzprv3 file",
            hint="add 'pzprv3:' to its 'puzzlink:' block (see docs/puzzlink.md)",
        )
    if is_url(puzzle):
        print(f"puzzle: {puzzle}", file=sys.stderr)
    return write_pzprv3(genre_file, spec, instance, assignment)
