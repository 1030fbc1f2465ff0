"""`dslsolve resident start|stop|status`: a background process that has imported the solving
side, so that a small puzzle's command answers in a few tens of milliseconds instead of
paying the imports at every start (`bench/README.md`, "Where a small puzzle's time goes").

While it runs, `python -m dslsolve GENRE PUZZLE [options]` and `dslsolve check ...` hand
themselves over to it (`handover.py`, before the command line is imported): for each request
the resident forks a child, which takes on the client's standard streams (passed over the
socket), working folder, environment and umask, runs the command exactly as the command runs
in its own process (`cli.run_once`, the start of the client's process bounding
`--time-limit`) and sends back the exit code. A signal the client gets (Ctrl-C) is passed to
the child, which raises it in itself; a client that goes away takes its child with it (SIGTERM).

The resident itself only imports and forks: it never compiles or solves, so no solver thread
exists when it forks (`threading.active_count()` is checked before each fork). It refuses a
request of another checkout or Python (the client then runs the command itself), stops when a
source file of its package changed since it started (the request is refused, so the client
runs the new code), and exits after `--idle` seconds without a request (default 30 minutes).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import io
import os
import pkgutil
import signal
import socket
import subprocess
import sys
import threading
import time

from dslsolve.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, EXIT_SOLVED
from dslsolve.frontends import handover

IDLE_SECONDS = 1800.0
START_SECONDS = 60.0  # how long `start` waits for the new resident's imports
POLL_SECONDS = 1.0  # how often the resident looks at the clock while idle
REQUEST_SECONDS = 5.0  # a connection that sends no whole request by then is dropped
# what the resident imports beyond the command line: everything a solve may import on first
# use, apart from the other backends' solver libraries (numpy's start is theirs to pay);
# networkx (about 130 ms, no thread) is what the separators of connected sets, loops and
# paths and the evaluator's checks of them import on their first call
PRELOADED = ("dslsolve.backends.cpsat", "encodings.utf_8_sig", "lark", "networkx", "yaml")
PRELOADED_PACKAGES = (
    "dslsolve.compiler",
    "dslsolve.constructs",
    "dslsolve.dsl",
    "dslsolve.evaluator",
    "dslsolve.puzzlink",
)
SOURCE_SUFFIXES = (".py", ".lark")


def resident_command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="dslsolve resident",
        description="A background process that has imported the solving side: while it runs, "
        "'dslsolve GENRE PUZZLE' and 'dslsolve check' run in a child it forks, without the "
        "imports of a new process. Only for this checkout, Python and user; it stops after "
        "an idle time, or when a source file of dslsolve changes.",
    )
    parser.add_argument("action", choices=("start", "stop", "status"))
    parser.add_argument(
        "--idle",
        type=float,
        default=IDLE_SECONDS,
        metavar="SECONDS",
        help=f"with start: exit after this long without a request (default {IDLE_SECONDS:g})",
    )
    args = parser.parse_args(argv)
    if not hasattr(socket, "SO_PEERCRED") or not hasattr(os, "fork"):
        print("dslsolve resident: not available on this system (Linux only)", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.action == "status":
        return _status()
    if args.action == "stop":
        return _stop()
    return _start(args.idle)


def _ask(message: dict) -> object | None:
    """The resident's reply to `message`, or None if no resident of this checkout answers."""
    sock = handover.connect(handover.socket_path())
    if sock is None:
        return None
    try:
        handover.send(sock, {**message, "fingerprint": handover.fingerprint()})
        reply, _ = handover.receive(sock)
    except (OSError, EOFError, ValueError):
        return None
    finally:
        sock.close()
    return None if reply == "refused" else reply


def _status() -> int:
    reply = _ask({"op": "status"})
    if not isinstance(reply, dict):
        print("no resident process for this checkout")
        return EXIT_NO_SOLUTION
    print(
        f"resident process {reply['pid']}: {reply['requests']} requests, up "
        f"{reply['up']:.0f} s, exits after {reply['idle']:g} s idle; socket {reply['socket']}"
    )
    return EXIT_SOLVED


def _stop() -> int:
    reply = _ask({"op": "stop"})
    print("stopped the resident process" if reply else "no resident process for this checkout")
    return EXIT_SOLVED


def _start(idle: float) -> int:
    if _ask({"op": "status"}) is not None:
        return _status()
    folder = handover.runtime_folder()
    with contextlib.suppress(OSError):
        os.makedirs(folder, mode=0o700, exist_ok=True)
    if not handover.private(folder):
        print(
            f"dslsolve resident: {folder} is not a folder of your own that only you may enter "
            "(mode 0700)",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    path = handover.socket_path()
    log = path.removesuffix(".sock") + ".log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "dslsolve.frontends.resident", f"{idle!r}"],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=out,
            start_new_session=True,  # no terminal's signals: it outlives this command
        )
    deadline = time.monotonic() + START_SECONDS
    while process.poll() is None and time.monotonic() < deadline:
        if _ask({"op": "status"}) is not None:
            return _status()
        time.sleep(0.05)
    with open(log, encoding="utf-8", errors="replace") as text:
        said = text.read().strip()
    print(f"dslsolve resident: it did not start{': ' + said if said else ''}", file=sys.stderr)
    return EXIT_NO_SOLUTION


def _sources() -> tuple[tuple[str, int, int], ...]:
    """Each source file of the package, with its modification time and size (not the
    shipped genres of an installed package: a child reads its genre file anew)."""
    found = []
    for folder, subfolders, files in os.walk(handover.package_folder()):
        subfolders[:] = sorted(d for d in subfolders if d not in ("__pycache__", "puzzles"))
        for name in sorted(files):
            if name.endswith(SOURCE_SUFFIXES):
                path = os.path.join(folder, name)
                status = os.stat(path)
                found.append((path, status.st_mtime_ns, status.st_size))
    return tuple(found)


def _preload() -> None:
    """Import what a solve imports (no more: the command line and its solving side, the
    CP-SAT backend, every construct's and lowering's module), then freeze the objects so that
    the children's garbage collector leaves them (and their memory pages) alone."""
    from dslsolve.dsl import genrecache
    from dslsolve.frontends import cli

    genrecache.enable()
    genrecache.read_ahead()
    with cli._unprobed(cli.PROBED_BY_PULP):
        from dslsolve.frontends import commands  # noqa: F401

        for name in PRELOADED:
            importlib.import_module(name)
        for package in PRELOADED_PACKAGES:
            path = importlib.import_module(package).__path__
            for module in pkgutil.walk_packages(path, package + "."):
                importlib.import_module(module.name)
    gc.collect()
    gc.freeze()


class Resident:
    """The listening socket and what the resident knows of itself."""

    def __init__(self, idle: float) -> None:
        self.idle = idle
        self.path = handover.socket_path()
        self.fingerprint = handover.fingerprint()
        self.sources = _sources()
        self.requests = 0
        self.started = time.monotonic()
        self.last = self.started
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.inode: int | None = None

    def bind(self) -> bool:
        """Listen at the socket's path (taking over a stale socket), unless another resident
        of this checkout answers there already."""
        probe = handover.connect(self.path)
        if probe is not None:
            probe.close()
            return False
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
        old = os.umask(0o177)  # the socket only for this user, from its making on
        try:
            self.listener.bind(self.path)
        finally:
            os.umask(old)
        self.inode = os.stat(self.path).st_ino  # the socket's file, while it is this one
        self.listener.listen(64)
        self.listener.settimeout(POLL_SECONDS)
        return True

    def serve(self) -> None:
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the children reaped by the system
        signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))
        try:
            while time.monotonic() - self.last < self.idle:
                try:
                    conn, _ = self.listener.accept()
                except TimeoutError:
                    continue
                with conn:
                    conn.settimeout(REQUEST_SECONDS)
                    if not self._answer(conn):
                        return
        finally:
            self.close()

    def close(self) -> None:
        """Stop listening; the socket's file goes if it is still this resident's."""
        with contextlib.suppress(OSError):
            if os.stat(self.path).st_ino == self.inode:
                os.unlink(self.path)
        self.listener.close()

    def _answer(self, conn: socket.socket) -> bool:
        """Answer one connection; False when the resident should stop."""
        fds: list[int] = []
        try:
            if handover.peer_uid(conn) != os.getuid():
                return True
            message, fds = handover.receive(conn, max_fds=3)
            if not isinstance(message, dict) or message.get("fingerprint") != self.fingerprint:
                handover.send(conn, "refused")
                return True
            op = message.get("op")
            if op != "stop" and _sources() != self.sources:  # the code changed: not ours
                handover.send(conn, "refused")  # (`start` then starts a resident of the new)
                return False
            if op == "status":
                handover.send(conn, self._status())
            elif op == "stop":
                handover.send(conn, True)
                return False
            elif op == "run" and len(fds) == 3:
                self.requests += 1
                self.last = time.monotonic()
                self._fork(conn, message, fds)
        except (OSError, EOFError, ValueError) as err:
            print(f"dslsolve resident: a request failed: {err}", file=sys.stderr, flush=True)
        finally:
            for fd in fds:
                os.close(fd)
        return True

    def _status(self) -> dict:
        return {
            "pid": os.getpid(),
            "requests": self.requests,
            "up": time.monotonic() - self.started,
            "idle": self.idle,
            "socket": self.path,
        }

    def _fork(self, conn: socket.socket, request: dict, fds: list[int]) -> None:
        if len(os.listdir("/proc/self/task")) != 1:  # a thread's locks would be copied held
            raise OSError("the resident has threads: it cannot fork safely")
        if os.fork() == 0:
            try:
                self.listener.close()
                _child(conn, request, fds)
            finally:
                os._exit(70)  # only if the child itself failed: the client says so


def _child(conn: socket.socket, request: dict, fds: list[int]) -> None:
    """Run the request in this forked child and send its exit code."""
    for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    sys.stdin, sys.stdout, sys.stderr = (
        _stream(target, kind) for target, kind in enumerate(request["streams"])
    )
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = sys.stdin, sys.stdout, sys.stderr
    conn.settimeout(None)
    sys.argv = [request["argv0"], *request["argv"]]
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    os.umask(request["umask"])
    threading.Thread(target=_watch, args=(conn,), daemon=True).start()
    from dslsolve.frontends import cli

    code = cli.run_once(request["argv"], request["started"])
    with contextlib.suppress(OSError):
        handover.send(conn, code)
    os._exit(code)


def _stream(fd: int, kind: tuple | None) -> io.TextIOWrapper | None:
    """A standard stream on `fd` as the client's interpreter made its own."""
    if kind is None:
        return None
    encoding, errors, line_buffering, write_through = kind
    raw = io.open(fd, "rb" if fd == 0 else "wb", closefd=False)  # noqa: UP020, SIM115
    return io.TextIOWrapper(
        raw,
        encoding=encoding,
        errors=errors,
        line_buffering=line_buffering,
        write_through=write_through,
    )


def _watch(conn: socket.socket) -> None:
    """The client's signals, raised in this child; its end (it was killed) ends the child."""
    while True:
        try:
            data = conn.recv(1)
        except OSError:
            data = b""
        if not data:
            os.kill(os.getpid(), signal.SIGTERM)
            return
        os.kill(os.getpid(), data[0])


def main() -> None:
    """The resident's own process (`dslsolve resident start` starts it)."""
    idle = float(sys.argv[1]) if len(sys.argv) > 1 else IDLE_SECONDS
    resident = Resident(idle)
    if not resident.bind():
        return
    try:
        _preload()
    except BaseException:
        resident.close()
        raise
    os.chdir("/")  # no folder kept busy; each child works in its client's
    resident.serve()


if __name__ == "__main__":
    main()
