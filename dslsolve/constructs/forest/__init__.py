"""No loop: `VAR forms no loop [of diagonals]` (see syntax.py)."""
