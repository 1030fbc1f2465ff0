"""Pieces symmetric about their centres: `VAR divides into pieces symmetric about LAYER, ...`
(see syntax.py)."""
