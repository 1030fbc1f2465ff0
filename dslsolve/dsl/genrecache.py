"""The command line's disk cache of checked genre files: a run whose genre file was read
before neither parses YAML nor its rules (so never imports Lark) nor checks them.

Reading a genre file is Lark's import (0.04 s of CPU time), the rules' tables from their
cache, YAML, the parse and the checker: about 0.06 s of a small puzzle's 0.23 s of CPU time,
the same result every time. `load_genre` asks `read` first and gives `write` what it loaded;
both do nothing unless the command line called `enable()` (a program that imports dslsolve,
and the tests, read genre files as always).

The key is the file's path (as given, and the folder it is relative to) and text and a
fingerprint of everything else the result depends on: the name, size and modification time of
every file of the dslsolve package (the checker, the constructs, the grammar), and of Lark's and
PyYAML's own, and Python's version. Any change to any of them is another key, never a stale
entry. Only a genre file that loads is kept; one with a mistake is read afresh, and its message
is the checker's.

The entries are pickles, so they are kept where the grammar's tables are
(`codecache.private_folder`: the user's own folder, mode 0700) and nowhere else; an entry that
does not load as a `GenreFile` is read afresh. Past MAX_FILES entries the folder's oldest
genre entries are removed.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import os
import pickle
import sys

from dslsolve.codecache import private_folder

MAX_FILES = 200
PREFIX = "genre-"

_enabled = {"on": False}
# the entries a resident process (`frontends/resident.py`) read ahead, by their file's path: an
# entry is written once and never changed, and its name holds everything it depends on
_read_ahead: dict[str, object] = {}


def enable() -> None:
    _enabled["on"] = True


@functools.cache
def _fingerprint() -> bytes:
    digest = hashlib.sha256(sys.version.encode())
    roots = [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]
    for library in ("lark", "yaml"):
        spec = importlib.util.find_spec(library)
        if spec is not None and spec.origin:
            roots.append(os.path.dirname(spec.origin))
    for root in roots:
        for folder, subfolders, files in os.walk(root):
            subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
            for name in sorted(files):
                path = os.path.join(folder, name)
                try:
                    status = os.stat(path)
                except OSError:
                    continue
                digest.update(f"{path}\0{status.st_size}\0{status.st_mtime_ns}\n".encode())
    return digest.digest()


def _entry(path: str, text: str) -> str | None:
    folder = private_folder()
    if folder is None:
        return None
    key = hashlib.sha256(_fingerprint())
    # the path as given, and where it is relative to: the loaded file names it so in every
    # message (`Location`), so another spelling of the same file is another entry
    where = "" if os.path.isabs(path) else os.getcwd()
    key.update(f"{where}\0{path}\0".encode("utf-8", "surrogatepass"))
    key.update(text.encode("utf-8", "surrogatepass"))
    return os.path.join(folder, f"{PREFIX}{key.hexdigest()[:32]}.pickle")


def read(path: str, text: str, kind: type):
    """What loading this file gave before (a `kind`: `GenreFile`), or None."""
    if not _enabled["on"]:
        return None
    entry = _entry(path, text)
    if entry is None:
        return None
    loaded = _read_ahead[entry] if entry in _read_ahead else _unpickled(entry)
    return loaded if isinstance(loaded, kind) else None


def _unpickled(entry: str) -> object | None:
    try:
        with open(entry, "rb") as handle:
            return pickle.loads(handle.read())
    except Exception:  # noqa: BLE001  (absent, cut short, or from another version: read afresh)
        return None


def read_ahead() -> None:
    """Load every entry of the cache now (and the fingerprint), for the processes this one
    forks: a resident process's children then find a genre file read before in memory."""
    folder = private_folder()
    if folder is None:
        return
    _fingerprint()
    with contextlib.suppress(OSError):
        for found in os.scandir(folder):
            if found.name.startswith(PREFIX) and found.name.endswith(".pickle"):
                _read_ahead[found.path] = _unpickled(found.path)


def write(path: str, text: str, loaded) -> None:
    """Keep what loading this file gave (atomically; nothing if it cannot be written)."""
    if not _enabled["on"]:
        return
    entry = _entry(path, text)
    if entry is None or os.path.exists(entry):
        return
    import tempfile

    try:
        data = pickle.dumps(loaded, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001  (something in it that does not pickle: not kept)
        return
    folder = os.path.dirname(entry)
    try:
        handle, scratch = tempfile.mkstemp(dir=folder, suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(scratch, entry)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(scratch)
        return
    _prune(folder)


def _prune(folder: str) -> None:
    try:
        entries = [e for e in os.scandir(folder) if e.name.startswith(PREFIX)]
    except OSError:
        return
    if len(entries) <= MAX_FILES:
        return
    entries.sort(key=lambda e: e.stat().st_mtime_ns)
    for old in entries[: len(entries) - MAX_FILES]:
        with contextlib.suppress(OSError):
            os.unlink(old.path)
