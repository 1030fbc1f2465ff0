"""Shared helpers: where the genres live and how to run the command in-process."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from dslsolve.cli import main

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
