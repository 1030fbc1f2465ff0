"""Shared helpers: where the genres live and how to run the command in-process."""

from __future__ import annotations

import contextlib
import copy
import itertools
import os
from dataclasses import dataclass
from pathlib import Path

import pulp
import pytest

from dslsolve.backends import BACKENDS, SolveStatus
from dslsolve.backends.cpsat import NotIntegral, OutOfRange
from dslsolve.dsl.genre import GenreFile, load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.evaluator import Evaluator
from dslsolve.frontends.cli import main
from dslsolve.geometry import Grid
from dslsolve.instance import Instance
from dslsolve.ir import GridSection
from dslsolve.solve import no_good

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = ROOT / "puzzles"


def instances() -> list[tuple[str, Path]]:
    """(genre, puzzle file) for every shipped puzzle that has a known solution beside it."""
    found = []
    for solution in sorted(PUZZLES.glob("*/*.solution.txt")):
        puzzle = solution.with_name(solution.name.replace(".solution.txt", ".txt"))
        found.append((solution.parent.name, puzzle))
    return found


def genre_file(genre: str) -> Path:
    return PUZZLES / f"{genre}.yaml"


def solution_file(puzzle: Path) -> Path:
    return puzzle.with_name(puzzle.stem + ".solution.txt")


def puzzle_sections(path: Path) -> dict[str, list[list[str]]]:
    """A puzzle file's sections as the tests' own searches read them: each section's rows, a
    row's tokens split at spaces. Lines before the first section are comments; after it, a row
    may start with `#` (a wall in a drawing)."""
    sections: dict[str, list[list[str]]] = {}
    for line in path.read_text().splitlines():
        if line.endswith(":"):
            sections[line[:-1]] = rows = []
        elif sections and line.strip():
            rows.append(line.split())
    return sections


def changed_genre(tmp_path: Path, genre: str, old: str, new: str) -> Path:
    """A shipped genre file with `old` (which it must hold) replaced by `new`, written to
    tmp_path under the genre's own name."""
    text = genre_file(genre).read_text()
    assert old in text
    path = tmp_path / f"{genre}.yaml"
    path.write_text(text.replace(old, new))
    return path


def load_texts(tmp_path: Path, genre: str, puzzle: str) -> tuple[GenreFile, Instance]:
    """A genre file and a puzzle given as text, written to files and loaded."""
    genre_path, puzzle_path = tmp_path / "g.yaml", tmp_path / "p.txt"
    genre_path.write_text(genre)
    puzzle_path.write_text(puzzle)
    loaded = load_genre(str(genre_path))
    return loaded, read_puzzle(str(puzzle_path), loaded)


def accepted_patterns(loaded, instance, variable: str) -> set[tuple[int, ...]]:
    """Every 0/1 pattern of a boolean cell variable (in row-major order) that the evaluator
    accepts, by brute force: keep grids small."""
    cells = Grid(instance.rows, instance.columns).cells()
    found = set()
    for pattern in itertools.product((0, 1), repeat=len(cells)):
        values = {variable: dict(zip(cells, pattern, strict=True))}
        if not Evaluator(loaded.genre, instance, values).violations():
            found.add(pattern)
    return found


def every_solution(compiled, key) -> set:
    """Every solution of a compiled model, one solve at a time, each cut off by a no-good on
    the genre's unknowns (an answer that a lazy lowering's separators cut is not one: their
    cuts go in and the model is solved again); `key` turns a decoded assignment into a
    hashable value. The subject is the model's rows and separators, never its natives: they
    are solved in one in-process session with the natives left out, each cut and no-good added
    to it (a CBC process per solve took five to ten times as long): by cpsat, or by HiGHS
    where a column is continuous (cpsat would make it integral) or a row is not integral."""
    model = compiled.model
    rows_only = copy.copy(model)
    rows_only.natives = []
    session = None
    if all(v.cat != pulp.LpContinuous for v in model.problem.variables()):
        with contextlib.suppress(NotIntegral, OutOfRange):
            session = BACKENDS["cpsat"].session(rows_only)
    if session is None:
        session = BACKENDS["highs"].session(rows_only)

    def add(rows: list) -> None:
        nonlocal session
        for row in rows:
            model.add(row)  # the model holds every row, for HiGHS to take over
        try:
            session.add(rows)
        except (NotIntegral, OutOfRange):
            session = BACKENDS["highs"].session(rows_only)

    found = set()
    while session.solve(None) == SolveStatus.SOLVED:
        cuts = [cut for separate in model.separators for cut in separate()]
        add(cuts)
        if not cuts:
            found.add(key(compiled.decode()))
            add(list(no_good(compiled)))
    return found


def every_native_solution(compiled, key, rounds: int = 0) -> set:
    """Every solution cpsat finds on a compiled model with native globals, each cut off by a
    no-good, after `rounds` empty rounds of lazy rows (a deferred native is posted then); each
    answer must need no cut as it comes (the natives enforce what the separators check)."""
    session = BACKENDS["cpsat"].session(compiled.model)
    for _ in range(rounds):
        session.add([])
    found = set()
    while session.solve(None) == SolveStatus.SOLVED:
        assert [cut for separate in compiled.model.separators for cut in separate()] == []
        found.add(key(compiled.decode()))
        session.add(no_good(compiled))
    return found


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def run(capsys):
    """Run `dslsolve ARGS...` in this process; returns exit code and output."""

    def runner(*args: object) -> Run:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return runner


def serve_workers(server_pid: int) -> list[int]:
    """The worker processes of `dslsolve serve` (process `server_pid`) that run a run now
    (in a run's directory; not the spare that waits for the next one)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = stat.with_name("cmdline").read_bytes()
            directory = os.readlink(stat.with_name("cwd"))
        except OSError:
            continue
        working = b"dslsolve.frontends.serve.worker" in command and "dslsolve-serve-" in directory
        if parent == server_pid and working:
            found.append(int(stat.parent.name))
    return found


# A puzzle whose determined values take minutes to find: a run to cancel or to time out.
EMPTY_SUDOKU = "givens:\n" + "\n".join(" ".join("." * 16) for _ in range(16)) + "\n"


def _partition(layer: dict) -> frozenset:
    groups: dict = {}
    for element, label in layer.items():
        groups.setdefault(label, set()).add(element)
    return frozenset(frozenset(cells) for cells in groups.values())


def canonical(instance: Instance, genre) -> dict:
    """The instance with room labels as a partition, and room clues per room (a file may put
    a room's number on any of its cells; a URL puts it on the room's top cell)."""
    regions = {
        s.name
        for s in genre.genre.sections
        if isinstance(s, GridSection) and s.symbols == ("any",) and s.name in instance.grids
    }
    per_room = {step.into[0] for step in genre.puzzlink.steps if step.over == "rooms"}
    rooms = next(iter(regions), None)
    found: dict = {"lists": instance.lists, "tables": instance.tables}
    for name, layer in instance.grids.items():
        if name in regions:
            found[name] = _partition(layer)
        elif name in per_room:
            found[name] = {
                room: sorted(str(layer[cell]) for cell in room if layer[cell] is not None)
                for room in _partition(instance.grids[rooms])
            }
        else:
            found[name] = layer
    return found
