"""Paths between given ends: `VAR forms paths joining ENDS` (see syntax.py)."""
