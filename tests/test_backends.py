"""Each backend on shipped instances that exercise what backends do differently: a plain model,
lazy connectivity and loop cuts, a no-good for `--unique`, an infeasible puzzle, a time limit.
The command's answer must be the known solution; the command has the evaluator check it (a
rejected answer exits 3)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading

import highspy
import pulp
import pytest

from dslsolve.backends import BACKENDS as BACKENDS_BY_NAME
from dslsolve.backends import SolveStatus
from dslsolve.backends.highs import HighsSession
from dslsolve.compiler.model import LinearModel
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.errors import DslError
from dslsolve.formulations import parse_formulation
from dslsolve.output import render
from dslsolve.solve import solve_puzzle

from helpers import PUZZLES, ROOT, genre_file, solution_file

BACKENDS = ["cbc", "cpsat", "highs", "scip"]

SOLVED = [
    ("sudoku", "example"),  # no lazy rows
    ("nurikabe", "constructed-6x6"),  # lazy connectivity
    ("yin_yang", "example"),  # lazy connectivity of two colours
    ("slitherlink", "corpus-10x10_1"),  # lazy loop
    ("masyu", "example"),  # lazy loop
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("genre", "stem"), SOLVED, ids=[f"{g}/{s}" for g, s in SOLVED])
def test_the_answer_is_the_known_solution(run, backend, genre, stem):
    puzzle = PUZZLES / genre / f"{stem}.txt"
    result = run(genre_file(genre), puzzle, "--backend", backend)
    assert (result.code, result.out, result.err) == (0, solution_file(puzzle).read_text(), "")


@pytest.mark.parametrize("backend", BACKENDS)
def test_unique_and_not_unique(run, tmp_path, backend):
    puzzle = PUZZLES / "slitherlink" / "example.txt"
    result = run(genre_file("slitherlink"), puzzle, "--backend", backend, "--unique")
    assert (result.code, result.out) == (0, solution_file(puzzle).read_text())
    assert result.err == "unique: no other solution exists\n"
    open_sudoku = tmp_path / "p.txt"
    open_sudoku.write_text("givens:\n12..\n34..\n....\n....\n")
    result = run(genre_file("sudoku"), open_sudoku, "--backend", backend, "--unique")
    assert result.code == 0
    assert result.err.startswith("not unique; another solution:\n")
    assert result.err.splitlines()[1:5] != result.out.splitlines()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_puzzle_that_fixes_every_unknown_is_solved_and_unique(run, tmp_path, backend):
    """No unknown is left for the solver: the model has no column at all (HiGHS calls it
    empty and, before, gave no answer)."""
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("givens:\n1234\n3412\n2143\n4321\n")
    result = run(genre_file("sudoku"), puzzle, "--backend", backend, "--unique")
    assert (result.code, result.out) == (0, "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n")
    assert result.err == "unique: no other solution exists\n"


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_infeasible_puzzle_exits_1_and_is_diagnosed(run, tmp_path, backend):
    """Akari's example with the 1 at r2c7 turned into a 2: only that clue can go."""
    text = (PUZZLES / "akari" / "example.txt").read_text()
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(text.replace("..4...1\n", "..4...2\n"))
    result = run(genre_file("akari"), puzzle, "--backend", backend, "--diagnose")
    assert result.code == 1
    assert result.err.splitlines()[:3] == [
        "no solution: the rules cannot all hold for this puzzle",
        "leaving out 1 clue gives a solution (no fewer will do):",
        "  line 15: 'each cell where wall: count(neighbours where light) = board' at r2c7",
    ]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_time_limit_stops_the_solver_without_a_solution(backend):
    """The limit reaches the solver: 0.05 s of solving, where every backend needs far more
    for this model (0.9 s for CP-SAT, which solves it fastest; the others above 25 s). The
    limit of `solve_puzzle` counts from the end of the compile, so it is the solver's alone."""
    genre = load_genre(str(genre_file("sudoku")))
    instance = read_puzzle(str(PUZZLES / "sudoku" / "corpus-16x16_1.txt"), genre)
    formulation = parse_formulation(["alldifferent=pairwise"])
    outcome = solve_puzzle(genre, instance, formulation, backend, time_limit=0.05)
    assert (outcome.status, outcome.assignment) == (SolveStatus.TIME_LIMIT, None)


def test_a_time_limit_without_a_solution_exits_1(run):
    puzzle = PUZZLES / "sudoku" / "corpus-16x16_1.txt"  # pairwise: 0.25 s to compile, 0.9 to solve
    pairwise = "alldifferent=pairwise"
    result = run(genre_file("sudoku"), puzzle, "--formulation", pairwise, "--time-limit", "0.05")
    assert (result.code, result.out) == (1, "")
    assert result.err == "no solution found within the time limit of 0.05 s\n"


def test_highs_prints_nothing_but_the_answer():
    """highspy 1.16 prints a banner on the C stdout when a solver object is made: through the
    command (a real stdout, not Python's), stdout is the solution and nothing else."""
    puzzle = PUZZLES / "sudoku" / "example.txt"
    command = [sys.executable, "-m", "dslsolve", str(genre_file("sudoku")), str(puzzle)]
    command += ["--backend", "highs"]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    assert (done.returncode, done.stdout) == (0, solution_file(puzzle).read_text())
    done = subprocess.run(
        [*command, "--format", "json"], capture_output=True, text=True, env=environment, check=False
    )
    assert json.loads(done.stdout)["solution"] == solution_file(puzzle).read_text()


def test_cpsat_refuses_a_model_with_fractional_data():
    model = LinearModel(parse_formulation([]))
    x = model.integer(0, 4, "x")
    model.add_row(pulp.LpAffineExpression([(x, 0.5)]), ">=", 1)
    with pytest.raises(DslError) as raised:
        BACKENDS_BY_NAME["cpsat"].session(model)
    assert raised.value.render().startswith(
        "--backend: error: cpsat solves integral models only, and a row has coefficient 0.5"
    )


def test_scip_adds_the_lazy_rows_inside_one_search():
    """Slitherlink's loop needs lazy rows (CBC solves three times): SCIP's constraint handler
    adds them during its search, which ends once, with the known solution; --stats counts
    them."""
    puzzle = PUZZLES / "slitherlink" / "corpus-10x10_1.txt"
    loaded = load_genre(str(genre_file("slitherlink")))
    instance = read_puzzle(str(puzzle), loaded)
    rounds = {}
    for backend in ("cbc", "scip"):
        outcome = solve_puzzle(loaded, instance, parse_formulation([]), backend)
        assert outcome.violations == []
        assert render(loaded, instance, outcome.assignment) == solution_file(puzzle).read_text()
        rounds[backend] = (outcome.stats.solver_calls, outcome.stats.cuts > 0)
    assert rounds["cbc"][0] > 1 and rounds["scip"] == (1, True)


@pytest.fixture
def stubborn_cbc(tmp_path, monkeypatch):
    """CBC replaced by a program that ignores its time limit: it writes its process id, sleeps
    30 s, then leaves a file saying it finished. Temporary files go to an empty folder."""
    pid, finished = tmp_path / "pid", tmp_path / "finished"
    program = tmp_path / "cbc"
    program.write_text(
        f"#!{sys.executable}\nimport os, time\n"
        f"open({str(pid)!r}, 'w').write(str(os.getpid()))\n"
        f"time.sleep(30)\nopen({str(finished)!r}, 'w').close()\n"
    )
    program.chmod(0o755)
    monkeypatch.setattr(pulp.PULP_CBC_CMD, "pulp_cbc_path", str(program))
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    problem = pulp.LpProblem("p")
    x = problem.add_variable("x", 0, 1, pulp.LpBinary)
    problem.addConstraint(pulp.LpAffineExpression([(x, 1)]) >= 1)
    return problem, pid, finished, temporary


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_cbc_is_stopped_past_its_time_limit(stubborn_cbc):
    """CBC can run far past its own -sec (a 30x30 fillmat: 65 s with -sec 29.99): the child is
    killed a second after the limit, and its files are removed."""
    problem, pid, finished, temporary = stubborn_cbc
    assert BACKENDS_BY_NAME["cbc"].solve(problem, 0.5) == SolveStatus.TIME_LIMIT
    assert not finished.exists() and _gone(int(pid.read_text()))
    assert list(temporary.iterdir()) == []


def test_an_interrupted_cbc_leaves_no_process_and_no_file(stubborn_cbc):
    problem, pid, finished, temporary = stubborn_cbc
    interrupt = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    interrupt.start()
    with pytest.raises(KeyboardInterrupt):
        BACKENDS_BY_NAME["cbc"].solve(problem, None)
    assert not finished.exists() and _gone(int(pid.read_text()))
    assert list(temporary.iterdir()) == []


CTRL_C_AFTER_A_SOLVE = """
import os, signal, time
from dslsolve.backends import BACKENDS
from dslsolve.formulations import parse_formulation
from dslsolve.compiler.model import LinearModel
model = LinearModel(parse_formulation([]))
model.add_row(model.integer(0, 3, "x"), ">=", 1)
session = BACKENDS[{backend!r}].session(model)
session.solve(None)
session.close()
try:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(5)
except KeyboardInterrupt:
    print("KeyboardInterrupt")
"""


@pytest.mark.parametrize("backend", ["cpsat", "highs", "scip"])
def test_ctrl_c_after_an_in_process_solve_is_still_a_keyboard_interrupt(backend):
    """A solver's own Ctrl-C handling must leave Python's in place (CP-SAT's left SIGINT at its
    default: the process died at once, with nothing cleaned up)."""
    script = CTRL_C_AFTER_A_SOLVE.format(backend=backend)
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=environment
    )
    assert (done.returncode, done.stdout) == (0, "KeyboardInterrupt\n"), done.stderr


def test_highs_checks_an_infeasible_verdict_without_presolve(monkeypatch):
    """HiGHS 1.16's presolve called a feasible masyu model infeasible (benchmark sample, 16x24):
    such a verdict is taken only from a run without presolve. Here the first run's verdict is
    replaced by "infeasible", as that presolve gave it."""
    run = HighsSession._run
    verdicts = []

    def presolve_says_infeasible(session):
        status = run(session)
        verdicts.append(status)
        return highspy.HighsModelStatus.kInfeasible if len(verdicts) == 1 else status

    monkeypatch.setattr(HighsSession, "_run", presolve_says_infeasible)
    model = LinearModel(parse_formulation([]))
    x = model.integer(0, 4, "x")
    model.add_row(x, ">=", 3)
    session = BACKENDS_BY_NAME["highs"].session(model)
    assert session.solve(None) == SolveStatus.SOLVED and x.varValue == 3
    assert len(verdicts) == 2


def test_cpsat_searches_without_its_lp_on_a_sat_model_only(monkeypatch):
    """Level 0 on a model of 0/1 columns without an objective (docs/formulations.md, "CP-SAT
    without its LP"); an objective (the diagnosis's fewest clues left out) or an integer column
    (a flow) keeps CP-SAT's default LP."""
    from dslsolve.backends import cpsat

    levels: list[int] = []
    set_parameters = cpsat.cp.SolveWrapper.set_parameters

    def spy(wrapper, parameters):
        levels.append(parameters.linearization_level)
        set_parameters(wrapper, parameters)

    monkeypatch.setattr(cpsat.cp.SolveWrapper, "set_parameters", spy)

    def solve(objective: bool, integer: bool) -> None:
        model = LinearModel(parse_formulation([]))
        x, y = model.binary("x"), model.binary("y")
        model.add_row(x + y, "==", 1)
        if integer:
            model.add_row(model.integer(0, 5, "n") - 3 * x, ">=", 0)
        if objective:
            model.problem.setObjective(x)
        assert BACKENDS_BY_NAME["cpsat"].session(model).solve(10) == SolveStatus.SOLVED

    solve(objective=False, integer=False)
    solve(objective=True, integer=False)
    solve(objective=False, integer=True)
    default = cpsat.cp.SatParameters().linearization_level
    assert levels == [cpsat.FEASIBILITY_LINEARIZATION, default, default] and default != 0
