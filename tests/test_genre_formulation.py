"""A genre file's own default lowerings (`formulation:`, docs/language.md §12): read at load,
checked there with a located message, named by the plan, `compare` and `--stats`, overridden
per construct by `--formulation` and by the Python API's `formulation=`."""

from __future__ import annotations

import json

import pytest

from dslsolve.compiler import compile_model
from dslsolve.compiler.plan import explain
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.formulations import parse_formulation
from dslsolve.frontends.api import Genre

from helpers import PUZZLES, changed_genre, genre_file

PUZZLE = PUZZLES / "sudoku" / "example.txt"
SOLUTION = PUZZLES / "sudoku" / "example.solution.txt"
KEY = "formulation: {domain: integer, alldifferent: pairwise}\nvariables:"


# sudoku's own key (CP-SAT's integers and alldifferent), which the tests' keys replace
OWN_KEY = "formulation: {cpsat: {domain: integer, alldifferent: native}}\n"


def with_key(tmp_path, key: str = KEY):
    """Sudoku with a `formulation:` key before its variables in place of its own."""
    path = changed_genre(tmp_path, "sudoku", OWN_KEY, "")
    path.write_text(path.read_text().replace("variables:", key, 1))
    return path


def model_size(genre_path, *choices: str) -> tuple[int, int]:
    loaded = load_genre(str(genre_path))
    instance = read_puzzle(str(PUZZLE), loaded)
    problem = compile_model(loaded.genre, instance, parse_formulation(list(choices))).model.problem
    return problem.numVariables(), problem.numConstraints()


def test_the_key_is_read_into_the_genre(tmp_path):
    assert load_genre(str(with_key(tmp_path))).genre.formulation == (
        ("domain", "integer"),
        ("alldifferent", "pairwise"),
    )
    assert load_genre(str(genre_file("sudoku"))).genre.formulation == ()


def test_the_genre_files_choice_builds_the_model_the_option_builds(tmp_path):
    path = with_key(tmp_path)
    shipped = genre_file("sudoku")
    chosen = model_size(shipped, "domain=integer", "alldifferent=pairwise")
    assert model_size(path) == chosen
    assert chosen != model_size(shipped)


def test_the_command_line_overrides_the_genre_file_per_construct(tmp_path):
    path, shipped = with_key(tmp_path), genre_file("sudoku")
    # domain from the command line, alldifferent still the genre file's
    assert model_size(path, "domain=onehot") == model_size(shipped, "alldifferent=pairwise")
    assert model_size(path, "domain=onehot", "alldifferent=onehot") == model_size(shipped)


def test_the_plan_names_the_genre_files_choice_and_where_it_comes_from(tmp_path, run):
    path = with_key(tmp_path)
    plan = tmp_path / "plan.txt"
    result = run(path, PUZZLE, "--write-plan", plan, "--formulation", "domain=onehot")
    assert result.code == 0
    text = plan.read_text()
    assert text.splitlines()[:2] == [
        "lowering domain=onehot from --formulation (the genre file says domain=integer)",
        "lowering alldifferent=pairwise from the genre file",
    ]
    assert "alldifferent (alldifferent=pairwise): alldifferent(...)" in text
    assert text == explain(load_genre(str(path)).genre, parse_formulation(["domain=onehot"]))
    # a shipped genre that sets nothing: no such line
    assert not explain(
        load_genre(str(genre_file("sudoku"))).genre, parse_formulation([])
    ).startswith("lowering")


def test_stats_and_compare_show_the_choice(tmp_path, run):
    path = with_key(tmp_path)
    stats = json.loads(run(path, PUZZLE, "--format", "json", "--stats").out)["stats"]
    assert "domain=integer,alldifferent=pairwise," in json.dumps(stats)
    table = run("compare", path, PUZZLE, "--formulation", "domain=all", "--quiet").out
    assert "domain=onehot,alldifferent=pairwise (genre file)" in table
    assert "domain=integer,alldifferent=pairwise (genre file)" in table
    plain = run("compare", with_key(tmp_path, "variables:"), PUZZLE, "--quiet").out
    assert " default " in plain
    shipped = run("compare", genre_file("sudoku"), PUZZLE, "--quiet").out  # its CP-SAT key
    assert "domain=integer (genre file),alldifferent=native (genre file)" in shipped


def test_the_python_api_honours_and_overrides_it(tmp_path):
    genre = Genre.load(str(with_key(tmp_path)))
    assert genre.formulation == {"domain": "integer", "alldifferent": "pairwise"}
    default = genre.solve(str(PUZZLE))
    overridden = genre.solve(str(PUZZLE), formulation={"alldifferent": "onehot"})
    assert default.status == overridden.status == "solved"
    assert default.text == overridden.text
    assert "alldifferent=pairwise" in default.stats.formulation
    assert "domain=integer,alldifferent=onehot" in overridden.stats.formulation


@pytest.mark.parametrize(
    ("key", "column", "message", "hint"),
    [
        (
            "formulation: {domian: integer}",
            15,
            "unknown construct 'domian' in formulation",
            "did you mean 'domain'? constructs: domain, alldifferent,",
        ),
        (
            "formulation: {domain: integr}",
            23,
            "'integr' is not a lowering of domain (formulation.domain)",
            "choose one of onehot, integer",
        ),
        (
            "formulation: [domain]",
            14,
            "'formulation' must be a mapping",
            None,
        ),
    ],
    ids=["construct", "choice", "not-a-mapping"],
)
def test_a_mistake_in_the_key_is_a_located_error(tmp_path, run, key, column, message, hint):
    path = with_key(tmp_path, key + "\nvariables:")
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if text == key)
    result = run(path, PUZZLE)
    assert result.code == 2
    first = result.err.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{column}: error: {message}")
    if hint:
        assert f"hint: {hint}" in result.err
    assert run("check", path, PUZZLE, SOLUTION).code == 2


BACKEND_KEY = "formulation: {alldifferent: pairwise, cpsat: {domain: integer}}\nvariables:"


def test_a_backends_own_defaults_hold_only_when_it_solves(tmp_path, run):
    """`formulation: {cpsat: {...}}`: choices for one backend, over the plain ones when that
    backend solves; the command line still overrides them."""
    path = with_key(tmp_path, BACKEND_KEY)
    genre = load_genre(str(path)).genre
    assert genre.formulation == (("alldifferent", "pairwise"),)
    assert genre.backend_formulation == (("cpsat", "domain", "integer"),)

    def formulation(*options: str) -> str:
        out = run(path, PUZZLE, "--format", "json", "--stats", *options).out
        return json.loads(out)["stats"]["formulation"]

    assert formulation().startswith("domain=integer,alldifferent=pairwise,")
    assert formulation("--backend", "highs").startswith("domain=onehot,alldifferent=pairwise,")
    assert formulation("--formulation", "domain=onehot").startswith("domain=onehot,")


def test_the_backend_names_are_the_backends():
    from dslsolve.backends import BACKENDS
    from dslsolve.formulations import BACKEND_NAMES

    assert set(BACKEND_NAMES) == set(BACKENDS)


def test_a_mistake_under_a_backend_is_a_located_error(tmp_path, run):
    key = "formulation: {cpsat: {records: pairs}}"
    path = with_key(tmp_path, key + "\nvariables:")
    result = run(path, PUZZLE)
    assert result.code == 2
    assert "'pairs' is not a lowering of records (formulation.cpsat.records)" in result.err
    assert "choose one of onehot, pairwise" in result.err
