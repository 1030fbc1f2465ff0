"""Connected cells: `C cells connected [diagonally] [to R] [via V]` (see syntax.py)."""
