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


@pytest.mark.parametrize("section", ["columns", "lines"])
def test_a_list_section_is_read_inside_its_rows_or_columns(tmp_path, run, section):
    nonogram = (PUZZLES / "nonogram.yaml").read_text().replace("columns", section)
    rule = f"  - 'each cell: 2 * count(neighbours where black) <= {section}'\n"
    genre = write(tmp_path, "g.yaml", nonogram.replace("rules:\n", "rules:\n" + rule, 1))
    result = run(genre, write(tmp_path, "p.txt", f"rows:\n1\n{section}:\n1\n"))
    no_traceback(result)
    hint = "hint: use it inside 'each column'"
    hides = "; for the grid's number of columns, give the section another name (the section "
    assert f"error: '{section}' has one entry per column" in result.err
    assert hint in result.err
    assert (hides in result.err) == (section == "columns")


def test_a_missing_file(tmp_path, run):
    result = run(SUDOKU, tmp_path / "nope.txt")
    no_traceback(result)
    assert "cannot read the puzzle file" in result.err


def test_output_cases_are_a_list(tmp_path, run):
    cases = '  cell:\n    - when: black\n      symbol: "#"\n    - symbol: "."\n'
    assert cases in GENRE
    genre = write(tmp_path, "g.yaml", GENRE.replace("RULE", "black").replace(cases, "  cell: 3\n"))
    result = run(genre, EXAMPLE)
    no_traceback(result)
    assert "error: 'output.cell' must be a list of cases" in result.err


@pytest.mark.parametrize("which", ["genre", "puzzle", "solution"])
def test_a_file_that_is_not_text(tmp_path, run, which):
    binary = tmp_path / "binary"
    binary.write_bytes(b"givens:\n\xd0\x00\xff\n")
    args = {
        "genre": (binary, EXAMPLE),
        "puzzle": (SUDOKU, binary),
        "solution": ("check", SUDOKU, EXAMPLE, binary),
    }[which]
    result = run(*args)
    no_traceback(result)
    assert f"{binary}: error: the {which} file is not UTF-8 text (byte 0xd0 at offset 8)" in (
        result.err
    )


@pytest.mark.parametrize("command", ["solve", "compare"])
@pytest.mark.parametrize("limit", ["0", "-1", "soon", "nan"])
def test_a_time_limit_is_a_number_of_seconds_above_zero(run, capsys, command, limit):
    args = ("compare",) if command == "compare" else ()
    with pytest.raises(SystemExit) as exit_:
        run(*args, SUDOKU, EXAMPLE, "--time-limit", limit)
    assert exit_.value.code == 2
    message = f"argument --time-limit: '{limit}' is not a number of seconds above 0"
    assert message in capsys.readouterr().err


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
        (
            "connected=flo",
            "'flo' is not a lowering of connected; choose one of hybrid, lazy, native, flow",
        ),
        ("connected", "'connected' is not NAME=CHOICE"),
    ],
)
def test_bad_formulation_option(run, option, message):
    result = run(SUDOKU, EXAMPLE, "--formulation", option)
    no_traceback(result)
    assert message in result.err


TAPA = PUZZLES / "tapa.yaml"


@pytest.mark.parametrize(
    ("token", "column"),
    [("1,x", 3), ("1,,3", 3), ("2,", 3)],
)
def test_a_list_token_with_a_part_that_is_not_a_number(tmp_path, run, token, column):
    puzzle = write(tmp_path, "p.txt", f"clues:\n. . {token}\n. . .\n")
    result = run(TAPA, puzzle)
    no_traceback(result)
    assert f"{puzzle}:2:5: error: unknown symbol '{token}' in section 'clues'" in result.err
    assert "hint: a cell here is a number, '.', '?', NUMBER,NUMBER (a part may be '?'" in result.err


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ("{type: grid, fields: [a, b]}", "input.clues: 'fields' needs 'split'"),
        ("{type: grid, split: ' '}", "input.clues: 'split' is a string without spaces, e.g. ','"),
        ("{type: grid, split: ',', fields}", "input.clues: 'fields' is a list of names"),
        ("{type: grid, split: ',', fields: a}", "input.clues: 'fields' is a list of names"),
        ("{type: grid, symbols: 3}", "input.clues: 'symbols' is a list, or a string of symbols"),
        ("{type: grid, symbols: [[a]]}", "input.clues: 'symbols' is a list, or a string of"),
        ("{type: grid, symbols: [1, x]}", "input.clues: '1' cannot be a symbol: a token of"),
        ("{type: grid, symbols: '. #'}", "input.clues: '.' cannot be a symbol: '.' is an empty"),
    ],
)
def test_grid_section_settings(tmp_path, run, settings, message):
    genre = write(
        tmp_path, "g.yaml", GENRE.replace("{type: grid}", settings).replace("RULE", "black")
    )
    result = run(genre, EXAMPLE)
    no_traceback(result)
    assert message in result.err


def test_a_ring_is_taken_around_a_cell(tmp_path, run):
    rule = "'each point: count(ring where black) = 0'"
    result = run(genre_with(tmp_path, rule), EXAMPLE)
    no_traceback(result)
    assert "a point has no 'ring'" in result.err


def test_ring_runs_need_a_set_the_puzzle_decides(tmp_path, run):
    rule = "'each cell where clues is given: runs(black of ring where black) = clues'"
    genre = write(
        tmp_path,
        "g.yaml",
        GENRE.replace("{type: grid}", "{type: grid, split: ','}").replace("RULE", rule),
    )
    result = run(genre, write(tmp_path, "p.txt", "clues:\n. . .\n. 1 .\n"))
    no_traceback(result)
    assert "cannot compile this rule: runs(...) needs a set that the puzzle decides" in result.err


GROUPS = """\
name: groups
input:
  labels: {type: grid, symbols: any}
  sets: SETTINGS
variables:
  black: {type: bool}
rules:
  - RULE
output:
  cell:
    - when: black
      symbol: "#"
"""


def groups_genre(tmp_path, rule="'each group of sets: count(black) = sets'", settings=None):
    settings = settings or "{type: groups, of: labels, symbols: W}"
    text = GROUPS.replace("SETTINGS", settings).replace("RULE", rule)
    return write(tmp_path, "g.yaml", text)


@pytest.mark.parametrize(
    ("puzzle", "message"),
    [
        ("labels:\na b\nsets:\n1 a c\n", ":4: error: 'c' labels no cell of section 'labels'"),
        ("labels:\na b\nsets:\nX a\n", ":4:1: error: unknown symbol 'X' in section 'sets'"),
    ],
)
def test_bad_groups_name_the_line(tmp_path, run, puzzle, message):
    path = write(tmp_path, "p.txt", puzzle)
    result = run(groups_genre(tmp_path), path)
    no_traceback(result)
    assert f"{path}{message}" in result.err


@pytest.mark.parametrize(
    ("rule", "settings", "message"),
    [
        (None, "{type: groups}", "input.sets: a groups section needs 'of: SECTION'"),
        (None, "{type: groups, of: labels, symbols: 1}", "input.sets: 'symbols' is a list, or"),
        ("'count(black) = sets'", None, "'sets' has one value per group of its section"),
        ("'each group of labels: count(black) = 1'", None, "'labels' is not a groups section"),
        ("'each group of set: count(black) = 1'", None, "unknown groups section 'set'"),
    ],
)
def test_groups_sections_in_genre_files(tmp_path, run, rule, settings, message):
    genre = groups_genre(tmp_path, rule or "'each group of sets: count(black) = sets'", settings)
    result = run(genre, write(tmp_path, "p.txt", "labels:\na b\nsets:\n1 a\n"))
    no_traceback(result)
    assert message in result.err


# ---------------------------------------------------------------- index sets

SETS_GENRE = """\
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
  - RULE
output:
  lines: person
  show: [person, score]
"""
WISHES = "names:\nann,bob\nwishes:\nann 1\n"


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("'each persn: score = 1'", "'persn' is not a group or a declared set"),
        ("'score = 1'", "'score' is a value per person, but no person is in scope here"),
        ("'person = 1'", "no member of the set 'person' is in scope here"),
        ("'each wish: score(who, n) = 1'", "it takes 1 index(es), not 2"),
        ("'each person: 2 ^ score = 1'", "'^' takes numbers from the puzzle only"),
        ("'each person: score(score) = 1'", "the index of 'score' must come from the puzzle"),
        (
            "'each person: count(score) = 1'",
            "count(...) inside 'each person' needs what it ranges over: a set's name, or 'cells'",
        ),
        ("'each person: sum(score) = 1'", "e.g. sum(cells where ...) over the grid, or sum(E"),
        ("'each person: each cell: score = 1'", "only 'each' of a set can follow"),
        ("'each person: score < size'", "count(person)"),
        ("'each wish: coutn(who) = 1'", "'coutn' is not a function or a value on index sets"),
    ],
)
def test_misused_index_sets_are_reported_at_the_rule(tmp_path, run, rule, message):
    genre = write(tmp_path, "g.yaml", SETS_GENRE.replace("RULE", rule))
    result = run(genre, write(tmp_path, "p.txt", WISHES))
    no_traceback(result)
    assert f"{genre}:11:" in result.err
    assert message in result.err


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("{values: names}", "{values: nams}", "sets.person: 'nams' is not a table section"),
        ("{values: names}", "{items: names}", "unknown key 'items' in sets.person"),
        ("{values: names}", "{values: [names]}", "sets.person: 'values' names a table section"),
        ("fields: [who, n]}", "fields: [who, n], separator: '-'}", "'separator' and 'block' go"),
        ("delimiter: ','}", "delimiter: ',', align: middle}", "'align' is 'left' or 'right'"),
        ("delimiter: ','}", "delimiter: ''}", "'delimiter' is 'spaces', 'chars' or a string"),
        ("fields: [who, n]}", "fields}", "input.wishes: 'fields' is a list of names"),
        ("show: [person, score]", "show: [person]", "the output does not show the variable"),
        ("show: [person, score]", "show: [wish, score]", "only the member of 'person' is in"),
    ],
)
def test_misdeclared_index_sets_are_reported(tmp_path, run, old, new, message):
    text = SETS_GENRE.replace("RULE", "'each wish: score(who) = n'")
    assert old in text
    genre = write(tmp_path, "g.yaml", text.replace(old, new))
    result = run(genre, write(tmp_path, "p.txt", WISHES))
    no_traceback(result)
    assert message in result.err


def test_a_solution_line_naming_no_member_is_reported(tmp_path, run):
    logic = PUZZLES / "logic_grid.yaml"
    example = PUZZLES / "logic_grid" / "example.txt"
    bad = write(
        tmp_path,
        "s.txt",
        "akira umbrella white\nisamu rope red\ntadashi shoes black\nhiroshi paper blue\n",
    )
    result = run("check", logic, example, bad)
    no_traceback(result)
    assert f"{bad}:2: error: 'rope' is not a member of the set 'item'" in result.err
    short = write(tmp_path, "t.txt", "0 9 5 6 7\n0 1 0 8 5\n1 0 6 5 2\n")
    result = run(
        "check", PUZZLES / "cryptarithm.yaml", PUZZLES / "cryptarithm" / "example.txt", short
    )
    no_traceback(result)
    assert "the solution has 3 lines, the puzzle needs 4" in result.err


def test_every_member_where_a_variable_holds_is_read_back_one_by_one(tmp_path, run):
    """`show: [p, every q where seg]` (kouchoku) prints `1 2,6`; each listed member is read
    back, a member that is no member of the set is named, and a reading that drops a segment
    one way round is reported by the rules."""
    genre = PUZZLES / "kouchoku.yaml"
    puzzle = PUZZLES / "kouchoku" / "example.txt"
    shipped = (PUZZLES / "kouchoku" / "example.solution.txt").read_text()
    assert shipped.startswith("1 2,6\n")
    result = run(
        "check", genre, puzzle, write(tmp_path, "bad.txt", shipped.replace("1 2,6", "1 2,x"))
    )
    no_traceback(result)
    assert "bad.txt:1: error: 'x' is not a member of the set 'q'" in result.err
    moved = write(tmp_path, "moved.txt", shipped.replace("1 2,6", "1 2,7"))
    result = run("check", genre, puzzle, moved)
    assert "the segment point 1 (0,0) - point 6 (0,3) is drawn one way only" in result.out


LINE_GENRE = """\
name: lines
input:
  marks: {type: grid}
variables:
  black: {type: bool}
  line: {type: bool, on: links}
rules:
  - RULE
output:
  cell:
    - when: black
      symbol: "#"
    - OUTPUT
"""


def line_genre(tmp_path, rule: str, output: str = "links: line"):
    return write(tmp_path, "g.yaml", LINE_GENRE.replace("RULE", rule).replace("OUTPUT", output))


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("'each cell: straight(black)'", "'black' cannot form lines"),
        (
            "'each point: turns(line)'",
            "turns(line) is read at a cell, but here the focus is a point",
        ),
        ("'each cell: count(neighbours via black) = 1'", "'black' cannot form lines"),
        (
            "'each cell: count(around via line) = 1'",
            "'via' joins a cell to its neighbours by a variable on links",
        ),
        ("'each row: count(links via line) = 1'", "'via' applies to 'neighbours' of a cell"),
        ("line forms paths joining clues", "'clues' is not an input section on cells"),
        ("black forms paths joining marks", "'black' cannot form paths"),
        ("line forms paths from clues", "'clues' is not an input section on cells"),
        ("line forms paths from marks turning turns times", "'turns' is not an input section"),
        ("black forms paths from marks", "'black' cannot form paths"),
        ("line forms path through clues", "'clues' is not an input section on cells"),
        ("line forms path through marks along marks", "'marks' is not an input section on links"),
        ("black forms path through marks with crossings", "'black' cannot form paths"),
        ("'each cell: straight(lien)'", "unknown variable 'lien'"),
    ],
)
def test_line_constructs_are_checked(tmp_path, run, rule, message):
    puzzle = write(tmp_path, "p.txt", "marks:\n..\n")
    result = run(line_genre(tmp_path, rule), puzzle)
    no_traceback(result)
    assert message in result.err


def test_paths_from_starts_need_links(tmp_path, run):
    genre = LINE_GENRE.replace("RULE", "wall forms paths from marks").replace(
        "  line: {type: bool, on: links}", "  wall: {type: bool, on: borders}"
    )
    path = write(tmp_path, "g.yaml", genre.replace("OUTPUT", "symbol: '.'"))
    result = run(path, write(tmp_path, "p.txt", "marks:\n..\n"))
    no_traceback(result)
    assert "'wall' cannot form paths from starts" in result.err
    assert "it needs a variable on links" in result.err


def test_a_path_through_gates_needs_links(tmp_path, run):
    genre = LINE_GENRE.replace("RULE", "wall forms path through marks").replace(
        "  line: {type: bool, on: links}", "  wall: {type: bool, on: borders}"
    )
    path = write(tmp_path, "g.yaml", genre.replace("OUTPUT", "symbol: '.'"))
    result = run(path, write(tmp_path, "p.txt", "marks:\n..\n"))
    no_traceback(result)
    assert "'wall' cannot form a path through gates" in result.err


def test_one_path_through_gates_per_variable(tmp_path, run):
    """The line shapes of a variable count the outline side at the gates of its path, so the
    path is one rule."""
    twice = "line forms path through marks\n  - line forms path through marks"
    result = run(line_genre(tmp_path, twice), write(tmp_path, "p.txt", "marks:\nR R\n"))
    no_traceback(result)
    assert "g.yaml:8:" in result.err
    assert "'line' forms a path through gates in more than one rule" in result.err


def test_an_output_links_case_names_a_link_variable(tmp_path, run):
    puzzle = write(tmp_path, "p.txt", "marks:\n..\n")
    result = run(line_genre(tmp_path, "line forms single loop", "links: black"), puzzle)
    no_traceback(result)
    assert "'links' names a boolean variable on links" in result.err
    both = line_genre(tmp_path, "line forms single loop", "{links: line, show: marks}")
    result = run(both, puzzle)
    no_traceback(result)
    assert "exactly one of 'show', 'symbol' and 'links'" in result.err


def test_a_piece_that_disagrees_with_its_neighbour_is_reported(tmp_path, run):
    genre = line_genre(tmp_path, "'each cell: count(links where line) <= 2'")
    puzzle = write(tmp_path, "p.txt", "marks:\n...\n")
    solution = write(tmp_path, "s.txt", "╶ ╴ .\n")
    assert run("check", genre, puzzle, solution).code == 0
    result = run("check", genre, puzzle, write(tmp_path, "s2.txt", "╶ . .\n"))
    no_traceback(result)
    assert "this line cannot be printed for this puzzle" in result.err
    result = run("check", genre, puzzle, write(tmp_path, "s3.txt", "╴ . .\n"))
    no_traceback(result)
    assert "'╴' leaves the grid" in result.err


def test_a_split_part_may_be_a_declared_symbol_only(tmp_path, run):
    genre = PUZZLES / "yajilin.yaml"
    assert run(genre, write(tmp_path, "p.txt", "clues:\n. . .\n. 0,L .\n. . .\n")).code == 0
    result = run(genre, write(tmp_path, "q.txt", "clues:\n. . .\n. 0,X .\n. . .\n"))
    no_traceback(result)
    assert "unknown symbol '0,X' in section 'clues'" in result.err
    assert "(a part may be a symbol)" in result.err


def test_connected_via_and_multiplicity_are_checked(tmp_path, run):
    puzzle = write(tmp_path, "p.txt", "marks:\n..\n")
    result = run(line_genre(tmp_path, "marks is given cells connected via black"), puzzle)
    no_traceback(result)
    assert "'black' cannot form connections" in result.err
    genre = write(
        tmp_path,
        "g.yaml",
        "name: g\ninput:\n  marks: {type: grid}\nvariables:\n"
        "  n: {type: int, domain: 0..3, on: links}\nrules:\n  - 'each cell: sum(n of links) = 1'\n"
        "output:\n  edges: n\n",
    )
    result = run(genre, puzzle)
    no_traceback(result)
    assert "a drawing shows 0, 1 or 2 lines per edge" in result.err


@pytest.mark.parametrize(
    "rule",
    ["'each cell: piece(line) < 3'", "'each cell: piece(line) = piece(line)'"],
)
def test_a_piece_is_only_tested_against_a_symbol(tmp_path, run, rule):
    result = run(line_genre(tmp_path, rule), write(tmp_path, "p.txt", "marks:\n..\n"))
    no_traceback(result)
    assert "piece(...) can only be tested with = or != against a symbol or puzzle input" in (
        result.err
    )


PIECES = """\
name: pieces
input:
  clues: {type: grid}
variables:
  wall: {type: bool, on: borders}
  n: {type: int, domain: 1..3}
  line: {type: bool, on: links}
rules:
  - RULE
output:
  cell:
    - show: n
  edges: wall
"""


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("'each piece of clues: size = 2'", "9:20: error: 'clues' cannot make pieces"),
        ("'each piece of line: size = 2'", "9:20: error: 'line' cannot make pieces"),
        ("'each piece of wal: size = 2'", "error: unknown variable 'wal'"),
        ("'each cell: n = size'", "error: 'size' is the number of cells of a group"),
        ("'each cell: n = width'", "error: 'width' is the width of the bounding box of a group"),
    ],
)
def test_pieces_misused_are_load_errors(tmp_path, run, rule, message):
    genre = write(tmp_path, "g.yaml", PIECES.replace("RULE", rule))
    result = run(genre, write(tmp_path, "p.txt", "clues:\n2.\n..\n"))
    no_traceback(result)
    assert message in result.err


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            "'each piece of wall: count(clues is given) = 1 and all(n = 1)'",
            "the body needs 'size = E' or 'size <= E' to bound the pieces",
        ),
        (
            "'each piece of wall: size <= sum(clues)'",
            "without an anchor ('count(A) = 1'), the size bound must be a number",
        ),
        (
            "'each piece of n: all(n = size) and count(black) = 0'",
            "cannot compile this rule: the body of 'each piece of n' may read only n at the",
        ),
        (  # a neighbour's n is its own, not the piece's value (it was read as the piece's)
            "'each piece of n: all(n = size) and count(neighbours where n = 2) <= 1'",
            "may read only n at the piece's own cells",
        ),
    ],
)
def test_piece_bodies_the_compiler_cannot_bound(tmp_path, run, rule, message):
    template = PIECES.replace("line: {type: bool, on: links}", "black: {type: bool}")
    shaded = "    - when: black\n      symbol: '#'\n    - show: n"
    template = template.replace("    - show: n", shaded)
    genre = write(tmp_path, "g.yaml", template.replace("RULE", rule))
    result = run(genre, write(tmp_path, "p.txt", "clues:\n2.\n..\n"))
    no_traceback(result)
    assert message in result.err


def test_a_group_has_neighbours_but_no_other_set_around_it(tmp_path, run):
    result = run(genre_with(tmp_path, "'each row: count(diagonals where black) = 1'"), EXAMPLE)
    no_traceback(result)
    assert "this set is taken around a cell, but the focus is a group" in result.err
    result = run(genre_with(tmp_path, "'each row: count(neighbours where black) = 1'"), EXAMPLE)
    assert "this set is taken around a cell" not in result.err


def test_next_starts_from_a_cell(tmp_path, run):
    rule = "'each point: count(next up where black) = 0'"
    result = run(genre_with(tmp_path, rule), EXAMPLE)
    no_traceback(result)
    assert "'next' starts from a cell" in result.err
    result = run(genre_with(tmp_path, "'each cell: count(next north) = 0'"), EXAMPLE)
    no_traceback(result)
    assert "up" in result.err  # the directions are named


SPELLING = """\
name: spelling
input:
  board: {type: grid, symbols: '*'}
  words: {type: table, delimiter: chars}
sets:
  letter: {values: words}
variables:
  black: {type: bool}
  char: {type: symbol, values: letter}
rules:
  - RULE
output:
  cell:
    - when: black
      symbol: "*"
    - show: char
"""


@pytest.mark.parametrize(
    ("rule", "message", "hint"),
    [
        (
            "char spells words once",
            "'spells' needs groups of cells in order, directly under a rule's 'each'",
            "e.g. each run of white where size >= 2: digit spells numbers once",
        ),
        (
            "'each cell: char spells words once'",
            "'spells' needs groups of cells in order, directly under a rule's 'each'",
            None,
        ),
        (
            "'each row: each cell: char spells words once'",
            "'spells' needs groups of cells in order, directly under a rule's 'each'",
            None,
        ),
        (
            "'each row where any(black): char spells words once'",
            "the groups that spell must be chosen by the puzzle",
            "a 'where' before 'spells' may test the input and 'size' only",
        ),
        (
            "'each row: char spells board once'",
            "'board' is not a table section",
            "the records to spell are the lines of a section declared with 'type: table'",
        ),
        (
            "'each cell: char = 1'",
            "a symbol variable can only spell records and be shown",
            None,
        ),
        (
            "'each cell: black implies char'",
            "a symbol variable can only spell records and be shown",
            None,
        ),
    ],
)
def test_spelling_and_symbol_variables_misused(tmp_path, run, rule, message, hint):
    genre = write(tmp_path, "g.yaml", SPELLING.replace("RULE", rule))
    puzzle = write(tmp_path, "p.txt", "board:\n..\nwords:\nab\n")
    result = run(genre, puzzle)
    no_traceback(result)
    assert f"error: {message}" in result.err
    if hint:
        assert f"hint: {hint}" in result.err


def test_a_symbol_variable_needs_a_set_of_values(tmp_path, run):
    text = SPELLING.replace("{type: symbol, values: letter}", "{type: symbol, values: letters}")
    genre = write(tmp_path, "g.yaml", text.replace("RULE", "'each row: char spells words once'"))
    result = run(genre, write(tmp_path, "p.txt", "board:\n..\nwords:\nab\n"))
    no_traceback(result)
    assert "variables.char: a symbol needs 'values', a declared index set" in result.err


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


def test_a_diagonal_relation_is_a_reserved_word(tmp_path, run):
    genre = write(
        tmp_path, "g.yaml", GENRE.replace("RULE", "black").replace("black:", "upleft:", 1)
    )
    result = run(genre, EXAMPLE)
    no_traceback(result)
    assert "'upleft' is a word of the rule language" in result.err


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
  - RULE
output:
  cell:
    - show: char
"""


@pytest.mark.parametrize(
    ("rule", "message", "hint"),
    [
        (
            "char traces words from (y, x) toward arrow",
            "'traces' needs a record of 'words' in scope",
            "e.g. each entry: char traces words from (row, column) toward arrow, "
            "with sets: {entry: {rows: words}}",
        ),
        (
            "'each cell: char traces words from (1, 1) toward 1'",
            "'traces' needs a record of 'words' in scope",
            None,
        ),
        (
            "'each entry: char traces board from (y, x) toward arrow'",
            "'board' is not a table section",
            "the words to trace are the records of a section declared with 'type: table'",
        ),
    ],
)
def test_tracing_misused(tmp_path, run, rule, message, hint):
    genre = write(tmp_path, "g.yaml", TRACING.replace("RULE", rule))
    puzzle = write(tmp_path, "p.txt", "board:\n..\nwords:\n0,0,→,ab\n")
    result = run(genre, puzzle)
    no_traceback(result)
    assert f"error: {message}" in result.err
    if hint:
        assert f"hint: {hint}" in result.err


@pytest.mark.parametrize("command", ["solve", "check"])
def test_a_word_starts_at_two_numbers(tmp_path, run, command):
    rule = "'each entry: char traces words from (y, x) toward arrow'"
    genre = write(tmp_path, "g.yaml", TRACING.replace("RULE", rule))
    puzzle = write(tmp_path, "p.txt", "board:\n..\nwords:\n0.,0,→,ab\n")
    if command == "solve":
        result = run(genre, puzzle)
    else:
        result = run("check", genre, puzzle, write(tmp_path, "s.txt", "a b\n"))
    no_traceback(result)
    verb = "compile" if command == "solve" else "check"
    assert f"error: cannot {verb} this rule: the start (0, 0.) is not two numbers" in result.err


def test_a_symbol_needs_a_set_of_values(tmp_path, run):
    rule = "'each entry: char traces words from (y, x) toward arrow'"
    text = TRACING.replace("RULE", rule).replace("values: letter}", "values: [letter]}")
    result = run(write(tmp_path, "g.yaml", text), write(tmp_path, "p.txt", "board:\n..\n"))
    no_traceback(result)
    assert "variables.char: a symbol needs 'values', a declared index set" in result.err


def test_a_symbol_needs_values_in_the_puzzle(tmp_path, run):
    rule = "'each entry: char traces words from (y, x) toward arrow'"
    genre = write(tmp_path, "g.yaml", TRACING.replace("RULE", rule))
    puzzle = write(tmp_path, "p.txt", "board:\n..\nwords:\n")
    for args in ((genre, puzzle), ("check", genre, puzzle, write(tmp_path, "s.txt", "a a\n"))):
        result = run(*args)
        no_traceback(result)
        assert (
            f"{puzzle}: error: 'char' takes its values from the set 'letter', which has no "
            "members in this puzzle" in result.err
        )


def test_a_word_needs_a_direction_and_rest_chars_needs_fields(tmp_path, run):
    rule = "'each entry: char traces words from (y, x) toward arrow'"
    genre = write(tmp_path, "g.yaml", TRACING.replace("RULE", rule))
    result = run(genre, write(tmp_path, "p.txt", "board:\n..\nwords:\n0,0,north,ab\n"))
    no_traceback(result)
    assert "'north' is not a direction: use ← ↑ → ↓, L U R D or left" in result.err
    text = TRACING.replace("RULE", rule).replace("fields: [x, y, arrow], ", "")
    result = run(write(tmp_path, "g.yaml", text), write(tmp_path, "p.txt", "board:\n..\n"))
    no_traceback(result)
    assert "input.words: 'rest: chars' cuts the text after the fields into characters" in result.err


NUMBERS = """\
name: numbers
input:
  clues: {type: grid}
variables:
  n: {type: int, domain: 0..2}
  black: {type: bool}
rules:
  - each cell where clues is number: n = clues
  - RULE
output:
  cell:
    - when: black
      symbol: SYMBOL
    - show: n
"""


@pytest.mark.parametrize(
    ("symbol", "message"),
    [
        ('"1"', ":13:16: error: the symbol '1' is a number, which another case prints as a value"),
        ('"a b"', ":13:16: error: the symbol 'a b' is not one token"),
        ('""', ":13:16: error: the symbol '' is not one token"),
    ],
)
def test_a_symbol_must_read_back_as_itself(tmp_path, run, symbol, message):
    genre = write(tmp_path, "g.yaml", NUMBERS.replace("SYMBOL", symbol).replace("RULE", "n >= 0"))
    result = run(genre, write(tmp_path, "p.txt", "clues:\n1 .\n"))
    no_traceback(result)
    assert message in result.err


def test_a_value_that_an_earlier_output_case_hides_is_reported(tmp_path, run):
    """The clue cell is black and n = 1 there, but '#' hides n: read back, n would be 0, and
    the rule n = clues broken. Printing that would give a solution that check rejects."""
    genre = write(
        tmp_path,
        "g.yaml",
        NUMBERS.replace("SYMBOL", "'#'").replace("RULE", "each cell where clues is number: black"),
    )
    result = run(genre, write(tmp_path, "p.txt", "clues:\n1 .\n"))
    no_traceback(result)
    assert result.out == ""
    assert "error: the output cannot print the solution so that it reads back as one: r1c1: " in (
        result.err
    )
    assert "r1c1: n = 1, read back as 0" in result.err
    assert "hint: an output case hides these values, or prints a token" in result.err


def test_a_hidden_value_that_no_rule_needs_is_no_error(tmp_path, run):
    """n is free on a black cell: whatever the solver gave it, '#' reads back as a solution."""
    genre = write(
        tmp_path,
        "g.yaml",
        NUMBERS.replace("SYMBOL", "'#'").replace("RULE", "each cell where clues is empty: black"),
    )
    result = run(genre, write(tmp_path, "p.txt", "clues:\n1 .\n"))
    assert (result.code, result.out) == (0, "1 #\n"), result.err


def test_a_key_given_twice_is_an_error_not_a_silent_replacement(tmp_path, run):
    text = GENRE.replace("RULE", "black").replace("output:", "rules:\n  - not black\noutput:")
    result = run(write(tmp_path, "g.yaml", text), EXAMPLE)
    no_traceback(result)
    assert ":8:1: error: 'rules' is given twice in one mapping (first on line 6)" in result.err


def test_each_region_of_a_groups_section_points_to_each_group(tmp_path, run):
    genre = groups_genre(tmp_path, "'each region of sets: count(black) = 1'")
    result = run(genre, write(tmp_path, "p.txt", "labels:\na b\nsets:\n1 a\n"))
    no_traceback(result)
    assert "error: 'sets' is a groups section, not a grid section of cell labels" in result.err
    assert "hint: its groups are 'each group of sets'" in result.err


def test_the_focus_is_named_with_its_article(tmp_path, run):
    result = run(genre_with(tmp_path, "'each area of black: clues = 1'"), EXAMPLE)
    no_traceback(result)
    assert "'clues' is a value per cell, but here the focus is an area" in result.err


def test_a_byte_order_mark_is_not_part_of_the_first_header(tmp_path, run):
    puzzle = tmp_path / "p.txt"
    puzzle.write_bytes("\ufeffnumbers:\n1 2\n2 1\n".encode())
    result = run(PUZZLES / "hitori.yaml", puzzle)
    assert result.code == 0, result.err


def test_data_on_the_header_line_is_named(tmp_path, run):
    result = run(PUZZLES / "hitori.yaml", write(tmp_path, "p.txt", "numbers: 1 2\n2 1\n"))
    no_traceback(result)
    assert "p.txt:1: error: the header 'numbers:' has data after it on its line" in result.err


def test_a_condition_both_before_of_and_after_where_is_one_too_many(tmp_path, run):
    rule = "'each cell: all(black of neighbours where clues is given)'"
    result = run(genre_with(tmp_path, rule), EXAMPLE)
    no_traceback(result)
    assert "all(...) takes one condition: 'C of SET' or 'SET where C', not both" in result.err
    assert "hint: join them: all(SET where C1 and C2)" in result.err


@pytest.mark.parametrize("command", [(), ("compare",)])
def test_one_construct_chosen_twice_is_an_error(run, command):
    options = ("--formulation", "connected=lazy", "--formulation", "connected=flow")
    result = run(*command, SUDOKU, EXAMPLE, *options)
    no_traceback(result)
    assert "connected is chosen twice, as lazy and as flow; to compare them: " in result.err
    assert "--formulation connected=lazy,flow" in result.err


def test_a_section_where_a_condition_is_needed_gets_a_hint(tmp_path, run):
    result = run(genre_with(tmp_path, "clues cells connected"), EXAMPLE)
    no_traceback(result)
    assert "error: expected a bool here, found a symbol" in result.err
    assert "found an int" in run(genre_with(tmp_path, "(clues + 1) cells connected"), EXAMPLE).err
    assert "hint: a section's token is a value: test it, e.g. 'clues is given'" in result.err


TWO_MARKS = """\
name: marks
input:
  clues: {type: grid, symbols: '#'}
variables:
  black: {type: bool}
  mark: {type: bool}
rules:
  - each cell: not (black and mark)
  - count(mark) = 1
  - count(black) = 1
  - each cell where clues is given: not black and not mark
output:
  cell:
    - when: black
      symbol: BLACK
    - when: mark
      symbol: "m"
    - show: clues
"""


def test_a_token_the_board_may_hold_is_read_back_before_printing(tmp_path, run):
    """The board's '#' is the symbol of black: whether a token names its case depends on the
    puzzle, so the printed text of this puzzle is read back after printing, and its r1c1
    (a given, not black) reads as black."""
    genre = write(tmp_path, "g.yaml", TWO_MARKS.replace("BLACK", "'#'"))
    result = run(genre, write(tmp_path, "p.txt", "clues:\n#..\n"))
    no_traceback(result)
    assert result.out == ""
    assert "error: the output cannot print the solution so that it reads back as one: " in (
        result.err
    )
    assert "r1c1: black = 0, read back as 1" in result.err


def test_two_output_cases_printing_one_symbol_are_refused_at_load(tmp_path, run):
    """'m' is printed by black's case and by mark's: whatever the puzzle, a reader takes a
    mark for black. The genre is refused where the second case is, before any solve."""
    genre = write(tmp_path, "g.yaml", TWO_MARKS.replace("BLACK", "m"))
    result = run(genre, write(tmp_path, "p.txt", "clues:\n..\n"))
    no_traceback(result)
    assert (result.code, result.out) == (2, "")
    assert f"{genre}:16:7: error: output case 2 prints 'm', as case 1 does" in result.err
    assert "hint: give each case a token of its own" in result.err
