"""docs/example.ipynb runs, as Jupyter would run it, and shows what it computes.

No Jupyter here (nbclient is not a dependency): the notebook is JSON, so its code cells are run
in order in one namespace, from docs/ (a kernel's folder is the notebook's), each cell's
printed text and last expression captured as Jupyter shows them (a value with `_repr_svg_`
as its picture). The notebook's own `assert`s check the answers; the outputs stored in the
file must be the ones the cells give now, so that what a reader sees on GitHub is true.
After a deliberate change, `DSLSOLVE_WRITE_NOTEBOOK=1 pytest tests/test_notebook.py`
stores the new outputs.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os

from helpers import ROOT

NOTEBOOK = ROOT / "docs" / "example.ipynb"


def _display(value: object) -> dict:
    """A value's display data, as Jupyter's would be for the kinds of values the notebook
    ends a cell with."""
    data = {"text/plain": repr(value)}
    svg = getattr(value, "_repr_svg_", lambda: None)()
    if svg is not None:
        data["image/svg+xml"] = svg
    return data


def _run_cell(source: str, namespace: dict, name: str) -> list[dict]:
    """Run a cell's code; its outputs in the notebook's JSON form."""
    tree = ast.parse(source, name)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    printed = io.StringIO()
    value = None
    with contextlib.redirect_stdout(printed):
        exec(compile(tree, name, "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), name, "eval"), namespace)
    outputs = []
    if printed.getvalue():
        text = printed.getvalue().splitlines(keepends=True)
        outputs.append({"name": "stdout", "output_type": "stream", "text": text})
    if value is not None:
        data = {kind: text.splitlines(keepends=True) for kind, text in _display(value).items()}
        outputs.append({"data": data, "metadata": {}, "output_type": "execute_result"})
    return outputs


def test_the_example_notebook_runs_and_shows_what_it_computes(monkeypatch):
    notebook = json.loads(NOTEBOOK.read_text())
    monkeypatch.chdir(NOTEBOOK.parent)
    namespace: dict = {"__name__": "__main__"}
    code_cells = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert len(code_cells) >= 5
    ran = []
    for number, cell in enumerate(code_cells, start=1):
        outputs = _run_cell("".join(cell["source"]), namespace, f"{NOTEBOOK.name}[{number}]")
        for output in outputs:
            if output["output_type"] == "execute_result":
                output["execution_count"] = number
        ran.append((number, outputs))
    pictures = [o for _, outputs in ran for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert pictures, "a cell ends with a result: Jupyter shows its picture"
    if os.environ.get("DSLSOLVE_WRITE_NOTEBOOK"):
        for cell, (number, outputs) in zip(code_cells, ran, strict=True):
            cell["execution_count"], cell["outputs"] = number, outputs
        NOTEBOOK.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    stored = [(cell["execution_count"], cell["outputs"]) for cell in code_cells]
    assert stored == ran, "the stored outputs are stale: see this module's docstring"
