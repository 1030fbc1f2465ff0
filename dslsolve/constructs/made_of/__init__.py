"""A group made of whole regions of a section: `made of N regions of LAYER` (see syntax.py)."""
