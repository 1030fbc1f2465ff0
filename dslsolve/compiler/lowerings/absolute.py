"""`|E|`, the absolute value of a bounded integer expression.

`abs=split` (default): a comparison of `|E|` with a value K is the comparison of E and of -E
(`compiler/arithmetic.py` rewrites it before lowering): `|E| <= K` is the two rows E <= K and
-E <= K, no new variable; `|E| >= K` is `E >= K or -E >= K`, and `|E| = K` is `E = K or -E = K`
(with K >= 0), an `or` of two comparisons, which for E = a - b of one-hot integers the
comparison lowering turns into the support rows of the pairs of values (`compare=support`), a
table of allowed pairs with no big-M: minarism's hand-written `a.digit - b.digit = board or
b.digit - a.digit = board` compiles to the very same model. `|E|` anywhere else (in a sum, on
both sides of a comparison) is the value below.

`abs=sign`: every `|E|` is that value: a new integer y = |E| with a sign binary s (s = 1 where
E >= 0), and four rows whose M come from E's bounds [low, high]:
y >= E, y >= -E, y <= E - 2 low (1 - s), y <= -E + 2 high s. Where s = 1 the third row and
the first give y = E, and then the second needs E >= 0; where s = 0 the fourth and the second
give y = -E, and the first needs E <= 0. Exact, but big-M: kept as the general fallback and for
comparison (`--formulation abs=sign`).
"""

from __future__ import annotations

import pulp

from dslsolve.compiler.lowerings.logic import scale
from dslsolve.compiler.model import Lin, LinearModel


def absolute(model: LinearModel, value: Lin) -> Lin:
    """|value| for a bounded integer expression: itself or its negation where its sign is
    known from its bounds, else a new integer with a sign binary."""
    if value.low >= 0:
        return value
    if value.high <= 0:
        return scale(value, -1)
    high = max(-value.low, value.high)
    y = model.integer(0, high, "abs")
    s = model.binary("sign")
    model.add(y >= value.expr)
    model.add(y >= -value.expr)
    model.add(y <= value.expr - 2 * value.low * (1 - s))
    model.add(y <= -value.expr + 2 * value.high * s)
    return Lin(pulp.LpAffineExpression(y), 0, high)
