"""Straight segments between given points at any angle, and a loop of them: `VAR forms
segments between (X, Y) [crossing at right angles | without crossings]` and `VAR forms single
loop of segments between (X, Y) [...]` (see syntax.py)."""
