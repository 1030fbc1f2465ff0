"""A puzzle from any source the commands take: a puzzle file, a puzz.link URL or a pzprv3
board (a file, or given text). puz.link's formats are first written in dslsolve's text format
(`importer`, `pzprv3_puzzle`), which the ordinary reader (`dsl/puzzle.py`) then reads, so a
URL or a board meets every check a puzzle file meets and the data flow one way: from these
readers to `dsl/`, never back.
"""

from __future__ import annotations

from dslsolve.dsl import puzzle
from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import read_text
from dslsolve.instance import Instance
from dslsolve.puzzlink.url import is_pzprv3, is_url


def read_puzzle(source: str, genre: GenreFile, text: str | None = None) -> Instance:
    """The puzzle of a URL, of the file at `source` or of `text` (then `source` names it in
    messages): a URL's or pzprv3 board's givens as dslsolve's text, read as any puzzle."""
    # puz.link's readers are imported only for their input: a puzzle file's run (most runs)
    # spends none of its start-up on them
    if text is None and is_url(source):
        from dslsolve.puzzlink.importer import url_to_text

        text = url_to_text(source, genre)
    if text is None:
        text = read_text(source, "puzzle file")
    if is_pzprv3(text):
        from dslsolve.puzzlink.pzprv3_puzzle import pzprv3_to_text

        text = pzprv3_to_text(source, text, genre)
    return puzzle.read_puzzle(source, genre, text)
