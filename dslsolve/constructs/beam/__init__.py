"""A beam shone into the grid from a side, turned by mirrors: `reflections(beam from SIDE via
MIRROR)` and `exit(beam from SIDE via MIRROR, TOP, BOTTOM, LEFT, RIGHT)` (see syntax.py)."""
