"""The page's runs: each in a worker process of its own (`dslsolve.frontends.serve.worker`), at most
`max_runs` at once, killed on cancel, at the server's time limit and when the server stops.

A run's process is started in a session of its own, so that a kill reaches anything it
started too; it works in a fresh directory that is removed when the run ends. One worker is
kept spare: started ahead, it has imported the solver side (a second or more) by the time a
run needs it. The worker's
JSON lines are read as they come: the stages are the run's progress, the last line its answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import sys
import tempfile
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dslsolve.errors import DslError
from dslsolve.puzzlink.url import is_url
from dslsolve.shipped import genre_for_url, reads_url

KEEP_FINISHED = 200  # finished runs whose answer can still be fetched
GRACE_SECONDS = 5.0  # beyond the time limit the worker was given, before it is killed
UPLOADED_NAME = re.compile(r"[^A-Za-z0-9_.-]")  # characters kept from an uploaded file's name
MAX_LINE = 64 * 1024 * 1024  # a worker's answer (pictures included) on one line


class Busy(Exception):
    """As many runs as the server allows are running."""


@dataclass(frozen=True)
class Settings:
    genres: Path  # the shipped genre files: GENRE.yaml, with instances in GENRE/
    time_limit: float = 60.0  # seconds a solve may take, on the server
    memory_mib: int = 2048  # address space of a worker process
    max_runs: int = max(os.cpu_count() or 1, 1)
    preview_seconds: float = 15.0  # a preview reads and draws, it solves nothing


@dataclass
class Run:
    id: str
    started: float
    directory: str
    process: asyncio.subprocess.Process | None = None
    state: str = "running"  # then: done, error, cancelled, timed out, failed
    stage: str = "starting"
    stages: list[str] = field(default_factory=list)
    answer: dict[str, Any] | None = None
    finished: float | None = None
    genre: str | None = None  # the shipped genre it runs (a URL's may replace the one picked)
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def report(self) -> dict[str, Any]:
        end = self.finished or time.monotonic()
        report = {
            "id": self.id,
            # ended only once its process is gone and its place is free for another run
            "state": self.state if self.done.is_set() else "running",
            "stage": self.stage,
            "stages": self.stages[-20:],
            "elapsed": round(end - self.started, 2),
        }
        if self.genre is not None:
            report["genre"] = self.genre
        if self.answer is not None:
            report.update(self.answer)
        return report


class Runs:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.runs: OrderedDict[str, Run] = OrderedDict()
        self.active = 0
        self.spare: asyncio.subprocess.Process | None = None

    def shipped(self) -> dict[str, Path]:
        """The shipped genres by name (a name is a file's stem: nothing else is ever opened)."""
        return {path.stem: path for path in sorted(self.settings.genres.glob("*.yaml"))}

    def shipped_name(self, genre: dict[str, Any], puzzle: str) -> str | None:
        """The shipped genre a run uses: a puzz.link URL's own (the shipped genre that reads
        its type) when the genre picked does not read it, else the one picked by name."""
        if "name" not in genre:
            return None
        if is_url(puzzle):
            picked = self.shipped().get(genre["name"])
            with contextlib.suppress(DslError):
                if picked is None or not reads_url(picked, puzzle):
                    return Path(genre_for_url(puzzle, self.settings.genres)).stem
        return str(genre["name"])

    def genre_file(self, genre: dict[str, Any], directory: str, name: str | None = None) -> str:
        """The genre file a worker loads: a shipped one (`name`), or the uploaded text written
        into the run's own directory under a plain name (relative: errors name it as
        uploaded)."""
        if name is not None:
            shipped = self.shipped()
            if name not in shipped:
                raise ValueError(f"no shipped genre named '{name}'")
            return str(shipped[name].resolve())
        name = UPLOADED_NAME.sub("_", os.path.basename(str(genre.get("filename") or "")))
        name = name.lstrip(".") or "genre.yaml"
        Path(directory, name).write_text(str(genre["text"]), encoding="utf-8")
        return name

    async def start(self, request: dict[str, Any], preview: bool = False) -> Run:
        """Start a run of `request` (genre, puzzle, options); `Busy` when at the cap."""
        if self.active >= self.settings.max_runs:
            raise Busy(
                f"the server runs {self.active} solves already, its limit: try again shortly"
            )
        seconds = self.settings.preview_seconds if preview else self.settings.time_limit
        directory = tempfile.mkdtemp(prefix="dslsolve-serve-")
        run = Run(secrets.token_urlsafe(12), time.monotonic(), directory)
        run.genre = self.shipped_name(request["genre"], request["puzzle"])
        try:
            message = {
                "genre_file": self.genre_file(request["genre"], directory, run.genre),
                "puzzle": request["puzzle"],
                "determined": bool(request.get("determined")),
                "mode": "preview" if preview else "solve",
                "directory": directory,
                "limits": {"seconds": seconds, "memory_mib": self.settings.memory_mib},
            }
        except (ValueError, OSError):
            shutil.rmtree(directory, ignore_errors=True)
            raise
        self.active += 1
        run.process = await self._worker()
        run.process.stdin.write(json.dumps(message).encode() + b"\n")
        await run.process.stdin.drain()
        run.process.stdin.close()
        self.runs[run.id] = run
        self._forget_old()
        asyncio.get_running_loop().create_task(self._follow(run, seconds))
        return run

    async def _follow(self, run: Run, seconds: float) -> None:
        try:
            await asyncio.wait_for(self._read(run), seconds + GRACE_SECONDS)
        except TimeoutError:
            self.kill(run, "timed out")
            run.answer = {
                "error": f"stopped by the server: the time limit of {seconds:g} s passed "
                f"({GRACE_SECONDS:g} s ago) and the solver had not stopped"
            }
        finally:
            with contextlib.suppress(ProcessLookupError):
                await run.process.wait()
            shutil.rmtree(run.directory, ignore_errors=True)
            if run.state == "running":  # the worker ended without an answer
                run.state = "failed"
                code = run.process.returncode
                why = f"signal {-code}" if code is not None and code < 0 else f"exit {code}"
                run.answer = {"error": f"the solver process stopped ({why}): out of memory?"}
            run.finished = time.monotonic()
            self.active -= 1
            run.done.set()

    async def _read(self, run: Run) -> None:
        assert run.process is not None and run.process.stdout is not None
        async for line in run.process.stdout:
            message = json.loads(line)
            if "stage" in message:
                run.stage = message["stage"]
                run.stages.append(message["stage"])
            elif "result" in message:
                run.answer, run.state = message["result"], "done"
            elif "error" in message:
                run.answer, run.state = message, "error"

    async def _worker(self) -> asyncio.subprocess.Process:
        """The spare worker (its imports done, or under way), and a new spare for the next
        run. A worker is started in a session of its own: a kill reaches what it starts."""
        worker, self.spare = self.spare, None
        if worker is None or worker.returncode is not None:
            worker = await self._spawn()
        self.spare = await self._spawn()
        return worker

    async def _spawn(self) -> asyncio.subprocess.Process:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "dslsolve.frontends.serve.worker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            cwd="/",
            start_new_session=True,
            limit=MAX_LINE,
            env=_worker_environment(),
        )

    async def prepare(self) -> None:
        """Start the first spare worker."""
        self.spare = await self._spawn()

    def kill(self, run: Run, state: str) -> None:
        """Stop a running run's process (and what it started) at once."""
        if run.state != "running" or run.process is None:
            return
        run.state = state
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.process.pid, signal.SIGKILL)

    def cancel(self, run_id: str) -> Run | None:
        run = self.runs.get(run_id)
        if run is not None:
            self.kill(run, "cancelled")
        return run

    def stop_all(self) -> None:
        for run in self.runs.values():
            self.kill(run, "cancelled")
        if self.spare is not None and self.spare.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.spare.pid, signal.SIGKILL)

    def _forget_old(self) -> None:
        finished = [key for key, run in self.runs.items() if run.finished is not None]
        for key in finished[: max(len(finished) - KEEP_FINISHED, 0)]:
            del self.runs[key]


def _worker_environment() -> dict[str, str]:
    """The worker imports the same dslsolve as the server (a checkout on PYTHONPATH too)."""
    environment = dict(os.environ)
    here = str(Path(__file__).resolve().parents[3])
    environment["PYTHONPATH"] = os.pathsep.join(
        [here, *filter(None, [environment.get("PYTHONPATH")])]
    )
    return environment
