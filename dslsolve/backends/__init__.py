"""Solvers behind one small interface: a session on the compiled model that solves it, takes
more rows and solves again (`base.py`)."""

from dslsolve.backends.base import Backend, InProcess, Session, SolveStatus
from dslsolve.backends.pulp_backends import CBC

BACKENDS: dict[str, Backend] = {
    "cbc": CBC,
    "cpsat": InProcess("cpsat", "dslsolve.backends.cpsat", "CpsatSession", True),
    "highs": InProcess("highs", "dslsolve.backends.highs", "HighsSession"),
    "scip": InProcess("scip", "dslsolve.backends.scip", "ScipSession"),
}

# the fastest overall on the benchmark sample, lazy-cut genres included (docs/formulations.md)
DEFAULT_BACKEND = "cpsat"

__all__ = ["BACKENDS", "DEFAULT_BACKEND", "Backend", "Session", "SolveStatus"]
