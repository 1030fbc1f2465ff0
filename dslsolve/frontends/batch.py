"""`dslsolve batch`: solve every puzzle of a collection in parallel, one JSON line per puzzle.

    dslsolve batch GENRE.yaml DIR_OR_PUZZLE... [--unique] [--jobs N] [--out results.jsonl]
                   [--time-limit S] [--backend B] [--formulation NAME=CHOICE]
                   [--scheduler tcp://HOST:PORT]

The puzzles run in worker processes: a local process pool (`--jobs`, the cores by default) or
the workers of a Dask cluster (`--scheduler`, `dslsolve.frontends.cluster`). Both are driven through
the `concurrent.futures` interface by the same loop (`dslsolve.frontends.pools.run_jobs`), which
keeps at most as many puzzles in flight as there are workers, so that when a worker process dies the
puzzles it may have been running are known: each of them is run again alone; one that kills
its worker again is reported as "worker died". No puzzle is dropped.

Each record is written (and flushed) when its puzzle ends: a run that is interrupted resumes
with the same `--out`, skipping the puzzles already recorded there.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

from dslsolve.backends import BACKENDS, DEFAULT_BACKEND
from dslsolve.errors import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    DslError,
    Location,
)
from dslsolve.frontends.api import Genre
from dslsolve.frontends.options import (
    FORMULATION_HELP,
    add_scheduler_option,
    formulation_option,
    seconds_option,
)
from dslsolve.frontends.pools import LocalPool, Pool, run_jobs
from dslsolve.puzzlink.url import is_url
from dslsolve.runguard import Deadline, OutOfTime
from dslsolve.shipped import GENRE_HELP, settle_genre

BAD_INPUT = "bad input"
ERROR = "error"  # an exception of dslsolve's own, or a wrong answer: a bug
WRONG = "wrong answer"  # the evaluator rejects the solver's answer: a lowering is wrong


@dataclass(frozen=True)
class Job:
    """One puzzle to solve, with everything a worker process needs (picklable)."""

    genre: str
    puzzle: str
    unique: bool = False
    backend: str | None = None
    time_limit: float | None = None
    formulation: tuple[str, ...] = ()


def solve_job(job: Job) -> dict:
    """Solve one puzzle in a worker: its record. The time limit bounds the whole puzzle
    (loading, compiling, solving) where a timer can be armed, in a process's main thread (the
    local pool's workers); elsewhere (a Dask worker's threads) it bounds the solver only."""
    started = time.perf_counter()
    deadline = Deadline(job.time_limit, started)
    record: dict = {"puzzle": job.puzzle}
    try:
        if threading.current_thread() is threading.main_thread():
            deadline.arm()
        result = Genre.load(job.genre).solve(
            job.puzzle, job.unique, job.backend, deadline.remaining(), job.formulation
        )
        deadline.disarm()
        stats = result.stats
        record.update(
            status=WRONG if result.violations else result.status,
            answer=result.text,
            unique=result.unique,
            times={"compile": _ms(stats.compile_seconds), "solve": _ms(stats.solve_seconds)},
            model={
                "variables": stats.variables,
                "constraints": stats.constraints,
                "nonzeros": stats.nonzeros,
            },
        )
        if result.violations:
            record["error"] = "; ".join(str(v) for v in result.violations)
    except OutOfTime:
        record.update(status="time limit")
    except DslError as err:
        record.update(status=BAD_INPUT, error=err.render())
    except RecursionError:
        record.update(status=BAD_INPUT, error="the genre's rules nest too deeply to be solved")
    except Exception as err:  # a bug of ours: reported in the record, the run goes on
        record.update(status=ERROR, error=f"{type(err).__name__}: {err}")
    finally:
        deadline.disarm()
    record.setdefault("times", {})["whole"] = _ms(time.perf_counter() - started)
    return record


def _ms(seconds: float) -> float:
    return round(seconds, 3)


def open_pool(scheduler: str | None, jobs: int, backends: Iterable[str], count: int) -> Pool:
    """The Dask cluster at `scheduler`, else `jobs` local worker processes (no more than the
    `count` jobs to run)."""
    if jobs < 1:
        raise DslError(Location("--jobs"), f"{jobs} is not a number of processes above 0")
    if scheduler:
        from dslsolve.frontends.cluster import DaskPool

        return DaskPool(scheduler)
    for backend in backends:  # the solver library imported once, here, not by each worker
        BACKENDS[backend].load()
    return LocalPool(min(jobs, max(count, 1)))


def puzzle_files(arguments: list[str]) -> list[str]:
    """The puzzles that the arguments name, each once: a directory gives its puzzle files,
    NAME.txt with no other suffix (not NAME.solution.txt), sorted; a file or a puzz.link URL
    is a puzzle."""
    found = []
    for argument in arguments:
        if is_url(argument):
            found.append(argument)
        elif os.path.isdir(argument):
            found += sorted(
                os.path.join(argument, name)
                for name in os.listdir(argument)
                if name.endswith(".txt") and "." not in name[: -len(".txt")]
            )
        elif os.path.isfile(argument):
            found.append(argument)
        else:
            raise DslError(
                Location(argument),
                "no such puzzle file or directory",
                hint="give puzzle files or directories of them (NAME.txt)",
            )
    return list(dict.fromkeys(found))  # a puzzle named twice runs once


def recorded(path: str) -> set[str]:
    """The puzzles that an earlier run recorded in `path` (a line cut short is ignored)."""
    if not os.path.exists(path):
        return set()
    done = set()
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            try:
                done.add(json.loads(line)["puzzle"])
            except (ValueError, KeyError, TypeError):
                continue
    return done


def _appending(path: str) -> TextIO:
    """`path` open to append records, on a line of their own after a line cut short."""
    out = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - closed by the caller
    if out.tell():
        out.seek(out.tell() - 1)
        if out.read(1) != "\n":
            out.write("\n")
    return out


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dslsolve batch",
        description="Solve every puzzle of a collection in parallel and write one JSON line per "
        "puzzle (status, answer, uniqueness, times, model size). Exit 0 when all are solved, 1 "
        "when some are not, 2 on bad input, 3 when an answer breaks a rule (a bug).",
    )
    parser.add_argument("genre", metavar="[GENRE]", help=GENRE_HELP)
    parser.add_argument(
        "puzzles",
        nargs="*",
        metavar="DIR_OR_PUZZLE",
        help="puzzle files or directories of them, or puzz.link URLs",
    )
    parser.add_argument("--unique", action="store_true", help="also settle uniqueness")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: cores)"
    )
    parser.add_argument(
        "--out",
        metavar="FILE.jsonl",
        help="append the records here (default: standard output); puzzles already in it are "
        "skipped, so an interrupted run resumes",
    )
    parser.add_argument("--time-limit", type=seconds_option, metavar="SECONDS", help="per puzzle")
    parser.add_argument("--backend", choices=sorted(BACKENDS), help="the solver")
    parser.add_argument(
        "--formulation",
        action="append",
        default=[],
        metavar="NAME=CHOICE",
        help=f"pick a lowering, repeatable. {FORMULATION_HELP}",
    )
    add_scheduler_option(parser)
    return parser


class ProgressLine:
    """Progress on a terminal (`batch`, `compare`): one line, rewritten in place after each
    puzzle and cleared at the end. Silent when the stream is not a terminal (a pipe, a log
    file): those get the results and the summary only."""

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


class Tally:
    """The records as they come: written out, counted, and shown as a progress line."""

    def __init__(self, out: TextIO, total: int, progress: ProgressLine) -> None:
        self.out = out
        self.total = total
        self.progress = progress
        self.statuses: Counter[str] = Counter()
        self.seconds = 0.0
        self.started = time.perf_counter()

    def __call__(self, record: dict) -> None:
        self.out.write(json.dumps(record) + "\n")
        self.out.flush()
        self.statuses[record["status"]] += 1
        self.seconds += record.get("times", {}).get("whole", 0.0)
        done = sum(self.statuses.values())
        self.progress(f"{done}/{self.total} puzzles; last: {record['puzzle']} {record['status']}")

    def summary(self) -> str:
        done = sum(self.statuses.values())
        wall = time.perf_counter() - self.started
        rate = done / wall * 60 if wall > 0 else 0.0
        width = max([len(s) for s in self.statuses] + [len("status")])
        lines = [f"{'status'.ljust(width)}  puzzles"]
        lines += [f"{s.ljust(width)}  {n}" for s, n in sorted(self.statuses.items())]
        lines.append(
            f"{done} puzzles in {wall:.1f} s ({rate:.1f} per minute; "
            f"{self.seconds:.1f} s of solving in the workers)"
        )
        return "\n".join(lines)

    def exit_code(self) -> int:
        if self.statuses[WRONG] or self.statuses[ERROR]:
            return EXIT_INTERNAL
        if self.statuses[BAD_INPUT]:
            return EXIT_BAD_INPUT
        unsolved = sum(n for s, n in self.statuses.items() if s != "solved")
        return EXIT_NO_SOLUTION if unsolved else EXIT_SOLVED


def batch_command(argv: list[str]) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    settle_genre(parser, args, ("puzzles",))
    formulation_option(args.formulation)  # its mistakes once, here, rather than per puzzle
    Genre.load(args.genre)  # its errors once, here, rather than once per puzzle
    puzzles = puzzle_files(args.puzzles)
    skipped = recorded(args.out) if args.out else set()
    jobs = [
        Job(
            args.genre,
            puzzle,
            args.unique,
            args.backend,
            args.time_limit,
            tuple(args.formulation),
        )
        for puzzle in puzzles
        if puzzle not in skipped
    ]
    if skipped:
        print(
            f"resuming: {len(puzzles) - len(jobs)} puzzles already in {args.out}", file=sys.stderr
        )
    pool = open_pool(args.scheduler, args.jobs, [args.backend or DEFAULT_BACKEND], len(jobs))
    out = _appending(args.out) if args.out else sys.stdout
    progress = ProgressLine(sys.stderr)
    tally = Tally(out, len(jobs), progress)
    abandon = True
    try:
        run_jobs(jobs, pool, tally, solve_job)
        abandon = False
    finally:
        progress.clear()
        pool.close(abandon)
        if out is not sys.stdout:
            out.close()
    print(tally.summary(), file=sys.stderr)
    return tally.exit_code()
