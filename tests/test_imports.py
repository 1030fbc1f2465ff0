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


# the names under which the construct modules hold a stage, and the Protocol that declares it
# (`lower` is the rule compiler's lowerer: `lower = compiler.lower`)
HOLDERS = {
    "checker": "Checker",
    "evaluator": "Evaluator",
    "lowerer": "Lowerer",
    "lower": "Lowerer",
    "compiler": "RuleCompiler",
}


def _declared(protocol: type) -> set[str]:
    """The attributes and methods a Protocol of the interface declares."""
    return set(protocol.__annotations__) | {
        name for name, value in vars(protocol).items() if callable(value)
    }


def _stage_uses(path: Path) -> set[tuple[str, str]]:
    """(Protocol, member) for each `checker.X`, `compiler.lower.X`, ... in a module."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        holder = node.value
        if isinstance(holder, ast.Name) and holder.id in HOLDERS:
            found.add((HOLDERS[holder.id], node.attr))
        elif (
            isinstance(holder, ast.Attribute)
            and holder.attr == "lower"
            and isinstance(holder.value, ast.Name)
            and holder.value.id == "compiler"
        ):
            found.add(("Lowerer", node.attr))
    return found


def test_constructs_call_only_what_the_interface_declares():
    """Every member of a stage that a construct reads is declared in `interface.py`, and the
    concrete stage has every method the interface declares."""
    from dslsolve.compiler.expressions import Lowerer
    from dslsolve.compiler.rules import RuleCompiler
    from dslsolve.constructs import interface
    from dslsolve.dsl.checker import Checker
    from dslsolve.evaluator import Evaluator

    undeclared = sorted(
        (str(path.relative_to(PACKAGE)), protocol, member)
        for path in (PACKAGE / "constructs").rglob("*.py")
        for protocol, member in _stage_uses(path)
        if member not in _declared(getattr(interface, protocol))
    )
    assert undeclared == []
    concrete = {"Checker": Checker, "Evaluator": Evaluator, "Lowerer": Lowerer}
    concrete["RuleCompiler"] = RuleCompiler
    missing = sorted(
        (name, member)
        for name, cls in concrete.items()
        for member, value in vars(getattr(interface, name)).items()
        if callable(value) and not member.startswith("_") and not hasattr(cls, member)
    )
    assert missing == []
