"""The concepts of docs/language.md that issue 20 added: a cell at an offset, absolute value and
exact division, box sizes from the grid, hidden unknowns, a line toward a direction. Each is
pinned down by the solver and the evaluator agreeing on every pattern of a small grid, and by
answers worked out here."""

from __future__ import annotations

import itertools

import pytest
from test_semantics import LINES, SHADING

from dslsolve.compiler import compile_model
from dslsolve.errors import DslError
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import PUZZLES, accepted_patterns, every_solution, load_texts


def shading(*rules: str) -> str:
    return SHADING.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


def model_patterns(loaded, instance, options: tuple[str, ...] = ()) -> set[tuple[int, ...]]:
    """Every solution of the compiled model, as the 0/1 pattern of `black` in row-major order."""
    cells = Grid(instance.rows, instance.columns).cells()
    (black,) = (v for v in loaded.genre.variables if v.name == "black")
    every_cell = [(black, c) for c in cells]  # in the answer, read by a rule or not
    compiled = compile_model(loaded.genre, instance, parse_formulation(list(options)), every_cell)
    return every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))


# ---------------------------------------------------------------- a cell at an offset


def offset_walk(pattern: tuple[int, ...], rows: int, columns: int, steps: tuple[int, int]):
    """The black cells `steps` away from each cell (None off the grid), walked here."""
    out = {}
    for r, c in itertools.product(range(rows), range(columns)):
        there = (r + steps[0], c + steps[1])
        inside = 0 <= there[0] < rows and 0 <= there[1] < columns
        out[r, c] = pattern[there[0] * columns + there[1]] if inside else None
    return out


@pytest.mark.parametrize("steps", [(2, -1), (-1, 2), (0, 1), (1, 1)])
def test_a_cell_at_an_offset_is_one_cell_or_none_off_the_grid(tmp_path, steps):
    """A black cell with a number: the cell at the offset is black too (or off the grid, where
    `all` holds and `count` is 0); the model has exactly the patterns the evaluator accepts, and
    those are the ones a plain walk of the grid gives."""
    at = f"cell at ({steps[0]:+d}, {steps[1]:+d})"
    rules = (
        f"each cell where clues is given: black implies all(black of {at})",
        f"each cell where clues = 2: count({at} where not black) = 0 and black",
    )
    loaded, instance = load_texts(tmp_path, shading(*rules), "clues:\n1.2\n.1.\n2.1\n")
    accepted = accepted_patterns(loaded, instance, "black")
    clues = {(0, 0): 1, (0, 2): 2, (1, 1): 1, (2, 0): 2, (2, 2): 1}
    walked = set()
    for pattern in itertools.product((0, 1), repeat=9):
        there = offset_walk(pattern, 3, 3, steps)
        if all(
            (not pattern[r * 3 + c] or there[r, c] in (None, 1))
            and (clue != 2 or (pattern[r * 3 + c] and there[r, c] != 0))
            for (r, c), clue in clues.items()
        ):
            walked.add(pattern)
    assert accepted == walked
    assert model_patterns(loaded, instance) == accepted


def test_a_cell_at_an_offset_from_a_named_cell(tmp_path):
    """`from c` reads the offset from the named cell: two cells right of each numbered cell is
    black, counted inside an aggregate over the numbered cell's neighbours."""
    rules = (
        "each cell as c where clues is given: count(neighbours where any(black of cell at "
        "(0, 1) from c)) = 2",
        "count(black) = 1",
    )
    loaded, instance = load_texts(tmp_path, shading(*rules), "clues:\n1..\n...\n")
    accepted = accepted_patterns(loaded, instance, "black")
    assert accepted == {(0, 1, 0, 0, 0, 0)}
    assert model_patterns(loaded, instance) == accepted


def test_cell_at_starts_from_a_cell(tmp_path, run):
    path = tmp_path / "g.yaml"
    path.write_text(shading("each point: count(cell at (1, 1) where black) = 0"))
    (tmp_path / "p.txt").write_text("clues:\n..\n")
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2
    assert "g.yaml:10:24: error" in result.err and "'cell at' starts from a cell" in result.err
    path.write_text(shading("each cell: count(cell at (1, x) where black) = 0"))
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and "a number of steps such as +2, -1 or 0" in result.err


# ---------------------------------------------------------------- absolute value and division

NUMBERS = """\
name: numbers
input:
  clues: {type: grid}
variables:
  n: {type: int, domain: -2..2}
rules:
RULES
output:
  cell:
    - show: n
"""


def numbers_genre(*rules: str) -> str:
    return NUMBERS.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


def accepted_numbers(loaded, instance) -> set[tuple[int, ...]]:
    """Every assignment of n (row-major) that the evaluator accepts, by brute force."""
    from dslsolve.evaluator import Evaluator

    cells = Grid(instance.rows, instance.columns).cells()
    found = set()
    for values in itertools.product(range(-2, 3), repeat=len(cells)):
        assignment = {"n": dict(zip(cells, values, strict=True))}
        if not Evaluator(loaded.genre, instance, assignment).violations():
            found.add(values)
    return found


def model_numbers(loaded, instance, options: tuple[str, ...] = ()) -> set[tuple[int, ...]]:
    cells = Grid(instance.rows, instance.columns).cells()
    (n,) = loaded.genre.variables
    compiled = compile_model(
        loaded.genre, instance, parse_formulation(list(options)), [(n, c) for c in cells]
    )
    return every_solution(compiled, lambda values: tuple(values["n"][c] for c in cells))


ARITHMETIC = {
    # |E| op K with K from the puzzle, each operator, either way round
    "absolute, compared with input": (
        (
            "each cell where clues is given: |n - clues| <= 1",
            "each cell as c: all(|n - c.n| >= 1 of next right)",
            "each cell where clues = 0: 1 = |n|",
            "each cell where clues = 1: |n + 1| != 1 and |n| < 2",
        ),
        "clues:\n0.1\n",
    ),
    # |E| = K with K an unknown, |E| inside a sum, |E| on both sides, abs(...)
    "absolute as a value": (
        (
            "each cell as c: all(|n - c.n| = n of next right)",
            "each cell where clues is given: abs(n) + |n - 1| > clues",
            "each cell as c: all(|n| = |c.n| or |n| < |c.n| of next down)",
        ),
        "clues:\n2.\n..\n",
    ),
    # exact division: with the divisor or the quotient from the puzzle, guarded, negated
    "exact division": (
        (
            "each cell as c where clues is given: all(n / c.n = c.clues of next right)",
            "each cell where clues = 0: n / 2 != 1",
            "each cell as c where clues = 1: all(c.n / 2 = n or n = -2 of next right)",
            "not (n / 1 = 2)",
        ),
        "clues:\n1..\n0..\n",
    ),
}


@pytest.mark.parametrize("case", list(ARITHMETIC))
def test_arithmetic_model_solutions_are_the_evaluators(tmp_path, case):
    """Every assignment the evaluator accepts is a solution of the model and the other way
    round, under the default lowering of |E| and under abs=sign (the sign binary) and
    compare=bigm (no value tables)."""
    rules, grid = ARITHMETIC[case]
    loaded, instance = load_texts(tmp_path, numbers_genre(*rules), grid)
    accepted = accepted_numbers(loaded, instance)
    assert accepted  # some assignment holds, so the comparison means something
    for options in ((), ("abs=sign",), ("compare=bigm",)):
        assert model_numbers(loaded, instance, options) == accepted, options


def test_absolute_value_and_division_mean_what_the_docs_say(tmp_path):
    """Worked out by hand: |n - 2| = 1 is n = 1 (n <= 2 here); 4 / n = 2 is n = 2; n / 0 = 0
    never holds (the divisor must not be 0); -2 / n = 1 is n = -2 (exact, negative)."""
    for rule, wanted in (
        ("|n - 2| = 1", {(1,)}),
        ("abs(2 - n) = 1", {(1,)}),
        ("4 / n = 2", {(2,)}),
        ("n / 0 = 0", set()),
        ("-2 / n = 1", {(-2,)}),
        ("n / 2 = 1 or n / 2 = -1", {(2,), (-2,)}),
        ("|n| / 2 = 1", {(2,), (-2,)}),
        ("n = 7 % 3", {(1,)}),
        ("n = -1 % 3", {(2,)}),
        ("n = 5 % -3", {(2,)}),
        ("n = 1 % 0", {(-2,), (-1,), (0,), (1,), (2,)}),  # absent: the rule says nothing
    ):
        loaded, instance = load_texts(tmp_path, numbers_genre(rule), "clues:\n.\n")
        assert accepted_numbers(loaded, instance) == wanted, rule
        assert model_numbers(loaded, instance) == wanted, rule


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("n / 2 + 1 = 2", "a division is one side of a comparison with = or !="),
        ("n % 2 = 0", "'%' takes numbers from the puzzle only"),
        ("n / 2 < 1", "a division can only be tested with = or != against a value without '/'"),
        ("n / 2 = n / 1", "a division can only be tested with = or != against"),
        (
            "each cell as c: all(n / c.n = n of next right)",
            "a / b = k means a = k * b: b or k must come from the puzzle",
        ),
        ("abs(n, 1) = 2", "abs(...) takes one number"),
        ("|n| = 'x'", "a quoted symbol can only be tested"),
    ],
)
def test_arithmetic_errors(tmp_path, run, rule, message):
    assert_rule_error(tmp_path, run, numbers_genre(rule), "clues:\n..\n", message)


def assert_rule_error(tmp_path, run, genre: str, puzzle: str, message: str) -> None:
    """Loading `genre` (its one rule on line 7) fails with `message`, placed at the rule."""
    path = tmp_path / "g.yaml"
    path.write_text(genre)
    (tmp_path / "p.txt").write_text(puzzle)
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and message in result.err, result.err
    assert "g.yaml:7:" in result.err


# ---------------------------------------------------------------- boxes from the grid size


@pytest.mark.parametrize(
    ("side", "box"), [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (12, (3, 4))]
)
def test_each_box_takes_its_size_from_the_grid(side, box):
    """H rows by N / H columns, H the largest divisor of N up to its square root."""
    from dslsolve import ir

    groups = Grid(side, side).groups(ir.Group("box"), lambda cell: True, lambda cell: None)
    assert len(groups) == side
    first = groups[0].cells
    assert {r for r, _ in first} == set(range(box[0]))
    assert {c for _, c in first} == set(range(box[1]))


def sudoku_solutions(givens: list[str], height: int, width: int) -> list[list[list[int]]]:
    """Every solution of a sudoku with height x width boxes, by plain backtracking (up to
    two): the search that shows a constructed instance unique without dslsolve."""
    side = len(givens)
    grid = [[int(t) if t != "." else 0 for t in line] for line in givens]
    found: list[list[list[int]]] = []

    def fits(r: int, c: int, v: int) -> bool:
        top, left = r - r % height, c - c % width
        box = (grid[i][j] for i in range(top, top + height) for j in range(left, left + width))
        return v not in grid[r] and v not in (row[c] for row in grid) and v not in box

    def search(k: int) -> None:
        if len(found) == 2:
            return
        if k == side * side:
            found.append([row[:] for row in grid])
            return
        r, c = divmod(k, side)
        if grid[r][c]:
            search(k + 1)
            return
        for v in range(1, side + 1):
            if fits(r, c, v):
                grid[r][c] = v
                search(k + 1)
                grid[r][c] = 0

    search(0)
    return found


def test_one_sudoku_genre_solves_4x4_6x6_and_9x9(run):
    """The shipped sudoku file, unchanged, on three sizes: each answer is the known solution,
    and the 6x6's is the only one of its puzzle under 2x3 boxes by a search of its own."""
    for name in ("constructed-4x4", "constructed-6x6", "example"):
        puzzle = PUZZLES / "sudoku" / f"{name}.txt"
        out = run(PUZZLES / "sudoku.yaml", puzzle, "--unique")
        assert out.code == 0 and "unique" in out.err, (name, out.err)
        assert out.out == (PUZZLES / "sudoku" / f"{name}.solution.txt").read_text(), name
    lines = (PUZZLES / "sudoku" / "constructed-6x6.txt").read_text().splitlines()
    givens = lines[lines.index("givens:") + 1 :]
    solution = (PUZZLES / "sudoku" / "constructed-6x6.solution.txt").read_text()
    (only,) = sudoku_solutions(givens, 2, 3)
    assert "\n".join(" ".join(map(str, row)) for row in only) + "\n" == solution


def test_the_evaluator_reads_2x3_boxes_on_a_6x6_grid(tmp_path, run):
    """A Latin square whose 3x2 blocks are full but whose 2x3 boxes are not is rejected, at a
    2x3 box."""
    grid = tmp_path / "p.txt"
    grid.write_text("givens:\n" + "......\n" * 6)
    rows = [[(r // 2 + 3 * (r % 2) + c) % 6 + 1 for c in range(6)] for r in range(6)]
    columns_first = [[rows[c][r] for c in range(6)] for r in range(6)]  # 3x2 blocks full
    solution = tmp_path / "s.txt"
    solution.write_text("".join(" ".join(map(str, row)) + "\n" for row in columns_first))
    result = run("check", PUZZLES / "sudoku.yaml", grid, solution)
    assert result.code == 1 and "violated at box at r1c1" in result.out
    solution.write_text("".join(" ".join(map(str, row)) + "\n" for row in rows))
    assert run("check", PUZZLES / "sudoku.yaml", grid, solution).code == 0


# ---------------------------------------------------------------- hidden unknowns

# the shading genre with a helper declared after `black`
HIDDEN = SHADING.replace("  black: {type: bool}\n", "  black: {type: bool}\n  HELPER\n")


def hidden_genre(helper: str, *rules: str) -> str:
    text = HIDDEN.replace("HELPER", helper)
    return text.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


# n is worked out from the shading: the number of black neighbours
AROUND = (
    "n: {type: int, domain: 0..4, hidden: true}",
    "each cell: n = count(neighbours where black)",
    "each cell where clues is given: n = clues and not black",
)


def test_a_hidden_unknown_is_worked_out_by_check(tmp_path, run):
    """The shading alone is printed and read back; `check` works n out from its defining rule
    and finds the clue it breaks; the model's solutions are the evaluator's."""
    loaded, instance = load_texts(tmp_path, hidden_genre(*AROUND), "clues:\n2..\n...\n")
    accepted = accepted_patterns(loaded, instance, "black")  # n is not given: worked out
    assert accepted == {(0, 1, 0, 1, 0, 0), (0, 1, 1, 1, 0, 0), (0, 1, 0, 1, 1, 0)} | {
        (0, 1, 0, 1, 0, 1),
        (0, 1, 1, 1, 1, 0),
        (0, 1, 1, 1, 0, 1),
        (0, 1, 0, 1, 1, 1),
        (0, 1, 1, 1, 1, 1),
    }
    assert model_patterns(loaded, instance) == accepted
    genre, grid, solution = tmp_path / "g.yaml", tmp_path / "p.txt", tmp_path / "s.txt"
    out = run(genre, grid)
    assert out.code == 0 and out.out.count("\n") == 2 and "n" not in out.out
    solution.write_text("2 # .\n# . .\n")
    assert run("check", genre, grid, solution).code == 0
    solution.write_text("2 # .\n. . .\n")
    broken = run("check", genre, grid, solution)
    assert broken.code == 1 and "n = clues and not black" in broken.out


def test_uniqueness_and_determined_ignore_a_hidden_unknown(tmp_path, run):
    """A helper that the rules leave free does not make a puzzle ambiguous: the shading is
    unique, h is not. `check` cannot work h out (no rule 'h = EXPR') and says so."""
    helper = "h: {type: bool, hidden: true}"
    rules = ("each cell where clues is given: black", "count(black) = 1", "count(h) = 1")
    (tmp_path / "g.yaml").write_text(hidden_genre(helper, *rules))
    (tmp_path / "p.txt").write_text("clues:\n1.\n")
    unique = run(tmp_path / "g.yaml", tmp_path / "p.txt", "--unique")
    assert unique.code == 0 and unique.out == "# .\n" and "unique" in unique.err
    determined = run(tmp_path / "g.yaml", tmp_path / "p.txt", "--determined")
    assert determined.code == 0 and "every value is determined" in determined.err
    (tmp_path / "s.txt").write_text("# .\n")
    result = run("check", tmp_path / "g.yaml", tmp_path / "p.txt", tmp_path / "s.txt")
    assert result.code == 2
    assert "g.yaml:13:" in result.err and "count(h) = 1" in result.err
    assert "it reads the hidden unknown 'h', which the solution does not give" in result.err


def test_a_shown_unknown_missing_from_an_answer_is_named_as_shown(tmp_path):
    """An answer that lacks a shown unknown no rule works out (as a pzprv3 file without its
    section would): the message names it as an unknown, not as a hidden one."""
    helper = "h: {type: bool, hidden: true}"
    loaded, instance = load_texts(
        tmp_path, hidden_genre(helper, "count(black) = 1", "each cell: h = black"), "clues:\n1.\n"
    )
    with pytest.raises(DslError) as raised:
        Evaluator(loaded.genre, instance, {}).violations()
    assert "it reads the unknown 'black', which the solution does not give" in raised.value.message


def test_hidden_unknowns_worked_out_in_order_and_checked_against_their_domain(tmp_path, run):
    """m reads n, declared after it; a value outside m's domain breaks its declaration."""
    helper = (
        "m: {type: int, domain: 0..2, hidden: true}\n  n: {type: int, domain: 0..4, hidden: true}"
    )
    rules = (
        "each cell: m = n - 1",
        "each cell: n = count(neighbours where black) + 1",
        "each cell where clues is given: m = clues",
    )
    (tmp_path / "g.yaml").write_text(hidden_genre(helper, *rules))
    (tmp_path / "p.txt").write_text("clues:\n1..\n...\n")
    (tmp_path / "s.txt").write_text("1 # .\n. . .\n")
    assert run("check", tmp_path / "g.yaml", tmp_path / "p.txt", tmp_path / "s.txt").code == 0
    (tmp_path / "s.txt").write_text("# # #\n# # #\n")  # r2c2 has 3 black neighbours: m = 3
    result = run("check", tmp_path / "g.yaml", tmp_path / "p.txt", tmp_path / "s.txt")
    assert result.code == 1 and "variables: m takes a value in 0..2; 3 is not one" in result.out


@pytest.mark.parametrize(
    ("helper", "message"),
    [
        ("n: {type: int, domain: 0..4, hidden: yes please}", "'hidden' is true or false"),
        ("black2: {type: bool}", "the output does not show the variable 'black2'"),
    ],
)
def test_hidden_declaration_errors(tmp_path, run, helper, message):
    (tmp_path / "g.yaml").write_text(hidden_genre(helper, "each cell: black"))
    (tmp_path / "p.txt").write_text("clues:\n.\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2 and message in result.err


def test_a_hidden_unknown_cannot_be_shown(tmp_path, run):
    text = hidden_genre("n: {type: int, domain: 0..4, hidden: true}", "each cell: n = 1")
    (tmp_path / "g.yaml").write_text(text.replace('    - symbol: "."', "    - show: n"))
    (tmp_path / "p.txt").write_text("clues:\n.\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert result.code == 2 and "the output shows the hidden variable 'n'" in result.err


# ---------------------------------------------------------------- a line toward a neighbour

# the pieces with an edge toward each direction (docs/language.md: `toward` is their `or`)
PIECES_TOWARD = {
    "right": "─┌└╶├┬┴┼",
    "up": "│└┘╵├┤┴┼",
}


def lines_of(*rules: str) -> str:
    return LINES.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


def edges_of(instance, var) -> list:
    grid = Grid(instance.rows, instance.columns)
    return grid.borders() if var.on.value == "border" else grid.links()


def line_variable(loaded):
    (line,) = (v for v in loaded.genre.variables if v.name == "line")
    return line


def link_sets(loaded, instance) -> set[frozenset]:
    """Every set of used edges of `line` that the evaluator accepts, by brute force."""
    edges = edges_of(instance, line_variable(loaded))
    found = set()
    for bits in itertools.product((0, 1), repeat=len(edges)):
        line = dict(zip(edges, bits, strict=True))
        if not Evaluator(loaded.genre, instance, {"line": line}).violations():
            found.add(frozenset(e for e in edges if line[e]))
    return found


def model_link_sets(loaded, instance) -> set[frozenset]:
    """Every solution of the compiled model, as the set of used edges of `line`."""
    line = line_variable(loaded)
    edges = edges_of(instance, line)
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([]), [(line, e) for e in edges]
    )
    return every_solution(compiled, lambda v: frozenset(e for e in edges if v["line"][e]))


@pytest.mark.parametrize(
    "rules",
    [
        ("each cell where marks = 'R': line toward right",),
        ("each cell where marks is given: line toward marks", "count(links where line) <= 3"),
        ("each cell where marks = 'R': not line toward up and any(links where line)",),
        ("each cell where marks = 'U': count(neighbours where line toward left) = 1",),
        ("each cell where marks = 'x': (line toward left) = (line toward down)",),
    ],
)
def test_a_line_toward_a_direction_model_solutions_are_the_evaluators(tmp_path, rules):
    """On a 2x3 grid (128 link sets) with a written direction, one read from the input (an
    unknown token such as 'x' gives no value, so the rule does not hold there), inside an
    aggregate at the neighbours: the model has exactly the link sets the evaluator accepts."""
    loaded, instance = load_texts(tmp_path, lines_of(*rules), "marks:\nR.x\n.U.\n")
    accepted = link_sets(loaded, instance)
    assert accepted and len(accepted) < 128
    assert model_link_sets(loaded, instance) == accepted


@pytest.mark.parametrize("direction", sorted(PIECES_TOWARD))
def test_toward_is_the_or_of_the_pieces_with_that_edge(tmp_path, direction):
    """`line toward D` means what the `or` of the `piece(line)` tests it replaces means, and
    compiles to the link itself: fewer rows than the `or`."""
    toward, pieces = (
        load_texts(tmp_path, lines_of(f"each cell where marks = 's': {rule}"), "marks:\n.s.\n..s\n")
        for rule in (
            f"line toward {direction}",
            " or ".join(f"piece(line) = '{p}'" for p in PIECES_TOWARD[direction]),
        )
    )
    assert link_sets(*toward) == link_sets(*pieces)
    assert model_link_sets(*toward) == model_link_sets(*pieces) == link_sets(*toward)
    rows = [
        len(compile_model(g.genre, i, parse_formulation([])).model.problem.constraints)
        for g, i in (toward, pieces)
    ]
    assert rows[0] < rows[1]


def test_a_define_of_a_line_toward_is_read_at_the_named_cell(tmp_path):
    """`c.east`, with `east` defined as `line toward right`, inside an aggregate over c's
    neighbours is read at c (re-based), not at each neighbour: it means `line toward right`
    at c, in the evaluator and in the model."""
    named, plain = (
        load_texts(tmp_path, genre, "marks:\nR.x\n.R.\n")
        for genre in (
            lines_of(
                "each cell as c where marks = 'R': count(neighbours where c.east) = "
                "count(neighbours)"
            ).replace("rules:", "define:\n  east: line toward right\nrules:"),
            lines_of("each cell where marks = 'R': line toward right"),
        )
    )
    accepted = link_sets(*plain)
    assert accepted and len(accepted) < 128
    assert link_sets(*named) == accepted
    assert model_link_sets(*named) == accepted


def test_a_line_toward_a_direction_on_borders_is_read_at_a_point(tmp_path):
    """On borders (slitherlink's lines) the vertex is a point: `toward up` is the border above
    it. On a 1x2 grid (7 borders) the accepted sets are those a plain reading gives."""
    genre = lines_of("each point where dots = 1: line toward up and not line toward right")
    genre = genre.replace("marks: {type: grid, symbols: any}", "dots: {type: grid, on: points}")
    genre = genre.replace("on: links", "on: borders").replace("  cell:\n    - links: line\n", "")
    loaded, instance = load_texts(tmp_path, genre + "  edges: line\n", "dots:\n...\n.1.\n")
    borders = Grid(1, 2).borders()
    up, right = ("v", 0, 1), ("h", 1, 1)  # from the point r2c2: the border above, to the right
    walked = {
        frozenset(e for e, bit in zip(borders, bits, strict=True) if bit)
        for bits in itertools.product((0, 1), repeat=len(borders))
    }
    walked = {used for used in walked if up in used and right not in used}
    assert link_sets(loaded, instance) == walked
    assert model_link_sets(loaded, instance) == walked


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("each cell: line toward marks2", "'marks2' is not a direction"),
        ("each cell: marks toward up", "'marks' cannot form lines"),
        (
            "each point: line toward up",
            "line toward up is read at a cell, but here the focus is a point",
        ),
        ("each cell: line toward", "expected: a name, up, down, left or right"),
    ],
)
def test_line_toward_errors(tmp_path, run, rule, message):
    assert_rule_error(tmp_path, run, lines_of(rule), "marks:\n..\n", message)


GATED = """\
  gates: {type: grid, symbols: 'U D L R'}
variables:"""


@pytest.mark.parametrize(("rule", "holds"), [("line toward left", True), ("line toward up", False)])
def test_a_gate_s_outline_side_is_a_line_toward_outside(tmp_path, rule, holds):
    """At the entrance of a path through gates, the side on the outline counts as used (as for
    the shapes): `toward left` holds on every path of the 2x3 grid, `toward up` on none."""
    genre = lines_of("line forms path through gates", f"each cell where marks = 'g': {rule}")
    loaded, instance = load_texts(
        tmp_path, genre.replace("variables:", GATED), "marks:\ng..\n...\ngates:\nR . .\nL . .\n"
    )
    accepted = link_sets(loaded, instance)
    assert bool(accepted) == holds and len(accepted) in (0, 3)
    assert model_link_sets(loaded, instance) == accepted


def test_a_multiplicity_toward_a_direction_is_a_used_edge(tmp_path):
    """With an integer from 0 on links (hashiwokakero's bridges) an edge is used where it is not
    0: on a 1x3 grid the model's solutions are the 9 pairs of counts the evaluator accepts."""
    genre = lines_of(
        "each cell where marks = 'R': bridges toward right",
        "each cell where marks = 'x': not bridges toward left",
    ).replace("line: {type: bool, on: links}", "bridges: {type: int, domain: 0..2, on: links}")
    genre = genre.replace("    - links: line\n", "    - show: marks\n  edges: bridges\n")
    loaded, instance = load_texts(tmp_path, genre, "marks:\nR.x\n")
    links = Grid(1, 3).links()
    accepted = set()
    for counts in itertools.product(range(3), repeat=len(links)):
        values = {"bridges": dict(zip(links, counts, strict=True))}
        if not Evaluator(loaded.genre, instance, values).violations():
            accepted.add(counts)
    assert accepted == {(a, 0) for a in (1, 2)}
    (bridges,) = loaded.genre.variables
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([]), [(bridges, e) for e in links]
    )
    assert every_solution(compiled, lambda v: tuple(v["bridges"][e] for e in links)) == accepted


@pytest.mark.parametrize(
    ("rules", "marks"),
    [
        # the part of the used links through a cell, through cells where a condition holds
        (
            ("each cell where marks = 'o': count(area of (marks != 'x') via line) = 2",),
            "o.x\n..o\n",
        ),
        # the condition on unknowns: the cells of the line through a circle
        (
            (
                "count(links where line) <= 2",
                "each cell where marks = 'o': count(area of any(links where line) via line"
                " where marks is given) = 2",
            ),
            "o.x\n..o\n",
        ),
        # read from a named cell: a stretch in its room, equal across a used link
        (
            (
                "each link as (a, b) where a.marks != b.marks: line implies count(area of"
                " (marks = a.marks) via line from a) = count(area of (marks = b.marks) via line"
                " from b)",
                "each cell as c where marks = 'a': count(area of (marks = c.marks) via line) = 2",
            ),
            "aab\nbbb\n",
        ),
    ],
)
def test_an_area_via_used_links_model_solutions_are_the_evaluators(tmp_path, rules, marks):
    """`area of C via VAR` on a 2x3 grid (128 link sets): the cells joined to a cell by used
    links through C-cells; the model has exactly the link sets the evaluator accepts."""
    loaded, instance = load_texts(tmp_path, lines_of(*rules), f"marks:\n{marks}")
    accepted = link_sets(loaded, instance)
    assert accepted and len(accepted) < 128
    assert model_link_sets(loaded, instance) == accepted


def test_an_area_via_used_links_is_not_an_area_of_neighbours(tmp_path):
    """Every cell of a 2x3 grid is a C-cell, so all six are one area of C; via the line, a
    cell's area is itself alone exactly where no used link leaves it."""
    rule = "each cell where marks = 'o': count(area of (marks != 'x') via line) = 1"
    loaded, instance = load_texts(tmp_path, lines_of(rule), "marks:\no..\n...\n")
    accepted = link_sets(loaded, instance)
    assert len(accepted) == 2**5  # the five links away from r1c1, any of them
    assert all(("h", 0, 0) not in used and ("v", 0, 0) not in used for used in accepted)


@pytest.mark.parametrize(
    ("genre", "rule", "message"),
    [
        (
            LINES,
            "each cell: count(area of (marks = 'o') via marks) = 1",
            "'marks' cannot form lines",
        ),
        (
            LINES.replace("on: links", "on: borders").replace("- links: line", "- edges: line"),
            "each cell: count(area of (marks = 'o') via line) = 1",
            "joins cells by a variable on links",
        ),
    ],
)
def test_area_via_errors(tmp_path, run, genre, rule, message):
    genre = genre.replace("RULES", f"  - {rule!r}")
    assert_rule_error(tmp_path, run, genre, "marks:\no.\n", message)
