"""The package's modules import one another without a cycle: not at module level, not inside
functions, not for type hints only. A cycle ties two modules into one unit that can only be
understood, loaded and changed together (issue 20); this test names the modules of each."""

from __future__ import annotations

import ast
import subprocess
import sys
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


# The layers (docs/architecture.md, "The layers"): the front ends reach the core, never the
# other way. `dslsolve/__init__.py` hands out the API's `Genre` and `Result` on first use and
# `__main__` starts the command line: they are the package's doors, not its core.
FRONT_ENDS = "dslsolve.frontends"
DOORS = {"dslsolve", "dslsolve.__main__"}


def _core_imports_of_front_ends(graph: nx.DiGraph) -> list[tuple[str, str]]:
    def front_end(module: str) -> bool:
        return module == FRONT_ENDS or module.startswith(FRONT_ENDS + ".")

    return sorted(
        (module, imported)
        for module, imported in graph.edges
        if not front_end(module) and module not in DOORS and front_end(imported)
    )


def test_the_core_imports_no_front_end():
    assert _core_imports_of_front_ends(import_graph()) == []


def test_a_core_module_that_imports_a_front_end_is_found():
    """The check above can fail: an import of the picture from the evaluator is named, a
    front end importing the core and one another is not."""
    graph = nx.DiGraph(
        [
            ("dslsolve.evaluator", "dslsolve.frontends.picture"),
            ("dslsolve.frontends.cli", "dslsolve.frontends.commands"),
            ("dslsolve.frontends.commands", "dslsolve.solve"),
            ("dslsolve", "dslsolve.frontends.api"),
        ]
    )
    found = _core_imports_of_front_ends(graph)
    assert found == [("dslsolve.evaluator", "dslsolve.frontends.picture")]


def _loaded_by(statement: str) -> set[str]:
    """The package's modules that a fresh interpreter has loaded after `statement`."""
    probe = f"import sys; {statement}; print(' '.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        cwd=PACKAGE.parent,
    )
    return {name for name in done.stdout.split() if name.split(".")[0] == "dslsolve"}


def test_data_flows_one_way_when_a_genre_loads_and_a_puzzle_is_read():
    """Loading a genre file reads and checks it: nothing of the evaluator, the answer on a
    puzzle, the compiler or the puzzle reader is loaded. Reading a text puzzle
    (`dsl/puzzle.py`) loads nothing of puz.link's readers: a URL or a pzprv3 board is
    converted to text before it (`dslsolve/reading.py`), not from inside it."""
    loaded = _loaded_by("import dslsolve.dsl.genre")
    later = {"dslsolve.evaluator", "dslsolve.answer", "dslsolve.compiler", "dslsolve.dsl.puzzle"}
    assert loaded & later == set()
    read = _loaded_by("import dslsolve.dsl.puzzle")
    readers = {"importer", "pzprv3_puzzle", "answer", "referee"}  # puz.link's, above dsl/
    assert read & {f"dslsolve.puzzlink.{name}" for name in readers} == set()
    assert "dslsolve.evaluator" not in read
