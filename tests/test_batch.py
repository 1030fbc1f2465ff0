"""`dslsolve batch`: a collection solved on a local process pool or a Dask cluster, every answer
checked by the evaluator, resumed after an interruption, and no puzzle lost when a worker dies."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import sys
import time
from pathlib import Path

import pytest

from dslsolve.dsl.genre import load_genre
from dslsolve.frontends.api import Genre
from dslsolve.frontends.batch import Job, solve_job
from dslsolve.frontends.pools import WORKER_DIED, LocalPool, run_jobs

from helpers import PUZZLES, genre_file, solution_file

pytestmark = pytest.mark.xdist_group("batch")  # one test worker makes the Dask cluster

AKARI = PUZZLES / "akari"
NO_SOLUTION = "board:\n4..\n...\n...\n"  # a 4 in a corner: it has only two neighbours


def records(path: Path) -> dict[str, dict]:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    by_puzzle = {line["puzzle"]: line for line in lines}
    assert len(by_puzzle) == len(lines), "a puzzle recorded twice"
    return by_puzzle


def assert_known_solutions(genre: str, found: dict[str, dict]) -> None:
    """Every record solved, its answer accepted by the evaluator and equal to the shipped one."""
    loaded = Genre.load(str(genre_file(genre)))
    for puzzle, record in found.items():
        assert record["status"] == "solved", record
        assert loaded.check(puzzle, record["answer"]) == []
        known = solution_file(Path(puzzle)).read_text()
        assert loaded.read_solution(puzzle, record["answer"]) == loaded.read_solution(puzzle, known)
        assert record["model"]["variables"] > 0
        assert set(record["times"]) == {"compile", "solve", "whole"}


def test_a_directory_on_the_local_pool_gives_the_known_solutions(run, tmp_path):
    out = tmp_path / "results.jsonl"
    result = run("batch", genre_file("akari"), AKARI, "--jobs", "2", "--unique", "--out", out)
    assert result.code == 0, result.err
    assert result.out == ""  # the records go to --out
    found = records(out)
    assert sorted(found) == sorted(str(p) for p in AKARI.glob("*.txt") if ".solution" not in p.name)
    assert_known_solutions("akari", found)
    assert all(r["unique"] is True for r in found.values())
    assert "solved  4" in result.err and "per minute" in result.err


def test_a_run_resumes_where_it_stopped(run, tmp_path):
    out = tmp_path / "results.jsonl"
    first = str(AKARI / "example.txt")
    earlier = {"puzzle": first, "status": "solved", "answer": "kept", "times": {}}
    cut = '{"puzzle": "cut sh'  # a run interrupted in the middle of a line
    out.write_text(json.dumps(earlier) + "\n" + cut)
    result = run("batch", genre_file("akari"), AKARI, "--out", out)
    assert result.code == 0, result.err
    lines = out.read_text().splitlines()
    assert lines[1] == cut
    out.write_text("\n".join(lines[:1] + lines[2:]) + "\n")
    found = records(out)
    assert found[first]["answer"] == "kept"  # not solved again
    assert len(found) == 4
    assert "resuming: 1 puzzles already in" in result.err
    again = run("batch", genre_file("akari"), AKARI, "--out", out)
    assert again.code == 0 and len(out.read_text().splitlines()) == 4


def test_exit_codes_say_unsolved_and_bad_input(run, tmp_path):
    (tmp_path / "none.txt").write_text(NO_SOLUTION)
    shutil.copy(AKARI / "example.txt", tmp_path / "fine.txt")
    unsolved = run("batch", genre_file("akari"), tmp_path, "--jobs", "1")
    assert unsolved.code == 1, unsolved.err
    statuses = {
        Path(r["puzzle"]).name: r["status"] for r in map(json.loads, unsolved.out.split("\n")[:-1])
    }
    assert statuses == {"none.txt": "infeasible", "fine.txt": "solved"}

    (tmp_path / "bad.txt").write_text("board:\n.?.\n")
    bad = run("batch", genre_file("akari"), tmp_path, "--jobs", "1")
    assert bad.code == 2
    record = next(r for r in map(json.loads, bad.out.split("\n")[:-1]) if "bad.txt" in r["puzzle"])
    assert record["status"] == "bad input" and "bad.txt" in record["error"]

    missing = run("batch", genre_file("akari"), tmp_path / "nowhere")
    assert missing.code == 2 and "no such puzzle file or directory" in missing.err


def dying_worker(job: Job) -> dict:
    """The test's worker: its process exits in the middle of a puzzle named crash*, and of one
    named flaky* the first time only (a marker file remembers)."""
    name = Path(job.puzzle).name
    marker = Path(job.puzzle).with_suffix(".died")
    if name.startswith("crash") or (name.startswith("flaky") and not marker.exists()):
        marker.touch()
        os._exit(9)
    return solve_job(job)


def puzzles_with_dying_workers(tmp_path: Path) -> list[Job]:
    names = ["a.txt", "crash.txt", "b.txt", "flaky.txt", "c.txt"]
    for name in names:
        shutil.copy(AKARI / "example.txt", tmp_path / name)
    return [Job(str(genre_file("akari")), str(tmp_path / name)) for name in names]


def assert_no_puzzle_lost(found: list[dict], jobs: list[Job]) -> None:
    by_name = {Path(r["puzzle"]).name: r for r in found}
    assert len(found) == len(jobs) == len(by_name)
    assert by_name["crash.txt"]["status"] == WORKER_DIED
    assert by_name["crash.txt"]["attempts"] == 2
    for name in ("a.txt", "b.txt", "c.txt", "flaky.txt"):
        assert by_name[name]["status"] == "solved", by_name[name]
        assert (
            Genre.load(str(genre_file("akari"))).check(
                str(AKARI / "example.txt"), by_name[name]["answer"]
            )
            == []
        )


def attempts(found: list[dict], name: str) -> int:
    return next(r["attempts"] for r in found if Path(r["puzzle"]).name == name)


def test_a_worker_that_dies_on_the_local_pool_loses_no_puzzle(tmp_path):
    jobs = puzzles_with_dying_workers(tmp_path)
    found: list[dict] = []
    pool = LocalPool(2)
    try:
        run_jobs(jobs, pool, found.append, task=dying_worker)
    finally:
        pool.close()
    assert_no_puzzle_lost(found, jobs)
    assert attempts(found, "flaky.txt") == 2


@pytest.fixture(scope="module")
def cluster():
    """A real Dask cluster on this machine: a scheduler and two worker processes. A task
    whose worker dies fails at once (`run_jobs` runs it again alone): no worker is restarted
    more often than the test needs."""
    dask = pytest.importorskip("dask")
    distributed = pytest.importorskip("distributed")
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # any free port: 8787 may be taken
            memory_limit="1GiB",
        ) as local,
    ):
        yield local


def test_a_dask_cluster_gives_what_the_local_pool_gives(run, tmp_path, cluster):
    genre = genre_file("nurikabe")
    puzzles = sorted(
        str(p) for p in (PUZZLES / "nurikabe").glob("*.txt") if ".solution" not in p.name
    )
    local, remote = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    assert run("batch", genre, *puzzles, "--unique", "--out", local).code == 0
    assert "solve_job" not in cluster.scheduler.task_prefixes
    address = cluster.scheduler_address
    result = run("batch", genre, *puzzles, "--unique", "--out", remote, "--scheduler", address)
    assert result.code == 0, result.err
    assert "solve_job" in cluster.scheduler.task_prefixes  # the puzzles ran on the cluster
    from_pool, from_cluster = records(local), records(remote)
    assert_known_solutions("nurikabe", from_cluster)
    assert len(from_cluster) == len(puzzles)
    for puzzle, record in from_pool.items():
        same = ("status", "answer", "unique", "model")
        assert {k: record[k] for k in same} == {k: from_cluster[puzzle][k] for k in same}


def test_compare_on_the_dask_cluster_gives_the_local_table(run, cluster):
    """`compare --scheduler` runs its combinations on the cluster: the same table (times
    aside) as on the local pool."""
    genre, puzzle = genre_file("hitori"), PUZZLES / "hitori" / "example.txt"
    options = ["--formulation", "connected=lazy,flow", "--backend", "cpsat,highs", "--csv"]
    local = run("compare", genre, puzzle, *options)
    remote = run("compare", genre, puzzle, *options, "--scheduler", cluster.scheduler_address)
    assert local.code == remote.code == 0, remote.err
    assert "run_one" in cluster.scheduler.task_prefixes

    def untimed(table: str) -> list[dict]:
        return [
            {k: v for k, v in row.items() if not k.endswith("_s")}
            for row in csv.DictReader(io.StringIO(table))
        ]

    assert untimed(remote.out) == untimed(local.out)
    assert len(untimed(local.out)) == 4


def test_a_worker_that_dies_on_the_dask_cluster_loses_no_puzzle(tmp_path, cluster):
    import cloudpickle

    from dslsolve.frontends.cluster import DaskPool

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import it
    jobs = puzzles_with_dying_workers(tmp_path)
    found: list[dict] = []
    pool = DaskPool(cluster.scheduler_address)
    try:
        run_jobs(jobs, pool, found.append, task=dying_worker)
    finally:
        pool.close()
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    assert_no_puzzle_lost(found, jobs)
    assert attempts(found, "flaky.txt") == 2


def test_no_scheduler_is_a_message(run, monkeypatch):
    monkeypatch.setattr("dslsolve.frontends.cluster.CONNECT_SECONDS", 1)
    result = run("batch", genre_file("akari"), AKARI, "--scheduler", "tcp://127.0.0.1:1")
    assert result.code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in result.err


def test_the_time_limit_bounds_a_whole_puzzle_in_a_local_worker(monkeypatch):
    """The worker's timer stops what the solver's own limit cannot: here a genre that takes
    far longer to load than the limit (the workers fork with the slow load)."""

    def slow_load(path: str) -> Genre:
        time.sleep(60)
        return Genre(load_genre(path))

    monkeypatch.setattr("dslsolve.frontends.batch.Genre.load", slow_load)
    found: list[dict] = []
    pool = LocalPool(1)
    try:
        run_jobs(
            [Job(str(genre_file("akari")), str(AKARI / "example.txt"), time_limit=0.5)],
            pool,
            found.append,
            solve_job,
        )
    finally:
        pool.close()
    assert [r["status"] for r in found] == ["time limit"]
    assert "model" not in found[0]  # stopped before compiling, not by the solver's limit


def test_the_options_reach_the_solver(run):
    """--backend and --formulation go to each worker: CBC on the pairwise lowering cannot
    settle a 16x16 sudoku within a second (as in test_cli)."""
    puzzle = PUZZLES / "sudoku" / "corpus-16x16_1.txt"
    options = ["--formulation", "alldifferent=pairwise", "--backend", "cbc", "--time-limit", "1"]
    result = run("batch", genre_file("sudoku"), puzzle, *options)
    assert result.code == 1
    assert json.loads(result.out)["status"] == "time limit"
