"""Paths from starts: `VAR forms paths from STARTS [turning TURNS times]` (see syntax.py)."""
