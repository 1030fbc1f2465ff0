"""The larger generated instances of the shared corpus (10x10 to 30x30), read through the
genre files' input convention, must solve to their unique known solutions. Timing targets
live in bench/, not here."""

from __future__ import annotations

import pytest

from dslsolve.compiler.formulations import parse_formulation
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
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


@pytest.mark.parametrize(
    ("genre", "stem", "backend"),
    [(g, s, "cbc") for g, s in CASES] + [(g, s, "highs") for g, s in ON_HIGHS],
    ids=[f"{g}/{s}" for g, s in CASES + ON_HIGHS],
)
def test_corpus_instance_solves_to_its_known_solution(genre, stem, backend):
    loaded = load_genre(str(genre_file(genre)))
    instance = read_puzzle(f"{genre}/{stem}", loaded, puzzle_text(genre, stem))
    outcome = solve_puzzle(loaded, instance, parse_formulation([]), backend)
    assert outcome.violations == []
    assert render(loaded, instance, outcome.assignment) == solution_text(genre, stem)
