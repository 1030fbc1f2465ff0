"""`--determined`: the values every solution shares, by iterative no-goods, compared with
brute force over every assignment (the evaluator's verdict on each), and `--write-model`."""

from __future__ import annotations

import itertools
import json

import pulp
import pytest

from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid
from dslsolve.solve import determined_values

from helpers import PUZZLES, accepted_patterns, genre_file, load_texts

NURIKABE = (PUZZLES / "nurikabe.yaml").read_text()
OPEN_NURIKABE = "clues:\n3...\n....\n...3\n"  # 6 solutions; black cells connected: lazy cuts


def brute_force_undetermined(loaded, instance) -> set[tuple[str, tuple[int, int]]]:
    cells = Grid(instance.rows, instance.columns).cells()
    patterns = accepted_patterns(loaded, instance, "black")
    assert len(patterns) > 1
    return {
        ("black", cell)
        for index, cell in enumerate(cells)
        if len({pattern[index] for pattern in patterns}) > 1
    }


@pytest.mark.parametrize("connected", ["lazy", "flow"])
def test_the_undetermined_values_are_those_that_differ_between_solutions(tmp_path, connected):
    loaded, instance = load_texts(tmp_path, NURIKABE, OPEN_NURIKABE)
    formulation = parse_formulation([f"connected={connected}"])
    result = determined_values(loaded, instance, formulation)
    assert result.violations == [] and result.complete
    assert result.undetermined == brute_force_undetermined(loaded, instance)
    assert 2 <= result.solutions <= len(result.undetermined) + 1
    if connected == "lazy":
        assert result.stats.cut_rounds > 0  # the separators ran in the rounds


def test_the_command_marks_the_undetermined_cells(tmp_path, run):
    loaded, instance = load_texts(tmp_path, NURIKABE, OPEN_NURIKABE)
    expected = brute_force_undetermined(loaded, instance)
    result = run(genre_file("nurikabe"), tmp_path / "p.txt", "--determined")
    assert result.code == 0
    marked = {
        ("black", (r, c))
        for r, line in enumerate(result.out.splitlines())
        for c, token in enumerate(line.split())
        if token == "?"
    }
    assert marked == expected
    assert f"{len(expected)} places undetermined" in result.err
    report = json.loads(
        run(genre_file("nurikabe"), tmp_path / "p.txt", "--determined", "--format", "json").out
    )
    assert report["determined"] == result.out and report["complete"] is True
    assert set(report["undetermined"]) == {f"r{r + 1}c{c + 1}" for _, (r, c) in expected}


def test_a_unique_puzzle_is_all_determined(run):
    puzzle = PUZZLES / "slitherlink" / "example.txt"
    result = run(genre_file("slitherlink"), puzzle, "--determined")
    assert result.code == 0 and "?" not in result.out
    assert result.out == puzzle.with_name("example.solution.txt").read_text()
    assert result.err == "every value is determined: the solution is unique\n"


def test_undetermined_edges_of_a_drawing(tmp_path, run):
    """Slitherlink, 2x2 with one clue: the loop can go several ways; the edges where the
    accepted loops (brute force over every set of borders) differ print as '?'."""
    loaded, instance = load_texts(
        tmp_path, (PUZZLES / "slitherlink.yaml").read_text(), "clues:\n..\n.2\n"
    )
    borders = Grid(instance.rows, instance.columns).borders()
    loops = [
        pattern
        for pattern in itertools.product((0, 1), repeat=len(borders))
        if not Evaluator(
            loaded.genre, instance, {"line": dict(zip(borders, pattern, strict=True))}
        ).violations()
    ]
    assert len(loops) > 1
    open_edges = {b for i, b in enumerate(borders) if len({loop[i] for loop in loops}) > 1}
    result = run(genre_file("slitherlink"), tmp_path / "p.txt", "--determined")
    assert result.code == 0
    canvas = result.out.splitlines()
    marked = {
        (axis, r, c)
        for axis, r, c in borders
        if _at(canvas, *(2 * r, 2 * c + 1) if axis == "h" else (2 * r + 1, 2 * c)) == "?"
    }
    assert marked == open_edges and _at(canvas, 3, 3) == "2"


def _at(canvas: list[str], row: int, column: int) -> str:
    line = canvas[row] if row < len(canvas) else ""
    return line[column] if column < len(line) else " "


def test_determined_refuses_what_it_does_not_combine_with(run):
    puzzle = PUZZLES / "sudoku" / "example.txt"
    result = run(genre_file("sudoku"), puzzle, "--determined", "--unique")
    assert result.code == 2 and "--determined does not combine with --unique" in result.err


@pytest.mark.parametrize("suffix", [".lp", ".mps"])
def test_write_model_writes_the_compiled_model(tmp_path, run, suffix):
    path = tmp_path / f"model{suffix}"
    puzzle = PUZZLES / "sudoku" / "example.txt"
    result = run(genre_file("sudoku"), puzzle, "--write-model", path, "--stats", "--format", "json")
    assert result.code == 0
    stats = json.loads(result.out)["stats"]
    if suffix == ".mps":
        _, problem = pulp.LpProblem.fromMPS(str(path))
        assert (problem.numVariables(), problem.numConstraints()) == (
            stats["variables"],
            stats["constraints"],
        )
        assert problem.solve(pulp.PULP_CBC_CMD(msg=False)) == pulp.LpStatusOptimal
    else:
        assert path.read_text().startswith("\\* dslsolve *\\")  # no lazy rows to miss
    assert result.err == ""


def test_write_model_says_that_lazy_cuts_are_missing(tmp_path, run):
    path = tmp_path / "model.lp"
    result = run(
        genre_file("nurikabe"), PUZZLES / "nurikabe" / "example.txt", "--write-model", path
    )
    assert result.code == 0
    assert path.read_text().startswith("\\* lazy cuts not included")
    assert result.err == f"{path}: lazy cuts not included" + result.err.split("not included", 1)[1]


def test_write_model_takes_lp_or_mps(tmp_path, run):
    result = run(genre_file("sudoku"), PUZZLES / "sudoku" / "example.txt", "--write-model", "m.txt")
    assert result.code == 2
    assert "--write-model: error: 'm.txt' is neither an LP nor an MPS file" in result.err
    missing = tmp_path / "no such folder" / "m.lp"
    result = run(genre_file("sudoku"), PUZZLES / "sudoku" / "example.txt", "--write-model", missing)
    assert result.code == 2
    assert f"{missing}: error: cannot write the model: No such file or directory" in result.err


def test_an_output_over_index_sets_lists_the_undetermined_values(tmp_path, run):
    """Logic grid, four people, with three of the example's six hints: the matchings that
    the evaluator accepts (brute force over every pair of permutations) differ exactly at the
    places listed."""
    lines = (PUZZLES / "logic_grid" / "example.txt").read_text().splitlines()
    text = "\n".join(line for line in lines[:12] if not line.startswith("#")) + "\n"
    loaded, instance = load_texts(tmp_path, (PUZZLES / "logic_grid.yaml").read_text(), text)
    people, items, colours = (instance.sets[name] for name in ("person", "item", "colour"))
    differing: set[str] = set()
    accepted = []
    for bought in itertools.permutations(items):
        for worn in itertools.permutations(colours):
            values = {
                "buys": {(p, i): int(bought[n] == i) for n, p in enumerate(people) for i in items},
                "wears": {(p, c): int(worn[n] == c) for n, p in enumerate(people) for c in colours},
            }
            if not Evaluator(loaded.genre, instance, values).violations():
                accepted.append(values)
    for name, values in accepted[0].items():
        for key, value in values.items():
            if any(other[name][key] != value for other in accepted):
                differing.add(f"{name}({', '.join(map(str, key))})")
    report = json.loads(
        run(genre_file("logic_grid"), tmp_path / "p.txt", "--determined", "--format", "json").out
    )
    assert report["determined"] is None and report["solution"]
    assert set(report["undetermined"]) == differing and len(accepted) > 1
