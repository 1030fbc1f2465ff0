"""Solvers behind one small interface: a session on the compiled model that solves it, takes
more rows and solves again (`base.py`)."""

from dslsolve.backends.base import Backend, InProcess, Session, SolveStatus
from dslsolve.backends.cpsat import CpsatSession
from dslsolve.backends.highs import HighsSession
from dslsolve.backends.pulp_backends import CBC
from dslsolve.backends.scip import ScipSession

BACKENDS: dict[str, Backend] = {
    "cbc": CBC,
    "cpsat": InProcess("cpsat", CpsatSession),
    "highs": InProcess("highs", HighsSession),
    "scip": InProcess("scip", ScipSession),
}

__all__ = ["BACKENDS", "Backend", "Session", "SolveStatus"]
