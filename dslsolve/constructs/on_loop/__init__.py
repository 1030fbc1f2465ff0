"""A diagonal on a loop: `diagonal of VAR on loop` (see syntax.py)."""
