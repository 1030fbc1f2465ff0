"""What the baselines share: the result record, a puzzle-text reader, timed solves, printing.

The reader follows docs/input.md: sections start with `name:` lines; outside grid sections a
line `#` or `# ...` is a comment; inside a grid section every non-blank line is a row, one
character per cell unless some row of the section contains spaces, then tokens; a
single-section genre may leave out its header.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

import pulp

HEADER = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*$")


@dataclass
class BaselineResult:
    solution: str  # exactly the dslsolve solution-file text for this puzzle
    build_seconds: float  # parsing the text and building the model (before the first solve)
    solve_seconds: float  # wall time of all problem.solve calls, summed
    solver_calls: int  # number of problem.solve calls (lazy-cut rounds + 1)


def read_sections(text: str, grids: set[str], default: str | None = None) -> dict[str, list[str]]:
    """The data lines of each section; lines before any header go to `default`."""
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.splitlines():
        stripped = line.strip()
        comment = stripped == "#" or stripped.startswith("# ")
        if not stripped or (comment and current not in grids):
            continue
        header = HEADER.match(line)
        if header:
            current = header.group(1)
            sections[current] = []
            continue
        if current is None:
            if default is None:
                raise ValueError("data before the first section header")
            current = default
        sections.setdefault(current, []).append(stripped)
    return sections


def grid(lines: list[str]) -> list[list[str]]:
    """A grid section's rows of tokens."""
    tokenised = any(" " in line or "\t" in line for line in lines)
    return [line.split() if tokenised else list(line) for line in lines]


def clue_list(line: str) -> list[int] | None:
    """A list-section entry: its numbers without zeros, or None for `.` (no clue)."""
    tokens = [t for t in re.split(r"[\s,]+", line) if t]
    if tokens == ["."]:
        return None
    return [n for n in map(int, tokens) if n]


def timed_solve(problem: pulp.LpProblem, solver: pulp.LpSolver) -> float:
    """Solve once and return the wall time; fail unless an optimal (feasible) answer came back."""
    start = time.perf_counter()
    status = problem.solve(solver)
    seconds = time.perf_counter() - start
    if status != pulp.LpStatusOptimal:
        raise RuntimeError(f"{problem.name}: solver status {pulp.LpStatus[status]}")
    return seconds


def is_one(variable: pulp.LpVariable) -> bool:
    """A binary's value in the last solution."""
    return (variable.varValue or 0) > 0.5


def token_lines(rows: list[list[str]]) -> str:
    """The token form of a solution file: tokens joined by one space, a newline per row."""
    return "".join(" ".join(row) + "\n" for row in rows)
