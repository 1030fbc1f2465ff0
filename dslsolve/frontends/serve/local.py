"""A page served on this machine for a script or a test: `dslsolve serve` started on a free
port, and the system's Chromium driven by Playwright (never a downloaded browser)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# A closed network refuses Chromium's own background connections: leave them out.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
START_SECONDS = 30.0


def find_chromium() -> str | None:
    """The system's Chromium ($DSLSOLVE_CHROMIUM, else one on PATH); None when there is none."""
    named = os.environ.get("DSLSOLVE_CHROMIUM")
    if named:
        return named if Path(named).exists() else None
    return next(filter(None, map(shutil.which, CHROMIUM_NAMES)), None)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def served(*options: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """`dslsolve serve` on a free port of 127.0.0.1 (with `options`), answering: its URL and
    its process; stopped after."""
    port = free_port()
    root = str(Path(__file__).resolve().parents[3])
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    server = subprocess.Popen(
        [sys.executable, "-m", "dslsolve", "serve", "--port", str(port), *options],
        env=environment,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                urllib.request.urlopen(url + "api/genres", timeout=2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"dslsolve serve did not start (exit {server.poll()})"
                    ) from None
                time.sleep(0.1)
        yield url, server
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
