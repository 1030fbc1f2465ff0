"""The run's own limits: a deadline for the whole run and the translation of SIGINT/SIGTERM.

`--time-limit S` bounds everything a run does (loading, compiling, solving, diagnosing), not
only the solver: a timer raises `OutOfTime` in the main thread where the run then is, and a
signal raises `Interrupted`. Both are BaseExceptions, so no `except Exception` on the way
swallows them, while every `finally` on the way (the backends stop their solver process and
remove its files there) still runs. The command layer turns them into a message and an exit
code: the time limit is "no solution found" (exit 1), an interruption is never a verdict
(exit 128 + the signal's number, as a shell reports a process the signal killed).

The timer is SIGALRM, so it interrupts Python code; a solver running inside this process in
C code (HiGHS) is stopped by its own time limit and the timer takes effect when it returns.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager

# The solver gets the time that is left; the timer stops what is still running a little later
# (a solver ending at its limit is reported as such, not raced by the timer).
GRACE_SECONDS = 0.5
HANDLED = (signal.SIGINT, signal.SIGTERM)


class OutOfTime(BaseException):  # noqa: N818 - an outcome, not an error
    """The run reached its time limit."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the time limit of {seconds:g} s")
        self.seconds = seconds


class Interrupted(BaseException):  # noqa: N818 - an outcome, not an error
    """A signal asked the run to stop."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


def _interrupt(signum: int, _frame: object) -> None:
    raise Interrupted(signum)


@contextmanager
def signals_interrupt() -> Iterator[None]:
    """SIGINT and SIGTERM raise `Interrupted` while inside; the old handlers after."""
    old = {signum: signal.signal(signum, _interrupt) for signum in HANDLED}
    try:
        yield
    finally:
        for signum, handler in old.items():
            signal.signal(signum, handler)


def process_age() -> float:
    """Seconds since this process started (its imports included: 0.7 s or more on a busy
    machine); 0 where /proc does not tell."""
    try:
        with open("/proc/self/stat") as stat, open("/proc/uptime") as uptime:
            ticks = int(stat.read().rsplit(")", 1)[1].split()[19])  # field 22, starttime
            now = float(uptime.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0
    return max(now - ticks / os.sysconf("SC_CLK_TCK"), 0.0)


class Deadline:
    """The end of a run: `seconds` after `started` (a time.perf_counter()); no limit for
    None."""

    def __init__(self, seconds: float | None, started: float) -> None:
        self.seconds = seconds
        self.started = started
        self._armed = False

    def remaining(self) -> float | None:
        """The seconds left for the solver (never quite zero: a solver needs a limit > 0)."""
        if self.seconds is None:
            return None
        return max(self.seconds - (time.perf_counter() - self.started), 0.01)

    def arm(self) -> None:
        if self.seconds is None:
            return

        def expire(_signum: int, _frame: object) -> None:
            self._armed = False
            raise OutOfTime(self.seconds)

        signal.signal(signal.SIGALRM, expire)
        self._armed = True
        signal.setitimer(signal.ITIMER_REAL, self.remaining() + GRACE_SECONDS)

    def disarm(self) -> None:
        """Stop the timer: what follows (printing the answer) is not cut short."""
        if self._armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            self._armed = False
