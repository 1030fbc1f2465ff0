"""Promises kept under bad input, limits and interruption (issue 18): a message and exit 2 for
what cannot be solved, the time limit bounding the whole run, an interrupted run that says so
and is never a verdict, and files that cannot run code or exhaust memory."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dslsolve.runguard import SOLVER_THREAD

from helpers import PUZZLES, ROOT, changed_genre, genre_file, solution_file

SUBPROCESS_TIMEOUT = 30  # far beyond any limit below: the old code ran past it


def dslsolve(*args: object, tmpdir: Path | None = None, **popen) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if tmpdir is not None:
        env["TMPDIR"] = str(tmpdir)
    return subprocess.Popen(
        [sys.executable, "-m", "dslsolve", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        **popen,
    )


def finished(process: subprocess.Popen) -> tuple[int, str, str]:
    try:
        out, err = process.communicate(timeout=SUBPROCESS_TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise
    return process.returncode, out, err


def grid_text(name: str, rows: list[str]) -> str:
    return f"{name}:\n" + "\n".join(rows) + "\n"


# ------------------------------------------------------------------ the whole run's time limit


SHIKAKU_CLUES = ["99999", str(2**31), str(10**30)]


def slow_shikaku(tmp_path: Path) -> Path:
    """A shikaku whose compile takes far longer than a second: one `?` in the middle of an
    80x80 grid, so that every rectangle over it (about 2.6 million) is a candidate piece."""
    rows = [". " * 79 + "."] * 80
    rows[40] = ". " * 40 + "? " + ". " * 38 + "."
    puzzle = tmp_path / "slow.txt"
    puzzle.write_text(grid_text("clues", rows))
    return puzzle


def test_the_time_limit_bounds_the_compile(tmp_path):
    code, out, err = finished(
        dslsolve(
            genre_file("shikaku"), slow_shikaku(tmp_path), "--time-limit", "1", "--backend", "cbc"
        )
    )
    assert (code, out) == (1, ""), err
    assert "no solution found within the time limit of 1.0 s" in err
    assert "Traceback" not in err


def test_a_time_limit_in_the_compile_is_a_json_status_too(tmp_path):
    """`--format json` prints the status whoever stops the run: the solver, or the time limit
    of the whole run in the compile (it printed nothing there)."""
    puzzle = slow_shikaku(tmp_path)
    command = (genre_file("shikaku"), puzzle, "--time-limit", "1", "--format", "json")
    code, out, err = finished(dslsolve(*command))
    assert code == 1, err
    assert json.loads(out) == {
        "status": "time limit",
        "solution": None,
        "unique": None,
        "contradictions": [],
    }
    assert "no solution found within the time limit of 1.0 s" in err


@pytest.mark.parametrize("clue", SHIKAKU_CLUES)
def test_a_clue_larger_than_the_grid_is_no_solution_at_once(tmp_path, clue):
    """A piece's size bound from below (`size >= clue`) leaves no candidate: the compile ends
    at once with the rule that cannot hold (it used to enumerate shapes until the limit)."""
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(grid_text("clues", [f"{clue} . . . . ."] + [". . . . . ."] * 5))
    code, out, err = finished(
        dslsolve(genre_file("shikaku"), puzzle, "--time-limit", "20", "--backend", "cbc")
    )
    assert (code, out) == (1, ""), err
    assert "no solution: the rules cannot all hold for this puzzle" in err
    assert "each piece of wall" in err and "r1c1" in err
    assert "Traceback" not in err


def test_the_time_limit_bounds_each_combination_of_compare(tmp_path):
    """Each instance x formulation x backend gets the limit, its compile included: a compile
    that does not end is one row 'time limit', and the table goes on (it ran for ever)."""
    code, out, err = finished(
        dslsolve(
            "compare",
            genre_file("shikaku"),
            slow_shikaku(tmp_path),
            "--time-limit",
            "1",
            "--backend",
            "cpsat,highs",
        )
    )
    assert code == 0, err
    rows = [line.split() for line in out.splitlines()[1:]]
    assert [(row[2], row[4:6]) for row in rows] == [
        ("cpsat", ["time", "limit"]),
        ("highs", ["time", "limit"]),
    ]


# ------------------------------------------------------------------ interruption


def empty_sudoku(tmp_path: Path, side: int = 36) -> Path:
    """A puzzle whose CBC run lasts long enough to be interrupted (minutes)."""
    puzzle = tmp_path / "empty.txt"
    puzzle.write_text(grid_text("givens", [" ".join("." * side)] * side))
    return puzzle


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def solver_started(process: subprocess.Popen) -> list[int]:
    """The solver processes of a run, once it has one."""
    for _ in range(600):
        found = children(process.pid)
        if found:
            return found
        if process.poll() is not None:
            pytest.fail(f"the run ended before its solver started: {process.communicate()}")
        time.sleep(0.1)
    process.kill()
    pytest.fail("no solver process within 60 s")


def interrupt(tmp_path: Path, signum: int) -> tuple[list[int], list[str]]:
    """Send `signum` to a run while CBC works; check what it says. Its solver processes still
    alive and its solver files left behind."""
    process = dslsolve(
        genre_file("sudoku"), empty_sudoku(tmp_path), "--backend", "cbc", tmpdir=tmp_path
    )
    solvers = solver_started(process)
    process.send_signal(signum)
    try:
        code, out, err = finished(process)
        left = [pid for pid in solvers if alive(pid)]
    finally:
        for pid in solvers:  # the backends stop their solver; a leftover must not outlive us
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    assert (code, out) == (128 + signum, "")
    assert err == "dslsolve: interrupted\n"
    return left, sorted(p.name for p in tmp_path.glob("*-pulp.*"))


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_run_says_so_and_gives_no_verdict(tmp_path, signum):
    interrupt(tmp_path, signum)


SPLIT_GENRE = """\
name: split
title: Market split
description: Choose columns so that in every row the chosen weights add up to the target.
input:
  weights: {type: grid}
  targets: {type: grid}
variables:
  x: {type: bool}
rules:
  - each row: sum(weights where x) = sum(targets)
  - "each column: count(x) = 0 or count(x) = rows"
output:
  cell:
    - when: x
      symbol: "#"
    - symbol: "."
"""


def market_split(tmp_path: Path) -> tuple[Path, Path]:
    """A model that every in-process solver works on for minutes in one native call, from
    a small compile: a market split instance (Cornuejols and Dawande), 4 rows of 30 random
    weights, each row's target half its total."""
    rng = random.Random(1)
    weights = [[rng.randint(0, 99) for _ in range(30)] for _ in range(4)]
    genre, puzzle = tmp_path / "split.yaml", tmp_path / "split.txt"
    genre.write_text(SPLIT_GENRE)
    puzzle.write_text(
        grid_text("weights", [" ".join(map(str, row)) for row in weights])
        + grid_text("targets", [" ".join([str(sum(row) // 2)] + ["."] * 29) for row in weights])
    )
    return genre, puzzle


def solving(process: subprocess.Popen, patience: float = 20.0) -> None:
    """Wait until the run's solver thread works (runguard names it), at most `patience` s:
    a run without one (the old code solved in the main thread) is signalled then."""
    waited = time.perf_counter() + patience
    while time.perf_counter() < waited and process.poll() is None:
        with contextlib.suppress(OSError):
            tasks = Path(f"/proc/{process.pid}/task").iterdir()
            if any((task / "comm").read_text().strip() == SOLVER_THREAD for task in tasks):
                time.sleep(0.5)  # into the search
                return
        time.sleep(0.1)


IN_PROCESS = ["cpsat", "highs", "scip"]
STOPPED_WITHIN = 10  # seconds from the signal to the end, with the interpreter's exit; the
# old code ran on until the solver's own end (minutes)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("backend", IN_PROCESS)
def test_a_signal_stops_an_in_process_solver_at_once(tmp_path, backend, signum):
    process = dslsolve(*market_split(tmp_path), "--backend", backend)
    solving(process)
    process.send_signal(signum)
    sent = time.perf_counter()
    code, out, err = finished(process)
    assert (code, out, err) == (128 + signum, "", "dslsolve: interrupted\n")
    assert time.perf_counter() - sent < STOPPED_WITHIN


@pytest.mark.parametrize("backend", IN_PROCESS)
def test_the_time_limit_stops_an_in_process_solver(tmp_path, backend):
    started = time.perf_counter()
    code, out, err = finished(
        dslsolve(*market_split(tmp_path), "--backend", backend, "--time-limit", "2")
    )
    assert (code, out, err) == (1, "", "no solution found within the time limit of 2.0 s\n")
    assert time.perf_counter() - started < 2 + STOPPED_WITHIN


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_an_interrupted_run_leaves_no_solver_and_no_files(tmp_path):
    left, files = interrupt(tmp_path, signal.SIGTERM)
    assert (left, files) == ([], [])


# ------------------------------------------------------------------ files that are not text


def test_a_puzzle_file_must_be_a_regular_file(tmp_path, run):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # no writer: reading would block forever
    for path in ("/dev/zero", "/dev/urandom", fifo):
        result = run(genre_file("sudoku"), path)
        assert result.code == 2
        assert result.err.strip() == f"{path}: error: the puzzle file is not a regular file"


def test_a_file_larger_than_the_bound_is_not_read(tmp_path, run):
    puzzle = tmp_path / "huge.txt"
    puzzle.write_text("givens:\n" + ("." * 4095 + "\n") * 4097)
    result = run(genre_file("sudoku"), puzzle)
    assert result.code == 2
    assert "the puzzle file is larger than 16 MB: not read" in result.err


# ------------------------------------------------------------------ genre files that attack


def test_yaml_aliases_are_refused(tmp_path, run):
    genre = tmp_path / "bomb.yaml"
    levels = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    levels += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 10)]
    genre.write_text("name: bomb\n" + "\n".join(levels) + "\nrules: []\noutput: {}\n")
    result = run(genre, PUZZLES / "sudoku" / "example.txt")
    assert result.code == 2
    assert result.err.startswith(f"{genre}:3:")
    assert "a YAML alias (*a0) is not allowed in a genre file" in result.err


def test_yaml_python_tags_are_refused(tmp_path, run):
    marker = tmp_path / "ran"
    genre = tmp_path / "tag.yaml"
    genre.write_text(f'name: !!python/object/apply:os.system ["touch {marker}"]\n')
    result = run(genre, PUZZLES / "sudoku" / "example.txt")
    assert result.code == 2
    assert "not valid YAML" in result.err
    assert not marker.exists()


def test_deep_nesting_is_a_message(tmp_path, run):
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("g:\n..\n..\n")
    deep_yaml = tmp_path / "deep.yaml"
    deep_yaml.write_text("name: x\nrules: " + "[" * 5000 + "]" * 5000 + "\n")
    nots = tmp_path / "nots.yaml"
    nots.write_text(
        "name: x\ninput:\n  g: {type: grid}\nvariables:\n  b: {type: bool}\nrules:\n"
        f'  - "each cell: {"not " * 3000}b"\noutput:\n  cell:\n    - show: b\n'
    )
    assert run(deep_yaml, puzzle).err.startswith(f"{deep_yaml}: error: the YAML nests too deeply")
    result = run(nots, puzzle)
    assert result.code == 2
    assert result.err.startswith(f"{nots}:7:6: error: the rule nests too deeply")


PLANTED = """\
import pickle, sys
from importlib import resources
from lark import Lark
grammar = resources.files("dslsolve.grammar").joinpath("rules.lark").read_text()
Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=True, cache=True)

class Plant:
    def __reduce__(self):
        return (open, (sys.argv[1], "w"))

for name in sys.argv[2:]:
    with open(name, "rb") as handle:
        first = handle.readline()
    with open(name, "wb") as handle:
        handle.write(first)
        pickle.dump(Plant(), handle)
"""


def test_no_pickle_from_the_shared_temporary_directory_is_loaded(tmp_path):
    """Lark's `cache=True` file has a predictable name in the temporary directory: a pickle
    planted there by another user ran code in `dslsolve check`."""
    shared, home, marker = tmp_path / "tmp", tmp_path / "home", tmp_path / "ran"
    shared.mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(shared), XDG_CACHE_HOME=str(home))
    script = tmp_path / "plant.py"
    script.write_text(PLANTED)
    subprocess.run([sys.executable, script, marker], env=env, check=True)  # makes Lark's file
    planted = [str(p) for p in shared.glob(".lark_cache_*")]
    subprocess.run([sys.executable, script, marker, *planted], env=env, check=True)
    assert planted and not marker.exists()
    akari = PUZZLES / "akari"
    done = subprocess.run(
        [sys.executable, "-m", "dslsolve", "check", PUZZLES / "akari.yaml"]
        + [akari / "example.txt", akari / "example.solution.txt"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "valid: every rule holds\n"), done.stderr
    assert not marker.exists()


def test_each_grammar_has_its_own_cache_file(tmp_path, monkeypatch):
    """Two versions of dslsolve whose grammars differ must not take turns rebuilding one file."""
    from dslsolve.dsl.parser import _private_cache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first, second = _private_cache("start: 'a'"), _private_cache("start: 'b'")
    assert isinstance(first, str) and isinstance(second, str)
    assert first != second and first == _private_cache("start: 'a'")
    assert os.path.dirname(first) == str(tmp_path / "dslsolve")


# ------------------------------------------------------------------ the referee and domains


@pytest.mark.parametrize("first", ["5", "0"])
def test_check_rejects_a_value_outside_the_declared_domain(tmp_path, run, first):
    puzzle = PUZZLES / "sudoku" / "constructed-4x4.txt"
    rows = solution_file(puzzle).read_text().splitlines()
    assert rows[0] == "4 1 3 2"  # the column, the row and the box stay all different
    solution = tmp_path / "s.txt"
    solution.write_text("\n".join([f"{first} 1 3 2", *rows[1:]]) + "\n")
    result = run("check", genre_file("sudoku"), puzzle, solution)
    assert result.code == 1
    assert result.out == (
        "1 violation(s):\n"
        f"  {genre_file('sudoku')}:variables: digit takes a value in 1..4; {first} is not one\n"
        "    violated at r1c1\n"
    )


def test_check_rejects_double_bridges_where_the_domain_is_0_to_1(tmp_path, run):
    genre = tmp_path / "hashi.yaml"
    text = genre_file("hashiwokakero").read_text()
    genre.write_text(text.replace("domain: 0..2", "domain: 0..1"))
    puzzle = PUZZLES / "hashiwokakero" / "example.txt"
    result = run("check", genre, puzzle, solution_file(puzzle))
    assert result.code == 1
    assert "variables: bridges takes a value in 0..1; 2 is not one" in result.out
    assert "violated at link r1c4-r1c5" in result.out


# ------------------------------------------------------------------ huge numbers and domains


def with_first_clue(tmp_path: Path, genre: str, clue: str) -> Path:
    """The genre's example with its first number replaced by `clue`."""
    lines = (PUZZLES / genre / "example.txt").read_text().splitlines()
    for index, line in enumerate(lines):
        if not line.startswith("#") and any(token.isdigit() for token in line.split()):
            tokens = line.split()
            first = next(i for i, token in enumerate(tokens) if token.isdigit())
            lines[index] = " ".join([*tokens[:first], clue, *tokens[first + 1 :]])
            break
    puzzle = tmp_path / f"{genre}.txt"
    puzzle.write_text("\n".join(lines) + "\n")
    return puzzle


@pytest.mark.parametrize("genre", ["doppelblock", "skyscrapers", "tents"])
@pytest.mark.parametrize(("clue", "backend"), [("1" + "0" * 400, "cbc"), ("1" + "0" * 30, "highs")])
def test_a_huge_clue_is_no_solution_not_an_internal_error(tmp_path, run, genre, clue, backend):
    result = run(genre_file(genre), with_first_clue(tmp_path, genre, clue), "--backend", backend)
    assert (result.code, result.out) == (1, "")
    assert result.err.startswith("no solution: the rules cannot all hold for this puzzle")


def sudoku_with_domain(tmp_path: Path, domain: str) -> Path:
    genre = tmp_path / "sudoku.yaml"
    genre.write_text(
        genre_file("sudoku").read_text().replace("domain: 1..rows", f"domain: {domain}")
    )
    return genre


@pytest.mark.parametrize(
    ("domain", "message"),
    [
        ("9..1", "the domain '9..1' is empty"),
        ("1..1000000000000000000000000000000", "has more than 10000 values"),
        ("0..1000000", "has more than 10000 values"),
    ],
)
def test_a_domain_beyond_the_bounds_is_refused_at_load(tmp_path, run, domain, message):
    result = run(sudoku_with_domain(tmp_path, domain), PUZZLES / "sudoku" / "example.txt")
    assert result.code == 2
    assert result.err.startswith(f"{tmp_path / 'sudoku.yaml'}:9:30: error: ")
    assert message in result.err


def test_a_domain_that_the_puzzle_empties_is_named(tmp_path, run):
    result = run(sudoku_with_domain(tmp_path, "12..rows"), PUZZLES / "sudoku" / "example.txt")
    assert result.code == 2
    assert "'digit' has no value to take in this puzzle: its domain 12..rows is 12..9" in result.err


# ------------------------------------------------------------------ found by tools/fuzz.py


def test_a_control_character_in_a_genre_file_is_a_message(tmp_path, run):
    genre = tmp_path / "hitori.yaml"
    genre.write_text(genre_file("hitori").read_text().replace("name:", "\x06name:", 1))
    result = run(genre, PUZZLES / "hitori" / "example.txt")
    assert result.code == 2
    assert (
        f"{genre}:1:1: error: not valid YAML: the control character 0x06 is not allowed"
        in result.err
    )


def test_a_factor_beyond_what_a_solver_holds_is_a_message(tmp_path, run):
    huge = "1" + "0" * 99  # each within the bound on numbers, their product is not
    rule = "a.digit = 2 * b.digit"
    genre = changed_genre(tmp_path, "kropki", rule, f"a.digit = {huge} * {huge} * b.digit")
    result = run(genre, PUZZLES / "kropki" / "example.txt")
    assert result.code == 2
    assert "a factor of 199 digits is beyond 10^100" in result.err


def test_an_output_case_that_cannot_read_back_is_refused_at_load(tmp_path, run):
    """Shakashaka with the `show: board` of `when: wall` and the symbol of `when: ul` swapped
    solved with exit 0, and check rejected its own answer (32 violations)."""
    wall_case = '    - when: wall\n      show: board\n    - when: ul\n      symbol: "◤"\n'
    swapped = '    - when: wall\n      symbol: "◤"\n    - when: ul\n      show: board\n'
    genre = changed_genre(tmp_path, "shakashaka", wall_case, swapped)
    result = run(genre, PUZZLES / "shakashaka" / "example.txt")
    assert (result.code, result.out) == (2, "")
    assert "the case 'when: ul' shows the input 'board' and a later case prints too" in result.err


def test_a_given_outside_the_domain_is_named_with_its_value_and_the_domain(tmp_path, run):
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("givens:\n.7..\n..4.\n...3\n2...\n")
    result = run(genre_file("sudoku"), puzzle)
    assert (result.code, result.out) == (1, "")
    assert "  the given 7 at r1c2 is outside the domain 1..4 of 'digit'\n" in result.err


def test_a_number_beyond_the_bound_is_a_message_in_a_rule_and_in_a_grid(tmp_path, run):
    rule = "count(black) = 0 or count(black) = size"  # a comparison inside a condition:
    # the constant overflowed PuLP
    genre = changed_genre(tmp_path, "paint_area", rule, rule.replace("= 0", "= 1" + "0" * 400))
    result = run(genre, PUZZLES / "paint_area" / "example.txt")
    assert result.code == 2
    assert "a number of 401 digits: beyond 10^100" in result.err
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("givens:\n" + "1" * 402 + " . . .\n. . . .\n. . . .\n. . . .\n")
    result = run(genre_file("sudoku"), puzzle)
    assert result.code == 2
    assert f"{puzzle}:2:1: error: a number of 402 digits in section 'givens'" in result.err


def test_a_piece_rule_counting_cells_against_the_size_is_lowered(tmp_path, run):
    """`count(F) = 1` where F reads the piece's size is no anchor condition (the size is known
    for a candidate piece, not for a cell): it was an AttributeError (exit 3)."""
    genre = changed_genre(
        tmp_path, "fillomino", "count(givens != size) = 0", "count(givens != size) = 1"
    )
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(grid_text("givens", [". 2 .", "3 . .", ". . 1"]))
    result = run(genre, puzzle)
    assert result.code == 0, result.err
    answer = tmp_path / "answer.txt"
    answer.write_text(result.out)
    assert run("check", genre, puzzle, answer).code == 0


def test_an_area_anchor_that_reads_the_size_is_a_located_message(tmp_path, run):
    """A count that reads the size names no anchor: the areas are then without one, and a
    bound read from the area's cells is refused with the rule's place."""
    body = "count(clues is given) = 1 and size <= sum(clues where clues is number)"
    genre = changed_genre(tmp_path, "nurikabe", body, body.replace("is given", "!= size", 1))
    result = run(genre, PUZZLES / "nurikabe" / "example.txt")
    assert (result.code, result.out) == (2, "")
    assert (
        "nurikabe.yaml:" in result.err
        and "cannot compile this rule: without an anchor" in result.err
    )


@pytest.mark.parametrize("formulation", ["piece=placements", "piece=lazy"])
@pytest.mark.parametrize("given", ["27", "0"])
def test_a_given_that_no_piece_value_can_match_is_named(tmp_path, run, given, formulation):
    """It said only 'no piece fits at r1c2' (or nothing, with piece=lazy). Under the numbers
    1..9 that fillomino's genre file took before it read them from the puzzle."""
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(grid_text("givens", [f". {given} . .", ". . . .", ". . . ."]))
    result = run(_capped_fillomino(tmp_path), puzzle, "--formulation", formulation)
    assert (result.code, result.out) == (1, "")
    assert f"  the given {given} at r1c2 is outside the domain 1..9 of 'n'\n" in result.err


def _capped_fillomino(tmp_path: Path) -> Path:
    return changed_genre(tmp_path, "fillomino", "'1..max(9, largest givens)'", "1..9")


def test_a_given_outside_the_domain_spares_the_enumeration_of_pieces(tmp_path):
    """The model is infeasible once such a given is named: the pieces are not enumerated (a
    50x64 fillomino with givens up to 15 took the whole minute, over 1 GB, in enumeration)."""
    from dslsolve.compiler import compile_model
    from dslsolve.dsl.genre import load_genre
    from dslsolve.dsl.puzzle import read_puzzle
    from dslsolve.formulations import parse_formulation

    loaded = load_genre(str(_capped_fillomino(tmp_path)))
    sizes = {}
    for given in ("2", "27"):
        text = grid_text("givens", [f". {given} . . .", ". . . . .", ". . . . .", ". . . . ."])
        instance = read_puzzle("<p>", loaded, text)
        model = compile_model(loaded.genre, instance, parse_formulation([])).model
        sizes[given] = len(model.problem.variables())
        assert bool(model.contradictions) == (given == "27")
    assert sizes["27"] < sizes["2"] / 2


@pytest.mark.parametrize("where", ["list", "solution"])
def test_a_number_longer_than_python_converts_is_a_message(tmp_path, run, where):
    """Found by the fuzzer (seed 20, mutant 599): a tile_paint list entry of 24,060 digits
    was a ValueError (exit 3): Python converts at most 4,300 digits to a number."""
    digits = "1" * 5000
    if where == "list":
        named = tmp_path / "p.txt"
        text = (PUZZLES / "tile_paint" / "example.txt").read_text()
        assert text.splitlines()[1] == "columns:"
        named.write_text(text.replace("columns:\n", f"columns:\n{digits} ", 1))
        result = run(genre_file("tile_paint"), named)
        line = 3
    else:
        puzzle = PUZZLES / "sudoku" / "constructed-4x4.txt"
        named = tmp_path / "s.txt"
        named.write_text(digits + solution_file(puzzle).read_text()[1:])
        result = run("check", genre_file("sudoku"), puzzle, named)
        line = 1
    assert (result.code, result.out) == (2, "")
    assert f"{named}:{line}:1: error: a number of 5000 digits: beyond 10^100" in result.err


SIGNAL_IN_AN_IMPORT = """
import sys, time
from dslsolve.runguard import Interrupted, signals_interrupt
sys.path.insert(0, sys.argv[1])
try:
    with signals_interrupt():
        import signalled
        time.sleep(10)
except Interrupted:
    print("interrupted after the import:", signalled.whole)
"""


def test_a_signal_during_an_import_comes_after_it(tmp_path):
    """An exception raised in the middle of an import leaves a compiled module half loaded
    (numpy, which PuLP imports, then failed with 'cannot load module more than once per
    process': an internal error instead of the interruption)."""
    (tmp_path / "signalled.py").write_text(
        "import os, signal, time\n"
        "os.kill(os.getpid(), signal.SIGTERM)\n"
        "time.sleep(0.2)\n"
        "whole = True\n"
    )
    process = subprocess.run(
        [sys.executable, "-c", SIGNAL_IN_AN_IMPORT, str(tmp_path)],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=SUBPROCESS_TIMEOUT,
    )
    assert process.stdout == "interrupted after the import: True\n", process.stderr


def test_a_set_output_that_loses_a_related_member_is_a_genre_error(tmp_path, run):
    """Found by the fuzzer (seed 21, mutant 2310): without 'each person: count(colour where
    wears) = 1' a person may wear two colours, the one line per person printed one of them,
    and `check` rejected the printed answer (exit 0 before)."""
    genre = changed_genre(
        tmp_path, "logic_grid", "  - each person: count(colour where wears) = 1\n", ""
    )
    result = run(genre, PUZZLES / "logic_grid" / "example.txt")
    assert (result.code, result.out) == (2, "")
    assert "the output cannot print the solution so that it reads back as one" in result.err
    assert "read back as 0" in result.err and "wears(" in result.err


def test_a_huge_count_of_turns_is_no_solution(tmp_path, run):
    """Found by the fuzzer (seed 21, mutant 7264): a hotaru beam clue of 10^400 turns was an
    OverflowError inside PuLP (exit 3)."""
    puzzle = tmp_path / "p.txt"
    text = (PUZZLES / "hotaru_beam" / "example.txt").read_text()
    assert ". . . 1,U . ." in text
    puzzle.write_text(text.replace(". . . 1,U . .", f". . . 1{'0' * 400},U . ."))
    result = run(genre_file("hotaru_beam"), puzzle)
    assert (result.code, result.out) == (1, "")
    assert result.err.startswith("no solution: the rules cannot all hold")


def test_cpsat_names_a_number_beyond_int64_and_takes_an_empty_domain_as_no_solution():
    """Found by the fuzzer (seed 21): a row bound of 10^30 or 2^63 was a TypeError inside
    OR-Tools, and a variable whose domain is empty (a digit carry of 0..-1) made CP-SAT reject
    the model (exit 3 both)."""
    from dslsolve.backends import BACKENDS, SolveStatus
    from dslsolve.compiler.model import LinearModel
    from dslsolve.errors import DslError
    from dslsolve.formulations import parse_formulation

    model = LinearModel(parse_formulation([]))
    model.add_row(model.binary("x") + model.binary("y"), "==", 2**63)
    with pytest.raises(DslError) as raised:
        BACKENDS["cpsat"].session(model)
    assert raised.value.render().startswith(
        "--backend: error: cpsat takes numbers within -2^63..2^63 - 1 only, and a row has the "
        f"bounds {2**63}..{2**63}"
    )
    model = LinearModel(parse_formulation([]))
    empty = model.integer(0, 5, "carry")
    empty.lowBound, empty.upBound = 0, -1
    model.add_row(empty + model.binary("x"), "<=", 3)
    assert BACKENDS["cpsat"].session(model).solve(10) == SolveStatus.INFEASIBLE
