"""Order along a set: `increasing(E of SET)`, `decreasing(E of SET)`, and over the group in
focus `increasing(E)` (see syntax.py)."""
