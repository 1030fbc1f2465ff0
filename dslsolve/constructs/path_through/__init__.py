"""A path through the outline: `VAR forms path through GATES [along ARROWS] [with crossings]`
(see syntax.py)."""
