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


LINES = """\
name: lines
input:
  marks: {type: grid, symbols: any}
variables:
  line: {type: bool, on: links}
rules:
RULES
output:
  cell:
    - links: line
"""


def lines_genre(tmp_path, *rules: str):
    return genre(tmp_path, *rules, template=LINES)


def verdict(run, genre_path, grid, solution_text: str, tmp_path) -> int:
    """The evaluator's verdict on a hand-written solution: 0 valid, 1 violated."""
    return run("check", genre_path, grid, puzzle(tmp_path, solution_text, "s.txt")).code


def test_straight_and_turns_read_the_links_at_a_cell(tmp_path, run):
    grid = puzzle(tmp_path, "marks:\n...\ns..\n...\n")
    straight = lines_genre(tmp_path, "each cell where marks = 's': straight(line)")
    assert verdict(run, straight, grid, ". . .\n╷ . .\n╵ . .\n", tmp_path) == 1  # one end
    assert verdict(run, straight, grid, "╷ . .\n│ . .\n╵ . .\n", tmp_path) == 0
    assert verdict(run, straight, grid, "╷ . .\n└ ╴ .\n. . .\n", tmp_path) == 1
    assert verdict(run, straight, grid, "╷ . .\n├ ╴ .\n╵ . .\n", tmp_path) == 0  # up and down
    turns = lines_genre(tmp_path, "each cell where marks = 's': turns(line)")
    assert verdict(run, turns, grid, "╷ . .\n└ ╴ .\n. . .\n", tmp_path) == 0
    assert verdict(run, turns, grid, "╷ . .\n│ . .\n╵ . .\n", tmp_path) == 1
    assert verdict(run, turns, grid, ". . .\n╶ ╴ .\n. . .\n", tmp_path) == 1


def test_neighbours_via_a_link_variable(tmp_path, run):
    grid = puzzle(tmp_path, "marks:\n.s.\n...\n")
    path = lines_genre(tmp_path, "each cell where marks = 's': count(neighbours via line) = 2")
    assert verdict(run, path, grid, "╶ ┬ ╴\n. ╵ .\n", tmp_path) == 1  # three neighbours
    assert verdict(run, path, grid, "╶ ┐ .\n. ╵ .\n", tmp_path) == 0
    turning = lines_genre(
        tmp_path, "each cell where marks = 's': all(turns(line) of neighbours via line)"
    )
    assert verdict(run, turning, grid, "┌ ┐ .\n└ ┘ .\n", tmp_path) == 0
    assert verdict(run, turning, grid, "╶ ┐ .\n. ╵ .\n", tmp_path) == 1  # ends do not turn
    assert verdict(run, turning, grid, ". . .\n. . .\n", tmp_path) == 0  # all of nothing


def test_links_inside_a_group(tmp_path, run):
    grid = puzzle(tmp_path, "marks:\naab\nabb\n")
    path = lines_genre(tmp_path, "each region of marks: count(links where line) = 1")
    assert verdict(run, path, grid, "╶ ╴ .\n. ╶ ╴\n", tmp_path) == 0
    assert verdict(run, path, grid, "╶ ─ ╴\n. ╶ ╴\n", tmp_path) == 0  # across: in neither
    assert verdict(run, path, grid, "╷ . .\n╵ ╶ ╴\n", tmp_path) == 0
    assert verdict(run, path, grid, "╷ . .\n╵ . .\n", tmp_path) == 1  # none inside b
    out = solved(run, path, grid, "--unique")
    assert verdict(run, path, grid, out, tmp_path) == 0


def test_forms_paths_joining_equal_tokens(tmp_path, run):
    template = LINES.replace("    - links: line", "    - show: marks\n  edges: line")
    path = genre(tmp_path, "line forms paths joining marks", template=template)
    grid = puzzle(tmp_path, "marks:\n1.2\n1.2\n")
    unequal = "+ + + +\n 1- -2\n+ + + +\n 1- -2\n+ + + +\n"
    assert verdict(run, path, grid, unequal, tmp_path) == 1
    joined = "+ + + +\n 1   2\n+|+ +|+\n 1   2\n+ + + +\n"
    assert verdict(run, path, grid, joined, tmp_path) == 0
    lonely = "+ + + +\n 1   2\n+|+ + +\n 1   2\n+ + + +\n"
    assert verdict(run, path, grid, lonely, tmp_path) == 1  # a 2 ends no path
    for option in ("paths=lazy", "paths=flow"):
        out = solved(run, path, grid, "--formulation", option)
        assert verdict(run, path, grid, out, tmp_path) == 0
    ends = puzzle(tmp_path, "marks:\n1.1\n...\n...\n", "q.txt")
    straight = "+ + + +\n 1- -1\n+ + + +\n\n+ + + +\n\n+ + + +\n"
    assert verdict(run, path, ends, straight, tmp_path) == 0
    cycle = "+ + + +\n 1- -1\n+ + + +\n  -\n+|+|+ +\n  -\n+ + + +\n"
    assert verdict(run, path, ends, cycle, tmp_path) == 1
    for option in ("paths=lazy", "paths=flow"):  # a cycle cannot stand in for the path
        assert solved(run, path, ends, "--formulation", option, "--unique") == straight


def test_cells_connected_via_used_links(tmp_path, run):
    path = lines_genre(tmp_path, "marks is given cells connected via line")
    grid = puzzle(tmp_path, "marks:\na.a\n...\n")
    assert verdict(run, path, grid, "╶ ─ ╴\n. . .\n", tmp_path) == 0
    assert verdict(run, path, grid, "╷ . ╷\n└ ─ ┘\n", tmp_path) == 0  # through any cell
    assert verdict(run, path, grid, ". . .\n. . .\n", tmp_path) == 1
    assert verdict(run, path, grid, "╶ ╴ .\n╶ ─ ╴\n", tmp_path) == 1  # adjacent is not joined
    for option in ("connected=lazy", "connected=flow"):
        out = solved(run, path, grid, "--formulation", option)
        assert verdict(run, path, grid, out, tmp_path) == 0


BRIDGES = """\
name: bridges
input:
  marks: {type: grid}
variables:
  bridges: {type: int, domain: 0..2, on: links}
rules:
RULES
output:
  cell:
    - show: marks
  edges: bridges
"""


def test_an_edge_variable_with_multiplicity(tmp_path, run):
    rules = (
        "each cell where marks is given: sum(bridges of links) = marks",
        "each cell where marks is empty: not turns(bridges)",
        "each cell where marks is empty: count(links where bridges > 0) != 1",
    )
    path = genre(tmp_path, *rules, template=BRIDGES)
    grid = puzzle(tmp_path, "marks:\n2.2\n...\n.1.\n")
    drawing = "+ + + +\n 2= =2\n+ + + +\n\n+ + + +\n   1\n+ + + +\n"
    assert verdict(run, path, grid, drawing, tmp_path) == 1  # the 1 has no bridge
    grid = puzzle(tmp_path, "marks:\n2.2\n...\n...\n")
    assert solved(run, path, grid, "--unique") == "+ + + +\n 2= =2\n+ + + +\n\n+ + + +\n\n+ + + +\n"
    turning = "+ + + +\n 2   2\n+‖+ +‖+\n  = =\n+ + + +\n\n+ + + +\n"
    assert verdict(run, path, grid, turning, tmp_path) == 1  # bridges do not turn


def test_a_loop_with_crossings_is_traced_straight_through_them(tmp_path, run):
    path = lines_genre(tmp_path, "line forms single loop with crossings")
    grid = puzzle(tmp_path, "marks:\n....\n....\n....\n....\n")
    two_loops = ". ┌ ─ ┐\n┌ ┼ ┐ │\n│ └ ┼ ┘\n└ ─ ┘ .\n"  # two rectangles crossing twice
    assert verdict(run, path, grid, two_loops, tmp_path) == 1
    small = puzzle(tmp_path, "marks:\n...\n...\n...\n", "q.txt")
    figure_eight = "┌ ┐ .\n└ ┼ ┐\n. └ ┘\n"
    assert verdict(run, path, small, figure_eight, tmp_path) == 0
    branch = "┌ ┬ ┐\n└ ┴ ┘\n. . .\n"
    assert verdict(run, path, small, branch, tmp_path) == 1
    strict = lines_genre(tmp_path, "line forms single loop")
    assert verdict(run, strict, small, figure_eight, tmp_path) == 1
    rules = ("line forms single loop with crossings", "each cell where marks = 'x': turns(line)")
    cross = lines_genre(tmp_path, *rules)
    for option in ("loop=lazy", "loop=flow"):
        grid = puzzle(tmp_path, "marks:\n...\n.x.\n...\n", "r.txt")
        out = solved(run, cross, grid, "--formulation", option)
        assert verdict(run, cross, grid, out, tmp_path) == 0


def test_piece_compares_the_used_links_with_a_symbol(tmp_path, run):
    path = lines_genre(tmp_path, "each cell where marks = 'x': piece(line) = '┌'")
    grid = puzzle(tmp_path, "marks:\nx.\n..\n")
    assert verdict(run, path, grid, "┌ ╴\n╵ .\n", tmp_path) == 0
    assert verdict(run, path, grid, "╶ ╴\n. .\n", tmp_path) == 1
    assert verdict(run, path, grid, ". .\n. .\n", tmp_path) == 1  # no links: no piece
    given = lines_genre(tmp_path, "each cell where marks is given: piece(line) != marks")
    grid = puzzle(tmp_path, "marks:\n.─.\n", "q.txt")
    assert verdict(run, given, grid, "╶ ─ ╴\n", tmp_path) == 1
    assert verdict(run, given, grid, "╶ ╴ .\n", tmp_path) == 0


POINT_LINES = """\
name: borderlines
input:
  dots: {type: grid, on: points}
variables:
  line: {type: bool, on: borders}
rules:
RULES
output:
  edges: line
"""


def test_paths_and_shapes_on_borders_meet_at_points(tmp_path, run):
    rules = (
        "line forms paths joining dots",
        "each point where dots is empty: not straight(line)",
    )
    path = genre(tmp_path, *rules, template=POINT_LINES)
    grid = puzzle(tmp_path, "dots:\n1..\n...\n..1\n")
    corner = "+ + +\n|\n+ + +\n|\n+-+-+\n"  # straight through point 2,1: not allowed
    assert verdict(run, path, grid, corner, tmp_path) == 1
    stairs = "+ + +\n|\n+-+ +\n  |\n+ +-+\n"
    assert verdict(run, path, grid, stairs, tmp_path) == 0
    for option in ("paths=lazy", "paths=flow"):
        out = solved(run, path, grid, "--formulation", option)
        assert verdict(run, path, grid, out, tmp_path) == 0
        assert out.count("-") + out.count("|") == 4
