"""`dslsolve compare`: the table, its formats, and the check that catches a wrong lowering."""

from __future__ import annotations

import csv
import io
import os
import shutil
import sys
from pathlib import Path

import pytest

from dslsolve.compiler.lowerings import connected
from dslsolve.dsl.genre import load_genre
from dslsolve.frontends.cli import main
from dslsolve.frontends.compare import Row, Run, compare, run_one
from dslsolve.frontends.pools import LocalPool

from helpers import PUZZLES, genre_file, solution_file

HITORI = PUZZLES / "hitori" / "example.txt"


def test_the_table_has_a_row_per_combination_and_they_agree(run):
    result = run(
        "compare",
        genre_file("hitori"),
        HITORI,
        PUZZLES / "hitori" / "corpus-9x9_1.txt",
        "--formulation",
        "connected=lazy,flow",
        "--backend",
        "cbc,highs",
        "--csv",
    )
    assert result.code == 0
    table = list(csv.DictReader(io.StringIO(result.out)))
    assert len(table) == 2 * 2 * 2
    assert {(r["backend"], r["formulation"]) for r in table} == {
        (b, f"connected={c}") for b in ("cbc", "highs") for c in ("lazy", "flow")
    }
    assert all(r["status"] == "solved" and r["agree"] == "yes" for r in table)
    flow = [r for r in table if r["formulation"] == "connected=flow"]
    lazy = [r for r in table if r["formulation"] == "connected=lazy"]
    assert all(int(r["cut_rounds"]) == 0 for r in flow)
    assert min(int(r["variables"]) for r in flow) > max(int(r["variables"]) for r in lazy)
    assert result.err == ""  # no progress line: standard error is not a terminal


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_is_one_line_rewritten_then_cleared(monkeypatch, capsys):
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *_, **__: os.terminal_size((60, 24)))
    code = main(
        ["compare", str(genre_file("hitori")), str(HITORI), "--formulation", "connected=lazy,flow"]
    )
    assert code == 0 and "connected=flow" in capsys.readouterr().out
    shown = terminal.getvalue()
    lines = shown.split("\r")
    assert "\n" not in shown
    assert lines[1].startswith("[1/2] ") and lines[2].startswith("[2/2] ")
    assert all(len(line) == 59 for line in lines[1:4]) and lines[3].strip() == ""
    assert shown.endswith("\r")


def test_all_expands_to_every_choice_and_markdown(run):
    result = run(
        "compare",
        genre_file("nonogram"),
        PUZZLES / "nonogram" / "example.txt",
        "--formulation",
        "runs=all",
        "--markdown",
        "--quiet",
    )
    lines = result.out.splitlines()
    assert lines[0].startswith("| instance | size | backend | formulation | status |")
    assert lines[1].startswith("|---|")
    assert [line.split(" | ")[3] for line in lines[2:]] == [
        "runs=blocks",
        "runs=blocks-pairwise",
        "runs=regular",
    ]
    assert result.err == ""


def test_a_wrong_lowering_is_reported_loudly(run, monkeypatch):
    monkeypatch.setattr(connected, "_flow", lambda *args: None)  # forgets connectivity
    result = run(
        "compare",
        genre_file("hitori"),
        HITORI,
        "--formulation",
        "connected=lazy,flow",
        "--quiet",
    )
    assert result.code == 3
    rows = [line.split() for line in result.out.splitlines()[1:]]
    assert [(r[3], r[4], r[-1]) for r in rows] == [
        ("connected=lazy", "solved", "yes"),
        ("connected=flow", "WRONG", "NO"),
    ]
    assert "DISAGREEMENT:" in result.err and "a lowering is wrong" in result.err


def test_different_valid_solutions_are_not_a_disagreement(tmp_path, run):
    empty = tmp_path / "p.txt"
    empty.write_text("givens:\n....\n....\n....\n....\n")
    result = run(
        "compare",
        PUZZLES / "sudoku.yaml",
        empty,
        "--formulation",
        "domain=onehot,integer",
        "--formulation",
        "alldifferent=onehot,pairwise",
        "--quiet",
    )
    assert result.code == 0
    assert "NO" not in {line.split()[-1] for line in result.out.splitlines()[1:]}


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("conected=lazy", "unknown construct 'conected'"),
        ("connected=lazy,flo", "'flo' is not a lowering of connected"),
    ],
)
def test_bad_choices_are_errors(run, option, message):
    result = run("compare", genre_file("hitori"), HITORI, "--formulation", option)
    assert result.code == 2 and message in result.err


def test_a_puzzle_without_a_grid_gives_the_sizes_of_its_sets(run):
    result = run(
        "compare",
        PUZZLES / "cryptarithm.yaml",
        PUZZLES / "cryptarithm" / "example.txt",
        "--csv",
        "--quiet",
    )
    assert result.code == 0, result.err
    assert "word:3 place:5 letter:8" in result.out


def _without_times(row: Row) -> tuple:
    """A row's cells but its times (and the agreement, marked over the whole table)."""
    return (*row.cells()[:5], *row.cells()[8:-1], row.solution)


def test_the_pool_gives_the_rows_of_the_sequential_path():
    """Through two worker processes (`dslsolve batch`'s pool), the table has the rows, in
    the table's order, that each combination solved in this process one after the other gives
    (times aside), and each solution is the shipped one."""
    genre = load_genre(str(genre_file("hitori")))
    puzzles = [str(HITORI), str(PUZZLES / "hitori" / "corpus-9x9_1.txt")]
    options, backends = ["connected=lazy,flow"], ["cpsat", "highs"]
    pool = LocalPool(2)
    try:
        rows = compare(genre, puzzles, options, backends, None, pool)
    finally:
        pool.close()
    sequential = []
    for puzzle in puzzles:
        for backend in backends:
            for choice in ("lazy", "flow"):
                label = f"connected={choice}"
                run = Run(genre.path, puzzle, backend, (label,), label, None, len(sequential))
                sequential.append(run_one(run)["row"])
    assert [_without_times(r) for r in rows] == [_without_times(r) for r in sequential]
    for row in rows:
        assert row.agree == "yes"
        assert row.solution == solution_file(Path(row.instance)).read_text()


def test_an_error_in_a_worker_is_the_message_it_would_be_in_one_process(tmp_path, run):
    genre = tmp_path / "g.yaml"
    genre.write_text(
        "name: g\ninput:\n  clues: {type: grid}\nvariables:\n  wall: {type: bool, on: borders}\n"
        "rules:\n  - 'each piece of wall: count(clues is given) <= 1'\n"
        "output:\n  cell:\n    - show: clues\n  edges: wall\n"
    )
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("clues:\n1.\n..\n")
    alone = run(genre, puzzle)
    assert alone.code == 2
    result = run("compare", genre, puzzle, "--jobs", "2", "--backend", "cpsat,highs")
    assert result.code == 2 and "Traceback" not in result.err
    assert alone.err.splitlines()[0] in result.err
