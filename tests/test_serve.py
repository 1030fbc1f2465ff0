"""`dslsolve serve` over HTTP, without a browser: what a person sends cannot reach the
server's files, runs are capped, and the server's time limit stops a run's process.
(The page itself is tested in a real browser: test_serve_browser.py.)"""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from helpers import EMPTY_SUDOKU, PUZZLES, serve_workers

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from dslsolve.frontends.serve.local import served  # noqa: E402

pytestmark = pytest.mark.xdist_group("serve")  # one test worker starts the server

SECRET = Path("/etc/passwd").read_text().splitlines()[0]  # root:x:0:0:...


def post(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=60) as response:
        return json.load(response)


def wait(url: str, run: str, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        report = get(f"{url}api/runs/{run}")
        if report["state"] != "running" or time.monotonic() > deadline:
            return report
        time.sleep(0.1)


@pytest.fixture(scope="module")
def server():
    with served("--time-limit", "3", "--max-runs", "1") as (url, process):
        yield url, process


NURIKABE = (PUZZLES / "nurikabe.yaml").read_text()
REACHING_OUT = {
    # a section that names a file: an unknown key, refused with its place
    "a key naming a file": NURIKABE.replace(
        "input:\n", "input:\n  passwd: {type: grid, file: /etc/passwd}\n", 1
    ),
    # PyYAML's unsafe tags would read the file; the safe loader refuses them
    "a python tag": "name: x\nrules: !!python/object/apply:builtins.open ['/etc/passwd']\n"
    "output: {}\n",
    "a rule naming the file": NURIKABE.replace("rules:\n", "rules:\n  - '/etc/passwd'\n", 1),
}


@pytest.mark.parametrize("how", REACHING_OUT)
def test_an_uploaded_genre_cannot_read_a_file(server, how):
    url, _ = server
    genre = {"text": REACHING_OUT[how], "filename": "../../etc/passwd"}
    status, report = post(f"{url}api/runs", {"genre": genre, "puzzle": "clues:\n1.\n..\n"})
    assert status == 200
    report = wait(url, report["id"])
    assert report["state"] == "error"
    assert "error:" in report["error"] and report["line"] > 0
    assert report["file"] == "passwd"  # the uploaded name without its folders
    assert SECRET not in json.dumps(report)


def test_a_puzzle_is_never_a_file_name(server):
    url, _ = server
    status, report = post(
        f"{url}api/preview", {"genre": {"name": "nurikabe"}, "puzzle": "/etc/passwd"}
    )
    assert status == 200 and report["state"] == "error"
    assert report["error"].startswith("puzzle:1:1: error:")
    assert SECRET not in json.dumps(report)


def test_a_shipped_genre_is_named_not_a_path(server):
    url, _ = server
    status, report = post(
        f"{url}api/runs", {"genre": {"name": "../../etc/passwd"}, "puzzle": "clues:\n1\n"}
    )
    assert status == 404 and "no shipped genre" in report["error"]


def test_the_cap_refuses_a_run_beyond_it_and_cancel_kills_the_process(server):
    url, process = server
    sudoku = {"genre": {"name": "sudoku"}, "puzzle": EMPTY_SUDOKU, "determined": True}
    status, first = post(f"{url}api/runs", sudoku)
    assert status == 200
    status, second = post(f"{url}api/runs", sudoku)
    assert status == 503 and "its limit" in second["error"]
    while get(f"{url}api/runs/{first['id']}")["stage"] == "starting":
        time.sleep(0.05)
    assert len(serve_workers(process.pid)) == 1
    status, cancelled = post(f"{url}api/runs/{first['id']}/cancel", {})
    assert cancelled["state"] == "cancelled"
    assert serve_workers(process.pid) == []


def test_the_servers_time_limit_ends_a_run(server):
    url, process = server
    sudoku = {"genre": {"name": "sudoku"}, "puzzle": EMPTY_SUDOKU, "determined": True}
    status, started = post(f"{url}api/runs", sudoku)
    report = wait(url, started["id"])
    # the solver stops at the limit it was given (3 s); the server kills it 5 s later at most
    assert report["state"] in ("done", "timed out")
    assert report["elapsed"] < 3 + 5 + 5
    if report["state"] == "done":
        assert report["determined"]["complete"] is False  # not proven: the page says so
    assert serve_workers(process.pid) == []


def test_a_run_beyond_its_memory_fails_with_a_message():
    with served("--memory", "150") as (url, process):  # too little to load the solver
        status, started = post(
            f"{url}api/runs",
            {"genre": {"name": "sudoku"}, "puzzle": "givens:\n12..\n....\n....\n....\n"},
        )
        report = wait(url, started["id"])
        assert report["state"] in ("error", "failed") and "out of memory" in report["error"]
        assert serve_workers(process.pid) == []


def test_the_server_kills_a_run_that_outlives_its_time_limit(server):
    """A worker that does not stop at its limit (stopped here with SIGSTOP, as a solver stuck
    in native code) is killed by the server, 5 s after the limit."""
    url, process = server
    sudoku = {"genre": {"name": "sudoku"}, "puzzle": EMPTY_SUDOKU, "determined": True}
    status, started = post(f"{url}api/runs", sudoku)
    while not serve_workers(process.pid):
        time.sleep(0.05)
    [worker] = serve_workers(process.pid)
    os.kill(worker, signal.SIGSTOP)
    report = wait(url, started["id"])
    assert report["state"] == "timed out"
    assert report["error"].startswith("stopped by the server: the time limit of 3 s passed")
    assert serve_workers(process.pid) == []
