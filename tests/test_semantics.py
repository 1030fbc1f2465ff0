"""Small genres that pin down the meaning of the language: the solver and the evaluator must
agree, and the corner cases behave as docs/language.md says."""

from __future__ import annotations

import textwrap

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


LINKS = """\
name: links
input:
  board: {type: grid, on: links, cells: givens, symbols: 'w'}
variables:
  n: {type: int, domain: 1..3}
rules:
  - each row: alldifferent(n)
  - each column: alldifferent(n)
  - n = givens
  - each link as (a, b) where board = 'w': a.n - b.n = 1 or b.n - a.n = 1
  - each link as (a, b) where board is empty: a.n < b.n
output:
  cell:
    - show: n
"""


def test_a_section_on_links_and_the_two_cells_of_a_link(tmp_path, run):
    path = tmp_path / "links.yaml"
    path.write_text(LINKS)
    # one row: the first cell is given 1, 'w' joins it to the second, the second link is
    # empty, so the second cell is smaller than the third
    row = puzzle(tmp_path, "board:\n1w...\n")
    result = run(path, row, "--unique")
    assert result.out == "1 2 3\n", result.err
    assert "unique: no other solution exists" in result.err
    # the same down a column: lines 2 and 4 of the drawing hold the vertical links
    column = puzzle(tmp_path, "board:\n.\n.\n.\nw\n3\n", "c.txt")
    assert solved(run, path, column) == "1\n2\n3\n"
    wrong = puzzle(tmp_path, "1 3 2\n", "s.txt")
    result = run("check", path, row, wrong)
    assert result.code == 1
    assert "violated at link r1c1-r1c2: link r1c1-r1c2" in result.out
    assert "violated at link r1c2-r1c3" in result.out


def test_a_link_drawing_needs_dots_at_the_corners(tmp_path, run):
    path = tmp_path / "links.yaml"
    path.write_text(LINKS)
    result = run(path, puzzle(tmp_path, "board:\n1.2\n.w.\n2.1\n"))
    assert result.code == 2
    assert "line 2, token 2 is a corner between four cells, not a link" in result.err
    result = run(path, puzzle(tmp_path, "board:\n1.2\n2.1\n"))
    assert result.code == 2
    assert "it needs an odd number of lines, found 2" in result.err
    path.write_text(LINKS.replace(" cells: givens,", "").replace("  - n = givens\n", ""))
    result = run(path, puzzle(tmp_path, "board:\n1w.\n"))
    assert result.code == 2
    assert "line 1, token 1 is cell r1c1, not a link" in result.err


SEEN = """\
name: seen
input:
  left: {type: list, per: row}
  right: {type: list, per: row}
  givens: {type: grid}
variables:
  n: {type: int, domain: 1..4}
rules:
  - each row: alldifferent(n)
  - n = givens
  - each row from left: records(n) = left
  - each row from right: records(n) = right
output:
  cell:
    - show: n
"""


def test_records_counts_strict_running_maxima_from_either_side(tmp_path, run):
    path = tmp_path / "seen.yaml"
    path.write_text(SEEN)
    # 2 1 4 3: from the left 2 and 4 are records; from the right 3 and 4
    given = puzzle(tmp_path, "left:\n2\nright:\n2\ngivens:\n21..\n")
    for option in ("records=onehot", "records=pairwise", "domain=integer"):
        result = run(path, given, "--unique", "--formulation", option)
        assert result.out == "2 1 4 3\n", result.err
        assert "unique: no other solution exists" in result.err
    wrong = puzzle(tmp_path, "2 1 3 4\n", "s.txt")  # three seen from the left, one from the right
    result = run("check", path, given, wrong)
    assert result.code == 1
    assert "violated at row 1 from the right: r1c4, r1c3, r1c2, r1c1" in result.out
    # equal values: only a strictly greater one is a record; absent values are skipped
    ties = SEEN.replace("  - each row: alldifferent(n)\n", "").replace("1..4", "1..2")
    path.write_text(ties)
    result = run(path, puzzle(tmp_path, "left:\n1\nright:\n.\ngivens:\n22\n"))
    assert result.out == "2 2\n", result.err
    assert run(path, puzzle(tmp_path, "left:\n2\nright:\n.\ngivens:\n22\n")).code == 1


def test_a_row_is_read_from_its_left_or_right_only(tmp_path, run):
    path = tmp_path / "seen.yaml"
    path.write_text(SEEN.replace("each row from right", "each row from top"))
    result = run(path, puzzle(tmp_path, "left:\n2\nright:\n2\ngivens:\n2...\n"))
    assert result.code == 2
    assert "a row is read from the left or from the right, not 'top'" in result.err


PRODUCT = """\
name: product
input:
  rooms: {type: grid, symbols: any}
  clues: {type: grid}
variables:
  n: {type: int, domain: 1..6}
rules:
  - each region of rooms where any(clues is number): product(n) = sum(clues)
output:
  cell:
    - show: n
"""


def test_product_of_a_room_equals_its_clue(tmp_path, run):
    path = tmp_path / "product.yaml"
    path.write_text(PRODUCT)
    # 5 is prime: a room of one cell with clue 5 holds 5; two cells with 25 hold 5 and 5;
    # 7 cannot be made from 1..6; the empty room 'c' asks nothing
    board = "rooms:\nabbc\nclues:\n5 25 . .\n"
    for option in ("domain=onehot", "domain=integer"):
        result = run(path, puzzle(tmp_path, board), "--formulation", option)
        assert result.out.startswith("5 5 5 "), result.err
    assert run(path, puzzle(tmp_path, "rooms:\nab\nclues:\n7 1\n")).code == 1
    result = run(
        "check",
        path,
        puzzle(tmp_path, "rooms:\naa\nclues:\n12 .\n"),
        puzzle(tmp_path, "3 5\n", "s.txt"),
    )
    assert result.code == 1
    assert "violated at region a: r1c1, r1c2" in result.out
    result = run(
        "check",
        path,
        puzzle(tmp_path, "rooms:\naa\nclues:\n12 .\n"),
        puzzle(tmp_path, "2 6\n", "s.txt"),
    )
    assert result.code == 0


def test_product_is_lowered_only_as_equal_to_a_clue(tmp_path, run):
    path = tmp_path / "product.yaml"
    path.write_text(PRODUCT.replace("product(n) = sum(clues)", "product(n) <= sum(clues)"))
    result = run(path, puzzle(tmp_path, "rooms:\naa\nclues:\n12 .\n"))
    assert result.code == 2
    assert "product(...) is lowered only as 'product(...) = a number from the puzzle'" in (
        result.err
    )


def test_distance_counts_the_steps_along_a_ray(tmp_path, run):
    # the first cell is black and sees no black cell within 2 steps; 3 black cells in a row of 5
    rules = (
        "each cell where black: count(rays where black and distance <= 2) = 0",
        "count(black) = 2",
        "each cell where clues is given: black",
    )
    result = run(genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n1....\n"), "--unique")
    assert result.out == "# . . # .\n" or result.out == "# . . . #\n", result.err
    assert "not unique" in result.err  # the fourth and the fifth cell are both far enough
    rules = (
        "each cell where black: count(rays where black and distance <= 3) = 0",
        "count(black) = 2",
        "each cell where clues is given: black",
    )
    result = run(genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n1....\n"), "--unique")
    assert result.out == "# . . . #\n", result.err
    assert "unique: no other solution exists" in result.err
    result = run(genre(tmp_path, "each cell: distance = 1"), puzzle(tmp_path, "clues:\n1\n"))
    assert result.code == 2
    assert "'distance' is the number of steps from the start of a ray" in result.err
