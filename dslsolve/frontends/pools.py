"""Where jobs run, and the loop that runs them: a local process pool (or any `Pool`, such as
`dslsolve.frontends.cluster.DaskPool`) driven through the `concurrent.futures` interface, keeping at
most as many jobs in flight as there are workers, so that when a worker process dies the jobs it may
have been running are known and each is run again alone. `dslsolve batch` and `dslsolve
compare` both run on it."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, TypeVar

PARENT_POLL_SECONDS = 1.0
WORKER_DIED = "worker died"


class Work(Protocol):
    """What `run_jobs` runs: picklable, naming its puzzle."""

    puzzle: str


W = TypeVar("W", bound=Work)


class Pool(Protocol):
    """Where jobs run: a local process pool or a Dask cluster."""

    width: int  # jobs that run at once
    died: tuple[type[BaseException], ...]  # what a future raises when its worker died

    def submit(self, task: Callable[[Any], dict], job: Work) -> Future: ...

    def renew(self) -> None:
        """Be ready for new jobs after a worker died (all jobs in flight have ended)."""

    def close(self, abandon: bool = False) -> None:
        """Release the workers; with `abandon` (the batch was interrupted), without waiting for
        the puzzles they are running."""


class LocalPool:
    """`--jobs` worker processes on this machine. A worker that dies breaks the whole
    executor (all its futures raise BrokenProcessPool): `renew` starts a fresh one."""

    died = (BrokenProcessPool,)

    def __init__(self, jobs: int) -> None:
        self.width = jobs
        self.executor = self._start()

    def _start(self) -> Executor:
        return ProcessPoolExecutor(self.width, initializer=_quiet_worker, initargs=(os.getpid(),))

    def submit(self, task: Callable[[Any], dict], job: Work) -> Future:
        return self.executor.submit(task, job)

    def renew(self) -> None:
        self.executor.shutdown(wait=False)
        self.executor = self._start()

    def close(self, abandon: bool = False) -> None:
        self.executor.shutdown(wait=not abandon, cancel_futures=True)
        if abandon:  # the workers are this process's only children (see `batch_command`)
            for worker in multiprocessing.active_children():
                worker.terminate()


def _quiet_worker(parent: int) -> None:
    """A worker leaves Ctrl-C to the batch, which stops it, and SIGTERM ends it without a word
    (not dslsolve.runguard's handlers, inherited from the command's process). It ends when
    the batch's process is gone (killed with SIGKILL), rather than wait for work forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_end_with, args=(parent,), daemon=True).start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


def run_jobs(
    jobs: Iterable[W],
    pool: Pool,
    record: Callable[[dict], None],
    task: Callable[[W], dict],
    died: Callable[[W], dict] | None = None,
) -> None:
    """Run every job on the pool and pass each one's record to `record` as it ends. The jobs
    in flight when a worker died are run again one at a time; a job whose worker dies again
    gets the record `died(job)` (by default: its puzzle, status "worker died")."""
    waiting = deque(jobs)
    suspects: list[W] = []
    running: dict[Future, W] = {}
    death = False
    while waiting or running:
        while waiting and len(running) < pool.width and not death:
            job = waiting.popleft()
            running[pool.submit(task, job)] = job
        done, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in done:
            job = running.pop(future)
            try:
                record({**future.result(), "attempts": 1})
            except pool.died:
                suspects.append(job)
                death = True
        if death and not running:  # the old workers have all ended: start afresh
            pool.renew()
            death = False
    for job in suspects:
        try:
            result = pool.submit(task, job).result()
        except pool.died:
            pool.renew()
            result = (died or _died)(job)
        record({**result, "attempts": 2})


def _died(job: Work) -> dict:
    return {
        "puzzle": job.puzzle,
        "status": WORKER_DIED,
        "error": "its worker process died twice, the second time running it alone",
    }
