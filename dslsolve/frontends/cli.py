"""The `dslsolve` command.

    dslsolve GENRE.yaml PUZZLE.txt [options]          solve and print the solution
    dslsolve check GENRE.yaml PUZZLE.txt SOLUTION.txt  check a solution with the evaluator
    dslsolve draw GENRE.yaml PUZZLE [SOLUTION]         draw a puzzle (and a solution) as SVG
    dslsolve compare GENRE.yaml PUZZLE... [options]    compare lowerings and backends
    dslsolve batch GENRE.yaml DIR_OR_PUZZLE... [opts]  solve a collection in parallel
    dslsolve serve [--port 8000] [--host 127.0.0.1]    a local web page to solve puzzles
    dslsolve resident start|stop|status              keep the solving side imported, so
                                                       that a solve or check starts at once
                                                       (`dslsolve/__main__.py` runs it)

Exit codes: 0 solved / valid, 1 no solution / invalid, 2 bad input, 3 internal error. The
solving commands live in `dslsolve.frontends.commands`, imported only when one of them runs.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import NoReturn

from dslsolve import codecache

# before the imports below make their dataclasses: their compiled methods from the disk cache
codecache.install()

from dslsolve.dsl import genrecache  # noqa: E402
from dslsolve.dsl.genre import load_genre  # noqa: E402
from dslsolve.errors import (  # noqa: E402
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    DslError,
    read_text,
)
from dslsolve.frontends.api import Genre  # noqa: E402
from dslsolve.puzzlink.source import read_puzzle  # noqa: E402
from dslsolve.runguard import Interrupted, OutOfTime, process_age, signals_interrupt  # noqa: E402
from dslsolve.shipped import GENRE_HELP, settle_genre  # noqa: E402


def _check_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dslsolve check",
        description="Check a proposed solution against every rule of the genre and list each "
        "violated rule with its cells. Exit 0 when valid, 1 when not.",
    )
    parser.add_argument("genre", metavar="[GENRE]", help=GENRE_HELP)
    parser.add_argument("puzzle", help="the puzzle: a file, a puzz.link URL or a pzprv3 file")
    parser.add_argument(
        "solution", nargs="?", help="the solution's text, or a pzprv3 file with an answer"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    return parser


def _check(argv: list[str]) -> int:
    parser = _check_parser()
    args = parser.parse_args(argv)
    settle_genre(parser, args, ("puzzle", "solution"), required=2)
    genre_file = load_genre(args.genre)
    instance = read_puzzle(args.puzzle, genre_file)
    text = read_text(args.solution, "solution file")
    violations = Genre(genre_file).check(instance, text, args.solution)
    if args.format == "json":
        print(
            json.dumps(
                {
                    "valid": not violations,
                    "violations": [
                        {
                            "rule": v.rule.text,
                            "line": v.rule.origin.line,
                            "where": v.where,
                            "cells": list(v.cells),
                        }
                        for v in violations
                    ],
                },
                indent=2,
            )
        )
    elif violations:
        from dslsolve.frontends.draw import report_violations

        report_violations(violations, args.genre, sys.stdout)
    else:
        print("valid: every rule holds")
    return EXIT_NO_SOLUTION if violations else EXIT_SOLVED


# Solver libraries that PuLP imports, when it is imported, only to see whether they are there
# (highspy brings numpy: 0.15-0.2 s of each run). dslsolve runs no solver through PuLP but CBC;
# its own backends import the library they drive when a session opens.
PROBED_BY_PULP = ("highspy", "pyscipopt")


@contextmanager
def _unprobed(libraries: tuple[str, ...]) -> Iterator[None]:
    """Imports of these libraries fail meanwhile (a None in `sys.modules`: PuLP then takes
    them for absent). For the command line's own process only: a program that imports
    dslsolve keeps PuLP whole."""
    hidden = [name for name in libraries if name not in sys.modules]
    sys.modules.update(dict.fromkeys(hidden))
    try:
        yield
    finally:
        for name in hidden:
            if sys.modules.get(name, ...) is None:
                del sys.modules[name]


def _imports_done() -> None:
    """The command's own process imports with the garbage collector off
    (`dslsolve/__main__.py`): what the imports make (modules, classes, functions) stays for
    the whole run, and collecting meanwhile went over all of it several times (about 5 ms of
    a small puzzle's 165 ms of CPU time). Once the command's imports are done its objects are
    frozen, so that no collection of the run goes over them again (2-4 % of a 7 s nurikabe's
    CPU time), and the collector is on. A program that imports dslsolve, its collector on,
    is left alone."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _command(argv: list[str], started: float) -> int:
    if argv and argv[0] == "check":
        _imports_done()
        return _check(argv[1:])
    if argv and argv[0] == "draw":
        from dslsolve.frontends.draw import draw_command

        _imports_done()
        return draw_command(argv[1:])
    if argv and argv[0] == "serve":
        from dslsolve.frontends.serve import serve_command

        _imports_done()
        return serve_command(argv[1:])
    with _unprobed(PROBED_BY_PULP):
        from dslsolve.frontends import commands  # the solver side, not needed by `check`

    if argv and argv[0] == "batch":  # worker pools and clusters: not a solve's
        from dslsolve.frontends import batch

        _imports_done()
        return batch.batch_command(argv[1:])
    _imports_done()
    if argv and argv[0] == "compare":
        return commands.compare_command(argv[1:])
    return commands.solve_command(argv, started)


def main(argv: list[str] | None = None, started: float | None = None) -> int:
    """`started`: when the run started (a time.perf_counter()), for its time limit. By default
    a command line's run started with its process (imports count against its time limit), a
    call from Python (the tests) now; the resident's child is given its client's start."""
    if started is None:
        started = time.perf_counter() - (process_age() if argv is None else 0.0)
    argv = sys.argv[1:] if argv is None else argv
    try:
        with signals_interrupt():
            return _command(argv, started)
    except OutOfTime as stop:
        print(f"no solution found within the time limit of {stop.seconds} s", file=sys.stderr)
        return EXIT_NO_SOLUTION
    except (Interrupted, KeyboardInterrupt) as stop:  # never a verdict
        print("dslsolve: interrupted", file=sys.stderr)
        return stop.exit_code if isinstance(stop, Interrupted) else 128 + signal.SIGINT
    except DslError as err:
        print(err.render(), file=sys.stderr)
        return EXIT_BAD_INPUT
    except RecursionError:  # an expression that loaded but nests too deeply to solve or check
        print(
            "dslsolve: error: the genre's rules nest too deeply to be compiled or checked",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader went away (`dslsolve ... | head`): not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as err:  # a bug of ours, or of a solver's interface: never exit 1 for it
        if os.environ.get("DSLSOLVE_TRACEBACK"):
            raise
        print(
            f"dslsolve: internal error (not a mistake in your files): {type(err).__name__}: "
            f"{err}\n  set DSLSOLVE_TRACEBACK=1 to see where it happened",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def run_once(argv: list[str] | None = None, started: float | None = None) -> int:
    """The command line's run (`main`) as a process runs it: the genre files' and the compiled
    classes' caches, the output flushed; its exit code. `--help` and usage errors end it as
    SystemExit does (their code; a message printed)."""
    genrecache.enable()  # the command's own process: a genre file read before, from the cache
    try:
        code = main(argv, started)
    except SystemExit as done:
        code = _exit_code(done)
    else:
        codecache.save()  # the classes this run compiled anew, for the next
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away: as in `main`, not an error of ours
        pass
    except OSError as err:  # a full disk: the answer did not get out
        print(f"dslsolve: error: cannot write the output: {err.strerror}", file=sys.stderr)
        code = EXIT_INTERNAL
    with suppress(OSError):  # nowhere left to say anything
        sys.stderr.flush()
    return code


def _exit_code(done: SystemExit) -> int:
    """The exit code (and message) of a process that SystemExit ends, as Python makes them."""
    if done.code is None or isinstance(done.code, int):
        return done.code or 0
    with suppress(OSError):
        print(done.code, file=sys.stderr)
    return 1


def run() -> NoReturn:
    """The command line's entry point (`dslsolve`, `python -m dslsolve` when no resident takes
    the command): `run_once`, then the process ends at once. Python's own teardown, which
    frees every module's objects one by one, takes 50-80 ms after a solve (a fifth of a small
    puzzle's whole run) and has nothing left to do: the answer is printed, the solver's
    session closed, no file is left open, the caches written."""
    os._exit(run_once())


if __name__ == "__main__":
    run()
