"""`VAR forms path through GATES with crossings passing NUMBERS in order` (path_through) and
`C cells connected via VAR with crossings` (crossing_connected): on a 3x3 grid, where a line
can cross itself in the centre, the model has exactly the answers that the evaluator accepts
(the path under both of its lowerings once; `connected=flow` is the one of `linked.py`, which
`connected via` tests)."""

from __future__ import annotations

import itertools

import pytest

from dslsolve.compiler import compile_model
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import every_solution, load_texts

PATH = """name: numbered_path
input:
  numbers: {type: grid, symbols: '?'}
  gates: {type: grid, symbols: 'U D L R'}
variables:
  line: {type: bool, on: links}
rules:
  - line forms path through gates with crossings passing numbers in order
output:
  cell:
    - links: line
"""
CROSSING = """name: crossing_lines
input:
  circles: {type: grid}
variables:
  line: {type: bool, on: links}
define:
  used: count(links where line)
rules:
  - "each cell where circles is empty: used = 0 or used = 2 or used = 4"
  - circles is given cells connected via line with crossings
output:
  cell:
    - links: line
"""


_ACCEPTED: dict[tuple[str, str], set] = {}  # the evaluator's answers, shared by the lowerings


def _patterns(tmp_path, genre: str, puzzle: str, choice: str) -> tuple[set, set]:
    loaded, instance = load_texts(tmp_path, genre, puzzle)
    links = Grid(instance.rows, instance.columns).links()
    line = loaded.genre.variables[0]
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([choice]), [(line, e) for e in links]
    )
    found = every_solution(compiled, lambda values: tuple(values["line"][e] for e in links))
    if (genre, puzzle) not in _ACCEPTED:
        wanted = set()
        for pattern in itertools.product((0, 1), repeat=len(links)):
            values = {"line": dict(zip(links, pattern, strict=True))}
            if not Evaluator(loaded.genre, instance, values).violations():
                wanted.add(pattern)
        _ACCEPTED[genre, puzzle] = wanted
    return found, _ACCEPTED[genre, puzzle]


@pytest.mark.parametrize(
    ("numbers", "choice"),
    [
        ("..1/.2./...", "paths=lazy"),  # the centre second: a crossing there shifts no count
        ("..1/.2./...", "paths=flow"),
        ("?../.?./..?", "paths=lazy"),
        (".../.1./...", "paths=lazy"),  # the centre first: it is never crossed
        ("..2/..1/...", "paths=lazy"),
    ],
    ids=["two-lazy", "two-flow", "queries", "centre", "swapped"],
)
def test_a_numbered_path_has_the_evaluators_answers(tmp_path, numbers, choice):
    puzzle = "numbers:\n" + numbers.replace("/", "\n") + "\ngates:\n.U.\nR..\n...\n"
    found, wanted = _patterns(tmp_path, PATH, puzzle, choice)
    assert found == wanted
    assert wanted or numbers == "..2/..1/..."
    if numbers == "?../.?./..?":  # some answer crosses itself in the centre
        assert any(sum(p) == 6 for p in wanted)


@pytest.mark.parametrize(
    ("circles", "choice"),
    [(".1./1.1/.1.", "connected=lazy"), ("2.1/..2/1..", "connected=lazy")],
    ids=["plus", "corner"],
)
def test_lines_that_cross_have_the_evaluators_answers(tmp_path, circles, choice):
    puzzle = "circles:\n" + circles.replace("/", "\n") + "\n"
    found, wanted = _patterns(tmp_path, CROSSING, puzzle, choice)
    assert found == wanted
