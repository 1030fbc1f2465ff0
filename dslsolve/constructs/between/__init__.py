"""A variable on borders read at the link that crosses it: `VAR between` (see syntax.py)."""
