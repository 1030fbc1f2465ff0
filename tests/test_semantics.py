"""Small genres that pin down the meaning of the language: the solver and the evaluator must
agree, and the corner cases behave as docs/language.md says."""

from __future__ import annotations

import itertools
import textwrap

import pytest

from dslsolve.compiler import compile_model
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import PUZZLES, accepted_patterns, every_solution, load_texts

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
    grid = puzzle(tmp_path, "givens:\n" + ".......\n" * 7)
    result = run(sudoku, grid)
    assert result.code == 2 and "a 7x7 grid has no boxes of its own" in result.err
    assert "e.g. box(1x7)" in result.err
    solution = puzzle(tmp_path, ("1 2 3 4 5 6 7\n" * 7), "s.txt")
    result = run("check", sudoku, grid, solution)
    assert result.code == 2 and "a 7x7 grid has no boxes of its own" in result.err


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
    assert "an output 'when' can test unknowns only as variables, their equality" in result.err


DIGITS_OR_BLOCKS = """\
name: blocks
input:
  clues: {type: grid}
variables:
  digit: {type: int, domain: 0..2}
rules:
RULES
output:
  cell:
    - when: WHEN
      symbol: "#"
    - show: digit
"""


@pytest.mark.parametrize("when", ["digit = 0", "0 = digit", "not (digit != 0)"])
def test_an_output_condition_may_test_a_variable_against_a_constant(tmp_path, run, when):
    rules = ("each row: count(digit = 0) = 1", "each cell where clues is given: digit = clues")
    path = genre(tmp_path, *rules, template=DIGITS_OR_BLOCKS.replace("WHEN", when))
    grid = puzzle(tmp_path, "clues:\n2..\n.1.\n")
    out = solved(run, path, grid)
    assert out.count("#") == 2 and out.startswith("2 ")
    checked = []  # the printed answer reads back; a 0 where '#' is printed does not
    for text in (out, out.replace("#", "0", 1)):
        solution = tmp_path / "s.txt"
        solution.write_text(text)
        checked.append(run("check", path, grid, solution))
    assert checked[0].code == 0, checked[0].err
    assert checked[1].code == 2 and "this line cannot be printed" in checked[1].err


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
    - when: black and digit = 2
      symbol: B
    - when: black
      symbol: b
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
        assert (result.code, result.out) == (0, "B 1\n"), option
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


def solver_agrees(loaded, instance) -> set[tuple[int, ...]]:
    """The patterns of `black` that the evaluator accepts (every pattern of a small grid
    tried), after checking that the solver finds exactly those."""
    cells = Grid(instance.rows, instance.columns).cells()
    accepted = accepted_patterns(loaded, instance, "black")
    shown = [(loaded.genre.variables[0], c) for c in cells]
    compiled = compile_model(loaded.genre, instance, parse_formulation([]), shown)
    solved = every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))
    assert solved == accepted
    return accepted


def test_filtered_aggregates_over_a_groups_cells_read_each_cell(tmp_path):
    """A filter and a value that read only the member cell are worked out once per cell
    (`changes` in the compiler, every aggregate in the evaluator): the filter still decides
    which cells count. On a 2x3 grid the solver and the evaluator agree on every pattern, and
    the patterns are those worked out by hand: without the filters they would differ."""
    rules = (
        "each segment where changes(clues where clues is given) = 1: any(black)",
        "each row: count(black and clues is empty) = 1",
    )
    loaded, instance = load_texts(tmp_path, genre(tmp_path, *rules).read_text(), "1.2\n3..\n")
    accepted = solver_agrees(loaded, instance)
    # 1 2 changes once along row 1 and 1 3 down column 1; one unnumbered cell black per row
    expected = {
        pattern
        for pattern in itertools.product((0, 1), repeat=6)
        if pattern[1] == 1 and pattern[4] + pattern[5] == 1 and (pattern[0] or pattern[3])
    }
    assert accepted == expected


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


RING = SHADING.replace("clues: {type: grid, symbols: '#'}", "clues: {type: grid, split: ','}")


def ring_verdict(run, tmp_path, clues: str, shading: str, rule: str) -> int:
    """`check`'s exit code (0 valid, 1 violated) for a shading against one rule at the clues."""
    path = genre(tmp_path, "each cell where clues is given: not black", rule, template=RING)
    solution = puzzle(tmp_path, shading, "s.txt")
    return run("check", path, puzzle(tmp_path, clues), solution).code


def test_ring_runs_wrap_around_the_start_of_the_ring(tmp_path, run):
    rule = "each cell where clues is given: runs(black of ring) = clues"
    # the ring starts at the top left: r1c1 and r2c1 are its first and last cells
    assert (
        ring_verdict(run, tmp_path, "clues:\n...\n.2.\n...\n", "# . .\n# 2 .\n. . .\n", rule) == 0
    )
    assert (
        ring_verdict(run, tmp_path, "clues:\n...\n.2.\n...\n", "# . #\n. 2 .\n. . .\n", rule) == 1
    )
    full = "# # #\n# 8 #\n# # #\n"
    assert ring_verdict(run, tmp_path, "clues:\n...\n.8.\n...\n", full, rule) == 0


def test_ring_positions_off_the_grid_end_a_run(tmp_path, run):
    rule = "each cell where clues is given: runs(black of ring) = clues"
    # r1c1 and r1c3 are neighbours in the list of r1c2's cells, but the ring passes above
    clues = "clues:\n. 1,1 .\n. . .\n"
    assert ring_verdict(run, tmp_path, clues, "# 1,1 #\n. . .\n", rule) == 0
    clues = "clues:\n.2.\n...\n"
    assert ring_verdict(run, tmp_path, clues, "# 2 #\n. . .\n", rule) == 1


def test_ring_runs_compare_as_a_multiset(tmp_path, run):
    rule = "each cell where clues is given: runs(black of ring) = clues"
    shading = "# # .\n. 2,1 .\n. # .\n"
    assert ring_verdict(run, tmp_path, "clues:\n. . .\n. 2,1 .\n. . .\n", shading, rule) == 0
    shading = "# # .\n. 1,2 .\n. # .\n"
    assert ring_verdict(run, tmp_path, "clues:\n. . .\n. 1,2 .\n. . .\n", shading, rule) == 0
    shading = "# # .\n. 1,2 .\n. . .\n"
    assert ring_verdict(run, tmp_path, "clues:\n. . .\n. 1,2 .\n. . .\n", shading, rule) == 1


def test_a_ring_counts_like_around(tmp_path, run):
    rule = "each cell where clues is given: count(ring where black) = clues"
    assert ring_verdict(run, tmp_path, "clues:\n3..\n...\n", "3 # .\n. # .\n", rule) == 1
    assert ring_verdict(run, tmp_path, "clues:\n3..\n...\n", "3 # .\n# # .\n", rule) == 0


def test_the_table_lowerings_find_every_ring_solution(tmp_path, run):
    """A 3x3 grid with a clue `1,1` in the middle: the eight cells around it are black in
    exactly two runs of one, which is 20 patterns; the solver must agree under both tables."""
    rules = ("each cell where clues is given: not black", "runs(black of ring) = clues")
    path = genre(tmp_path, *rules, template=RING)
    grid = puzzle(tmp_path, "clues:\n. . .\n. 1,1 .\n. . .\n")
    for option in ("table=select", "table=nogoods"):
        printed = solved(run, path, grid, "--formulation", option)
        assert run("check", path, grid, puzzle(tmp_path, printed, "s.txt")).code == 0
    corner = puzzle(tmp_path, "clues:\n4..\n...\n")  # a corner has three cells around it
    for option in ("table=select", "table=nogoods"):
        assert run(path, corner, "--formulation", option).code == 1


def test_a_list_token_prints_as_written_and_reads_back(tmp_path, run):
    rules = ("each cell where clues is given: not black", "runs(black of ring) = clues")
    path = genre(tmp_path, *rules, template=RING)
    grid = puzzle(tmp_path, "clues:\n. . . . .\n. 8 . 1,3 .\n. . . . .\n")
    printed = solved(run, path, grid)
    assert printed.splitlines()[1].split()[:4] == ["#", "8", "#", "1,3"]
    assert run("check", path, grid, puzzle(tmp_path, printed, "s.txt")).code == 0


GROUPS = """\
name: groups
input:
  labels: {type: grid, symbols: any}
  sets: {type: groups, of: labels, symbols: x}
variables:
  black: {type: bool}
rules:
RULES
output:
  cell:
    - when: black
      symbol: "#"
    - show: labels
"""


def test_a_group_holds_every_cell_of_each_label_it_lists(tmp_path, run):
    path = genre(tmp_path, "each group of sets: count(black) = sets", template=GROUPS)
    # group 1 is the three cells labelled a or c; group 2 the two cells labelled b
    grid = puzzle(tmp_path, "labels:\na a b\nc d b\nsets:\n3 a c\n0 b\n")
    assert solved(run, path, grid, "--unique") == "# # b\n# d b\n"
    # the value `.` is absent: that group asks nothing
    grid = puzzle(tmp_path, "labels:\na a b\nc d b\nsets:\n. a c\n2 b\n")
    assert "not unique" in run(path, grid, "--unique").err


def test_inside_a_group_size_and_each_cell_see_its_cells(tmp_path, run):
    rules = ("each group of sets where sets = 'x': size = 2 and count(black) = 1",)
    grid = puzzle(tmp_path, "labels:\na b c\nsets:\nx a c\n# a comment among the groups\nx b\n")
    path = genre(tmp_path, *rules, template=GROUPS)
    assert run(path, grid).code == 1  # the group of b has one cell
    rules = ("each group of sets where sets = 'x': each cell: black", "count(black) = 2")
    path = genre(tmp_path, *rules, template=GROUPS)
    grid = puzzle(tmp_path, "labels:\na b c\nsets:\nx a c\n")
    assert solved(run, path, grid) == "# b #\n"


def test_the_ring_table_and_the_evaluator_agree_on_every_pattern(tmp_path):
    """For a clue in the middle of a 3x3 grid, the compiler's table of allowed patterns is
    exactly the set of shadings that the evaluator accepts (all 256 of them, per clue)."""
    from dslsolve.compiler.lowerings.cyclic_runs import cycle_run_lengths
    from dslsolve.dsl.genre import load_genre
    from dslsolve.dsl.puzzle import read_puzzle
    from dslsolve.evaluator import Evaluator
    from dslsolve.geometry import Grid

    path = genre(tmp_path, "runs(black of ring) = clues", template=RING)
    loaded = load_genre(str(path))
    ring = list(Grid(3, 3).ring((1, 1)))
    for clue in ("0", "8", "1,1", "2", "3,1", "1,3", "1,1,1,1", "2,2,2", "4,3"):
        instance = read_puzzle(str(puzzle(tmp_path, f"clues:\n. . .\n. {clue} .\n. . .\n")), loaded)
        wanted = sorted(int(n) for n in clue.split(",") if n != "0")
        for pattern in range(256):
            bits = [bool(pattern >> i & 1) for i in range(8)]
            black = {cell: 0 for cell in Grid(3, 3).cells()}
            black.update({cell: int(bit) for cell, bit in zip(ring, bits, strict=True)})
            valid = not Evaluator(loaded.genre, instance, {"black": black}).violations()
            assert valid == (cycle_run_lengths(bits) == wanted), (clue, bits)


# ---------------------------------------------------------------- index sets (docs §15)

SCORES = """\
name: scores
input:
  names: {type: table, delimiter: ','}
  wishes: {type: table, fields: [who, n]}
sets:
  person: {values: names}
  wish: {rows: wishes}
variables:
  score: {type: int, domain: 0..3, on: person}
rules:
RULES
output:
  lines: person
  show: [person, score]
"""


def scores(tmp_path, *rules: str):
    return genre(tmp_path, *rules, template=SCORES)


def test_each_set_and_a_lookup_by_puzzle_input(tmp_path, run):
    rules = ("each wish: score(who) = n", "sum(score of person) = 4")
    wishes = puzzle(tmp_path, "names:\nann, bob, cy\nwishes:\nann 1\ncy 2\n")
    assert solved(run, scores(tmp_path, *rules), wishes) == "ann 1\nbob 1\ncy 2\n"
    wrong = puzzle(tmp_path, "ann 1\nbob 1\ncy 3\n", "s.txt")
    result = run("check", scores(tmp_path, *rules), wishes, wrong)
    assert result.code == 1
    assert "violated at wish 2\n" in result.out  # no cells to list: no colon
    assert "violated at the grid" in result.out  # the sum is 5


def test_an_empty_index_makes_the_rule_instance_vacuous(tmp_path, run):
    rules = ("each wish: score(who) = n", "each person: score = 3 or score = 0")
    wishes = puzzle(tmp_path, "names:\nann,bob\nwishes:\nann 3\n. 2\n")
    out = solved(run, scores(tmp_path, *rules), wishes)
    assert out.splitlines()[0] == "ann 3"
    assert run(scores(tmp_path, *rules), wishes, "--unique").err.startswith("not unique")


def test_a_name_that_is_not_a_member_is_an_error_for_solve_and_check(tmp_path, run):
    rules = ("each wish: score(who) = n",)
    wishes = puzzle(tmp_path, "names:\nann\nwishes:\nbo 1\n")
    result = run(scores(tmp_path, *rules), wishes)
    assert result.code == 2
    assert "'bo' is not a member of the set 'person'" in result.err
    result = run("check", scores(tmp_path, *rules), wishes, puzzle(tmp_path, "ann 1\n", "s.txt"))
    assert result.code == 2
    assert "cannot check this rule: 'bo' is not a member" in result.err


def test_power_and_aggregates_over_a_set(tmp_path, run):
    rules = (
        "each wish: score(who) = 2 ^ n - 1",
        "count(person where score > 0) = 1",
        "all(score < 3 of person)",
    )
    wishes = puzzle(tmp_path, "names:\nann,bob\nwishes:\nann 0\nbob 1\n")
    assert solved(run, scores(tmp_path, *rules), wishes) == "ann 0\nbob 1\n"
    too_big = puzzle(tmp_path, "names:\nann,bob\nwishes:\nann 0\nbob 2\n")
    assert run(scores(tmp_path, *rules), too_big).code == 1  # 2^2 - 1 = 3 is not < 3


def test_a_member_of_a_numbered_set_is_its_number(tmp_path, run):
    rules = ("each wish: score(who) = wish",)
    wishes = puzzle(tmp_path, "names:\nann,bob\nwishes:\nbob 0\nann 0\n")
    assert solved(run, scores(tmp_path, *rules), wishes) == "ann 2\nbob 1\n"


def test_a_product_variable_reads_the_members_in_scope(tmp_path, run):
    logic = (PUZZLES / "logic_grid.yaml").read_text()
    path = tmp_path / "l.yaml"
    path.write_text(logic)
    two = puzzle(
        tmp_path,
        "people:\na,b\nitems:\nx,y\ncolours:\nr,g\nhints:\nFalse,a,x,\nTrue,,x,g\n",
    )
    assert solved(run, path, two) == "a y r\nb x g\n"
    swapped = puzzle(tmp_path, "a y g\nb x r\n", "s.txt")
    result = run("check", path, two, swapped)
    assert result.code == 1
    assert "violated at hint 2, person b" in result.out


def test_a_right_aligned_table_with_rule_lines():
    from dslsolve.dsl.genre import load_genre
    from dslsolve.dsl.puzzle import read_puzzle

    loaded = load_genre(str(PUZZLES / "cryptarithm.yaml"))
    instance = read_puzzle("p.txt", loaded, " AB\n  C\n---\n---\nDEF\n")
    table = instance.tables["puzzle"]
    assert table.records == ((None, "A", "B"), (None, None, "C"), ("D", "E", "F"))
    assert table.blocks == (1, 1, 3)
    assert table.layout == (0, 1, None, None, 2)
    assert instance.sets["letter"] == ("A", "B", "C", "D", "E", "F")
    assert instance.sets["place"] == (1, 2, 3)


def test_a_variable_in_two_terms_of_a_sum_keeps_both_coefficients(tmp_path, run):
    rules = ("sum(score(who) of wish) = 4",)
    wishes = puzzle(tmp_path, "names:\nann\nwishes:\nann 0\nann 0\n")
    assert solved(run, scores(tmp_path, *rules), wishes) == "ann 2\n"


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


def test_a_ray_may_stop_where_a_line_turns(tmp_path, run):
    """A ray's stop may read the unknowns through a line shape: the only loop of a 2x3 grid
    whose top row goes straight through its middle cell."""
    rule = "each cell where marks = 's': count(ray right until turns(line)) = 1"
    path = lines_genre(tmp_path, "line forms single loop", rule)
    grid = puzzle(tmp_path, "marks:\ns..\n...\n")
    out = run(path, grid, "--unique")
    assert out.code == 0, out.err
    assert out.out == "┌ ─ ┐\n└ ─ ┘\n" and "unique" in out.err
    assert verdict(run, path, grid, "┌ ┐ .\n└ ┘ .\n", tmp_path) == 1  # r1c2 turns: none before


def test_an_output_condition_may_not_read_a_line_shape(tmp_path, run):
    """A line shape reads the unknowns as a variable does: an output case cannot test it
    (`check` could not read it back); it was taken for input and ended in a traceback."""
    template = LINES.replace(
        "    - links: line", '    - when: turns(line)\n      symbol: "+"\n    - links: line'
    )
    result = run(
        genre(tmp_path, "line forms single loop", template=template),
        puzzle(tmp_path, "marks:\n..\n..\n"),
    )
    assert result.code == 2
    assert "an output 'when' can test unknowns only as variables, their equality" in result.err


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
        # any path will do (a detour through the rows below too): which one is the solver's
        answer = solved(run, path, ends, "--formulation", option, "--unique")
        assert verdict(run, path, ends, answer, tmp_path) == 0


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


def test_next_is_the_first_cell_of_a_ray(tmp_path, run):
    rule = "each cell where clues is given: count(next right where black) = clues"
    path = genre(tmp_path, "each cell where clues is given: not black", rule)
    grid = puzzle(tmp_path, "clues:\n1..\n")
    assert solved(run, path, grid) in ("1 # .\n", "1 # #\n")
    checks = {"1 # .\n": 0, "1 # #\n": 0, "1 . #\n": 1, "1 . .\n": 1}
    for shading, code in checks.items():
        assert verdict(run, path, grid, shading, tmp_path) == code
    edge = puzzle(tmp_path, "clues:\n..0\n")
    stays = genre(tmp_path, "each cell where clues is given: count(next right) = clues")
    assert run("check", stays, edge, puzzle(tmp_path, ". . 0\n", "s.txt")).code == 0
    named = genre(
        tmp_path,
        "each cell where clues is given: not black",
        "each cell as c where clues is given: count(next left from c where black) = clues",
    )
    grid = puzzle(tmp_path, "clues:\n..1\n")
    assert verdict(run, named, grid, ". # 1\n", tmp_path) == 0
    assert verdict(run, named, grid, "# . 1\n", tmp_path) == 1


SPELLING = """\
name: spelling
input:
  board: {type: grid, symbols: '*'}
  words: {type: table, delimiter: chars}
sets:
  letter: {values: words}
variables:
  char: {type: symbol, values: letter}
define:
  white: board is empty
rules:
RULES
output:
  cell:
    - when: not white
      symbol: "*"
    - show: char
"""


def spelling(tmp_path, *rules: str):
    return genre(tmp_path, *rules, template=SPELLING)


def test_groups_spell_each_record_as_often_as_it_is_listed(tmp_path, run):
    """Two rows, two words: both orders of the rows read, but only as the records list them."""
    rules = ("each row: char spells words once",)
    board = puzzle(tmp_path, "board:\n..\n..\nwords:\nab\nab\n")
    assert solved(run, spelling(tmp_path, *rules), board) == "a b\na b\n"
    g = spelling(tmp_path, *rules)
    assert verdict(run, g, board, "a b\na b\n", tmp_path) == 0
    assert verdict(run, g, board, "a b\nb a\n", tmp_path) == 1  # 'ba' is no record
    other = puzzle(tmp_path, "board:\n..\n..\nwords:\nab\nba\n")
    assert verdict(run, g, other, "a b\na b\n", tmp_path) == 1  # 'ab' twice, 'ba' never
    assert verdict(run, g, other, "b a\na b\n", tmp_path) == 0  # any group may take a record


def test_spelling_runs_cross_and_a_where_picks_the_groups(tmp_path, run):
    """A plus: the across and the down word share the middle cell; single cells are no slot."""
    rules = ("each run of white where size >= 2: char spells words once",)
    board = puzzle(tmp_path, "board:\n*.*\n...\n*.*\nwords:\nxyz\nayb\n")
    assert solved(run, spelling(tmp_path, *rules), board) == "* a *\nx y z\n* b *\n"
    three = puzzle(tmp_path, "board:\n*.*\n...\n*.*\nwords:\nxyz\nayb\nqq\n")
    assert run(spelling(tmp_path, *rules), three).code == 1  # a record no group can spell
    cross = puzzle(tmp_path, "board:\n*.*\n...\n*.*\nwords:\nxyz\naqb\n")
    assert run(spelling(tmp_path, *rules), cross).code == 1  # the middle cell disagrees


def test_numbers_spell_with_digits_and_given_cells(tmp_path, run):
    template = """\
name: numbers
input:
  board: {type: grid, symbols: '*'}
  numbers: {type: table, delimiter: chars}
variables:
  digit: {type: int, domain: 0..9}
rules:
RULES
output:
  cell:
    - when: board = '*'
      symbol: "*"
    - show: digit
"""
    rules = ("digit = board", "each run of board != '*' where size >= 2: digit spells numbers once")
    g = genre(tmp_path, *rules, template=template)
    board = puzzle(tmp_path, "board:\n.2\n.*\nnumbers:\n12\n13\n")
    for option in ("domain=onehot", "domain=integer"):
        assert solved(run, g, board, "--formulation", option) == "1 2\n3 *\n"


DIGITS = """\
name: digits
input:
  board: {type: grid, symbols: '#'}
variables:
  digit: {type: int, domain: 1..2}
rules:
RULES
output:
  cell:
    - when: board is empty
      show: digit
    - symbol: "#"
"""


def test_a_value_the_output_never_shows_there_is_not_part_of_the_answer(tmp_path, run):
    # no rule reads `digit` on the '#' cells, and the output prints '#' there: the answer is
    # unique although those digits are free
    path = genre(tmp_path, "each cell where board is empty: digit = 1", template=DIGITS)
    result = run(path, puzzle(tmp_path, "board:\n.#\n#.\n"), "--unique")
    assert result.code == 0, result.err
    assert result.out.startswith("1 #\n# 1\n")
    assert "unique" in (result.out + result.err).lower()
    assert "not unique" not in (result.out + result.err).lower()


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
    assert "violated at link r1c1-r1c2\n" in result.out  # named once
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


@pytest.mark.parametrize(
    "rule",
    [
        # at a point: the cell on that side of the point; at a cell: its diagonal neighbour
        "each point: count(upleft where clues is given) <= count(downright where black)",
        "each cell where clues is given: all(downright where black)",
    ],
)
def test_diagonal_relations_down_right(tmp_path, run, rule):
    path = genre(tmp_path, rule, "count(black) <= 1")
    clues = puzzle(tmp_path, "clues:\n1..\n...\n...\n")
    assert solved(run, path, clues) == "1 . .\n. # .\n. . .\n"
    assert run("check", path, clues, puzzle(tmp_path, "1 . .\n. # .\n. . .\n", "s.txt")).code == 0
    assert run("check", path, clues, puzzle(tmp_path, "1 . .\n# . .\n. . .\n", "s.txt")).code == 1


@pytest.mark.parametrize(
    "rule",
    [
        "each point: count(upright where clues is given) <= count(downleft where black)",
        "each cell where clues is given: all(downleft where black)",
        "each point: count(downleft where clues is given) <= count(upright where black)",
        "each cell where clues is given: all(upright where black)",
    ],
)
def test_diagonal_relations_up_right_and_down_left(tmp_path, run, rule):
    path = genre(tmp_path, rule, "count(black) <= 1")
    given = (
        "clues:\n..1\n...\n...\n" if "downleft where black" in rule else "clues:\n...\n...\n1..\n"
    )
    shaded = ". . 1\n. # .\n. . .\n" if given.startswith("clues:\n..1") else ". . .\n. # .\n1 . .\n"
    clues = puzzle(tmp_path, given)
    assert solved(run, path, clues) == shaded
    assert run("check", path, clues, puzzle(tmp_path, shaded, "s.txt")).code == 0


def test_a_diagonal_relation_off_the_grid_is_empty(tmp_path, run):
    # r3c3 has no cell down right of it (and its bottom right corner neither): the rule fails
    path = genre(tmp_path, "each point: count(upleft where clues is given) <= count(downright)")
    clues = puzzle(tmp_path, "clues:\n...\n...\n..1\n")
    assert run("check", path, clues, puzzle(tmp_path, ". . .\n. . .\n. . 1\n", "s.txt")).code == 1
    result = run(path, clues)
    assert result.code != 0 and "no solution" in (result.out + result.err)


TRACING = """\
name: tracing
input:
  board: {type: grid}
  words: {type: table, delimiter: ',', fields: [x, y, arrow], rest: chars}
sets:
  entry: {rows: words}
  letter: {values: words}
variables:
  char: {type: symbol, values: letter}
rules:
RULES
output:
  cell:
    - show: char
"""
TRACES = "each entry: char traces words from (y, x) toward arrow"


def test_a_word_is_traced_along_a_simple_path_from_its_start(tmp_path, run):
    """First step toward the arrow, then any orthogonal step, never back onto a used cell."""
    g = genre(tmp_path, TRACES, template=TRACING)
    right = puzzle(tmp_path, "board:\n...\n...\nwords:\n0,0,→,abc\n")
    assert verdict(run, g, right, "a b c\na a a\n", tmp_path) == 0
    assert verdict(run, g, right, "a b a\na c a\n", tmp_path) == 0  # turns after the first step
    assert verdict(run, g, right, "a c b\na a a\n", tmp_path) == 1  # wrong order
    assert verdict(run, g, right, "a a a\nb c a\n", tmp_path) == 1  # first step not to the right
    assert verdict(run, g, right, "c b c\na b c\n", tmp_path) == 1  # not from its start
    again = puzzle(tmp_path, "board:\n...\n...\nwords:\n1,0,←,aba\n")
    assert verdict(run, g, again, "b a b\nb b b\n", tmp_path) == 1  # 'a' would reuse the start
    assert verdict(run, g, again, "b a b\na b b\n", tmp_path) == 0
    up = puzzle(tmp_path, "board:\n..\n..\nwords:\n0,1,U,abcd\n")
    assert verdict(run, g, up, "b c\na d\n", tmp_path) == 0  # a letter names the direction too


def test_words_share_cells_and_must_agree_there(tmp_path, run):
    g = genre(tmp_path, TRACES, template=TRACING)
    both = puzzle(tmp_path, "board:\n...\nwords:\n0,0,→,abc\n2,0,←,cb\n")
    assert solved(run, g, both) == "a b c\n"
    assert solved(run, g, both, "--unique").startswith("a b c\n")
    clash = puzzle(tmp_path, "board:\n...\nwords:\n0,0,→,abc\n2,0,←,ca\n")
    assert run(g, clash).code == 1  # the middle cell cannot be both b and x
    turn = puzzle(tmp_path, "board:\n..\n..\nwords:\n0,0,↓,abcd\n1,0,↓,dcba\n")
    assert solved(run, g, turn) == "a d\nb c\n"  # the first word turns twice, the second too
    off = puzzle(tmp_path, "board:\n..\n..\nwords:\n0,0,↑,ab\n")
    assert run(g, off).code == 1  # the first step leaves the grid


BEAMS = """\
name: beams
input:
  circles: {type: grid, symbols: '? U D L R', split: ',', fields: [amount, dot]}
variables:
  line: {type: bool, on: links}
rules:
RULES
output:
  cell:
    - show: amount
  edges: line
"""


def test_forms_paths_from_starts_turning(tmp_path, run):
    path = genre(tmp_path, "line forms paths from dot turning amount times", template=BEAMS)
    grid = puzzle(tmp_path, "circles:\n0,R . 0,D\n. . .\n. . ?,L\n")
    ring = "+ + + +\n 0- -0\n+|+ +|+\n\n+|+ +|+\n  - -?\n+ + + +\n"
    assert verdict(run, path, grid, ring, tmp_path) == 0
    winding = "+ + + +\n 0- -0\n+|+ +|+\n  -\n+ +|+|+\n    -?\n+ + + +\n"
    assert verdict(run, path, grid, winding, tmp_path) == 0  # '?' turns any number of times
    branch = "+ + + +\n 0- -0\n+|+ +|+\n  -\n+|+ +|+\n  - -?\n+ + + +\n"
    assert verdict(run, path, grid, branch, tmp_path) == 1
    no_start = "+ + + +\n 0- -0\n+ + +|+\n\n+|+ +|+\n  - -?\n+ + + +\n"
    assert verdict(run, path, grid, no_start, tmp_path) == 1  # the path from ? stops at r2c1
    own_side = "+ + + +\n 0- -0\n+ + +|+\n\n+ + +|+\n      ?\n+ + + +\n"
    assert verdict(run, path, grid, own_side, tmp_path) == 1  # no line leaves ? to the left
    one = puzzle(tmp_path, "circles:\n0,R . 1,D\n. . .\n. . ?,L\n", "q.txt")
    assert verdict(run, path, one, ring.replace("-0", "-1"), tmp_path) == 1  # 0 turns, not 1
    for option in ("paths=lazy", "paths=flow"):
        result = run(path, grid, "--formulation", option, "--unique")
        assert "not unique" in result.err  # the ring and the winding path
        assert verdict(run, path, grid, result.out, tmp_path) == 0
        assert run(path, one, "--formulation", option).code != 0


GATES = """\
name: gates
input:
  board: {type: grid, on: links, cells: ice, symbols: 'U D L R *'}
  gates: {type: grid, symbols: 'U D L R'}
variables:
  line: {type: bool, on: links}
rules:
RULES
output:
  cell:
    - links: line
"""


def test_forms_path_through_gates_along_arrows(tmp_path, run):
    path = genre(tmp_path, "line forms path through gates along board", template=GATES)
    # in at the left of r1c1 moving right, out at the right of r1c3; an arrow D below r1c1
    grid = puzzle(tmp_path, "board:\n. . . . .\nD . . . .\n. . . . .\ngates:\nR . R\n. . .\n")
    assert verdict(run, path, grid, "╷ ┌ ╴\n└ ┘ .\n", tmp_path) == 0
    assert verdict(run, path, grid, "╶ ─ ╴\n. . .\n", tmp_path) == 1  # misses the arrow
    assert verdict(run, path, grid, "╷ ┌ ╴\n└ ┴ ╴\n", tmp_path) == 1  # a branch
    against = puzzle(
        tmp_path, "board:\n. . . . .\nU . . . .\n. . . . .\ngates:\nR . R\n. . .\n", "a.txt"
    )
    assert verdict(run, path, against, "╷ ┌ ╴\n└ ┘ .\n", tmp_path) == 1  # the arrow backwards
    empty = ". . . . .\n" * 5
    loop = puzzle(tmp_path, f"board:\n{empty}gates:\nR . R\n. . .\n. . .\n", "q.txt")
    assert verdict(run, path, loop, "╶ ─ ╴\n┌ ┐ .\n└ ┘ .\n", tmp_path) == 1  # a separate loop
    assert verdict(run, path, loop, "╶ ─ ╴\n. . .\n. . .\n", tmp_path) == 0
    for option in ("paths=lazy", "paths=flow"):
        result = run(path, grid, "--formulation", option, "--unique")
        assert "not unique" in result.err  # below r1c2 or through r2c3
        assert verdict(run, path, grid, result.out, tmp_path) == 0


def test_path_through_gates_crosses_itself_straight(tmp_path, run):
    crossing = genre(tmp_path, "line forms path through gates with crossings", template=GATES)
    plain = tmp_path / "plain.yaml"
    plain.write_text(GATES.replace("RULES", "  - line forms path through gates"))
    # in at the left of r2c1 moving right, out at the right of r3c3: a figure eight at r2c2
    empty = ". . . . .\n" * 5
    grid = puzzle(tmp_path, f"board:\n{empty}gates:\n. . .\nR . .\n. . R\n")
    eight = ". ┌ ┐\n╶ ┼ ┘\n. └ ╴\n"
    assert verdict(run, crossing, grid, eight, tmp_path) == 0
    assert verdict(run, plain, grid, eight, tmp_path) == 1  # no crossing without 'with crossings'
    assert verdict(run, crossing, grid, ". . .\n╶ ─ ╴\n. . .\n", tmp_path) == 1  # stops at r2c3
    for option in ("paths=lazy", "paths=flow"):
        result = run(crossing, grid, "--formulation", option)
        assert verdict(run, crossing, grid, result.out, tmp_path) == 0
    bad = puzzle(tmp_path, f"board:\n{empty}gates:\n. . .\nR . .\n. . .\n", "q.txt")
    result = run(crossing, bad)
    assert "needs one entrance and one exit, found 1 gates (1 in, 0 out)" in result.err


def test_line_shapes_count_the_outline_side_of_a_gate(tmp_path, run):
    """At a gate the path crosses the outline: straight, turns and piece count that side as a
    used edge, count(links ...) does not (docs/language.md §7.3)."""
    ice = genre(
        tmp_path,
        "line forms path through gates along board with crossings",
        "each cell where ice is given: straight(line) or not any(links where line)",
        template=GATES,
    )
    # in at the left of r1c1 moving right, out at the right of r1c3; ice at the entrance
    grid = puzzle(tmp_path, "board:\n* . . . .\n. . . . .\n. . . . .\ngates:\nR . R\n. . .\n")
    across, turning = "╶ ─ ╴\n. . .\n", "╷ ┌ ╴\n└ ┘ .\n"
    assert verdict(run, ice, grid, across, tmp_path) == 0  # straight through the ice gate
    assert verdict(run, ice, grid, turning, tmp_path) == 1  # a turn at the ice gate
    at_exit = puzzle(
        tmp_path, "board:\n. . . . *\n. . . . .\n. . . . .\ngates:\nR . R\n. . .\n", "x.txt"
    )
    assert verdict(run, ice, at_exit, across, tmp_path) == 0
    assert verdict(run, ice, at_exit, "╷ . ╷\n└ ─ ┘\n", tmp_path) == 1  # a turn at the ice exit
    # the shape rule may come before the path rule
    for rule, straight_verdict, turning_verdict in (
        ("each cell where ice is given: turns(line)", 1, 0),
        ("each cell where ice is given: not turns(line)", 0, 1),
        ("each cell where ice is given: piece(line) = '─'", 0, 1),
        ("each cell where ice is given: piece(line) = '┐'", 1, 0),
        ("each cell where ice is given: piece(line) = '╶'", 1, 1),  # the link alone: no piece
        ("each cell where ice is given: count(links where line) = 1", 0, 0),  # links only
    ):
        shapes = genre(tmp_path, rule, "line forms path through gates", template=GATES)
        assert verdict(run, shapes, grid, across, tmp_path) == straight_verdict, rule
        assert verdict(run, shapes, grid, turning, tmp_path) == turning_verdict, rule


SHAPES_AT_GATES = """\
name: shapes
input:
  marks: {type: grid, symbols: any}
  pieces: {type: grid, symbols: any}
  gates: {type: grid, symbols: 'U D L R'}
variables:
  line: {type: bool, on: links}
rules:
  - "each cell where marks = 's': straight(line)"
  - line forms path through gates
  - "each cell where marks = 't': turns(line)"
  - "each cell where pieces is given: piece(line) = pieces"
output:
  cell:
    - links: line
"""


@pytest.mark.parametrize(
    ("marks", "pieces", "expected"),
    [
        ("...\n...", "...\n...", 3),  # down at once, or round r1c2-r2c2, or round column 3
        ("s..\n...", "...\n...", 2),  # the entrance passed straight
        ("t..\n...", "...\n...", 1),  # the entrance turns
        ("s..\nt..", "...\n...", 0),
        ("t..\nt..", "...\n...", 1),
        (".s.\n...", "...\n...", 1),  # not a gate: round column 3
        ("...\n...", "...\n─..", 2),
        ("...\n...", "...\n┘..", 1),
        ("...\n...", "...\n╶..", 0),  # the exit's link alone is not its piece
    ],
)
def test_the_compiler_and_the_evaluator_agree_on_shapes_at_gates(tmp_path, marks, pieces, expected):
    """On a 2x3 grid entered at the left of r1c1 and left at the left of r2c1: the evaluator's
    verdicts on all 128 link sets, and the solver's answer and uniqueness under both lowerings
    of the path, give the same solutions, as many as expected."""
    import itertools

    from dslsolve.dsl.genre import load_genre
    from dslsolve.dsl.puzzle import read_puzzle
    from dslsolve.evaluator import Evaluator
    from dslsolve.formulations import parse_formulation
    from dslsolve.geometry import Grid
    from dslsolve.solve import solve_puzzle

    path = tmp_path / "g.yaml"
    path.write_text(SHAPES_AT_GATES)
    loaded = load_genre(str(path))
    text = f"marks:\n{marks}\npieces:\n{pieces}\ngates:\nR . .\nL . .\n"
    instance = read_puzzle(str(puzzle(tmp_path, text)), loaded)
    links = Grid(2, 3).links()
    valid = set()
    for bits in itertools.product((0, 1), repeat=len(links)):
        line = dict(zip(links, bits, strict=True))
        if not Evaluator(loaded.genre, instance, {"line": line}).violations():
            valid.add(frozenset(e for e in links if line[e]))
    assert len(valid) == expected
    for option in ("paths=lazy", "paths=flow"):
        outcome = solve_puzzle(loaded, instance, parse_formulation([option]), unique=True)
        if not valid:
            assert outcome.assignment is None, option
            continue
        assert outcome.assignment is not None, option
        assert frozenset(e for e, v in outcome.assignment["line"].items() if v) in valid, option
        assert outcome.unique == (len(valid) == 1), option


# ---------------------------------------------------------------- unknowns fixed by the puzzle


def compiled_model(genre_path, puzzle_path):
    from dslsolve.compiler import compile_model
    from dslsolve.dsl.genre import load_genre
    from dslsolve.dsl.puzzle import read_puzzle
    from dslsolve.formulations import parse_formulation

    loaded = load_genre(str(genre_path))
    instance = read_puzzle(str(puzzle_path), loaded)
    return compile_model(loaded.genre, instance, parse_formulation([]))


def test_an_unknown_that_the_puzzle_fixes_is_no_model_variable(tmp_path, run):
    rules = ("each cell where clues is given: black", "count(black) = 3")
    path = genre(tmp_path, *rules)
    clued = puzzle(tmp_path, "clues:\n1..\n...\n..1\n")
    compiled = compiled_model(path, clued)
    assert compiled.lowerer.fixed == {"black": {(0, 0): True, (2, 2): True}}
    assert (0, 0) not in compiled.lowerer.encodings["black"]
    assert len(compiled.model.problem.variables()) == 7  # the other seven cells
    assert compiled.decode()["black"][(0, 0)] == 1  # the answer still holds the fixed value
    out = solved(run, path, clued, "--unique")
    assert out.count("#") == 3 and out.startswith("#") and out.rstrip().endswith("#")


def test_two_rules_fixing_one_unknown_differently_is_a_contradiction(tmp_path, run):
    rules = ("each cell where clues is given: black", "each cell where clues = 1: not black")
    result = run(genre(tmp_path, *rules), puzzle(tmp_path, "clues:\n1.\n..\n"))
    assert result.code == 1
    assert "'each cell where clues = 1: not black' cannot hold at r1c1" in result.err


def test_givens_fix_the_digits_and_rows_stay_permutations():
    """Sudoku's `digit = givens`: a given cell has no binaries, and a row with givens is still
    an exact assignment (every value taken exactly once, the givens' values by no other cell)."""
    import pulp

    example = PUZZLES / "sudoku" / "example.txt"
    compiled = compiled_model(PUZZLES / "sudoku.yaml", example)
    givens = sum(t is not None for t in compiled.lowerer.instance.grids["givens"].values())
    assert givens == 28
    assert len(compiled.model.problem.variables()) == 9 * (81 - givens)
    senses = [c.sense for c in compiled.model.problem.constraints.values()]
    assert pulp.LpConstraintLE not in senses  # no row is a mere "at most one"


ONE_TO_THREE = """\
name: digits
input:
  givens: {type: grid}
variables:
  digit: {type: int, domain: 1..3}
rules:
RULES
output:
  cell:
    - show: digit
"""


@pytest.mark.parametrize("domain", ["onehot", "integer"])
def test_uniqueness_sees_every_integer_whatever_its_encoding(tmp_path, run, domain):
    """Under domain=integer the no-good cut needs the integers' value binaries even where no
    rule asked for them, and an integer that no row reads still has a value of its domain."""
    options = ("--formulation", f"domain={domain}", "--unique")
    path = genre(tmp_path, "each cell: digit >= 2", "digit = givens", template=ONE_TO_THREE)
    result = run(path, puzzle(tmp_path, "givens:\n3.\n"), *options)
    assert result.code == 0 and "not unique" in result.out + result.err
    assert result.out.split()[:2] in (["3", "2"], ["3", "3"])
    result = run(path, puzzle(tmp_path, "givens:\n32\n", "q.txt"), *options)
    assert result.code == 0 and "unique" in result.out + result.err
    assert "not unique" not in result.out + result.err
    free = genre(
        tmp_path, "each cell: digit >= 1", template=ONE_TO_THREE
    )  # no row: the bounds say it
    blank = puzzle(tmp_path, "givens:\n..\n", "r.txt")
    result = run(free, blank, "--formulation", f"domain={domain}")
    assert result.code == 0 and set(result.out.split()) <= {"1", "2", "3"}  # never 0


ZONES = """\
name: zones
input:
  zones: {type: grid, symbols: 'z'}
variables:
  black: {type: bool}
rules:
RULES
output:
  cell:
    - when: black
      symbol: "#"
    - show: zones
    - symbol: "."
"""


def test_each_area_of_puzzle_input_is_one_group_per_connected_zone(tmp_path, run):
    """`each area of C` with C from the puzzle alone: the groups are C's connected parts, fixed
    before solving (the ice areas of icebarn); both the solver and `check` read them so."""
    rules = ("each area of zones is given: count(black) = 1", "count(black) = 2")
    path = genre(tmp_path, *rules, template=ZONES)
    grid = puzzle(tmp_path, "zones:\nzz.z\n...z\n")  # two zones: r1c1-r1c2 and r1c4-r2c4
    printed = solved(run, path, grid)
    rows = [line.split() for line in printed.splitlines()]
    assert sum(row[:2].count("#") for row in rows[:1]) == 1
    assert [rows[0][3], rows[1][3]].count("#") == 1
    assert all(rows[r][c] != "#" for r, c in ((0, 2), (1, 0), (1, 1), (1, 2)))
    both_in_one = puzzle(tmp_path, "# # . z\n. . . z\n", "s.txt")
    result = run("check", path, grid, both_in_one)
    assert result.code == 1 and "area at r1c1" in result.out + result.err
    one_each = puzzle(tmp_path, "z # . z\n. . . #\n", "t.txt")
    assert run("check", path, grid, one_each).code == 0


def test_records_onehot_branches_on_binary_record_flags():
    """records=onehot: each "x_i = h is a record" flag is a binary, not a continuous 0..1 that
    the indicators force (CBC did not solve the corpus 9x9 skyscrapers that way; see
    docs/formulations.md)."""
    compiled = compiled_model(PUZZLES / "skyscrapers.yaml", PUZZLES / "skyscrapers" / "example.txt")
    flags = [v for v in compiled.model.problem.variables() if v.name.startswith("record_")]
    assert flags and all(v.cat == "Integer" and (v.lowBound, v.upBound) == (0, 1) for v in flags)


def test_a_rule_or_with_an_absent_part_asks_nothing_even_where_another_part_is_false(tmp_path, run):
    """The check reads `a or b` as false only where every part is false: an absent part (no
    clue) makes the instance vacuous, whatever the other part is."""
    path = genre(tmp_path, "each cell: clues > 1 or black")
    grid = puzzle(tmp_path, "clues:\n12.\n")
    result = run("check", path, grid, puzzle(tmp_path, "1 2 .\n", "s.txt"))
    assert result.code == 1
    assert result.out.splitlines()[1:] == [
        f"  {path}:10: each cell: clues > 1 or black",
        "    violated at r1c1",  # the cell once, not `r1c1: r1c1`
    ]


def test_a_count_against_a_symbol_asks_nothing(tmp_path, run):
    """`count(...) = board` at a `#` (a symbol where a number is needed) is vacuous, in the
    model (which does not even build the count there) and in the evaluator's check of the
    answer: here the only black cell is next to the `#`."""
    rules = (
        "each cell where board is given: count(neighbours where black) = board",
        "each cell where board is given: not black",
        "count(black) = 1",
    )
    template = SHADING.replace(
        "clues: {type: grid, symbols: '#'}", "board: {type: grid, symbols: '#'}"
    )
    # black prints as x: a '#' for it too would read back as the board's '#' (or the reverse)
    template = template.replace("show: clues", "show: board").replace('symbol: "#"', "symbol: x")
    path = genre(tmp_path, *rules, template=template)
    grid = puzzle(tmp_path, "board:\n#.\n")
    result = run(path, grid, "--unique")
    assert (result.code, result.out) == (0, "# x\n")
    assert "unique: no other solution exists" in result.err  # and the evaluator accepted it


ROW_CLUES = """\
name: row_clues
input:
  first: {type: list, per: row}
  total: {type: list, per: column}
variables:
  black: {type: bool}
rules:
  - "each row where first is given: count(black and count(ray left where black) = 0
    and count(ray left) + 1 != first) = 0"
  - each column where total is given: count(black) = total
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""


def test_a_list_entry_is_read_inside_aggregates_over_its_row(tmp_path):
    """Inside `each row`, the row's entry may be read at the row's cells too (in a count's
    condition): the solver and the evaluator agree on every pattern of a 2x3 grid, and the
    patterns are those where the first black cell of row 1 is in column 2."""
    loaded, instance = load_texts(tmp_path, ROW_CLUES, "first:\n2\n.\ntotal:\n.\n1\n.\n")
    accepted = solver_agrees(loaded, instance)
    expected = {
        pattern
        for pattern in itertools.product((0, 1), repeat=6)
        if pattern[1] + pattern[4] == 1 and pattern[0] == 0 and (pattern[1] or not pattern[2])
    }
    assert accepted == expected


def test_a_list_entry_is_not_read_in_the_other_direction(tmp_path, run):
    text = ROW_CLUES.replace("count(black) = total", "count(black where first = 1) = total")
    lines = puzzle(tmp_path, "first:\n2\n.\ntotal:\n.\n1\n.\n")
    result = run(genre(tmp_path, template=text), lines)
    assert result.code == 2
    assert "'first' has one entry per row" in result.err


def test_a_violation_of_a_nested_rule_names_the_outer_cell_too(tmp_path, run):
    path = genre(tmp_path, "each cell as c: each cell as d: c.black = d.black")
    grid = puzzle(tmp_path, "clues:\n..\n")
    solution = tmp_path / "s.txt"
    solution.write_text("# .\n")
    result = run("check", path, grid, solution)
    assert result.code == 1
    assert "violated at r1c2 (c = r1c1): r1c2, r1c1" in result.out
    assert "violated at r1c1 (c = r1c2): r1c1, r1c2" in result.out


ROOM_COUNTS = """\
name: room_counts
input:
  rooms: {type: grid, symbols: any}
variables:
  n: {type: int, domain: 0..3}
define:
  written: n > 0
rules:
  - RULE
output:
  cell:
    - show: n
"""


@pytest.mark.parametrize(
    ("rule", "accepted_one", "rejected_one"),
    [
        (
            '"each region of rooms: each cell where written: n = count(written)"',
            (2, 2, 1),
            (2, 0, 1),
        ),
        ("each region of rooms: all(n = 0 or n = count(written))", (2, 2, 1), (2, 0, 1)),
        ('"each region of rooms: each cell: n <= size - count(written) + 1"', (1, 1, 1), (2, 1, 0)),
    ],
)
def test_a_groups_aggregate_is_read_at_each_of_its_cells(
    tmp_path, rule, accepted_one, rejected_one
):
    """A setless aggregate (and `size`) at a cell of the group in scope means the group's
    cells: the model's solutions are exactly the fillings the evaluator accepts."""
    loaded, instance = load_texts(tmp_path, ROOM_COUNTS.replace("RULE", rule), "rooms:\naab\n")
    n = loaded.genre.variables[0]
    cells = [(0, 0), (0, 1), (0, 2)]
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([]), [(n, cell) for cell in cells]
    )
    solutions = every_solution(compiled, lambda v: tuple(v["n"][cell] for cell in cells))
    accepted = {
        values
        for values in itertools.product(range(4), repeat=3)
        if not Evaluator(
            loaded.genre, instance, {"n": dict(zip(cells, values, strict=True))}
        ).violations()
    }
    assert solutions == accepted
    assert accepted_one in accepted and rejected_one not in accepted


ROOM_SHADING = """\
name: rooms
input:
  rooms: {type: grid, symbols: any}
variables:
  black: {type: bool}
rules:
RULES
output:
  cell:
    - when: black
      symbol: "#"
    - show: rooms
"""


def test_cells_connected_inside_each_group_means_within_that_group(tmp_path, run):
    """`each region of rooms: black cells connected`: the black cells of each room form one
    area of the room (the flow lowering, exact in one model, has exactly the evaluator's
    accepted patterns); the lazy one cuts a room's parts apart, and check names the room."""
    rules = ('"each region of rooms: black cells connected"',)
    text = ROOM_SHADING.replace("RULES", "\n".join(f"  - {r}" for r in rules))
    loaded, instance = load_texts(tmp_path, text, "rooms:\naab\nabb\n")
    black = loaded.genre.variables[0]
    cells = Grid(2, 3).cells()
    compiled = compile_model(
        loaded.genre,
        instance,
        parse_formulation(["connected=flow"]),
        [(black, cell) for cell in cells],
    )
    solutions = every_solution(compiled, lambda v: tuple(v["black"][cell] for cell in cells))
    accepted = accepted_patterns(loaded, instance, "black")
    assert solutions == accepted
    assert (0, 1, 0, 1, 0, 0) not in accepted  # r1c2 and r2c1 of room a do not touch
    assert (1, 1, 0, 0, 0, 1) in accepted  # across rooms, no connection is asked

    counted = genre(
        tmp_path,
        "each region of rooms: black cells connected",
        "each region of rooms: count(black) = 2",
        template=ROOM_SHADING,
    )
    grid = puzzle(tmp_path, "rooms:\naab\nabb\n")
    solution = tmp_path / "s.txt"
    solution.write_text(solved(run, counted, grid))  # lazy cuts; the solve checks its answer
    assert run("check", counted, grid, solution).code == 0
    solution.write_text("a # #\n# # b\n")
    result = run("check", counted, grid, solution)
    assert result.code == 1
    assert "violated at region a: a part cut off from the largest (2 parts): r2c1" in result.out
    assert "violated at region b: a part cut off from the largest (2 parts): r2c2" in result.out


@pytest.mark.parametrize(
    "rule",
    ["each cell: black cells connected", "each region of rooms: black cells connected via x"],
)
def test_connected_at_a_cell_or_via_links_stays_a_rule_of_its_own(tmp_path, run, rule):
    path = genre(tmp_path, rule, template=ROOM_SHADING)
    result = run(path, puzzle(tmp_path, "rooms:\nab\n"))
    assert result.code == 2
    assert "'connected' must be a rule of its own" in result.err


ISLANDS = SHADING.replace(
    "RULES", '  - "each area of white: count(clues is number) = 1 and size = sum(clues)"'
)


def test_an_anchor_no_area_fits_is_left_out_of_the_areas(tmp_path):
    """A clue cell around which no area of the clue's size fits is not white (every white
    cell is in an area, and every area holds one clue): the model has the evaluator's
    patterns. It made the whole puzzle infeasible."""
    loaded, instance = load_texts(tmp_path, ISLANDS, "clues:\n0.\n.1\n")
    cells = Grid(2, 2).cells()
    shown = [(loaded.genre.variables[0], c) for c in cells]
    compiled = compile_model(loaded.genre, instance, parse_formulation([]), shown)
    solved = every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))
    assert solved == accepted_patterns(loaded, instance, "black") == {(1, 1, 1, 1), (1, 1, 1, 0)}


ROW_ENTRY_AT_CELLS = """\
name: rowentry
input:
  rows: {type: list, per: row}
  labels: {type: grid, symbols: any}
  marks: {type: groups, of: labels, symbols: W B}
variables:
  black: {type: bool}
rules:
  - "RULE"
output:
  cell:
    - when: black
      symbol: "#"
    - show: labels
"""


@pytest.mark.parametrize(
    "rule",
    [
        "each row: each cell: black implies rows = 1",
        "each group of marks: each cell: black implies marks = 'W'",
        "each row: each cell as a: each cell as b: b.black implies rows = 1",
        "each group of marks: each cell as a: each cell as b: b.black implies marks = 'W'",
    ],
)
def test_a_group_entry_is_read_at_the_cells_of_a_nested_each(tmp_path, rule):
    """Inside `each row` (`each group of S`), a nested `each cell` may read the row's entry
    (the group's value), as an aggregate over the row may: the model has the evaluator's
    patterns, and only the cells of row 2 (of the W group) may be black."""
    text = ROW_ENTRY_AT_CELLS.replace("RULE", rule)
    loaded, instance = load_texts(
        tmp_path, text, "rows:\n2\n1\nlabels:\nab\nba\nmarks:\nB a\nW b\n"
    )
    cells = Grid(2, 2).cells()
    shown = [(loaded.genre.variables[0], c) for c in cells]
    compiled = compile_model(loaded.genre, instance, parse_formulation([]), shown)
    solved = every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))
    accepted = accepted_patterns(loaded, instance, "black")
    assert solved == accepted
    if "rows" in rule:  # black only in row 2
        assert accepted == {(0, 0, a, b) for a in (0, 1) for b in (0, 1)}
    else:  # black only on the cells labelled b
        assert accepted == {(0, a, b, 0) for a in (0, 1) for b in (0, 1)}
