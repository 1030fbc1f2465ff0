"""The larger generated instances of the shared corpus (10x10 to 30x30), read through the
genre files' input convention, must solve to their unique known solutions. Timing targets
live in bench/, not here.

Each instance is solved once: the first of each size of each genre under CBC (HiGHS for the
skyscrapers), the backend without native globals, whose cuts in rounds are what grows with
the grid; its siblings of the same size under the default backend. The siblings' models are
the same rules through the same lowerings on the same grid size: solving them under CBC as
well repeated its test of those lowerings at that size, and took two thirds of the file's
time."""

from __future__ import annotations

import pytest

from dslsolve.backends import DEFAULT_BACKEND
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.formulations import parse_formulation
from dslsolve.output import render
from dslsolve.solve import solve_puzzle

from corpus import CORPUS, corpus_instances, puzzle_text, solution_text
from helpers import genre_file

GENRES = (
    "sudoku",
    "hitori",
    "akari",
    "nonogram",
    "slitherlink",
    "masyu",
    "hashiwokakero",
    "shikaku",
    "fillomino",
    "futoshiki",
    "kurodoko",
)
CASES = [(g, s) for g in GENRES if (CORPUS / g).is_dir() for s in corpus_instances(g)]

pytestmark = pytest.mark.skipif(not CASES, reason=f"no corpus at {CORPUS}")


# CBC solves the skyscrapers 9x9s in 2-26 s, HiGHS in 0.4-6 s (docs/formulations.md): these
# run under HiGHS, to keep CI short.
ON_HIGHS = [("skyscrapers", s) for s in corpus_instances("skyscrapers")]


def first_of_its_size(genre: str, stem: str) -> bool:
    size = stem.split("_")[0]
    return next(s for s in corpus_instances(genre) if s.split("_")[0] == size) == stem


def backend(genre: str, stem: str, linear: str) -> str:
    """The linear backend for the first instance of each size, the default for the others."""
    return linear if first_of_its_size(genre, stem) else DEFAULT_BACKEND


@pytest.mark.parametrize(
    ("genre", "stem", "backend"),
    [(g, s, backend(g, s, "cbc")) for g, s in CASES]
    + [(g, s, backend(g, s, "highs")) for g, s in ON_HIGHS],
    ids=[f"{g}/{s}" for g, s in CASES + ON_HIGHS],
)
def test_corpus_instance_solves_to_its_known_solution(genre, stem, backend):
    loaded = load_genre(str(genre_file(genre)))
    instance = read_puzzle(f"{genre}/{stem}", loaded, puzzle_text(genre, stem))
    outcome = solve_puzzle(loaded, instance, parse_formulation([]), backend)
    assert outcome.violations == []
    printed = render(loaded, instance, outcome.assignment)
    if loaded.genre.output.edges is not None:
        printed = narrowed(printed, instance.columns)
    assert printed == solution_text(genre, stem)


def narrowed(text: str, columns: int) -> str:
    """A drawing as it was printed when the corpus was made, one character per cell (a token
    cut to its first character): today a drawing whose tokens are wider widens every cell."""
    lines = text.splitlines()
    step = (len(lines[0]) - 1) // columns
    if step == 2:
        return text
    out = []
    for number, line in enumerate(lines):
        line = line.ljust(step * columns + 1)
        cells = [line[step * c + 1 : step * (c + 1)] for c in range(columns)]
        if number % 2:  # a row of cells: the walls, each cell's token cut to one character
            cells = [(cell.strip() or " ")[:1] for cell in cells]
        else:  # a row of points: each border's mark
            cells = [cell[0] for cell in cells]
        points = [line[step * c] for c in range(columns + 1)]
        out.append("".join(p + c for p, c in zip(points, cells + [""], strict=True)).rstrip())
    return "\n".join(out) + "\n"
