"""`dslsolve compare`: solve instances under every combination of lowerings and backends.

One table row per (instance, backend, formulation): status, times, model size and lazy-cut
rounds. Every answer is checked by the evaluator. An answer it rejects, or "infeasible" where
another combination found a valid solution, means a lowering is wrong: reported loudly. Two
different valid solutions only mean that the puzzle is not unique.
"""

from __future__ import annotations

import csv
import io
import itertools
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from dslsolve.backends import SolveStatus
from dslsolve.compiler.formulations import CHOICES, Formulation, parse_formulation
from dslsolve.dsl.genre import GenreFile
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.instance import Instance
from dslsolve.output import render
from dslsolve.runguard import Deadline, OutOfTime
from dslsolve.solve import Outcome, Stats, solve_puzzle

COLUMNS = (
    "instance",
    "size",
    "backend",
    "formulation",
    "status",
    "compile_s",
    "solve_s",
    "total_s",
    "variables",
    "constraints",
    "nonzeros",
    "cut_rounds",
    "agree",
)


@dataclass
class Row:
    instance: str
    size: str
    backend: str
    formulation: str
    status: str
    compile_s: float
    solve_s: float
    total_s: float
    variables: int
    constraints: int
    nonzeros: int
    cut_rounds: int
    solution: str | None
    agree: str = "-"

    def cells(self) -> list[str]:
        return [
            self.instance,
            self.size,
            self.backend,
            self.formulation,
            self.status,
            f"{self.compile_s:.3f}",
            f"{self.solve_s:.3f}",
            f"{self.total_s:.3f}",
            str(self.variables),
            str(self.constraints),
            str(self.nonzeros),
            str(self.cut_rounds),
            self.agree,
        ]


def formulations(options: list[str]) -> list[Formulation]:
    """`["connected=lazy,flow", "domain=all"]` -> every combination, as Formulations."""
    axes: list[list[str]] = []
    for option in options:
        name, _, choices = option.partition("=")
        name = name.strip()
        if choices.strip() == "all" and name in CHOICES:
            choices = ",".join(CHOICES[name])
        axes.append([f"{name}={choice.strip()}" for choice in choices.split(",")])
    return [parse_formulation(list(combo)) for combo in itertools.product(*axes)]


def _size(instance: Instance) -> str:
    """rows x columns, as everywhere; a puzzle without a grid gives its index sets' sizes."""
    if instance.rows or not instance.sets:
        return f"{instance.rows}x{instance.columns}"
    return " ".join(f"{name}:{len(members)}" for name, members in instance.sets.items())


def _label(formulation: Formulation, options: list[str]) -> str:
    varied = [option.partition("=")[0].strip() for option in options]
    return ",".join(f"{name}={formulation[name]}" for name in varied) or "default"


def compare(
    genre_file: GenreFile,
    puzzles: list[str],
    options: list[str],
    backends: list[str],
    time_limit: float | None,
    progress: Callable[[str], None] | None = None,
) -> list[Row]:
    combos = formulations(options)
    rows: list[Row] = []
    total = len(puzzles) * len(backends) * len(combos)
    for puzzle in puzzles:
        instance = read_puzzle(puzzle, genre_file)
        size = _size(instance)
        for backend, formulation in itertools.product(backends, combos):
            label = _label(formulation, options)
            started = time.perf_counter()
            outcome = _solve_within(genre_file, instance, formulation, backend, time_limit)
            elapsed = time.perf_counter() - started
            stats = outcome.stats
            status = "WRONG" if outcome.violations else outcome.status.value
            solution = (
                render(genre_file, instance, outcome.assignment)
                if outcome.assignment and not outcome.violations
                else None
            )
            rows.append(
                Row(
                    puzzle,
                    size,
                    backend,
                    label,
                    status,
                    stats.compile_seconds,
                    stats.solve_seconds,
                    elapsed,
                    stats.variables,
                    stats.constraints,
                    stats.nonzeros,
                    stats.cut_rounds,
                    solution,
                )
            )
            if progress:
                progress(
                    f"[{len(rows)}/{total}] {puzzle} {backend} {label}: {status} in {elapsed:.2f} s"
                )
    _mark_agreement(rows)
    return rows


def _solve_within(
    genre_file: GenreFile,
    instance: Instance,
    formulation: Formulation,
    backend: str,
    time_limit: float | None,
) -> Outcome:
    """One combination, ended by the time limit wherever it is (compiling, solving,
    checking): the run's timer (`runguard`) is armed for each combination, so a compile that
    never ends costs one row, not the whole table."""
    deadline = Deadline(time_limit, time.perf_counter())
    deadline.arm()
    try:
        return solve_puzzle(genre_file, instance, formulation, backend, deadline.remaining())
    except OutOfTime:
        return Outcome(SolveStatus.TIME_LIMIT, Stats(backend, formulation.describe()))
    finally:
        deadline.disarm()


class ProgressLine:
    """`compare`'s progress on a terminal: one line, rewritten in place after each solve and
    cleared at the end. Silent when the stream is not a terminal (a pipe, a log file): those
    get the table and the disagreements only."""

    def __init__(self, stream: TextIO, wanted: bool = True) -> None:
        self.stream = stream
        self.shown = wanted and stream.isatty()
        self.width = shutil.get_terminal_size().columns - 1

    def __call__(self, line: str) -> None:
        if self.shown:
            self.stream.write("\r" + line[: self.width].ljust(self.width))
            self.stream.flush()

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


def _mark_agreement(rows: list[Row]) -> None:
    """`yes`: the instance's first checked solution; `other`: a different solution that the
    evaluator accepts (the puzzle is not unique); `NO`: an answer the evaluator rejects, or no
    solution where another combination found a valid one; `-`: nothing to compare."""
    for _, group in itertools.groupby(rows, key=lambda r: r.instance):
        group = list(group)
        first = next((r.solution for r in group if r.solution is not None), None)
        for row in group:
            if row.status == "WRONG" or (row.status == "infeasible" and first is not None):
                row.agree = "NO"
            elif row.solution is not None:
                row.agree = "yes" if row.solution == first else "other"


def disagreements(rows: list[Row]) -> list[str]:
    """One line per instance where a combination is wrong (see `_mark_agreement`)."""
    lines = []
    for instance, group in itertools.groupby(rows, key=lambda r: r.instance):
        bad = [r for r in group if r.agree == "NO"]
        if bad:
            which = "; ".join(f"{r.backend} {r.formulation}: {r.status}" for r in bad)
            lines.append(f"{instance}: a lowering is wrong ({which})")
    return lines


def render_rows(rows: list[Row], style: str) -> str:
    table = [list(COLUMNS)] + [row.cells() for row in rows]
    if style == "csv":
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(table)
        return out.getvalue()
    if style == "markdown":
        lines = ["| " + " | ".join(line) + " |" for line in table]
        lines.insert(1, "|" + "---|" * len(COLUMNS))
        return "\n".join(lines) + "\n"
    widths = [max(len(line[i]) for line in table) for i in range(len(COLUMNS))]
    return (
        "\n".join(
            "  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip()
            for line in table
        )
        + "\n"
    )
