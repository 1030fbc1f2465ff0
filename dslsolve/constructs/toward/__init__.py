"""A line toward a neighbour: `VAR toward DIRECTION` (see syntax.py)."""
