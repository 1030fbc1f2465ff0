"""Hand-written PuLP models per genre, in the style of the seed documents, as benchmark baselines.

Each module has `solve(puzzle_text, solver) -> BaselineResult` (see `common.py`). Slitherlink and
nonogram offer two formulations, `FORMULATIONS = ("seed", "dslsolve")`, chosen with
`solve(..., formulation=...)`: the seed's model (the default) and dslsolve's default model
written out by hand (the same MPS file at every solver call; tests/test_baselines.py).
"""
