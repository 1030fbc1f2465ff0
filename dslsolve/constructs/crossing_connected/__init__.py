"""Cells joined by lines that cross: `C cells connected via VAR with crossings` (see
syntax.py)."""
