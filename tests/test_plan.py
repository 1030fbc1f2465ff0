"""The recognise pass (`compiler/plan.py`): which lowering takes each rule and each part of its
condition, read from the IR and the formulation, before anything is posted."""

from __future__ import annotations

import pytest

from dslsolve.compiler.plan import Post, Step, explain, plan_rule
from dslsolve.dsl.genre import load_genre
from dslsolve.formulations import CHOICES, parse_formulation
from dslsolve.solve import run_formulation

from helpers import PUZZLES, changed_genre, genre_file


def lowerings(plan: Step | Post) -> list[str]:
    """The lowerings of a plan, depth first: `each row`, its condition, their parts."""
    found = [plan.lowering]
    parts = plan.parts if isinstance(plan, Post) else [plan.inner] if plan.inner else []
    return found + [name for part in parts for name in lowerings(part)]


def rule_plan(genre: str, text: str, *choices: str) -> Step:
    rule = next(r for r in load_genre(str(genre_file(genre))).genre.rules if text in r.text)
    return plan_rule(rule.body, parse_formulation(list(choices)))


@pytest.mark.parametrize(
    ("genre", "text", "choices", "expected"),
    [
        ("kakuro", "alldifferent(digit)", (), ["grounded", "alldifferent"]),
        ("akari", "wall: not light", (), ["grounded", "forbid"]),
        ("akari", "light or any(rays", (), ["grounded", "disjunction"]),
        ("tents", "not any(around", (), ["grounded", "forbid members"]),
        ("tents", "count(tent) = rows", (), ["grounded", "count"]),
        ("nonogram", "each row", (), ["grounded", "runs"]),
        ("tapa", "ring", (), ["grounded", "cyclic runs"]),
        ("inshi_no_heya", "product", (), ["grounded", "product"]),
        (
            "aquarium",
            "implies",
            (),
            ["grounded", "grounded", "grounded", "implication", "condition"],
        ),
        ("futoshiki", "a.digit < b.digit", (), ["grounded", "comparison"]),
        ("kropki", "'b': double", (), ["grounded", "support"]),
        ("kropki", "'b': double", ("compare=bigm",), ["grounded", "disjunction"]),
        (
            "minarism",
            "|a.digit - b.digit|",
            (),
            ["grounded", "absolute", "conjunction", "support", "comparison"],
        ),
        ("minarism", "|a.digit - b.digit|", ("abs=sign",), ["grounded", "comparison"]),
        (
            "nurikabe",
            "each area",
            (),
            ["area", "conjunction", "count", "comparison", "disjunction"],
        ),
        ("nurikabe", "connected", (), ["connected"]),
        ("icebarn", "each area of ice", (), ["grounded", "disjunction"]),
        ("fillomino", "each piece", (), ["pieces", "conjunction", "all", "count"]),
        ("skeleton", "spells", (), ["spelling"]),
        ("lits", "shape in", (), ["placements"]),
        ("nuribou", "shape in", (), ["placements"]),
    ],
)
def test_a_rule_goes_to_its_lowering(genre, text, choices, expected):
    assert lowerings(rule_plan(genre, text, *choices)) == expected


def test_a_global_names_its_formulation_choice():
    assert rule_plan("nurikabe", "each area").choice == "area=mixed-native"
    assert rule_plan("nurikabe", "each area", "area=anchored").choice == "area=anchored"
    assert rule_plan("nurikabe", "connected", "connected=flow").choice == "connected=flow"
    assert rule_plan("kakuro", "alldifferent").inner.choice == "alldifferent=onehot"
    assert rule_plan("nonogram", "each row", "runs=regular").inner.choice == "runs=regular"
    assert rule_plan("icebarn", "path through").choice == "paths=lazy"


def more_said(tmp_path, *choices: str) -> Step:
    """nurikabe's area rule saying more than its anchor count and size bound."""
    path = changed_genre(
        tmp_path,
        "nurikabe",
        "or any(clues = '?'))\"",
        "or any(clues = '?')) and width <= 3\"",
    )
    rule = next(r for r in load_genre(str(path)).genre.rules if "each area" in r.text)
    return plan_rule(rule.body, parse_formulation(list(choices)))


@pytest.mark.parametrize(
    ("genre", "choices", "form"),
    [
        ("nurikabe", (), "assigned"),  # count(A) = 1 and size = E: cells assigned to anchors
        ("nurikabe", ("area=assign-flow",), "assigned"),
        ("nurikabe", ("area=anchored",), "anchored"),
        ("mochikoro", (), "free"),  # no anchor
        ("tasquare", ("area=anchored",), "free"),
    ],
)
def test_the_plan_names_the_area_lowering(genre, choices, form):
    assert rule_plan(genre, "each area", *choices).form.lowering == form


def test_a_body_that_says_more_goes_to_the_anchored_lowering_or_is_refused(tmp_path, run):
    assert more_said(tmp_path).form.lowering == "anchored"
    assert more_said(tmp_path, "area=assign").lines(0)[0] == (
        "each area: area (area=assign): cannot compile: area=assign takes a body of "
        "'count(A) = 1' and 'size = E' (or 'size <= E') only; for more, choose "
        "--formulation area=anchored"
    )
    result = run(
        tmp_path / "nurikabe.yaml",
        PUZZLES / "nurikabe" / "example.txt",
        "--formulation",
        "area=assign",
    )
    assert result.code == 2
    assert "cannot compile this rule: area=assign takes a body of" in result.err


def test_a_construct_that_takes_a_whole_each_is_named_in_the_plan():
    step = rule_plan("lits", "shape in")
    assert (step.lowering, step.construct, step.choice) == ("placements", "shape", None)
    assert step.lines(0) == ["each area: placements (construct shape)"]
    assert rule_plan("skeleton", "spells").construct == "spells"


def test_the_plan_prints_under_each_rule():
    genre = load_genre(str(genre_file("nurikabe"))).genre
    text = explain(genre, parse_formulation(["area=anchored"]))
    assert text.splitlines()[:10] == [
        "lowering area=anchored from --formulation",
        "line 15: each cell where clues is given: white",
        "  fixes black where the puzzle decides it",
        "  each cell where ...: grounded",
        "    forbid: not black",
        "line 18: each area of white: count(clues is given) = 1 and size <= sum(clues where "
        "clues is number) + count(clues = '?') * rows * columns and (size = sum(clues where "
        "clues is number) or any(clues = '?'))",
        "  each area: area, anchored (area=anchored)",
        "    conjunction: and",
        "      count: count(...) = 1",
        "      comparison: size <= arith",
    ]


@pytest.mark.parametrize(
    ("genre", "old", "new", "message"),
    [
        (
            "nurikabe",
            "each area of white:",
            "each area of white where count(black) = 0:",
            "'each area' cannot be guarded by a condition",
        ),
        (
            "fillomino",
            "each piece of n:",
            "each piece of n where size > 1:",
            "'each piece' cannot be guarded by a condition",
        ),
        (
            "nurikabe",
            "each window(2x2): not all(black)",
            '"each cell where black: each area of white: size = 1"',
            "'each area' cannot be guarded by a condition",
        ),
    ],
)
def test_a_guarded_global_is_refused_at_its_rule(tmp_path, run, genre, old, new, message):
    path = changed_genre(tmp_path, genre, old, new)
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if new in text)
    result = run(path, PUZZLES / genre / "example.txt")
    assert result.code == 2
    first, shown = result.err.splitlines()[:2]
    assert first.startswith(f"{path}:{line}:")
    assert first.endswith(f": error: cannot compile this rule: {message}")
    assert new.strip('"') in shown


@pytest.mark.parametrize(
    ("rule", "plan_lines"),
    [
        (
            "each row where count(digit = 1) = 1: alldifferent(digit)",
            [
                "  each row where ... (a guard): grounded",
                "    alldifferent ({}): alldifferent(...)",
            ],
        ),
        (
            "each row: count(digit = 1) = 1 implies alldifferent(digit)",
            [
                "  each row: grounded",
                "    implication: implies",
                "      alldifferent ({}): alldifferent(...)",
            ],
        ),
    ],
    ids=["where", "implies"],
)
@pytest.mark.parametrize(
    ("choice", "shown"),
    [
        ("alldifferent=onehot", "alldifferent=onehot, guarded"),
        ("alldifferent=pairwise", "alldifferent=pairwise, guarded"),
        ("alldifferent=native", "alldifferent=native, guarded: as onehot"),
    ],
)
def test_a_guarded_alldifferent_solves_and_its_plan_names_the_guarded_form(
    tmp_path, run, rule, plan_lines, choice, shown
):
    path = changed_genre(tmp_path, "futoshiki", "each row: alldifferent(digit)", rule)
    plan = tmp_path / "plan.txt"
    puzzle = PUZZLES / "futoshiki" / "example.txt"
    result = run(path, puzzle, "--formulation", choice, "--write-plan", plan)
    assert result.code == 0  # an answer the evaluator accepts
    assert result.out
    assert "\n".join(plan_lines).format(shown) in plan.read_text()


def test_the_plan_says_which_where_is_a_guard():
    lines = explain(load_genre(str(genre_file("tents"))).genre, parse_formulation([]))
    assert "  each cell where ... (a guard): grounded\n    forbid members" in lines
    assert "  each cell where ...: grounded\n    forbid: not tent" in lines


def test_a_solve_writes_its_plan_beside_the_answer(tmp_path, run):
    genre, puzzle = genre_file("nurikabe"), PUZZLES / "nurikabe" / "example.txt"
    plan = tmp_path / "plan.txt"
    written = run(genre, puzzle, "--formulation", "area=anchored", "--write-plan", plan)
    assert written.code == 0
    assert written.out == run(genre, puzzle).out  # nothing but the answer on stdout
    loaded = load_genre(str(genre)).genre
    chosen = run_formulation(loaded, parse_formulation(["area=anchored"]), "cpsat")
    assert plan.read_text() == explain(loaded, chosen)
    assert "  each area: area, anchored (area=anchored)\n" in plan.read_text()


@pytest.mark.parametrize(("backend", "loop"), [("cpsat", "circuit"), ("highs", "native")])
def test_the_plan_names_the_lowerings_the_backend_gets(tmp_path, run, backend, loop):
    """Masyu's genre file chooses `loop=circuit` under CP-SAT only: the plan written is the
    run's (it named the choices of every backend's model, `loop=native`)."""
    genre, puzzle = genre_file("masyu"), PUZZLES / "masyu" / "example.txt"
    plan = tmp_path / "plan.txt"
    assert run(genre, puzzle, "--backend", backend, "--write-plan", plan).code == 0
    assert f"  single loop (loop={loop})\n" in plan.read_text()


@pytest.mark.parametrize("genre", sorted(p.stem for p in PUZZLES.glob("*.yaml")))
def test_every_shipped_genre_prints_its_plan(genre):
    """`--write-plan` of every genre under every area choice (it failed with an internal
    error at `each SET`: `each member of word: grounded`); a body no area lowering takes
    says why in its line."""
    rules = load_genre(str(genre_file(genre))).genre.rules
    for choices in ([], *([f"area={c}"] for c in CHOICES["area"])):
        text = explain(load_genre(str(genre_file(genre))).genre, parse_formulation(choices))
        assert [line for line in text.splitlines() if line.startswith("line ")] == [
            f"line {rule.origin.line}: {rule.text}" for rule in rules
        ]
