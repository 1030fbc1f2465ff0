"""A disk cache of the code that `dataclasses` compiles for dslsolve's own classes, for the
command line's start.

Making a dataclass compiles the source of its `__init__`, `__repr__`, `__eq__`, `__hash__`
and (frozen) `__setattr__`/`__delattr__` with `exec`, at every import: a small puzzle's run
makes about 130 of them, about 50 ms of CPU time of the run's 300 (`bench/stages.py --fresh
--cpu`), a sixth, the same code every time. `install()` gives the `dataclasses` module an
`exec` of its own (its name is looked up in the module's globals before the builtins) that
takes the compiled code of a text it has seen from the cache: the same code object that
compiling the text gives (`compile(text, "<string>", "exec")`, no future flags: `dataclasses`
has none to pass on), so every class is the one it was. Only the classes of dslsolve's
modules are cached (the `exec`'s globals are the class's module's); any other passes through
untouched. `save()` writes the texts compiled that were new, at the command's end.

The file holds code, so it is kept where the grammar's tables are (`private_folder`): a
folder of the user's own that nobody else can write; without one nothing is cached. Its name
holds Python's bytecode tag (`cpython-311`): another version never reads it. A text is its
own key, so a changed class is a new entry, never a stale one; past MAX_ENTRIES the file keeps
only what this run used.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import marshal
import os
import stat
import sys
from types import CodeType

MAX_ENTRIES = 2000

_codes: dict[str, CodeType] = {}
_used: set[str] = set()
_state = {"path": None, "new": False}


def private_folder() -> str | None:
    """`$XDG_CACHE_HOME/dslsolve` (default `~/.cache/dslsolve`), made if need be, when it is
    a directory of the user's own that nobody else may write (mode 0700); else None."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "dslsolve")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        status = os.stat(folder, follow_symlinks=False)
    except OSError:
        return None
    if not stat.S_ISDIR(status.st_mode) or status.st_uid != os.getuid():
        return None
    if status.st_mode & 0o077:
        return None
    return folder


def install() -> None:
    """Read the cache and give `dataclasses` the caching `exec` (once per process)."""
    if dataclasses.__dict__.get("exec") is _exec:
        return
    folder = private_folder()
    if folder is not None:
        path = os.path.join(folder, f"dataclasses-{sys.implementation.cache_tag}.marshal")
        _state["path"] = path
        _codes.update(_read(path))
    dataclasses.exec = _exec  # type: ignore[attr-defined]


def _read(path: str) -> dict[str, CodeType]:
    enabled = gc.isenabled()
    gc.disable()  # its tuples would set off collections over everything imported so far
    try:
        with open(path, "rb") as handle:
            found = marshal.loads(handle.read())  # load(handle) reads it a few bytes at a time
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    finally:
        if enabled:
            gc.enable()
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, CodeType)}


def _exec(source, globals=None, locals=None, /):  # noqa: A002  (exec's own parameter names)
    """`exec`, with the compiled code of a dslsolve class's method text from the cache."""
    module = globals.get("__name__", "") if isinstance(globals, dict) else ""
    if not isinstance(source, str) or not str(module).startswith("dslsolve."):
        return exec(source, globals, locals)
    code = _codes.get(source)
    if code is None:
        code = compile(source, "<string>", "exec", dont_inherit=True)
        _codes[source] = code
        _state["new"] = True
    _used.add(source)
    return exec(code, globals, locals)


def save() -> None:
    """Write the cache if this process compiled a text it did not hold (atomically: processes
    that end together each write a whole file, the last one stays)."""
    path = _state["path"]
    if path is None or not _state["new"]:
        return
    codes = _codes if len(_codes) <= MAX_ENTRIES else {t: _codes[t] for t in _used}
    import tempfile  # here: the start does without it

    try:
        handle, scratch = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as out:
            marshal.dump(codes, out)
        os.replace(scratch, path)
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            os.unlink(scratch)
        return
    _state["new"] = False
