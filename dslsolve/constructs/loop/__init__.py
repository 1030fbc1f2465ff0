"""One loop: `VAR forms single loop [with crossings]` (see syntax.py)."""
