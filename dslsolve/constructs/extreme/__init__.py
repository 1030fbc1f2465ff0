"""The greatest and the least value over a set: `max(E of SET)`, `min(E of SET)` (see
syntax.py)."""
