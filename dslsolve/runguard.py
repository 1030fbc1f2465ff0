"""The run's own limits: a deadline for the whole run and the translation of SIGINT/SIGTERM.

`--time-limit S` bounds everything a run does (loading, compiling, solving, diagnosing), not
only the solver: a timer raises `OutOfTime` in the main thread where the run then is, and a
signal raises `Interrupted`. Both are BaseExceptions, so no `except Exception` on the way
swallows them, while every `finally` on the way (the backends stop their solver process and
remove its files there) still runs. The command layer turns them into a message and an exit
code: the time limit is "no solution found" (exit 1), an interruption is never a verdict
(exit 128 + the signal's number, as a shell reports a process the signal killed).

The timer is SIGALRM. Python runs a signal's handler in the main thread, between two
bytecodes: never while that thread is inside a solver's native code, which may run for
minutes. So an in-process solver (HiGHS, CP-SAT, SCIP) solves in a worker thread while the
main thread waits (`stoppable`): the handler raises at once, the solver is asked to stop
through its own interface, and the exception goes on when it has returned.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

# The solver gets the time that is left; the timer stops what is still running a little later
# (a solver ending at its limit is reported as such, not raced by the timer).
GRACE_SECONDS = 0.5
RESEND_SECONDS = 1.0  # a run still going this long after its timer's signal gets it again
HANDLED = (signal.SIGINT, signal.SIGTERM)
STOP_POLL_SECONDS = 0.05  # how often a solver that has not returned yet is asked again
# A signal wakes a wait only in the thread the kernel delivers it to, which may be one of the
# solver's threads: the waiting thread wakes this often to run the handlers of signals that
# have come meanwhile.
WAKE_SECONDS = 0.1
RETRY_SECONDS = 0.05  # a signal that came during an import comes again this much later
SOLVER_THREAD = "dslsolve-solver"  # the worker thread's name, at most 15 bytes (Linux)
_PR_SET_NAME = 15  # prctl's option that names the calling thread

T = TypeVar("T")


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


def _importing(frame: FrameType | None) -> bool:
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def _finalizing(frame: FrameType | None) -> bool:
    """Is a finalizer running (a `__del__`, a `weakref.finalize` callback that the garbage
    collector calls)? Python ignores an exception raised there, printing its traceback."""
    while frame is not None:
        code = frame.f_code
        if code.co_name == "__del__" or (
            code.co_name == "__call__" and code.co_filename.endswith("weakref.py")
        ):
            return True
        frame = frame.f_back
    return False


def _put_off(signum: int, frame: FrameType | None) -> bool:
    """Is an import or a finalizer under way where the signal came? Then it comes again a
    little later: an exception in the middle of an import leaves a compiled module half loaded
    (numpy, imported by PuLP, then fails with 'cannot load module more than once per process',
    an internal error instead of the interruption), and one raised in a finalizer is lost (a
    fuzzed ripple effect grid printed 'Exception ignored in: <finalize object>' and its
    traceback, and compiled on without a limit)."""
    if not (_importing(frame) or _finalizing(frame)):
        return False
    handler = signal.getsignal(signum)

    def again() -> None:
        if signal.getsignal(signum) is handler:  # not after the run has ended (the timer's)
            # to the main thread: sent to the process, it may come to this thread, and a
            # blocking call of the main thread (a sleep, a wait) would not return for it
            signal.pthread_kill(threading.main_thread().ident, signum)

    threading.Timer(RETRY_SECONDS, again).start()
    return True


def _interrupt(signum: int, frame: FrameType | None) -> None:
    if not _put_off(signum, frame):
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
        """Start the timer; off the main thread (a library caller's thread), which cannot
        take signals, the solver's own limit is the only one."""
        if self.seconds is None or threading.current_thread() is not threading.main_thread():
            return

        def expire(signum: int, frame: FrameType | None) -> None:
            if self._armed and not _put_off(signum, frame):
                raise OutOfTime(self.seconds)

        signal.signal(signal.SIGALRM, expire)
        self._armed = True
        after = self.remaining() + GRACE_SECONDS
        signal.setitimer(signal.ITIMER_REAL, after)
        self._watch(after + RESEND_SECONDS)

    def _watch(self, delay: float) -> None:
        """Send the timer's signal again every RESEND_SECONDS until the run disarms it: an
        `OutOfTime` raised where Python ignores exceptions (a `__del__` that the garbage
        collector runs, a weakref callback) is lost, and the run went on without a limit (a
        fuzzed ripple effect grid compiled for ten minutes and 11 GB past its 0.5 s)."""
        main = threading.main_thread().ident

        def again() -> None:
            if self._armed:
                signal.pthread_kill(main, signal.SIGALRM)
                self._watch(RESEND_SECONDS)

        watcher = threading.Timer(delay, again)
        watcher.daemon = True
        watcher.start()

    def disarm(self) -> None:
        """Stop the timer: what follows (printing the answer) is not cut short. The handler
        stays (a signal the watcher sent just before is then a no-op), until a run arms
        its own."""
        if self._armed:
            self._armed = False
            signal.setitimer(signal.ITIMER_REAL, 0)


def _name_this_thread(name: str) -> None:
    """The thread's name as the system shows it (`top -H`, /proc/PID/task/*/comm), where
    Python 3.11 leaves the process's name; nothing where the system has no such call."""
    import ctypes  # here: the resident's clients read `process_age` without it

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).prctl(_PR_SET_NAME, name.encode())


def stoppable(work: Callable[[], T], stop: Callable[[], None]) -> T:
    """`work()` (a solver's native solve) in a worker thread while this thread waits, so that
    a signal or the run's timer takes effect at once. When the wait ends with an exception
    (`Interrupted`, `OutOfTime`), `stop()` asks the solver to return (again every
    STOP_POLL_SECONDS: a request that comes before the search starts may be lost) and the
    exception goes on once it has: the solver is never used by two threads at once, and the
    backend's cleanup comes after. Off the main thread, which gets no signals, `work()` runs
    there.

    The wait is an Event with a timeout (WAKE_SECONDS), not Thread.join: a join that a
    signal's exception interrupts marks the thread as ended while it still runs (CPython
    3.11), and the process then exits with the solver's threads alive (HiGHS aborts:
    'terminate called without an active exception')."""
    if threading.current_thread() is not threading.main_thread():
        return work()
    outcome: list = []
    done = threading.Event()

    def run() -> None:
        _name_this_thread(SOLVER_THREAD)
        try:
            outcome.append((True, work()))
        except BaseException as error:  # handed to the waiting thread
            outcome.append((False, error))
        finally:
            done.set()

    threading.Thread(target=run, name="solver", daemon=True).start()
    try:
        while not done.wait(WAKE_SECONDS):
            pass
    except BaseException:
        while True:
            with contextlib.suppress(Exception):  # the solver may have returned meanwhile
                stop()
            if done.wait(STOP_POLL_SECONDS):
                break
        raise
    returned, value = outcome[0]
    if not returned:
        raise value
    return value
