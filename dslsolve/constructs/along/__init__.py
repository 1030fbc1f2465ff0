"""The count of marked cells a directed loop has passed since its start:
`passed(C along VAR from S)` (see syntax.py)."""
