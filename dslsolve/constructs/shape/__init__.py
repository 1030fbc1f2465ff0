"""Shapes of groups of cells: `shape in SET`, `shape differs from RELATION` (see syntax.py)."""
