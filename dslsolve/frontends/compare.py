"""`dslsolve compare`: solve instances under every combination of lowerings and backends.

One table row per (instance, backend, formulation): status, times, model size and lazy-cut
rounds. Every answer is checked by the evaluator. An answer it rejects, or "infeasible" where
another combination found a valid solution, means a lowering is wrong: reported loudly. Two
different valid solutions only mean that the puzzle is not unique.

The combinations run as jobs of `dslsolve batch`'s machinery (`dslsolve.frontends.pools.run_jobs`):
on worker processes (`--jobs`, 1 by default, so that the times compare: see docs/batch.md) or a
Dask cluster (`--scheduler`). A combination whose worker dies twice is a row "worker died".
"""

from __future__ import annotations

import csv
import io
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass

from dslsolve.backends import SolveStatus
from dslsolve.dsl.genre import GenreFile, load_genre
from dslsolve.formulations import CHOICES, Formulation, parse_formulation
from dslsolve.frontends.pools import WORKER_DIED, Pool, run_jobs
from dslsolve.instance import Instance
from dslsolve.output import render
from dslsolve.puzzlink.source import read_puzzle
from dslsolve.runguard import Deadline, OutOfTime
from dslsolve.solve import Outcome, Stats, run_formulation, solve_puzzle

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


def formulations(options: list[str]) -> list[tuple[str, ...]]:
    """`["connected=lazy,flow", "domain=all"]` -> every combination, as NAME=CHOICE options
    (each checked: a mistake raises FormulationError)."""
    axes: list[list[str]] = []
    for option in options:
        name, _, choices = option.partition("=")
        name = name.strip()
        if choices.strip() == "all" and name in CHOICES:
            choices = ",".join(CHOICES[name])
        axes.append([f"{name}={choice.strip()}" for choice in choices.split(",")])
    combos = list(itertools.product(*axes))
    for combo in combos:
        parse_formulation(list(combo))
    return combos


def _size(instance: Instance) -> str:
    """rows x columns, as everywhere; a puzzle without a grid gives its index sets' sizes."""
    if instance.rows or not instance.sets:
        return f"{instance.rows}x{instance.columns}"
    return " ".join(f"{name}:{len(members)}" for name, members in instance.sets.items())


def _label(formulation: Formulation, options: list[str]) -> str:
    """The choices compared, then the genre file's own defaults that no option overrides
    (`domain=integer (genre file)`); `default` where there are neither."""
    varied = [option.partition("=")[0].strip() for option in options]
    chosen = [f"{name}={formulation[name]}" for name in varied]
    chosen += [
        f"{name}={choice} (genre file)"
        for name, choice in {**formulation.genre, **formulation.backend}.items()
        if name not in varied
    ]
    return ",".join(chosen) or "default"


@dataclass(frozen=True)
class Run:
    """One combination for one instance, as a worker runs it (picklable)."""

    genre: str  # the genre file's path
    puzzle: str
    backend: str
    formulation: tuple[str, ...]  # NAME=CHOICE
    label: str  # the table's formulation column
    time_limit: float | None
    index: int  # the row's place in the table


def compare(
    genre_file: GenreFile,
    puzzles: list[str],
    options: list[str],
    backends: list[str],
    time_limit: float | None,
    pool: Pool,
    progress: Callable[[str], None] | None = None,
) -> list[Row]:
    """The table's rows, in the order of puzzles, then backends, then formulations; the runs
    go to `pool` (`dslsolve.frontends.batch.open_pool`)."""
    runs = []
    for puzzle in puzzles:
        read_puzzle(puzzle, genre_file)  # a puzzle that does not read stops the table, here
        for backend, combo in itertools.product(backends, formulations(options)):
            chosen = run_formulation(genre_file.genre, parse_formulation(list(combo)), backend)
            label = _label(chosen, options)
            run = Run(genre_file.path, puzzle, backend, combo, label, time_limit, len(runs))
            runs.append(run)
    rows: list[Row | None] = [None] * len(runs)

    def record(result: dict) -> None:
        row = result["row"]
        rows[result["index"]] = row
        if progress:
            done = sum(r is not None for r in rows)
            progress(
                f"[{done}/{len(runs)}] {row.instance} {row.backend} {row.formulation}: "
                f"{row.status} in {row.total_s:.2f} s"
            )

    run_jobs(runs, pool, record, task=run_one, died=_died)
    table = [row for row in rows if row is not None]
    _mark_agreement(table)
    return table


def run_one(run: Run) -> dict:
    """One combination, in a worker: its row (and its place in the table)."""
    genre_file = load_genre(run.genre)
    instance = read_puzzle(run.puzzle, genre_file)
    formulation = parse_formulation(list(run.formulation))
    started = time.perf_counter()
    outcome = _solve_within(genre_file, instance, formulation, run.backend, run.time_limit)
    elapsed = time.perf_counter() - started
    stats = outcome.stats
    solution = (
        render(genre_file, instance, outcome.assignment)
        if outcome.assignment and not outcome.violations
        else None
    )
    row = Row(
        run.puzzle,
        _size(instance),
        run.backend,
        run.label,
        "WRONG" if outcome.violations else outcome.status.value,
        stats.compile_seconds,
        stats.solve_seconds,
        elapsed,
        stats.variables,
        stats.constraints,
        stats.nonzeros,
        stats.cut_rounds,
        solution,
    )
    return {"puzzle": run.puzzle, "index": run.index, "row": row}


def _died(run: Run) -> dict:
    """The row of a combination whose worker process died twice (a crash in a solver)."""
    row = Row(run.puzzle, "-", run.backend, run.label, WORKER_DIED, 0, 0, 0, 0, 0, 0, 0, None)
    return {"puzzle": run.puzzle, "index": run.index, "row": row}


def _solve_within(
    genre_file: GenreFile,
    instance: Instance,
    formulation: Formulation,
    backend: str,
    time_limit: float | None,
) -> Outcome:
    """One combination, ended by the time limit wherever it is (compiling, solving,
    checking): the run's timer (`runguard`) is armed for each combination, so a compile that
    never ends costs one row, not the whole table. (In a Dask worker's thread no timer can be
    armed: there the limit bounds the solver only.)"""
    deadline = Deadline(time_limit, time.perf_counter())
    deadline.arm()
    try:
        return solve_puzzle(genre_file, instance, formulation, backend, deadline.remaining())
    except OutOfTime:
        return Outcome(SolveStatus.TIME_LIMIT, Stats(backend, formulation.describe()))
    finally:
        deadline.disarm()


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
    """One line per instance where a combination is wrong (see `_mark_agreement`) or its
    worker died."""
    lines = []
    for instance, group in itertools.groupby(rows, key=lambda r: r.instance):
        group = list(group)
        for what, bad in (
            ("a lowering is wrong", [r for r in group if r.agree == "NO"]),
            ("a worker process died twice", [r for r in group if r.status == WORKER_DIED]),
        ):
            if bad:
                which = "; ".join(f"{r.backend} {r.formulation}: {r.status}" for r in bad)
                lines.append(f"{instance}: {what} ({which})")
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
