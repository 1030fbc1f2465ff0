"""Lines that join equal numbers and only those: `VAR joins equal NUMBERS [with crossings]`
(see syntax.py)."""
