"""The area of a condition around a cell, an element set: `area of C [via V] [from NAME]`
(see syntax.py)."""
