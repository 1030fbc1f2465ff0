"""Solvers behind one small interface: solve a PuLP problem, say how it went."""

from dslsolve.backends.pulp_backends import BACKENDS, Backend, SolveStatus

__all__ = ["BACKENDS", "Backend", "SolveStatus"]
