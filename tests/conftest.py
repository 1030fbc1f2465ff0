"""Fixtures for every test module (the plain helpers live in helpers.py)."""

from helpers import run  # noqa: F401 - a fixture, used by name
