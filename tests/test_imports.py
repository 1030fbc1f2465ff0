"""The package's modules import one another without a cycle: not at module level, not inside
functions, not for type hints only. A cycle ties two modules into one unit that can only be
understood, loaded and changed together (issue 20); this test names the modules of each."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import dslsolve

PACKAGE = Path(dslsolve.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _imports(path: Path) -> set[str]:
    """The package's modules that the file imports anywhere in it: `from dslsolve import ir`
    is an import of `dslsolve.ir`, `from dslsolve.ir import Genre` one of `dslsolve.ir`."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] != "dslsolve":
                continue
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if _is_module(submodule) else node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "dslsolve")
    return found


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for path in PACKAGE.rglob("*.py"):
        module = _module_name(path)
        graph.add_node(module)
        graph.add_edges_from((module, imported) for imported in _imports(path))
    return graph


def test_the_graph_sees_imports_inside_functions_and_type_hints(tmp_path):
    """The reading the test relies on: a nested import and a TYPE_CHECKING import count."""
    source = tmp_path / "probe.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from dslsolve.instance import Instance\n"
        "def f():\n    from dslsolve import ir, evaluator\n"
    )
    assert _imports(source) == {"dslsolve.instance", "dslsolve.ir", "dslsolve.evaluator"}


def test_no_import_cycles():
    cycles = [sorted(c) for c in nx.strongly_connected_components(import_graph()) if len(c) > 1]
    assert cycles == []


# the modules of the stages that call the constructs: a construct reaches them only through
# the Protocols of `dslsolve/constructs/interface.py`
STAGES = (
    "dslsolve.compiler.rules",
    "dslsolve.compiler.expressions",
    "dslsolve.dsl.checker",
    "dslsolve.evaluator",
)


def test_constructs_reach_the_stages_through_their_interface():
    """No module of a construct imports the checker, the evaluator or the compiler's
    interpreters (not even for type hints), and an evaluator's reading (`meaning.py`) imports
    nothing of the compiler: it shares no code with the lowerings."""
    graph = import_graph()
    inside = [m for m in graph if m.startswith("dslsolve.constructs.")]
    found = sorted(
        (module, imported)
        for module in inside
        for imported in graph.successors(module)
        if imported in STAGES
        or (module.endswith(".meaning") and imported.startswith("dslsolve.compiler"))
    )
    assert found == []
