"""`dslsolve resident`: a command handed over to the resident process answers exactly as the
command in its own process does, and a command with no resident of its own to talk to (none,
a stale socket, one of another user or checkout) runs in its own process, saying nothing."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from dslsolve.frontends import handover

from helpers import PUZZLES, genre_file, solution_file

pytestmark = pytest.mark.skipif(
    not hasattr(socket, "SO_PEERCRED"), reason="the resident needs Linux's SO_PEERCRED"
)
SUDOKU = genre_file("sudoku")
HARD = [  # CBC on the pairwise model of a 16x16 sudoku: far more than a few seconds
    SUDOKU,
    PUZZLES / "sudoku" / "corpus-16x16_1.txt",
    "--formulation",
    "alldifferent=pairwise",
    "--backend",
    "cbc",
]


def _folder() -> Path:
    """A private runtime folder, with a short name: a socket's path has at most 107 bytes."""
    return Path(tempfile.mkdtemp(prefix="dsr-"))  # mode 0700


def _dslsolve(env: dict[str, str], *args: object) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dslsolve", *map(str, args)],
        env=env,
        capture_output=True,
        check=False,
    )


def _requests(env: dict[str, str]) -> int:
    """How many requests the resident has taken (its status line)."""
    status = _dslsolve(env, "resident", "status")
    assert status.returncode == 0, status.stdout
    return int(status.stdout.split(b": ")[1].split()[0])


@pytest.fixture
def cold():
    """The environment of a command with no resident (its runtime folder is empty)."""
    folder = _folder()
    yield dict(os.environ, XDG_RUNTIME_DIR=str(folder))
    shutil.rmtree(folder)


@pytest.fixture
def resident():
    """The environment of a command whose resident runs; stopped at the end."""
    folder = _folder()
    env = dict(os.environ, XDG_RUNTIME_DIR=str(folder))
    started = _dslsolve(env, "resident", "start", "--idle", "300")
    assert started.returncode == 0, started.stderr
    try:
        yield env
    finally:
        _dslsolve(env, "resident", "stop")
        shutil.rmtree(folder)


def test_answers_through_the_resident_are_the_commands_own(tmp_path, cold, resident):
    puzzle = PUZZLES / "sudoku" / "example.txt"
    ambiguous = tmp_path / "two.txt"  # two solutions: exit 0, the other printed
    ambiguous.write_text("givens:\n" + ".........\n" * 9)
    broken = tmp_path / "broken.txt"
    broken.write_text(solution_file(puzzle).read_text().replace("5", "4", 1))
    commands = [
        ((SUDOKU, puzzle, "--unique"), 0),
        ((SUDOKU, puzzle, "--format", "json"), 0),
        ((SUDOKU, ambiguous, "--unique"), 0),
        (("check", SUDOKU, puzzle, solution_file(puzzle)), 0),
        (("check", SUDOKU, puzzle, broken), 1),
        ((SUDOKU, tmp_path / "missing.txt"), 2),
        ((SUDOKU, puzzle, "--backend", "nowhere"), 2),  # argparse's usage error
        (("--help",), 0),
    ]
    before = _requests(resident)
    for args, code in commands:
        here, there = _dslsolve(cold, *args), _dslsolve(resident, *args)
        assert (there.returncode, there.stdout, there.stderr) == (
            here.returncode,
            here.stdout,
            here.stderr,
        ), args
        assert here.returncode == code, (args, here.stderr)
    assert _requests(resident) == before + len(commands)


def test_the_time_limit_bounds_the_whole_run(resident):
    started = time.perf_counter()
    done = _dslsolve(resident, *HARD, "--time-limit", "2")
    assert time.perf_counter() - started < 6
    assert done.returncode == 1
    assert done.stdout == b""
    assert b"no solution found within the time limit of 2.0 s" in done.stderr


def test_ctrl_c_stops_the_requests_child(resident):
    before = _children(resident)
    client = subprocess.Popen(
        [sys.executable, "-m", "dslsolve", *map(str, HARD)],
        env=resident,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        time.sleep(3)  # the child is solving
        assert len(_children(resident)) == len(before) + 1
        client.send_signal(signal.SIGINT)
        out, err = client.communicate(timeout=20)
    finally:
        client.kill()
    assert client.returncode == 128 + signal.SIGINT
    assert (out, err) == (b"", b"dslsolve: interrupted\n")
    deadline = time.monotonic() + 10
    while _children(resident) != before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _children(resident) == before


def _children(env: dict[str, str]) -> list[int]:
    """The processes that the resident (its pid from its status) has forked and that run."""
    status = _dslsolve(env, "resident", "status")
    pid = status.stdout.split()[2].rstrip(b":").decode()
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == pid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def test_a_stale_socket_is_passed_by_silently(cold):
    path = _socket_path(cold)
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(path)
    stale.close()  # the file stays, nobody listens: a resident that was killed
    args = (SUDOKU, PUZZLES / "sudoku" / "example.txt", "--unique")
    done = _dslsolve(cold, *args)
    assert done.returncode == 0
    assert done.stdout.decode() == solution_file(args[1]).read_text()
    assert done.stderr == b"unique: no other solution exists\n"
    started = _dslsolve(cold, "resident", "start", "--idle", "60")  # it takes the place over
    try:
        assert started.returncode == 0, started.stderr
        assert _requests(cold) == 0
    finally:
        _dslsolve(cold, "resident", "stop")


def test_a_socket_that_is_not_the_users_own_is_refused(cold, monkeypatch):
    path = _socket_path(cold)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen()
    try:
        monkeypatch.setenv("XDG_RUNTIME_DIR", cold["XDG_RUNTIME_DIR"])
        assert handover.socket_path() == path
        connected = handover.connect(path)
        assert connected is not None  # this user's, in a private folder: talked to
        connected.close()
        folder = os.path.dirname(path)
        os.chmod(folder, 0o755)  # others may enter the folder
        assert handover.connect(path) is None
        os.chmod(folder, 0o700)
        monkeypatch.setattr(os, "getuid", lambda: os.geteuid() + 1)  # another user's
        assert handover.connect(path) is None
    finally:
        listener.close()


def test_a_resident_of_another_checkout_refuses_and_the_command_runs_here(resident):
    sock = _connect(resident)
    try:
        handover.send(sock, {"op": "status", "fingerprint": "another checkout"})
        assert handover.receive(sock)[0] == "refused"
    finally:
        sock.close()


def test_a_changed_checkout_is_not_run_by_the_old_resident(resident, cold, monkeypatch):
    args = (SUDOKU, PUZZLES / "sudoku" / "example.txt")
    monkeypatch.setenv("XDG_RUNTIME_DIR", resident["XDG_RUNTIME_DIR"])
    path = handover.socket_path()
    monkeypatch.setattr(handover, "socket_path", lambda: path)
    monkeypatch.setattr(handover, "fingerprint", lambda: "another version")
    before = signal.getsignal(signal.SIGINT)
    assert handover.hand_over([str(a) for a in args]) is None  # refused: run it here
    assert signal.getsignal(signal.SIGINT) is before  # as it was for the run here
    monkeypatch.undo()
    assert _requests(resident) == 0
    source = Path(handover.__file__)  # an edit of the checkout since the resident started
    times = source.stat()
    os.utime(source, ns=(times.st_atime_ns, times.st_mtime_ns + 1))
    try:
        done = _dslsolve(resident, *args)
    finally:
        os.utime(source, ns=(times.st_atime_ns, times.st_mtime_ns))
    here = _dslsolve(cold, *args)
    assert (done.returncode, done.stdout, done.stderr) == (0, here.stdout, here.stderr)
    assert done.stdout == solution_file(args[1]).read_bytes()
    assert _dslsolve(resident, "resident", "status").returncode == 1  # it stopped


def test_the_resident_exits_after_its_idle_time(cold):
    started = _dslsolve(cold, "resident", "start", "--idle", "2")
    try:
        assert started.returncode == 0, started.stderr
        deadline = time.monotonic() + 15
        while _dslsolve(cold, "resident", "status").returncode == 0:
            assert time.monotonic() < deadline, "still running"
            time.sleep(0.5)
        assert not os.path.exists(_socket_path(cold))  # it removed its socket
    finally:
        _dslsolve(cold, "resident", "stop")


def _connect(env: dict[str, str]):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(_socket_path(env))
    return sock


def _socket_path(env: dict[str, str]) -> str:
    """This checkout's socket in the runtime folder of `env`."""
    folder = os.path.join(env["XDG_RUNTIME_DIR"], "dslsolve")
    os.makedirs(folder, mode=0o700, exist_ok=True)
    return os.path.join(folder, os.path.basename(handover.socket_path()))


def test_an_interpreter_reached_through_a_link_talks_to_the_same_resident(tmp_path, resident):
    """`dslsolve resident start` (a console script's interpreter) and `python -m dslsolve`
    may name one interpreter by two paths: the resident is the same."""
    link = tmp_path / "python-link"
    link.symlink_to(sys.executable)
    before = _requests(resident)
    run = subprocess.run(
        [link, "-m", "dslsolve", SUDOKU, PUZZLES / "sudoku" / "example.txt"],
        env=resident,
        capture_output=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert _requests(resident) == before + 1
