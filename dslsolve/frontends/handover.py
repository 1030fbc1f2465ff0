"""The command's hand-over to a resident process (`dslsolve resident start`), and the few
things the resident and its clients share: where its socket is, what is sent, who may talk.

`python -m dslsolve ...` asks `hand_over` before it imports the command line: when a resident
of this checkout runs, the command's argv, working folder, environment, umask, the start of
its process and its standard streams (the file descriptors themselves, passed over the Unix
socket, so that the output goes where it would have gone, byte for byte) go to the resident,
a child that the resident forks runs the command there, and this process exits with its exit
code. With no resident, a stale socket, a socket or folder that is not the user's own, or a
resident of another checkout or Python, `hand_over` returns None and the command runs in this
process as always. This module imports only what a new interpreter has already imported
(`_socket`, not `socket`: its enums cost 2-3 ms), so a run without a resident pays about a
file's `stat` for asking.

The socket lives in the user's private runtime folder, `$XDG_RUNTIME_DIR/dslsolve`, else
`$XDG_CACHE_HOME/dslsolve` (`~/.cache/dslsolve`): a folder of the user's own that nobody else
may enter (mode 0700), never a shared /tmp path. Both ends check the other's user id
(SO_PEERCRED). Linux only (SO_PEERCRED); elsewhere there is no resident.
"""

from __future__ import annotations

import _socket
import marshal
import os
import signal
import stat
import struct
import sys
import zlib

# the commands a resident runs: a solve (any first argument but these) and `check`
NOT_HANDED_OVER = ("resident", "batch", "compare", "serve", "draw")
HEADER = struct.Struct("!I")  # the length of the marshalled message that follows
STREAMS = (sys.stdin, sys.stdout, sys.stderr)
SIGNALLED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)  # passed on to the request's child


def package_folder() -> str:
    """The folder of the dslsolve package this process runs."""
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fingerprint() -> str:
    """What a resident must share with its client: the same checkout, the same Python, the
    same user. (The resident also watches its source files: `resident.py`.) The interpreter
    by its real path: `python`, `python3.11` and a console script's interpreter may be links
    to one file, and `dslsolve resident start` must serve `python -m dslsolve` too."""
    return f"{package_folder()}|{os.path.realpath(sys.executable)}|{sys.version}|{os.getuid()}"


def runtime_folder() -> str:
    """`$XDG_RUNTIME_DIR/dslsolve`, else `$XDG_CACHE_HOME/dslsolve` (`~/.cache/dslsolve`)."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return os.path.join(runtime, "dslsolve")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "dslsolve")


def socket_path() -> str:
    """The socket of this checkout's resident (its name from the fingerprint: checkouts and
    Pythons each have their own)."""
    tag = zlib.crc32(fingerprint().encode()) & 0xFFFFFFFF
    return os.path.join(runtime_folder(), f"resident-{tag:08x}.sock")


def private(folder: str) -> bool:
    """Is `folder` a directory (not a link) of this user's that nobody else may enter?"""
    try:
        status = os.lstat(folder)
    except OSError:
        return False
    mine = status.st_uid == os.getuid()
    return stat.S_ISDIR(status.st_mode) and mine and not status.st_mode & 0o077


def own_socket(path: str) -> bool:
    """Is `path` a socket of this user's in a private folder?"""
    if not private(os.path.dirname(path)):
        return False
    try:
        status = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISSOCK(status.st_mode) and status.st_uid == os.getuid()


def peer_uid(sock) -> int:
    """The user id of the process at the other end of a connected Unix socket."""
    credentials = sock.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, 12)
    return struct.unpack("3i", credentials)[1]


def send(sock, message: object, fds: tuple[int, ...] = ()) -> None:
    """One message: its length, with the file descriptors, then the marshalled body."""
    body = marshal.dumps(message)
    ancillary = [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, struct.pack(f"{len(fds)}i", *fds))]
    sock.sendmsg([HEADER.pack(len(body))], ancillary if fds else [])
    sock.sendall(body)


def receive_exactly(sock, size: int) -> bytes:
    """`size` bytes from the socket; EOFError if it closes first."""
    chunks, left = [], size
    while left:
        chunk = sock.recv(left)
        if not chunk:
            raise EOFError("the other end closed the connection")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def receive(sock, max_fds: int = 0) -> tuple[object, list[int]]:
    """One message sent by `send`, and the file descriptors that came with it."""
    room = _socket.CMSG_SPACE(max_fds * 4) if max_fds else 0
    header, ancillary, _, _ = sock.recvmsg(HEADER.size, room)
    fds: list[int] = []
    for level, kind, data in ancillary:
        if level == _socket.SOL_SOCKET and kind == _socket.SCM_RIGHTS:
            fds += struct.unpack(f"{len(data) // 4}i", data[: len(data) - len(data) % 4])
    try:
        header += receive_exactly(sock, HEADER.size - len(header)) if header else b""
        if len(header) < HEADER.size:
            raise EOFError("the other end closed the connection")
        return marshal.loads(receive_exactly(sock, HEADER.unpack(header)[0])), fds
    except BaseException:  # the descriptors that came are nobody's then
        for fd in fds:
            os.close(fd)
        raise


def connect(path: str):
    """A connection to the resident at `path` if it is this user's, else None."""
    if not hasattr(_socket, "SO_PEERCRED") or not own_socket(path):
        return None
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        sock.connect(path)
        if peer_uid(sock) == os.getuid():
            return sock
    except OSError:  # no resident listens (a stale socket), or it went away
        pass
    sock.close()
    return None


def process_start() -> float:
    """When this process started, on `time.perf_counter()`'s clock (the monotonic clock that
    every process shares), so that the resident's child bounds the whole run by
    `--time-limit` as the command does in its own process."""
    from time import perf_counter

    from dslsolve.runguard import process_age

    return perf_counter() - process_age()


def _request(argv: list[str]) -> dict:
    umask = os.umask(0o077)
    os.umask(umask)
    return {
        "op": "run",
        "fingerprint": fingerprint(),
        "argv0": sys.argv[0],
        "argv": argv,
        "cwd": os.getcwd(),
        "env": dict(os.environ),
        "umask": umask,
        "started": process_start(),
        # how this interpreter wraps its standard streams, for the child to do the same
        "streams": [
            (s.encoding, s.errors, s.line_buffering, s.write_through) if s else None
            for s in STREAMS
        ],
    }


def hand_over(argv: list[str]) -> int | None:
    """The exit code of the command `argv` run by this checkout's resident, or None if there
    is none to run it (then the command runs in this process)."""
    if argv and argv[0] in NOT_HANDED_OVER:
        return None
    path = socket_path()
    sock = connect(path)
    if sock is None:
        return None
    try:
        fds = tuple(s.fileno() for s in STREAMS)
        send(sock, _request(argv), fds)
    except (OSError, ValueError, AttributeError):  # a closed standard stream, say
        sock.close()
        return None
    try:
        return _wait(sock)
    finally:
        sock.close()


def _wait(sock) -> int | None:
    """The child's exit code. A signal that this process gets meanwhile (Ctrl-C) goes to the
    child as its number, which the child raises in itself: it then reports as the command
    does when interrupted, or (a signal the command does not handle) dies of it, and so does
    this process."""
    passed: list[int] = []

    def pass_on(signum: int, frame: object) -> None:
        passed.append(signum)
        sock.send(bytes([signum]))

    before = {signum: signal.signal(signum, pass_on) for signum in SIGNALLED}
    try:
        reply, _ = receive(sock)
    except (OSError, EOFError, ValueError):
        reply = None
    finally:  # a refused command runs here next, with the handlers it always had
        for signum, handler in before.items():
            signal.signal(signum, handler)
    if reply == "refused":  # another checkout's or version's resident: run here
        return None
    if isinstance(reply, int):
        return reply
    if passed:  # the child died of the signal
        signal.signal(passed[-1], signal.SIG_DFL)
        os.kill(os.getpid(), passed[-1])
    from dslsolve.errors import EXIT_INTERNAL

    print("dslsolve: error: the resident process stopped without an answer", file=sys.stderr)
    return EXIT_INTERNAL
