"""Membership of a named element in a set: `NAME in SET` (see syntax.py)."""
