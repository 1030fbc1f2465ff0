"""dslsolve: pencil puzzles described in a rule language, compiled to MIP and solved exactly.

Data flows one way: genre file (`dsl`) -> IR (`ir`) -> linear model (`compiler`) -> solver
(`backends`) -> assignment -> printed solution (`output`), with `evaluator` as the referee.
"""
