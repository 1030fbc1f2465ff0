"""The command line's disk cache of the dataclasses' compiled methods (`dslsolve/codecache.py`):
a class made from the cache is the class compiling makes; only dslsolve's classes are cached;
a bad file is ignored; the command writes the file and reads it on its next start."""

from __future__ import annotations

import dataclasses
import marshal
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from dslsolve import codecache

from helpers import PUZZLES

ROOT = Path(__file__).resolve().parents[1]


def make_class(module: str):
    """A frozen dataclass made as a module named `module` (in sys.modules meanwhile) makes it."""
    made = types.ModuleType(module)
    sys.modules[module] = made
    try:
        exec(
            "from dataclasses import dataclass\n"
            "@dataclass(frozen=True)\n"
            "class Point:\n"
            "    row: int\n"
            "    column: int = 0\n",
            made.__dict__,
        )
    finally:
        del sys.modules[module]
    return made.Point


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """The cache's state as in a new process, its folder in tmp_path."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(codecache, "_codes", {})
    monkeypatch.setattr(codecache, "_used", set())
    monkeypatch.setattr(codecache, "_state", {"path": None, "new": False})
    monkeypatch.delattr(dataclasses, "exec", raising=False)
    yield tmp_path
    dataclasses.__dict__.pop("exec", None)


def test_a_class_from_the_cache_is_the_compiled_class(fresh):
    codecache.install()
    made = make_class("dslsolve.example")
    assert codecache._codes  # its methods' texts were compiled through the cache
    codecache.save()
    written = list((fresh / "dslsolve").glob("dataclasses-*.marshal"))
    assert len(written) == 1
    assert oct(written[0].stat().st_mode & 0o777) == "0o600"
    # a new process: every text from the file, nothing compiled
    codecache._codes.clear()
    codecache._state.update(path=None, new=False)
    dataclasses.__dict__.pop("exec")
    codecache.install()
    assert codecache._codes
    cached = make_class("dslsolve.example")
    assert codecache._state["new"] is False
    plain = make_class("elsewhere")  # not dslsolve's: compiled as always
    for cls in (made, cached, plain):
        point = cls(1, 2)
        assert point == cls(1, 2) and point != cls(2, 1)
        assert hash(point) == hash(cls(1, 2))
        assert repr(point) == "Point(row=1, column=2)"
        with pytest.raises(dataclasses.FrozenInstanceError):
            point.row = 3
        assert cls(5).column == 0
    assert not any("elsewhere" in text for text in codecache._codes)


@pytest.mark.parametrize("content", [b"", b"not marshal", marshal.dumps([1, 2])])
def test_a_bad_cache_file_is_ignored(fresh, content):
    folder = fresh / "dslsolve"
    folder.mkdir(mode=0o700)
    (folder / f"dataclasses-{sys.implementation.cache_tag}.marshal").write_bytes(content)
    codecache.install()
    cls = make_class("dslsolve.example")
    assert cls(1) == cls(1) and repr(cls(1)) == "Point(row=1, column=0)"
    assert codecache._state["new"] is True  # compiled, the file read as empty


def test_no_cache_in_a_folder_others_may_write(fresh):
    folder = fresh / "dslsolve"
    folder.mkdir(mode=0o700)
    os.chmod(folder, 0o777)
    codecache.install()
    make_class("dslsolve.example")
    codecache.save()
    assert list(folder.iterdir()) == []


def test_the_command_writes_the_cache_and_reads_it_next_time(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(tmp_path))
    command = [sys.executable, "-m", "dslsolve", PUZZLES / "akari.yaml"]
    command += [PUZZLES / "akari" / "example.txt", "--unique"]
    first = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    written = tmp_path / "dslsolve" / f"dataclasses-{sys.implementation.cache_tag}.marshal"
    assert written.exists()
    before = written.stat().st_mtime_ns
    second = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    assert (second.stdout, second.stderr) == (first.stdout, first.stderr)
    assert written.stat().st_mtime_ns == before  # nothing new to write


# ---------------------------------------------------------------- checked genre files


def _command(tmp_path, *args, importtime=False):
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(tmp_path))
    flags = ["-X", "importtime"] if importtime else []
    command = [sys.executable, *flags, "-m", "dslsolve", *map(str, args)]
    return subprocess.run(command, env=env, capture_output=True, text=True, check=False)


def test_a_genre_file_read_before_comes_from_the_cache_without_lark(tmp_path):
    puzzle = PUZZLES / "masyu" / "example.txt"
    first = _command(tmp_path, PUZZLES / "masyu.yaml", puzzle, "--unique", importtime=True)
    assert first.returncode == 0 and " lark" in first.stderr  # read and checked
    assert len(list((tmp_path / "dslsolve").glob("genre-*.pickle"))) == 1
    second = _command(tmp_path, PUZZLES / "masyu.yaml", puzzle, "--unique", importtime=True)
    assert second.returncode == 0 and second.stdout == first.stdout
    assert " lark" not in second.stderr  # from the cache: no rule parsed
    # the same file named otherwise: its messages name it so, so it is an entry of its own
    relative = os.path.relpath(PUZZLES / "masyu.yaml")
    assert _command(tmp_path, relative, puzzle).stdout.startswith(first.stdout.split("\n")[0])
    assert len(list((tmp_path / "dslsolve").glob("genre-*.pickle"))) == 2


def test_a_changed_or_broken_genre_file_is_read_afresh(tmp_path):
    genre = tmp_path / "sudoku.yaml"
    text = (PUZZLES / "sudoku.yaml").read_text()
    puzzle = PUZZLES / "sudoku" / "example.txt"
    genre.write_text(text)
    assert _command(tmp_path, genre, puzzle).returncode == 0
    broken = text.replace("alldifferent(digit)", "alldiferent(digit)", 1)
    genre.write_text(broken)
    for _ in range(2):  # a mistake is never kept: the checker's message each time
        result = _command(tmp_path, genre, puzzle)
        assert result.returncode == 2 and "alldiferent" in result.stderr
    genre.write_text(text)
    for entry in (tmp_path / "dslsolve").glob("genre-*.pickle"):
        entry.write_bytes(b"not a pickle")
    again = _command(tmp_path, genre, puzzle)
    assert again.returncode == 0 and again.stdout == _command(tmp_path, genre, puzzle).stdout


def test_the_genre_cache_is_the_command_lines_only(tmp_path, monkeypatch):
    """A program that imports dslsolve (and the tests' in-process runs) reads genre files
    as always."""
    from dslsolve.dsl import genrecache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    text = (PUZZLES / "akari.yaml").read_text()
    assert genrecache.read(str(PUZZLES / "akari.yaml"), text, object) is None
    genrecache.write(str(PUZZLES / "akari.yaml"), text, object())
    assert not list(tmp_path.glob("dslsolve/genre-*"))
