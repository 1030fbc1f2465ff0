"""Groups that spell a table's records: `each GROUP: VALUE spells TABLE once` (see syntax.py)."""
