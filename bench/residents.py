"""The environments of the bench scripts' runs cold and through a resident process
(`dslsolve resident start`): each gets a private runtime folder of its own, so that no
resident of the user's takes the cold runs, and the scripts' resident is stopped at the end."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def cold_and_resident(env: dict[str, str], start: bool = True) -> Iterator[tuple[dict, dict]]:
    """`env` twice: with an empty runtime folder (cold runs) and with the folder of a resident
    of this checkout, started here when `start` and stopped at the end. The folders have short
    paths: a socket's path has at most 107 bytes."""
    runtime = Path(tempfile.mkdtemp(prefix="dsr-"))
    cold = dict(env, XDG_RUNTIME_DIR=str(runtime / "cold"))
    warm = dict(env, XDG_RUNTIME_DIR=str(runtime / "resident"))
    for each in (cold, warm):
        os.mkdir(each["XDG_RUNTIME_DIR"], mode=0o700)
    resident = [sys.executable, "-m", "dslsolve", "resident"]
    if start:
        subprocess.run([*resident, "start", "--idle", "600"], env=warm, cwd=ROOT, check=True)
    try:
        yield cold, warm
    finally:
        if start:
            subprocess.run([*resident, "stop"], env=warm, cwd=ROOT, check=False)
        shutil.rmtree(runtime, ignore_errors=True)
