"""The command as a user runs it: solve, check, formats, options and exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pulp
import pytest

from dslsolve.backends import BACKENDS, SolveStatus, pulp_backends

from helpers import PUZZLES, genre_file, solution_file

SUDOKU = PUZZLES / "sudoku.yaml"
EXAMPLE = PUZZLES / "sudoku" / "example.txt"


def test_solve_prints_exactly_the_solution_file(run):
    result = run(SUDOKU, EXAMPLE)
    assert result.code == 0
    assert result.out == solution_file(EXAMPLE).read_text()
    assert result.err == ""


def test_a_printed_solution_feeds_back_into_check(tmp_path, run):
    for genre in ("slitherlink", "akari", "kakuro"):
        puzzle = PUZZLES / genre / "example.txt"
        printed = tmp_path / f"{genre}.txt"
        printed.write_text(run(genre_file(genre), puzzle).out)
        result = run("check", genre_file(genre), puzzle, printed)
        assert (result.code, result.out) == (0, "valid: every rule holds\n"), genre


def test_check_names_each_violated_rule_and_its_cells(tmp_path, run):
    puzzle = PUZZLES / "hitori" / "example.txt"
    rows = solution_file(puzzle).read_text().splitlines()
    rows[0] = "1 # # 2 6 7 5 3"  # r1c2 shaded as well: two black cells side by side
    broken = tmp_path / "broken.txt"
    broken.write_text("\n".join(rows) + "\n")
    result = run("check", genre_file("hitori"), puzzle, broken)
    assert result.code == 1
    assert "each pair: count(black) <= 1" in result.out
    assert "violated at pair r1c2-r1c3: r1c2, r1c3" in result.out
    assert "each row: alldifferent" not in result.out


def test_check_reports_a_disconnected_area_with_its_cells(tmp_path, run):
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("numbers:\n121\n212\n121\n")
    solution = tmp_path / "s.txt"
    solution.write_text("1 # 1\n# 1 #\n1 # 1\n")
    result = run("check", genre_file("hitori"), puzzle, solution)
    assert result.code == 1
    assert "white cells connected" in result.out
    assert "a part cut off from the largest (5 parts)" in result.out


def test_check_rejects_a_token_that_cannot_be_printed(tmp_path, run):
    puzzle = PUZZLES / "akari" / "example.txt"
    text = solution_file(puzzle).read_text().replace("4", "3", 1)
    solution = tmp_path / "s.txt"
    solution.write_text(text)
    result = run("check", genre_file("akari"), puzzle, solution)
    assert result.code == 2
    assert f"{solution}:2: error: r2c3: '3' is not a token this genre prints there" in result.err


def test_check_json(tmp_path, run):
    puzzle = PUZZLES / "nonogram" / "example.txt"
    text = solution_file(puzzle).read_text()
    broken = tmp_path / "s.txt"
    broken.write_text(text.replace("#", ".", 1))
    report = json.loads(
        run("check", genre_file("nonogram"), puzzle, broken, "--format", "json").out
    )
    assert report["valid"] is False
    rules = {v["rule"] for v in report["violations"]}
    assert rules == {"each row: runs(black) = rows", "each column: runs(black) = columns"}


def test_json_output_with_stats(run):
    result = run(
        genre_file("nurikabe"),
        PUZZLES / "nurikabe" / "example.txt",
        "--format",
        "json",
        "--stats",
        "--unique",
    )
    report = json.loads(result.out)
    assert report["status"] == "solved"
    assert report["solution"] == solution_file(PUZZLES / "nurikabe" / "example.txt").read_text()
    assert report["unique"] is True
    stats = report["stats"]
    assert stats["variables"] > 0 and stats["constraints"] > 0 and stats["nonzeros"] > 0
    # the first solve, one more per lazy-cut round, and the search for a second solution
    assert stats["solver_calls"] == 2 + stats["cut_rounds"]


def test_stats_go_to_standard_error(run):
    result = run(genre_file("hitori"), PUZZLES / "hitori" / "example.txt", "--stats")
    assert result.out == solution_file(PUZZLES / "hitori" / "example.txt").read_text()
    assert "lazy-cut rounds" in result.err
    assert "variables" in result.err and "compile" in result.err


def test_stats_count_the_unknowns_that_the_puzzle_fixes(run):
    """Sudoku's givens are constants, not model variables (compiler/fixings.py)."""
    givens = sum(ch.isdigit() for line in EXAMPLE.read_text().splitlines()[2:] for ch in line)
    assert givens == 28
    result = run(SUDOKU, EXAMPLE, "--stats")  # under CP-SAT one integer per cell (its key)
    assert f"variables {81 - givens}," in result.err
    assert f"; {givens} unknowns fixed by the puzzle" in result.err
    one_hot = run(SUDOKU, EXAMPLE, "--stats", "--backend", "cbc")
    assert f"variables {9 * (81 - givens)}," in one_hot.err
    report = json.loads(run(SUDOKU, EXAMPLE, "--stats", "--format", "json").out)
    assert report["stats"]["fixed"] == givens


def test_highs_backend(run):
    result = run(SUDOKU, EXAMPLE, "--backend", "highs")
    assert (result.code, result.out) == (0, solution_file(EXAMPLE).read_text())


def test_not_unique_shows_another_solution(tmp_path, run):
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("givens:\n....\n....\n....\n....\n")
    result = run(SUDOKU, puzzle, "--unique")
    assert result.code == 0
    assert "not unique; another solution:" in result.err


def test_not_unique_names_the_cells_where_the_two_solutions_differ(tmp_path, run):
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("givens:\n12..\n34..\n....\n....\n")
    result = run(SUDOKU, puzzle, "--unique")
    first = [line.split() for line in result.out.splitlines()]
    lines = result.err.splitlines()
    second = [line.split() for line in lines[1:5]]
    differing = [
        f"r{r + 1}c{c + 1}" for r in range(4) for c in range(4) if first[r][c] != second[r][c]
    ]
    assert differing and lines[5] == "the two differ at " + ", ".join(differing)
    report = json.loads(run(SUDOKU, puzzle, "--unique", "--format", "json").out)
    assert report["differences"] == differing


def test_help_and_the_installed_command():
    done = subprocess.run(
        [sys.executable, "-m", "dslsolve", "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    for option in (
        "--backend",
        "--time-limit",
        "--formulation",
        "--stats",
        "--format",
        "--unique",
        "connected: hybrid|lazy|native|flow",
    ):
        assert option in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "dslsolve", "check", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "SOLUTION" in done.stdout.upper()


@pytest.mark.parametrize(
    ("pause", "limit", "expected"),
    [
        (0.0, 0.2, SolveStatus.INFEASIBLE),  # ended well before the limit: a proof
        (0.25, 0.2, SolveStatus.TIME_LIMIT),  # at the limit: CBC was stopped, proved nothing
        (0.0, None, SolveStatus.INFEASIBLE),
    ],
)
def test_cbc_integer_infeasible_at_the_time_limit_is_the_time_limit(
    monkeypatch, pause, limit, expected
):
    """Under load, CBC stopped by the time limit wrote "Integer infeasible" (PuLP: status
    infeasible, no solution found) for a 16x16 sudoku that has a solution, and the command
    said the rules cannot all hold."""

    def integer_infeasible(problem, time_limit):
        time.sleep(pause)
        problem.assignStatus(pulp.LpStatusInfeasible, pulp.LpSolutionNoSolutionFound)

    monkeypatch.setattr(pulp_backends, "_run_cbc", integer_infeasible)
    assert BACKENDS["cbc"].solve(pulp.LpProblem("stopped"), limit) == expected


def test_time_limit_without_a_solution_exits_1_and_says_so(run):
    puzzle = PUZZLES / "sudoku" / "corpus-16x16_1.txt"  # CBC on pairwise: far more than 2 s
    result = run(
        SUDOKU,
        puzzle,
        "--formulation",
        "alldifferent=pairwise",
        "--backend",
        "cbc",
        "--time-limit",
        "2",
    )
    assert result.code == 1
    assert result.out == ""
    assert "no solution found within the time limit of 2.0 s" in result.err


def test_check_does_not_load_the_solver_side():
    """`check` needs no solver: PuLP (with numpy and highspy) is about 0.2 s of a command's
    start, so the solving commands are imported only when one of them runs."""
    akari = PUZZLES / "akari"
    script = (
        "import sys; from dslsolve.frontends.cli import main; "
        f"code = main(['check', {str(PUZZLES / 'akari.yaml')!r}, "
        f"{str(akari / 'example.txt')!r}, {str(akari / 'example.solution.txt')!r}]); "
        "print(code, 'pulp' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.stdout.splitlines()[-1] == "0 False", done.stderr


def test_a_solve_does_not_load_libraries_it_does_not_use():
    """The default backend talks to CP-SAT's compiled core: OR-Tools' Python layer over it
    imports pandas and numpy; PuLP imports highspy (with numpy) and pyscipopt to see whether
    they are there: 0.5 s of every run for nothing (docs/formulations.md, "Fixed costs")."""
    akari = PUZZLES / "akari"
    script = (
        "import sys; from dslsolve.frontends.cli import main; "
        f"code = main([{str(PUZZLES / 'akari.yaml')!r}, {str(akari / 'example.txt')!r}, "
        "'--unique']); "
        "print(code, sorted({'pandas', 'numpy', 'highspy', 'pyscipopt'} & set(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.stdout.splitlines()[-1] == "0 []", done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_an_answer_that_cannot_be_written_is_a_message_and_a_failure():
    """The command line flushes its output itself before it ends the process at once
    (`cli.run`): a write that fails there is said, not a traceback, and the run fails."""
    akari = PUZZLES / "akari"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "dslsolve", PUZZLES / "akari.yaml", akari / "example.txt"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            check=False,
        )
    assert done.returncode == 3
    assert "cannot write the output: No space left on device" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_unexpected_exception_is_an_internal_error_not_no_solution(run, monkeypatch):
    """Exit 1 means "no solution": a crash in a solver's interface must not say that."""

    def crash(problem, time_limit):
        raise IndexError("list index out of range")

    monkeypatch.setattr(pulp_backends, "_run_cbc", crash)
    akari = (genre_file("akari"), PUZZLES / "akari" / "example.txt", "--backend", "cbc")
    result = run(*akari)
    assert result.code == 3
    assert result.err.startswith("dslsolve: internal error (not a mistake in your files): ")
    assert "IndexError: list index out of range" in result.err
    monkeypatch.setenv("DSLSOLVE_TRACEBACK", "1")
    with pytest.raises(IndexError):
        run(*akari)


def test_unique_says_when_the_time_limit_left_it_unknown(run, monkeypatch):
    """The second search stopped by the time limit: neither "unique" nor "not unique"."""
    from dslsolve import solve

    calls = []
    real = solve._solve_with_cuts

    def first_only(*args):
        calls.append(1)
        return real(*args) if len(calls) == 1 else SolveStatus.TIME_LIMIT

    monkeypatch.setattr(solve, "_solve_with_cuts", first_only)
    result = run(genre_file("akari"), PUZZLES / "akari" / "example.txt", "--unique")
    assert result.code == 0
    assert result.out == solution_file(PUZZLES / "akari" / "example.txt").read_text()
    assert "uniqueness unknown: the search for another solution stopped" in result.err
    assert "unique: no other" not in result.err and "not unique" not in result.err


HIDDEN = """\
name: hidden
input:
  clues: {type: grid}
variables:
  black: {type: bool}
  n: {type: int, domain: 0..2}
rules:
  - each cell where clues is given: black = (clues = 1)
  - RULE
output:
  cell:
    - when: black
      symbol: "#"
    - show: n
"""


def test_unique_counts_what_prints_not_what_a_case_hides(tmp_path, run):
    """n on the black cell is free, but '#' hides it: the two solutions print alike, so the
    puzzle is unique (it was 'not unique', with a second solution printed as the first)."""
    genre = tmp_path / "g.yaml"
    genre.write_text(HIDDEN.replace("RULE", "each cell: black or n = 1"))
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("clues:\n1 0\n")
    result = run(genre, puzzle, "--unique")
    assert (result.code, result.out) == (0, "# 1\n"), result.err
    assert "unique: no other solution exists" in result.err


def test_another_solution_that_cannot_print_is_reported(tmp_path, run):
    """One of the two solutions puts n = 2 on the black cell, where '#' hides it: read back it
    breaks 'count(n = 2) = 1'. Whichever the solver finds first, the genre's output cannot
    show it (exit 2), rather than printing a solution that check rejects."""
    genre = tmp_path / "g.yaml"
    genre.write_text(HIDDEN.replace("RULE", "count(n = 2) = 1"))
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("clues:\n0 1\n")
    result = run(genre, puzzle, "--unique")
    assert result.code == 2
    assert "error: the output cannot print " in result.err
    assert "n = 2, read back as 0" in result.err
