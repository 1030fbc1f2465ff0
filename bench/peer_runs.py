"""One run of each side of the peer benchmark: dslsolve as a CLI subprocess, puzzlekit in a
long-lived worker process.

dslsolve runs as a user runs it (`python -m dslsolve GENRE PUZZLE --stats --format json`), in a
session of its own, so that its whole run is timed from the start of the interpreter, a run that
outlives its time limit is killed with its solver process, and its memory can be read:
`os.wait4` gives the Python process's peak resident set, and a sampler adds up the resident sets
of the session's processes (the CBC process lives outside the Python process).

puzzlekit spends seconds importing OR-Tools and matplotlib, so it is imported once per worker
process and fed the puzzles one by one; a puzzle that outlives the limit costs the worker (killed
and started again for the next puzzle), not the loop.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024
_SAMPLE_SECONDS = 0.1


@dataclass
class DslRun:
    status: str  # the CLI's status ("solved", "infeasible", "time limit"), "killed" or "error"
    solution: str | None
    compile_seconds: float | None
    solve_seconds: float | None
    whole_seconds: float
    peak_python_mb: float  # the Python process's own peak resident set (wait4)
    peak_tree_mb: float  # the largest sampled sum over the run's processes (Python + solver)
    detail: str = ""  # stderr's last line when the run failed
    cpu_seconds: float = 0.0  # the Python process's user + system time, its threads included
    # the largest sampled sum without wait4's figure: on Linux a child's ru_maxrss starts at its
    # parent's resident set when it was forked (the high-water mark survives exec)
    peak_sampled_mb: float = 0.0

    @property
    def solve_time(self) -> float | None:
        """compile + solve, the part compared with puzzlekit's build + CP-SAT time."""
        if self.compile_seconds is None or self.solve_seconds is None:
            return None
        return self.compile_seconds + self.solve_seconds


def _session_rss_kb(session: int) -> int:
    """The summed resident set of the live processes of one session (from /proc)."""
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:  # fields[3] is the session id (5th field of stat)
            total += int(fields[21]) * _PAGE_KB  # rss in pages (24th field)
    return total


def run_dslsolve(
    genre: str,
    puzzle: Path,
    backend: str,
    limit: float,
    unique: bool,
    grace: float,
    formulation: Sequence[str] = (),
    root: Path = ROOT,
) -> DslRun:
    """One CLI run with a hard stop at limit + grace seconds (the CLI's own limit is `limit`);
    `formulation`: NAME=CHOICE options, each given as `--formulation`; `root`: the checkout
    whose dslsolve and genre file run (another one for a before/after)."""
    command = [sys.executable, "-m", "dslsolve", str(root / "puzzles" / f"{genre}.yaml")]
    command += [str(puzzle), "--stats", "--format", "json", "--time-limit", str(limit)]
    command += ["--backend", backend] + (["--unique"] if unique else [])
    command += [word for option in formulation for word in ("--formulation", option)]
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])
    )
    # as an installed dslsolve runs: from bytecode compiled once, not from source at every run
    # (some machines set PYTHONDONTWRITEBYTECODE, and a checkout has no __pycache__)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "dslsolve-bench-pyc"))
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(
            command, cwd=root, env=env, stdout=out, stderr=err, start_new_session=True
        )
        waited: dict = {}

        def wait() -> None:
            _, status, usage = os.wait4(process.pid, 0)
            waited.update(seconds=time.perf_counter() - started, status=status, usage=usage)

        waiter = threading.Thread(target=wait, daemon=True)
        waiter.start()
        peak_tree_kb, killed = 0, False
        while waiter.is_alive():
            peak_tree_kb = max(peak_tree_kb, _session_rss_kb(process.pid))
            if time.perf_counter() - started > limit + grace and not killed:
                os.killpg(process.pid, signal.SIGKILL)
                killed = True
            waiter.join(_SAMPLE_SECONDS)
        process.returncode = os.waitstatus_to_exitcode(waited["status"])
        if killed:
            _kill_leftovers(process.pid)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    usage = waited["usage"]
    peak_python_mb = usage.ru_maxrss / 1024
    cpu = usage.ru_utime + usage.ru_stime
    whole = waited["seconds"]
    peaks = (peak_python_mb, max(peak_tree_kb / 1024, peak_python_mb))
    sampled = peak_tree_kb / 1024
    if killed:
        return DslRun(
            "killed", None, None, None, whole, *peaks, f"killed at {whole:.0f} s", cpu, sampled
        )
    report, stray = _json_report(stdout)
    if report is None:
        last = stderr.strip().splitlines()[-1:] or [f"exit {process.returncode}"]
        return DslRun("error", None, None, None, whole, *peaks, last[0], cpu, sampled)
    stats = report.get("stats", {})
    return DslRun(
        report["status"],
        report.get("solution"),
        stats.get("compile_seconds"),
        stats.get("solve_seconds"),
        whole,
        *peaks,
        f"{len(stray)} other lines on stdout, first: {stray[0]!r}" if stray else "",
        cpu,
        sampled,
    )


def _json_report(stdout: str) -> tuple[dict | None, list[str]]:
    """The CLI's JSON report, and the lines printed before it (the HiGHS backend's banner
    reaches standard output; the report is read all the same and the lines reported)."""
    lines = stdout.splitlines()
    start = next((i for i, line in enumerate(lines) if line == "{"), None)
    if start is None:
        return None, lines
    try:
        return json.loads("\n".join(lines[start:])), lines[:start]
    except json.JSONDecodeError:
        return None, lines


def _kill_leftovers(session: int) -> None:
    """A killed run's solver may have been started after the signal: end the session's rest."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(session, signal.SIGKILL)


@dataclass
class PeerRun:
    status: str  # puzzlekit's own status ("Optimal", "Timeout", ...), "killed" or "error: ..."
    matrix: list[list[str]] | None  # its solution grid, when it gives one
    build_seconds: float | None
    wall_seconds: float | None  # CP-SAT's wall time as puzzlekit reports it
    call_seconds: float  # the whole puzzlekit.solve call: parse, build, solve, result
    startup_seconds: float  # the worker's start and imports, paid once per process

    @property
    def solved(self) -> bool:
        return self.status in ("Optimal", "Feasible") and self.matrix is not None

    @property
    def solve_time(self) -> float | None:
        """build + CP-SAT wall time, the part compared with dslsolve's compile + solve."""
        if self.build_seconds is None or self.wall_seconds is None:
            return None
        return self.build_seconds + self.wall_seconds

    @property
    def whole_seconds(self) -> float:
        """What a process solving only this puzzle would take: start-up, imports and the call."""
        return self.startup_seconds + self.call_seconds


def _serve() -> None:
    """The worker process (`python -m bench.peer_runs`): import puzzlekit once, then solve the
    requests that come as JSON lines on standard input, answering on the original standard
    output (whatever puzzlekit prints goes to standard error)."""
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    import puzzlekit
    import puzzlekit.core.result  # noqa: F401 (matplotlib, through its viewer)
    from ortools.sat.python import cp_model  # noqa: F401

    def answer(report: dict) -> None:
        answers.write(json.dumps(report) + "\n")
        answers.flush()

    answer({"ready": True})
    for line in sys.stdin:
        request = json.loads(line)
        started = time.perf_counter()
        try:
            result = puzzlekit.solve(
                request["text"],
                request["ptype"],
                solver_options={"time_limit_sec": request["limit"]},
            )
        except Exception as error:  # noqa: BLE001 (any failure of the peer is a reported result)
            answer({"status": f"error: {error}", "call": time.perf_counter() - started})
            continue
        call = time.perf_counter() - started
        data = result.solution_data
        grid = result.sol_grid
        matrix = [[str(t) for t in row] for row in grid.matrix] if grid is not None else None
        answer(
            {
                "status": str(data.get("status")),
                "matrix": matrix,
                "build": data.get("build_time"),
                "wall": data.get("wall_time"),
                "call": call,
            }
        )


class PeerWorker:
    """A puzzlekit worker process, started on first use and again after a kill."""

    def __init__(self, grace: float) -> None:
        self.grace = grace
        self.starts: list[float] = []  # the start-up time of each worker process
        self._process: subprocess.Popen | None = None

    def _start(self) -> None:
        started = time.perf_counter()
        self._process = subprocess.Popen(
            [sys.executable, "-m", "bench.peer_runs"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )
        if not json.loads(self._process.stdout.readline() or "{}").get("ready"):
            raise RuntimeError("the puzzlekit worker did not start: is puzzlekit installed?")
        self.starts.append(time.perf_counter() - started)

    def solve(self, text: str, ptype: str, limit: float) -> PeerRun:
        if self._process is None:
            self._start()
        started = time.perf_counter()
        self._process.stdin.write(json.dumps({"text": text, "ptype": ptype, "limit": limit}))
        self._process.stdin.write("\n")
        self._process.stdin.flush()
        ready, _, _ = select.select([self._process.stdout], [], [], limit + self.grace)
        if not ready:
            self.stop(kill=True)
            return PeerRun("killed", None, None, None, time.perf_counter() - started, 0.0)
        answer = json.loads(self._process.stdout.readline() or '{"status": "error: worker died"}')
        if answer["status"].startswith("error: worker"):
            self.stop(kill=True)
        return PeerRun(
            answer["status"],
            answer.get("matrix"),
            answer.get("build"),
            answer.get("wall"),
            answer.get("call", time.perf_counter() - started),
            self.starts[-1],
        )

    def stop(self, kill: bool = False) -> None:
        if self._process is None:
            return
        if kill:
            _kill_leftovers(self._process.pid)
        else:
            self._process.stdin.close()
        self._process.wait()
        self._process = None


if __name__ == "__main__":
    _serve()
