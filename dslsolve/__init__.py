"""dslsolve: pencil puzzles described in a rule language, compiled to MIP and solved exactly.

Data flows one way: genre file (`dsl`) -> IR (`ir`) -> linear model (`compiler`) -> solver
(`backends`) -> assignment -> printed solution (`output`), with `evaluator` as the referee.
The front ends (command line, Python API, web page, pictures) are in `frontends`; the layers
and what each may import: docs/architecture.md.
"""

__all__ = ["Genre", "Result"]


def __getattr__(name: str):
    """`Genre` and `Result` from `dslsolve.frontends.api`, imported on first use: `import dslsolve`
    stays light."""
    if name in __all__:
        from dslsolve.frontends import api

        return getattr(api, name)
    raise AttributeError(f"module 'dslsolve' has no attribute {name!r}")
