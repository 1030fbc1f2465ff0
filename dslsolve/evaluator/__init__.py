"""Check a full assignment against the IR directly: no solver, no linearisation.

This is the independent referee of the project: it shares the geometry (what a row or a ray
is) with the compiler but none of the lowerings, so a wrong lowering shows up as a solver answer
that the evaluator rejects. Every violated rule instance is reported with its cells.

Meaning of absent input (an empty cell of a section, or a symbol where a number is needed): an
expression that needs it has no value, except a test against a quoted symbol (`board = '#'`),
which is simply false on an empty cell. A rule instance without a value is vacuous (the rule
applies where its clue is given); in a `where` filter, an aggregate or a ray's `until` it
counts as false, and an aggregate skips elements whose value is absent.

The package: `checking.py` (the `Evaluator`, rule by rule), `expressions.py` and
`aggregates.py` (its reading of expressions, and of sets and aggregates), `definitions.py`
(the unknowns a rule works out), `values.py` (absent, no quotient, an `Assignment`).
"""

from __future__ import annotations

from dslsolve.evaluator.checking import Evaluator
from dslsolve.evaluator.definitions import Definition, defined_unknowns, definition
from dslsolve.evaluator.values import ABSENT, COMPARISONS, NO_QUOTIENT, Assignment

__all__ = [
    "ABSENT",
    "COMPARISONS",
    "NO_QUOTIENT",
    "Assignment",
    "Definition",
    "Evaluator",
    "defined_unknowns",
    "definition",
]
