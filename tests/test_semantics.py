"""Small genres that pin down the meaning of the language: the solver and the evaluator must
agree, and the corner cases behave as docs/language.md says."""

from __future__ import annotations

import textwrap

import pytest

from helpers import PUZZLES

SHADING = """\
name: shading
input:
  clues: {type: grid, symbols: '#'}
variables:
  black: {type: bool}
define:
  white: not black
  shaded: black
rules:
RULES
output:
  cell:
    - when: black
      symbol: "#"
    - show: clues
    - symbol: "."
"""


def genre(tmp_path, *rules: str, template: str = SHADING):
    path = tmp_path / "g.yaml"
    path.write_text(template.replace("RULES", "\n".join(f"  - {r!r}" for r in rules)))
    return path


def puzzle(tmp_path, text: str, name: str = "p.txt"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def solved(run, *args) -> str:
    result = run(*args)
    assert result.code == 0, result.err
    return result.out


def test_a_named_cell_reads_a_define_at_that_cell(tmp_path, run):
    rules = (
        "each cell as c: count(neighbours where c.shaded and black) = 0",
        "count(black) = 2",
        "each cell where clues is given: black",
    )
    out = solved(run, genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n1..\n...\n..1\n"))
    assert out == "# . .\n. . .\n. . #\n"
    rules = (
        "each cell as c: count(neighbours where c.shaded and black) = 0",
        "each cell where clues is given: black",
    )
    result = run(genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n11\n"))
    assert result.code == 1  # two shaded neighbours: impossible


def test_connected_with_cells_decided_by_the_puzzle(tmp_path, run):
    rules = ("clues is given cells connected", "count(black) = 0")
    for option in ("connected=lazy", "connected=flow"):
        apart = puzzle(tmp_path, "clues:\n1.1\n")
        assert run(genre(tmp_path, *rules), apart, "--formulation", option).code == 1
        together = puzzle(tmp_path, "clues:\n11.\n")
        assert run(genre(tmp_path, *rules), together, "--formulation", option).code == 0


def test_a_symbol_test_is_false_on_an_empty_cell(tmp_path, run):
    rules = ("each cell where not (clues = '#'): black",)
    assert solved(run, genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n#.\n")) == "# #\n"


def test_all_counts_a_member_without_a_value_as_false(tmp_path, run):
    rules = ("each cell where clues = '#': all(neighbours where clues > 0)",)
    assert run(genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n#1\n")).code == 0
    assert run(genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n#.\n")).code == 1


def test_a_symbol_is_only_compared_with_input(tmp_path, run):
    result = run(genre(tmp_path, "each cell: clues < '#'"), puzzle(tmp_path, "clues:\n#\n"))
    assert result.code == 2
    assert "a quoted symbol can only be tested with = or != against puzzle input" in result.err


def test_is_given_on_a_list_section(tmp_path, run):
    nonogram = (
        (PUZZLES / "nonogram.yaml")
        .read_text()
        .replace("each row: runs", "each row where rows is given: runs")
    )
    path = tmp_path / "n.yaml"
    path.write_text(nonogram)
    out = solved(run, path, puzzle(tmp_path, "rows:\n.\n1\ncolumns:\n1\n0\n"))
    assert out == ". .\n# .\n"


def test_boxes_that_do_not_fit_are_reported_by_solve_and_check(tmp_path, run):
    sudoku = PUZZLES / "sudoku.yaml"
    grid = puzzle(tmp_path, "givens:\n" + "......\n" * 6)
    result = run(sudoku, grid)
    assert result.code == 2 and "a 6x6 grid has no square boxes" in result.err
    solution = puzzle(tmp_path, ("1 2 3 4 5 6\n" * 6), "s.txt")
    result = run("check", sudoku, grid, solution)
    assert result.code == 2 and "a 6x6 grid has no square boxes" in result.err


def test_a_token_row_that_starts_with_a_hash_is_a_row(tmp_path, run):
    board = puzzle(tmp_path, "board:\n# . .\n. . .\n. . 1\n")
    assert solved(run, PUZZLES / "akari.yaml", board).count("\n") == 3


def test_unique_counts_printed_cells_that_no_rule_reads(tmp_path, run):
    free = puzzle(tmp_path, "rows:\n.\n1\ncolumns:\n.\n1\n")
    result = run(PUZZLES / "nonogram.yaml", free, "--unique")
    assert "not unique; another solution:" in result.err
    result = run(PUZZLES / "kakuro.yaml", PUZZLES / "kakuro" / "example.txt", "--unique")
    assert "unique: no other solution exists" in result.err  # block cells print no digit


def test_check_reads_the_printers_blank_and_a_show_that_falls_through(tmp_path, run):
    template = SHADING.replace(
        """    - when: black
      symbol: "#"
    - show: clues
    - symbol: \".\"""",
        """    - when: black
      symbol: "#"
    - when: not black
      show: clues""",
    )
    path = genre(tmp_path, "each cell where clues is given: not black", template=template)
    grid = puzzle(tmp_path, "clues:\n1..\n")
    printed = solved(run, path, grid, "--format", "text")
    assert printed in ("1 . .\n", "1 # .\n", "1 . #\n", "1 # #\n")
    saved = puzzle(tmp_path, printed, "s.txt")
    assert run("check", path, grid, saved).code == 0
    assert run("check", path, grid, puzzle(tmp_path, "1 # .\n", "s2.txt")).code == 0


def test_output_must_show_every_variable(tmp_path, run):
    template = SHADING.replace(
        """    - when: black
      symbol: "#"
""",
        "",
    )
    result = run(
        genre(tmp_path, "count(black) = 1", template=template), puzzle(tmp_path, "clues:\n..\n")
    )
    assert result.code == 2
    assert "the output does not show the variable 'black'" in result.err


def test_each_cell_inside_a_group_ranges_over_its_cells(tmp_path, run):
    rules = (
        "each row where any(clues is given): each cell: black",
        "each row where not any(clues is given): each cell: white",
    )
    out = solved(run, genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n1..\n...\n"))
    assert out == "# # #\n. . .\n"


def test_a_rule_without_each_that_looks_around_applies_to_every_cell(tmp_path, run):
    rules = ("count(neighbours where black) = clues",)
    out = solved(run, genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n.2.\n"))
    assert out == "# 2 #\n"


def test_an_unused_define_is_still_checked(tmp_path, run):
    template = SHADING.replace("  shaded: black", "  shaded: blak")
    result = run(
        genre(tmp_path, "count(black) = 0", template=template), puzzle(tmp_path, "clues:\n.\n")
    )
    assert result.code == 2 and "unknown name 'blak'" in result.err


def test_single_cells_are_runs(tmp_path, run):
    rules = (
        "each run of clues is empty: count(black) = 1",
        "each cell where clues is given: white",
    )
    out = solved(run, genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n.1.\n"))
    assert out == "# 1 #\n"


def test_a_define_valid_only_where_it_is_used_loads(tmp_path, run):
    template = SHADING.replace("  shaded: black", "  mine: c.black")  # needs `each ... as c`
    path = genre(tmp_path, "each cell as c where clues is given: mine", template=template)
    assert solved(run, path, puzzle(tmp_path, "clues:\n1.\n")).startswith("# ")


def test_an_output_condition_on_unknowns_must_be_literals(tmp_path, run):
    template = SHADING.replace("- when: black", "- when: not (black and white)")
    result = run(
        genre(tmp_path, "count(black) = 0", template=template), puzzle(tmp_path, "clues:\n.\n")
    )
    assert result.code == 2
    assert "an output 'when' can test unknowns only as variables" in result.err


def test_a_comment_inside_a_grid_gets_a_hint(tmp_path, run):
    result = run(PUZZLES / "sudoku.yaml", puzzle(tmp_path, "givens:\n1.\n# note\n.1\n"))
    assert result.code == 2
    assert "put comments before the section header" in result.err


def test_a_one_number_list_entry_is_a_number_and_zero_counts(tmp_path, run):
    tile_paint = PUZZLES / "tile_paint.yaml"
    grid = puzzle(tmp_path, "columns:\n1\n0\nrows:\n0\n1\ntiles:\nAB\nCD\n")
    assert solved(run, tile_paint, grid) == ". .\n# .\n"  # a row total 0 is a clue, not none


def test_a_longer_list_entry_has_no_number(tmp_path, run):
    tile_paint = PUZZLES / "tile_paint.yaml"
    grid = puzzle(tmp_path, "columns:\n1\n0\nrows:\n1 1\n1\ntiles:\nAB\nCD\n")
    out = solved(run, tile_paint, grid, "--unique")
    assert out.count("#") == 1  # the first row's rule is vacuous


def test_a_guarded_not_equal(tmp_path, run):
    template = """\
name: guarded
input:
  clues: {type: grid}
variables:
  black: {type: bool}
  digit: {type: int, domain: 1..2}
rules:
RULES
output:
  cell:
    - when: black
      show: digit
    - show: digit
"""
    rules = (  # the right side is no number: the guarded big-M `!=` of logic.post_compare
        "each cell where black: digit != count(neighbours where black) + 1",
        "each cell: black = (clues is given)",
        "each cell: digit = 1 or black",
    )
    for option in ("domain=onehot", "domain=integer"):
        path = genre(tmp_path, *rules, template=template)
        result = run(path, puzzle(tmp_path, "clues:\n1.\n"), "--formulation", option, "--unique")
        assert (result.code, result.out) == (0, "2 1\n"), option
        assert "unique: no other solution exists" in result.err


def test_changes_counts_input_along_a_segment(tmp_path, run):
    rules = (
        "each segment where changes(clues) = 2: any(black)",
        "each cell where clues is given: not black",
    )
    result = run(genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n1.22\n"), "--unique")
    assert result.out == "1 # 2 2\n"  # 1 . 2 changes twice; . 2 2 only once
    assert "unique: no other solution exists" in result.err
    result = run(
        genre(tmp_path, "each segment: changes(black) = 0"), puzzle(tmp_path, "clues:\n1\n")
    )
    assert result.code == 2
    assert "changes(...) counts changes of puzzle input only" in result.err


def test_a_longer_list_entry_compared_with_a_number_is_vacuous(tmp_path, run):
    nonogram = (
        (PUZZLES / "nonogram.yaml")
        .read_text()
        .replace("each row: runs(black) = rows", "each row: size = rows")
    )
    path = tmp_path / "n.yaml"
    path.write_text(nonogram)
    # row 1's entry `1 1` is no number: its rule is vacuous, not a contradiction
    result = run(path, puzzle(tmp_path, "rows:\n1 1\n2\ncolumns:\n1\n1\n"))
    assert result.code == 0, result.err


SHIKAKU = PUZZLES / "shikaku.yaml"


def test_walls_are_exactly_the_outlines_of_the_pieces(tmp_path, run):
    four = puzzle(tmp_path, "clues:\n4.\n..\n")
    whole = "+-+-+\n|4  |\n+ + +\n|   |\n+-+-+\n"
    assert run("check", SHIKAKU, four, puzzle(tmp_path, whole, "s.txt")).code == 0
    stray = "+-+-+\n|4| |\n+ + +\n|   |\n+-+-+\n"  # the piece is still whole around it
    result = run("check", SHIKAKU, four, puzzle(tmp_path, stray, "s.txt"))
    assert result.code == 1
    assert "border left of r1c2: a wall inside a piece" in result.out
    open_outline = "+-+-+\n|4  |\n+ + +\n|   |\n+-+ +\n"
    result = run("check", SHIKAKU, four, puzzle(tmp_path, open_outline, "s.txt"))
    assert result.code == 1
    assert "border above r3c2: the outline is not a wall" in result.out


def test_a_piece_cut_by_walls_is_judged_as_a_whole(tmp_path, run):
    two = puzzle(tmp_path, "clues:\n2.\n2.\n")
    across = "+-+-+\n|2  |\n+-+-+\n|2  |\n+-+-+\n"
    assert run("check", SHIKAKU, two, puzzle(tmp_path, across, "s.txt")).code == 0
    down = "+-+-+\n|2| |\n+ + +\n|2| |\n+-+-+\n"  # two clues in one piece, none in the other
    result = run("check", SHIKAKU, two, puzzle(tmp_path, down, "s.txt"))
    assert result.code == 1
    assert "piece at r1c1" in result.out and "piece at r1c2" in result.out


PIECES = """\
name: pieces
input:
  clues: {type: grid}
variables:
  wall: {type: bool, on: borders}
rules:
RULES
output:
  cell:
    - show: clues
  edges: wall
"""


@pytest.mark.parametrize("option", ["piece=placements", "piece=lazy"])
def test_width_and_height_measure_a_piece(tmp_path, run, option):
    body = "count(clues is given) = 1 and size = sum(clues)"
    board = puzzle(tmp_path, "clues:\n22\n..\n")
    upright = genre(tmp_path, f"each piece of wall: {body} and width = 1", template=PIECES)
    out = solved(run, upright, board, "--formulation", option)
    assert out == "+-+-+\n|2|2|\n+ + +\n| | |\n+-+-+\n"
    lying = genre(tmp_path, f"each piece of wall: {body} and height = 1", template=PIECES)
    assert run(lying, board, "--formulation", option).code == 1


NUMBERS = """\
name: numbers
input:
  givens: {type: grid}
variables:
  n: {type: int, domain: 1..3}
rules:
RULES
output:
  cell:
    - show: n
"""


@pytest.mark.parametrize("option", ["piece=placements", "piece=lazy"])
def test_pieces_of_a_cell_variable_are_its_maximal_equal_sets(tmp_path, run, option):
    rules = genre(tmp_path, "each piece of n: all(n = size)", template=NUMBERS)
    free = run(rules, puzzle(tmp_path, "givens:\n...\n"), "--unique", "--formulation", option)
    assert free.code == 0 and "another solution" in free.err  # 1 2 2 and 2 2 1
    kept = "each piece of n: all(n = size) and count(givens != size) = 0"
    rules = genre(tmp_path, kept, template=NUMBERS)
    board = puzzle(tmp_path, "givens:\n1..\n")
    assert solved(run, rules, board, "--unique", "--formulation", option) == "1 2 2\n"
    # two equal numbers side by side are one piece: 1 1 is a piece of size 2
    result = run("check", rules, board, puzzle(tmp_path, "1 1 1\n", "s.txt"))
    assert result.code == 1 and "piece at r1c1" in result.out


def test_the_neighbours_of_a_piece_are_the_cells_next_to_it(tmp_path, run):
    body = "count(clues is given) = 1 and size = sum(clues) and size = width * height"
    apart = f"each piece of wall: {body} and count(neighbours where clues = size) = 0"
    board = puzzle(tmp_path, "clues:\n2.2.\n")
    assert run(genre(tmp_path, f"each piece of wall: {body}", template=PIECES), board).code == 0
    assert run(genre(tmp_path, apart, template=PIECES), board).code == 1
    drawn = puzzle(tmp_path, "+-+-+-+-+\n|2  |2  |\n+-+-+-+-+\n", "s.txt")
    result = run("check", genre(tmp_path, apart, template=PIECES), board, drawn)
    assert result.code == 1 and "piece at r1c1" in result.out and "piece at r1c3" not in result.out


@pytest.mark.parametrize("option", ["piece=placements", "piece=lazy"])
def test_an_alldifferent_of_input_inside_a_piece_body(tmp_path, run, option):
    rule = "each piece of wall: alldifferent(clues) and 2 * sum(clues) = size * size + size"
    board = puzzle(tmp_path, "clues:\n12\n12\n")
    out = solved(
        run, genre(tmp_path, rule, template=PIECES), board, "--unique", "--formulation", option
    )
    assert out == "+-+-+\n|1 2|\n+-+-+\n|1 2|\n+-+-+\n"
    upright = puzzle(tmp_path, "+-+-+\n|1|2|\n+ + +\n|1|2|\n+-+-+\n", "s.txt")
    result = run("check", genre(tmp_path, rule, template=PIECES), board, upright)
    assert result.code == 1 and "piece at r1c1" in result.out
