"""A loop with a direction: `VAR forms directed loop`, read by `VAR leaves toward DIR` and
`VAR enters from DIR` (see syntax.py)."""
