"""IR expressions to lowered values: constants where the puzzle decides them, `Lin`s otherwise.

Given input is folded away here (a clue cell's test is just True), so the model only contains
what the unknowns decide. Absent input gives None, with the evaluator's meaning (see
`dslsolve.evaluator`): the enclosing rule instance is vacuous.

The package: `lowerer.py` (the `Lowerer` and the unknowns' model variables), with its parts
`reading.py` (prepared functions, leaves, logic), `lines.py` (line shapes), `comparisons.py`
(comparisons, division, arithmetic) and `aggregates.py` (element sets and aggregates).
"""

from __future__ import annotations

from dslsolve.compiler.expressions.aggregates import Member
from dslsolve.compiler.expressions.comparisons import one_hot_threshold
from dslsolve.compiler.expressions.lowerer import Lowerer
from dslsolve.compiler.expressions.reading import always_boolean
from dslsolve.compiler.model import LoweringError

__all__ = ["Lowerer", "LoweringError", "Member", "always_boolean", "one_hot_threshold"]
