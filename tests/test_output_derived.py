"""An output `when` with a derived test (docs/language.md §11.1, `ir.AnswerCase.derived`): a
condition on unknowns beside a literal chooses the token, as a battleships grid prints a
ship's ends `< > ^ v`; `check` reads the literal back from the token and refuses a token
that the reading would not print; a derived test with no literal beside it is refused."""

from __future__ import annotations

import pytest

from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.errors import DslError
from dslsolve.formulations import parse_formulation
from dslsolve.output import parse_solution, render
from dslsolve.solve import solve_puzzle

from helpers import PUZZLES

FLEET = """\
name: fleet
input:
  rowsum: {type: list, per: row}
  colsum: {type: list, per: column}
variables:
  ship: {type: bool}
rules:
  - each row: count(ship) = rowsum
  - each column: count(ship) = colsum
  - each cell where ship: count(diagonals where ship) = 0
  - count(cells where ship and not any(neighbours where ship)) = 1
output:
  cell:
    - when: ship and not any(neighbours where ship)
      symbol: "o"
    - when: ship and any(next right where ship) and not any(next left where ship)
      symbol: "<"
    - when: ship and any(next left where ship) and not any(next right where ship)
      symbol: ">"
    - when: ship and any(next down where ship) and not any(next up where ship)
      symbol: "^"
    - when: ship and any(next up where ship) and not any(next down where ship)
      symbol: v
    - when: ship
      symbol: "#"
"""
SUMS = "rowsum:\n3\n0\n1\n2\ncolsum:\n1\n1\n2\n2\n"
PRINTED = ". < # >\n. . . .\no . . .\n. . < >\n"
SHIPS = {(0, 1), (0, 2), (0, 3), (2, 0), (3, 2), (3, 3)}


@pytest.fixture
def fleet(tmp_path):
    (tmp_path / "g.yaml").write_text(FLEET)
    (tmp_path / "p.txt").write_text(SUMS)
    loaded = load_genre(str(tmp_path / "g.yaml"))
    return loaded, read_puzzle(str(tmp_path / "p.txt"), loaded)


def test_the_ends_of_a_ship_print_by_their_neighbours(fleet):
    loaded, instance = fleet
    outcome = solve_puzzle(loaded, instance, parse_formulation([]))
    assert outcome.status == "solved" and outcome.violations == []
    assert {cell for cell, value in outcome.assignment["ship"].items() if value} == SHIPS
    assert render(loaded, instance, outcome.assignment) == PRINTED


def test_check_reads_the_ship_back_from_every_token(fleet):
    loaded, instance = fleet
    read = parse_solution(loaded, instance, PRINTED, "s.txt")
    assert {cell for cell, value in read["ship"].items() if value} == SHIPS
    vertical = ". . . .\n^ . . .\n# . . .\nv . . .\n"
    read = parse_solution(loaded, instance, vertical, "s.txt")
    assert {cell for cell, value in read["ship"].items() if value} == {(1, 0), (2, 0), (3, 0)}


@pytest.mark.parametrize(
    ("text", "line", "printed"),
    [
        (". < # >\n. . . .\no . . .\n. . > <\n", 4, ". . < >"),  # ends swapped
        (". < # >\n. . . .\no . . .\n. . # #\n", 4, ". . < >"),  # a middle with no ends
        (". < # >\n. . . .\n< . . .\n. . < >\n", 3, "o . . ."),  # a single cell as an end
    ],
)
def test_a_token_the_reading_would_not_print_is_refused(fleet, text, line, printed):
    loaded, instance = fleet
    with pytest.raises(DslError) as caught:
        parse_solution(loaded, instance, text, "s.txt")
    assert caught.value.where.line == line
    assert "this line cannot be printed for this puzzle" in caught.value.message
    assert caught.value.hint == f"the reading of it prints as {printed!r}"


def test_a_derived_test_needs_a_literal_beside_it(tmp_path, run):
    text = FLEET.replace(
        "    - when: ship and not any(neighbours where ship)",
        "    - when: not any(neighbours where ship)",
    )
    (tmp_path / "g.yaml").write_text(text)
    (tmp_path / "p.txt").write_text(SUMS)
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2
    assert "another condition on unknowns must stand beside such a literal" in result.err
    assert "'when: ship and any(next right where ship)'" in result.err


def test_a_drawing_widens_its_cells_for_a_number_of_two_digits(run, tmp_path):
    """A drawing's cells are as wide as the longest token: shikaku's 12 prints whole (it was
    cut to '1'), the borders span the width, and the text reads back."""
    url = "https://puzz.link/p?shikaku/6/2/k-0co"
    result = run(PUZZLES / "shikaku.yaml", url)
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[0] == "+--" * 6 + "+"
    assert lines[1] == "|" + " " * 15 + "12|"
    solution = tmp_path / "solution.txt"
    solution.write_text(result.out)
    assert run("check", PUZZLES / "shikaku.yaml", url, solution).code == 0
    solution.write_text(result.out.replace("|               12|", "|                1|"))
    checked = run("check", PUZZLES / "shikaku.yaml", url, solution)
    assert checked.code == 2 and "cannot be printed for this puzzle" in checked.err
