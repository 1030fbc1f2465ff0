"""Hand-written PuLP models per genre, in the style of the seed documents, as benchmark baselines.

Each module has `solve(puzzle_text, solver) -> BaselineResult` (see `common.py`).
"""
