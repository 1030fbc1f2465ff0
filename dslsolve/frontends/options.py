"""The command-line options that several commands take, read the same way by each."""

from __future__ import annotations

import argparse
import math

from dslsolve.backends import SolveStatus
from dslsolve.errors import DslError, Location
from dslsolve.formulations import CHOICES, Formulation, FormulationError, parse_formulation

FORMULATION_HELP = "; ".join(f"{name}: {'|'.join(options)}" for name, options in CHOICES.items())


def seconds_option(text: str) -> float:
    """A time limit: a number of seconds above zero."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not seconds > 0 or math.isinf(seconds):
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds above 0")
    return seconds


def formulation_option(options: list[str]) -> Formulation:
    """The `--formulation` options as one formulation; a mistake in them is the user's."""
    try:
        return parse_formulation(options)
    except FormulationError as err:
        raise DslError(Location("--formulation"), str(err)) from None


def add_scheduler_option(parser: argparse.ArgumentParser) -> None:
    """`--scheduler`, as `compare` and `batch` take it."""
    parser.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="run on this Dask cluster instead of local processes (pip install "
        "'dslsolve[cluster]')",
    )


def no_answer(status: SolveStatus, time_limit: float | None) -> str | None:
    """Why a solve (a plain one or `--determined`'s) ended without an answer, or None if it
    found one, as the commands say it on standard error."""
    if status == SolveStatus.INFEASIBLE:
        return "no solution: the rules cannot all hold for this puzzle"
    if status == SolveStatus.TIME_LIMIT:
        return f"no solution found within the time limit of {time_limit} s"
    if status == SolveStatus.ERROR:
        return "the solver stopped without an answer"
    return None
