"""`reflections(beam from SIDE via MIRROR)` and `exit(beam ..., TOP, BOTTOM, LEFT, RIGHT)`
(docs/language.md §9.13, dslsolve/constructs/beam): on small grids the model has exactly the
mirror placements the evaluator accepts, and those are the ones a beam followed here in plain
Python accepts; a beam may meet a mirror twice and a closed circuit of mirrors that no beam
reaches is allowed. Misplaced beams are located errors."""

from __future__ import annotations

import itertools

import pytest

from dslsolve.compiler import compile_model
from dslsolve.errors import DslError
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import every_solution, load_texts

GENRE = """\
name: beams
input:
  top: {type: list, per: column}
  bottom: {type: list, per: column}
  left: {type: list, per: row}
  right: {type: list, per: row}
variables:
  mirror: {type: int, domain: 0..2}
rules:
RULES
output:
  cell:
    - show: mirror
"""

MARGINS = ("top", "bottom", "left", "right")


def puzzle(rows: int, columns: int, lists: dict) -> str:
    text = []
    for side in MARGINS:
        length = columns if side in ("top", "bottom") else rows
        text.append(f"{side}:")
        text += lists.get(side, ["."] * length)
    return "\n".join(text) + "\n"


def follow(mirror: dict, rows: int, columns: int, side: str, index: int):
    """(the side and index where the beam leaves, the turns it takes), by hand."""
    r, c = {"top": (0, index), "bottom": (rows - 1, index), "left": (index, 0)}.get(
        side, (index, columns - 1)
    )
    dr, dc = {"top": (1, 0), "bottom": (-1, 0), "left": (0, 1), "right": (0, -1)}[side]
    turns = 0
    while True:
        if mirror[(r, c)] == 1:
            dr, dc, turns = dc, dr, turns + 1
        elif mirror[(r, c)] == 2:
            dr, dc, turns = -dc, -dr, turns + 1
        if not (0 <= r + dr < rows and 0 <= c + dc < columns):
            out = {(-1, 0): "top", (1, 0): "bottom", (0, -1): "left", (0, 1): "right"}[(dr, dc)]
            return (out, c if out in ("top", "bottom") else r), turns
        r, c = r + dr, c + dc


def model_and_evaluator(tmp_path, rules, rows, columns, lists):
    genre = GENRE.replace("RULES", "\n".join(f"  - {r!r}" for r in rules))
    loaded, instance = load_texts(tmp_path, genre, puzzle(rows, columns, lists))
    cells = Grid(rows, columns).cells()
    compiled = compile_model(loaded.genre, instance, parse_formulation([]), [])
    for encoding in compiled.lowerer.encodings["mirror"].values():
        for value in (0, 1, 2):
            encoding.indicator(value)
    model = every_solution(compiled, lambda v: tuple(v["mirror"][c] for c in cells))
    accepted = set()
    for values in itertools.product((0, 1, 2), repeat=len(cells)):
        assignment = {"mirror": dict(zip(cells, values, strict=True))}
        if not Evaluator(loaded.genre, instance, assignment).violations():
            accepted.add(values)
    return model, accepted, cells


def test_exits_and_turns_are_the_beams_followed_by_hand(tmp_path):
    """A 2x3 grid: the beam in at the top of column 0 leaves where the bottom of column 2 has
    a 7 and meets 2 mirrors; the beam in at the left of row 1 meets none."""
    rules = (
        "each column where top is given: "
        "exit(beam from top via mirror, top, bottom, left, right) = 7",
        "each column where top is given: reflections(beam from top via mirror) = 2",
        "each row where left is given: reflections(beam from left via mirror) = 0",
    )
    lists = {"top": ["1", ".", "."], "bottom": [".", ".", "7"], "left": [".", "1"]}
    model, accepted, cells = model_and_evaluator(tmp_path, rules, 2, 3, lists)
    by_hand = set()
    for values in itertools.product((0, 1, 2), repeat=len(cells)):
        mirror = dict(zip(cells, values, strict=True))
        if (
            follow(mirror, 2, 3, "top", 0) == (("bottom", 2), 2)
            and follow(mirror, 2, 3, "left", 1)[1] == 0
        ):
            by_hand.add(values)
    assert 0 < len(by_hand) < 200
    assert model == accepted == by_hand


def test_a_mirror_met_twice_and_a_closed_circuit(tmp_path):
    """A 2x2 grid. 5 turns: the beam in at the top of column 0 goes round the square and meets
    the top left mirror again on its other face (\\ \\ / \\ at the four corners, clockwise
    from the top left). 1 turn: among the placements, the square of mirrors / \\ \\ / (top
    left, top right, bottom left, bottom right) turns every beam from outside straight back
    out, and a beam inside would go round for ever: no beam reaches it, so it is accepted
    (four mirrors in each case, to keep the enumeration short)."""
    rule = "each column where top is given: reflections(beam from top via mirror) = top"
    for turns, shown in ((5, (1, 1, 1, 2)), (1, (2, 1, 1, 2))):
        model, accepted, cells = model_and_evaluator(
            tmp_path, (rule, "count(mirror > 0) = 4"), 2, 2, {"top": [str(turns), "."]}
        )
        by_hand = {
            values
            for values in itertools.product((0, 1, 2), repeat=len(cells))
            if follow(dict(zip(cells, values, strict=True)), 2, 2, "top", 0)[1] == turns
            and 0 not in values
        }
        assert shown in by_hand
        assert model == accepted == by_hand


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            "each row: reflections(beam from top via mirror) = 1",
            "a beam from the top enters at a column",
        ),
        (
            "each cell: reflections(beam from left via mirror) = 1",
            "a beam from the left enters at a row",
        ),
        (
            "each column: exit(beam from top via mirror, top, bottom) = 1",
            "exit(...) takes the beam and the four margins",
        ),
        (
            "each column: exit(beam from top via mirror, top, left, left, right) = 1",
            "'left' is not a list section per column",
        ),
    ],
)
def test_misplaced_beams_are_located_errors(tmp_path, rule, message):
    with pytest.raises(DslError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_texts(tmp_path, GENRE.replace("RULES", f"  - {rule!r}"), puzzle(2, 2, {}))


def test_mirrors_given_by_the_puzzle_as_numbers_or_as_tokens(tmp_path):
    """MIRROR may be a grid section of the puzzle: 1 and 2, or the tokens `\\` and `/`. The
    beam in at the top of column 0 turns right at the top left `\\` and leaves on the right
    after 1 turn: the column is black exactly where its number says 1."""
    from dslsolve import Genre

    genre = tmp_path / "given.yaml"
    genre.write_text(
        "name: given_mirrors\n"
        "input:\n"
        '  mirrors: {type: grid, symbols: "\\\\ /"}\n'
        "  top: {type: list, per: column}\n"
        "variables:\n"
        "  black: {type: bool}\n"
        "rules:\n"
        "  - 'each column where top is given: count(black) = 3 * (reflections(beam from top "
        "via mirrors) = top)'\n"
        "  - 'each column where top is empty: not any(black)'\n"
        "output:\n"
        "  cell:\n"
        "    - when: black\n"
        "      symbol: '#'\n"
    )
    loaded = Genre.load(str(genre))
    for first, second in (("1", "2"), ("\\", "/")):
        for turns, shown in (("1", "#"), ("2", ".")):
            grid = f"{first} . .\n. . {second}\n. . .\n"
            result = loaded.solve(f"mirrors:\n{grid}top:\n{turns}\n.\n.\n", unique=True)
            assert result.unique
            assert result.text.split("\n")[0].split()[0] == shown
