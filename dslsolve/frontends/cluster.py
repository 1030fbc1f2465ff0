"""`dslsolve batch --scheduler tcp://HOST:PORT`: the batch's jobs on a Dask distributed cluster.

An optional extra (`pip install 'dslsolve[cluster]'`): imported only when `--scheduler` is
given. The workers need dslsolve installed and the genre and puzzle files at the same paths
(a shared file system). The scheduler reschedules a task whose worker died up to its
`distributed.scheduler.allowed-failures` times (3 by default, set in the scheduler's own
configuration) before the task's future raises `KilledWorker`; `dslsolve.frontends.pools.run_jobs`
then runs it once more alone before reporting "worker died".
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

from dslsolve.errors import DslError, Location
from dslsolve.frontends.pools import Work

CONNECT_SECONDS = 10


class DaskPool:
    """The batch's `Pool` on a Dask cluster, through a client's concurrent.futures executor."""

    def __init__(self, address: str) -> None:
        try:
            from distributed import Client, KilledWorker
        except ImportError:
            raise DslError(
                Location("--scheduler"),
                "running on a Dask cluster needs dask.distributed, which is not installed",
                hint="pip install 'dslsolve[cluster]'",
            ) from None
        try:
            self.client = Client(address, timeout=CONNECT_SECONDS)
        except OSError as err:
            raise DslError(
                Location("--scheduler"),
                f"cannot reach the Dask scheduler at {address}: {err}",
                hint="start one with 'dask scheduler' and workers with 'dask worker ADDRESS'",
            ) from None
        self.died = (KilledWorker,)
        # pure=False: a job run again after its worker died is a new task, not the failed one
        self.executor = self.client.get_executor(pure=False)

    @property
    def width(self) -> int:
        """The cluster's threads, as it is now (workers may come and go)."""
        return max(sum(self.client.nthreads().values()), 1)

    def submit(self, task: Callable[[Work], dict], job: Work) -> Future:
        return self.executor.submit(task, job)

    def renew(self) -> None:
        """Nothing to do: the scheduler replaces a dead worker's tasks by itself."""

    def close(self, abandon: bool = False) -> None:
        """The client's tasks are cancelled when it closes, finished or not."""
        self.executor.shutdown(wait=False)
        self.client.close()
