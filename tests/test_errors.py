"""A user error is a message with a place, never a traceback: one test per kind of mistake."""

from __future__ import annotations

import textwrap

import pytest

from helpers import PUZZLES

SUDOKU = PUZZLES / "sudoku.yaml"
EXAMPLE = PUZZLES / "sudoku" / "example.txt"

GENRE = """\
name: shading
input:
  clues: {type: grid}
variables:
  black: {type: bool}
rules:
  - RULE
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def genre_with(tmp_path, rule: str):
    return write(tmp_path, "g.yaml", GENRE.replace("RULE", rule))


def no_traceback(result) -> None:
    assert "Traceback" not in result.err
    assert result.code == 2


def test_syntax_error_points_at_the_fault(tmp_path, run):
    genre = genre_with(tmp_path, "'each cell: count(neighbours where black) => clues'")
    result = run(genre, EXAMPLE)
    no_traceback(result)
    lines = result.err.splitlines()
    assert lines[0] == f"{genre}:7:48: error: unexpected '>'"
    assert lines[1] == "    each cell: count(neighbours where black) => clues"
    assert lines[2] == "    " + " " * 42 + "^"
    assert "expected:" in lines[3]


def test_a_rule_that_ends_too_early_says_what_is_missing(tmp_path, run):
    result = run(genre_with(tmp_path, "'count(neighbours where black'"), EXAMPLE)
    no_traceback(result)
    assert "the rule ends too early" in result.err
    assert "expected: ')'" in result.err


def test_unknown_name_suggests_the_nearest(tmp_path, run):
    genre = genre_with(tmp_path, "'each cell: count(neighbours where blak) = clues'")
    result = run(genre, EXAMPLE)
    no_traceback(result)
    assert f"{genre}:7:40: error: unknown name 'blak'" in result.err
    assert "hint: did you mean 'black'?" in result.err


def test_unknown_function_suggests_the_nearest(tmp_path, run):
    result = run(
        genre_with(tmp_path, "'each cell: coutn(neighbours where black) = clues'"), EXAMPLE
    )
    no_traceback(result)
    assert "error: 'coutn' is not a function" in result.err
    assert "hint: did you mean 'count'?" in result.err


def test_a_per_cell_value_in_a_group_asks_for_an_aggregate(tmp_path, run):
    result = run(genre_with(tmp_path, "'each row: black'"), EXAMPLE)
    no_traceback(result)
    assert "'black' is a value per cell, but here the focus is a row" in result.err
    assert "hint: aggregate it over the row" in result.err


def test_unknown_key_in_the_genre_file_suggests_the_nearest(tmp_path, run):
    genre = write(
        tmp_path,
        "g.yaml",
        GENRE.replace("RULE", "black cells connected").replace("rules:", "rulez:"),
    )
    result = run(genre, EXAMPLE)
    no_traceback(result)
    assert "unknown key 'rulez' in the genre file" in result.err
    assert "did you mean 'rules'?" in result.err


def test_yaml_syntax_error_has_a_line(tmp_path, run):
    genre = write(tmp_path, "g.yaml", "name: [x\nrules: 3\n")
    result = run(genre, EXAMPLE)
    no_traceback(result)
    assert f"{genre}:" in result.err and "not valid YAML" in result.err


@pytest.mark.parametrize(
    ("puzzle", "message"),
    [
        (
            "givens:\n123\n12\n123\n",
            ":3: error: ragged row in section 'givens': 2 cells, the first row has 3",
        ),
        ("givens:\n1x3\n", ":2:2: error: unknown symbol 'x' in section 'givens'"),
        ("givns:\n123\n", ":1: error: unknown section 'givns'"),
        ("# nothing here\n", ": error: missing section 'givens:'"),
        ("givens:\n1 2\ngivens:\n1 2\n", ":3: error: section 'givens' appears twice"),
    ],
)
def test_bad_puzzle_files_name_the_line(tmp_path, run, puzzle, message):
    path = write(tmp_path, "p.txt", puzzle)
    result = run(SUDOKU, path)
    no_traceback(result)
    assert f"{path}{message}" in result.err


def test_unknown_section_suggests_the_nearest(tmp_path, run):
    result = run(SUDOKU, write(tmp_path, "p.txt", "givns:\n1\n"))
    assert "hint: did you mean 'givens:'?" in result.err


def test_sizes_that_disagree(tmp_path, run):
    puzzle = write(tmp_path, "p.txt", "rows:\n1\n1\ncolumns:\n1\n1\n1\nextra:\n")
    result = run(PUZZLES / "nonogram.yaml", puzzle)
    no_traceback(result)
    assert "unknown section 'extra'" in result.err
    puzzle = write(tmp_path, "p.txt", "rows:\n1\n1\ncolumns:\n2\n")
    assert run(PUZZLES / "nonogram.yaml", puzzle).code == 0
    kakuro = write(tmp_path, "k.txt", "board:\n* 3\\\n* .\n")
    assert run(PUZZLES / "kakuro.yaml", kakuro).code == 0


def test_sizes_disagree_between_grid_sections(tmp_path, run):
    genre = write(
        tmp_path,
        "g.yaml",
        """\
        name: two
        input:
          a: {type: grid}
          b: {type: grid}
        variables:
          black: {type: bool}
        rules:
          - black = (a = b)
        output:
          cell:
            - when: black
              symbol: "#"
        """,
    )
    result = run(genre, write(tmp_path, "p.txt", "a:\n12\n12\nb:\n123\n123\n"))
    no_traceback(result)
    assert "sizes disagree: section 'b' gives 3 columns, section 'a' gives 2" in result.err


def test_a_list_entry_that_is_not_a_number(tmp_path, run):
    puzzle = write(tmp_path, "p.txt", "rows:\n1 x\ncolumns:\n1\n")
    result = run(PUZZLES / "nonogram.yaml", puzzle)
    no_traceback(result)
    assert f"{puzzle}:2: error: 'x' is not a number (section 'rows')" in result.err


def test_a_missing_file(tmp_path, run):
    result = run(SUDOKU, tmp_path / "nope.txt")
    no_traceback(result)
    assert "cannot read the puzzle file" in result.err


def test_unsolvable_puzzle_exits_1_and_says_so(tmp_path, run):
    puzzle = write(tmp_path, "p.txt", "givens:\n11..\n....\n....\n....\n")
    result = run(SUDOKU, puzzle)
    assert result.code == 1
    assert result.out == ""
    assert "no solution: the rules cannot all hold for this puzzle" in result.err


def test_contradicting_givens_are_named(tmp_path, run):
    puzzle = write(tmp_path, "p.txt", "rows:\n3\n0\ncolumns:\n1\n1\n")
    result = run(PUZZLES / "nonogram.yaml", puzzle)
    assert result.code == 1
    assert "'each row: runs(black) = rows' cannot hold at row 1" in result.err


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("conected=flow", "unknown construct 'conected'; did you mean 'connected'?"),
        ("connected=flo", "'flo' is not a lowering of connected; choose one of lazy, flow"),
        ("connected", "'connected' is not NAME=CHOICE"),
    ],
)
def test_bad_formulation_option(run, option, message):
    result = run(SUDOKU, EXAMPLE, "--formulation", option)
    no_traceback(result)
    assert message in result.err


def test_two_names_only_for_the_cells_of_a_link(tmp_path, run):
    result = run(genre_with(tmp_path, "'each cell as (a, b): a.black'"), EXAMPLE)
    no_traceback(result)
    assert "only 'each link' names two cells with 'as (a, b)'" in result.err
    result = run(genre_with(tmp_path, "'each link as (a, a): a.black'"), EXAMPLE)
    no_traceback(result)
    assert "the two cells of a link need two different names" in result.err


def test_a_cell_layer_belongs_to_a_section_on_links(tmp_path, run):
    genre = write(
        tmp_path,
        "g.yaml",
        GENRE.replace("clues: {type: grid}", "clues: {type: grid, cells: givens}").replace(
            "RULE", "black"
        ),
    )
    result = run(genre, EXAMPLE)
    no_traceback(result)
    assert "'cells' names the cell layer of a section on links" in result.err
