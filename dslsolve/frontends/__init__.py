"""The front ends: the ways a user reaches the core, none of which the core imports.

The command line (`cli`, `commands`, `options`, `determined`, `draw`, `compare`, `batch` with
its worker pools `pools` and `cluster`), the Python API (`api`), the web page (`serve/`) and
the pictures they draw (`picture` on `svgcanvas`). They import the core (the `dslsolve/`
modules and folders beside this one) and one another; the core imports none of them
(`tests/test_imports.py`).
"""
