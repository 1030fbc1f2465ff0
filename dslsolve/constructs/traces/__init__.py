"""A word traced through the grid: `VALUE traces TABLE from (ROW, COLUMN) toward DIRECTION`
(see syntax.py)."""
