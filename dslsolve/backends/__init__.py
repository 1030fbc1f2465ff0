"""Solvers behind one small interface: a session on the compiled model that solves it, takes
more rows and solves again (`base.py`)."""

from dslsolve.backends.base import Backend, Session, SolveStatus
from dslsolve.backends.cpsat import CpsatBackend
from dslsolve.backends.highs import HighsBackend
from dslsolve.backends.pulp_backends import CBC

BACKENDS: dict[str, Backend] = {"cbc": CBC, "cpsat": CpsatBackend(), "highs": HighsBackend()}

__all__ = ["BACKENDS", "Backend", "Session", "SolveStatus"]
