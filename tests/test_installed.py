"""dslsolve installed from a wheel, run outside the checkout: the shipped genres come with it
(`puzzles/` as the package data `dslsolve/puzzles/`), so a genre's name, a URL alone, the
Python API and `serve`'s default folder find them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import PUZZLES, ROOT

URL = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"


def _python(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=environment, capture_output=True, text=True
    )


def test_a_wheel_carries_the_shipped_genres(tmp_path):
    source = tmp_path / "source"
    for name in ("pyproject.toml", "setup.py", "README.md"):
        source.mkdir(exist_ok=True)
        shutil.copy(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "dslsolve", source / "dslsolve", ignore=ignore)
    shutil.copytree(PUZZLES, source / "puzzles", ignore=ignore)
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp_path / "dist", source],
        capture_output=True,
        text=True,
    )
    if built.returncode and "setuptools" in built.stderr and "No matching" in built.stderr:
        pytest.skip("no setuptools to build with (offline?)")
    assert built.returncode == 0, built.stderr
    [wheel] = (tmp_path / "dist").glob("dslsolve-*.whl")
    site = tmp_path / "site"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", site, wheel],
        capture_output=True,
        text=True,
    )
    assert installed.returncode == 0, installed.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    expected = (PUZZLES / "nurikabe" / "puzzlink-5x5.solution.txt").read_text()

    by_name = _python(site, elsewhere, "-m", "dslsolve", "nurikabe", URL, "--time-limit", "30")
    assert (by_name.returncode, by_name.stdout) == (0, expected)
    by_url = _python(site, elsewhere, "-m", "dslsolve", URL, "--time-limit", "30")
    assert (by_url.returncode, by_url.stdout) == (0, expected)
    api = _python(
        site,
        elsewhere,
        "-c",
        "import dslsolve, dslsolve.shipped as s; from dslsolve.frontends.api import Genre; "
        "print(dslsolve.__file__); print(s.genres_dir()); print(len(s.shipped_genres())); "
        "print(Genre.load('nurikabe').name)",
    )
    assert api.returncode == 0, api.stderr
    module, folder, count, name = api.stdout.split("\n")[:4]
    assert module.startswith(str(site)) and folder == str(site / "dslsolve" / "puzzles")
    assert int(count) == len(list(PUZZLES.glob("*.yaml")))
    assert name == "nurikabe"
    assert len(list((site / "dslsolve" / "puzzles").glob("*/*.txt"))) == len(
        list(PUZZLES.glob("*/*.txt"))
    )
