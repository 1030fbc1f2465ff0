"""The Python API (`dslsolve.Genre`): the same answers as the command, checked by the
evaluator, and `import dslsolve` without the solver side."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from dslsolve import Genre
from dslsolve.errors import DslError

from helpers import PUZZLES, ROOT, genre_file, solution_file

NURIKABE = PUZZLES / "nurikabe" / "puzzlink-5x5.txt"
URL = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
OPEN_SUDOKU = "givens:\n12..\n34..\n....\n....\n"


@pytest.fixture(scope="module")
def nurikabe() -> Genre:
    return Genre.load(str(genre_file("nurikabe")))


@pytest.mark.parametrize("given", ["url", "path", "text"])
def test_solve_takes_a_url_a_path_or_the_text(nurikabe, given):
    puzzle = {"url": URL, "path": str(NURIKABE), "text": NURIKABE.read_text()}[given]
    result = nurikabe.solve(puzzle, unique=True)
    assert (result.status, result.solved, result.unique) == ("solved", True, True)
    assert result.text == solution_file(NURIKABE).read_text()
    assert result.violations == []
    assert nurikabe.check(puzzle, result.text) == []
    assert result.values["black"][(0, 0)] == 0 and result.values["black"][(0, 2)] == 1


def test_check_lists_the_broken_rules(nurikabe):
    wrong = solution_file(NURIKABE).read_text().replace("#", ".", 1)
    violations = nurikabe.check(URL, wrong)
    assert violations and all(v.rule.text for v in violations)


def test_not_unique_gives_another_checked_solution():
    sudoku = Genre.load(str(genre_file("sudoku")))
    result = sudoku.solve(OPEN_SUDOKU, unique=True, backend="highs", formulation={})
    assert result.unique is False
    assert result.second_text != result.text
    assert sudoku.check(OPEN_SUDOKU, result.second_text) == []


def test_no_solution_and_its_diagnosis():
    result = Genre.load(str(genre_file("sudoku"))).solve(
        "givens:\n11..\n....\n....\n....\n", diagnose=True
    )
    assert (result.status, result.solved, result.text) == ("infeasible", False, None)
    ways = [[d.where for d in dropped] for dropped, _ in result.diagnosis.ways]
    assert sorted(ways) == [["r1c1"], ["r1c2"]]
    assert result._repr_svg_() is None


def test_formulation_as_a_mapping_or_a_list(nurikabe):
    by_map = nurikabe.solve(URL, formulation={"connected": "flow"})
    by_list = nurikabe.solve(URL, formulation=["connected=flow"])
    assert "connected=flow" in by_map.stats.formulation == by_list.stats.formulation
    assert by_map.stats.cut_rounds == 0 and by_map.text == by_list.text
    with pytest.raises(Exception, match="connected"):
        nurikabe.solve(URL, formulation={"connected": "nonsense"})


def test_a_bad_puzzle_raises_the_message(nurikabe):
    with pytest.raises(DslError, match="<puzzle text>:1: error: unknown section 'givens'"):
        nurikabe.solve("givens:\n1.\n..\n")


def test_a_result_displays_as_its_picture(nurikabe):
    result = nurikabe.solve(URL)
    svg = result._repr_svg_()
    assert svg.startswith("<svg")
    assert svg.count("<rect") == 1 + result.text.count("#")  # the background, the shaded cells


def test_a_genre_without_a_grid_displays_as_text():
    result = Genre.load(str(genre_file("logic_grid"))).solve(
        str(PUZZLES / "logic_grid" / "example.txt")
    )
    assert result.solved and result._repr_svg_() is None


def test_import_and_check_do_not_import_the_solver_side():
    code = (
        "import sys; from dslsolve import Genre; "
        f"g = Genre.load({str(genre_file('nurikabe'))!r}); "
        f"assert g.check({str(NURIKABE)!r}, open({str(solution_file(NURIKABE))!r}).read()) == []; "
        "print('pulp' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "False\n"


def test_the_documented_example_runs():
    """docs/api.md's snippet, as a reader would paste it (from the repository's root)."""
    page = (ROOT / "docs" / "api.md").read_text()
    snippet = re.search(r"```python\n(.*?)```", page, re.S).group(1)
    out = subprocess.run(
        [sys.executable, "-c", snippet], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.startswith("solved True\n")
    assert "\nFalse\n" in out.stdout and "values differ between solutions" in out.stdout
