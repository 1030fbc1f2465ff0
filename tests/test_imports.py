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
    "dslsolve.dsl.check_expressions",
    "dslsolve.dsl.check_names",
    "dslsolve.dsl.check_sets",
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


# The layers (docs/architecture.md, "The layers"), bottom to top: a module imports only its
# own layer and those MAY_IMPORT names. The front ends come last: no core module imports one.
# `dslsolve/__init__.py` (the API's `Genre` on first use) and `__main__` are the doors.
LAYERS = {
    "doors": ("dslsolve", "dslsolve.__main__"),
    "base": (
        "dslsolve.ir",
        "dslsolve.errors",
        "dslsolve.instance",
        "dslsolve.geometry",
        "dslsolve.indexsets",
        "dslsolve.grounding",
        "dslsolve.elementsets",
        "dslsolve.prepared",
        "dslsolve.violation",
        "dslsolve.shipped",
        "dslsolve.codecache",
        "dslsolve.formulations",
    ),
    "language": ("dslsolve.dsl", "dslsolve.grammar", "dslsolve.constructs", "*.syntax"),
    "reading": (
        "dslsolve.evaluator",
        "*.meaning",
        "dslsolve.answer",
        "dslsolve.output",
        "dslsolve.setoutput",
    ),
    "compiling": ("dslsolve.compiler", "*.lowering", "dslsolve.backends", "dslsolve.runguard"),
    "solving": ("dslsolve.solve",),
    "input formats": ("dslsolve.puzzlink",),
    "front ends": ("dslsolve.frontends",),
}
# what each layer may import besides itself (the last column of the table): reading and
# compiling stand side by side on the language, neither imports the other
MAY_IMPORT = {
    "base": set(),
    "language": {"base"},
    "reading": {"base", "language"},
    "compiling": {"base", "language"},
    "solving": {"base", "language", "reading", "compiling"},
    "input formats": {"base", "language", "reading", "compiling", "solving"},
    "front ends": {"base", "language", "reading", "compiling", "solving", "input formats"},
}
# the imports beyond MAY_IMPORT that the table in docs/architecture.md names
EXCEPTIONS = {
    ("base", "dslsolve.puzzlink.url"),  # a leaf: the shipped genre of a URL's type
    ("language", "dslsolve.puzzlink.specreader"),  # reads the genre file's `puzzlink:` block
    ("language", "dslsolve.puzzlink.spec"),  # ... into this data
    ("language", "dslsolve.compiler.model"),  # interface.py's type hints
}


def layer_of(module: str) -> str | None:
    """The layer of a module: a construct's stage module (`syntax`, `meaning`, `lowering`) by
    its name, any other by the longest prefix in LAYERS that names it or its folder."""
    if module.startswith("dslsolve.constructs."):
        stage = "*." + module.rsplit(".", 1)[-1]
        for layer, prefixes in LAYERS.items():
            if stage in prefixes:
                return layer
    found = [
        (len(prefix), layer)
        for layer, prefixes in LAYERS.items()
        for prefix in prefixes
        if module == prefix or (layer != "doors" and module.startswith(prefix + "."))
    ]
    return max(found)[1] if found else None


def _forbidden_imports(graph: nx.DiGraph) -> list[tuple[str, str]]:
    """The imports of a layer that the importer's layer may not import (the doors may)."""
    found = []
    for module, imported in graph.edges:
        importer, target = layer_of(module), layer_of(imported)
        if importer in (None, "doors") or target in (None, importer):
            continue
        if target not in MAY_IMPORT[importer] and (importer, imported) not in EXCEPTIONS:
            found.append((module, imported))
    return sorted(found)


def test_every_module_has_a_layer():
    """A new module is placed in a layer: put its folder or name in LAYERS and in the table
    of docs/architecture.md."""
    assert sorted(m for m in import_graph() if layer_of(m) is None) == []


def test_each_layer_imports_only_what_it_may():
    """In particular no core module imports a front end, the compiler nothing of the
    evaluator, and the language nothing of the compiler but interface.py's type hints."""
    assert _forbidden_imports(import_graph()) == []


def test_a_forbidden_import_is_found():
    """The check above can fail: the evaluator importing the picture, and the compiler the
    evaluator, are named; a front end importing the core and another front end, and the
    package's door importing the API, are not."""
    graph = nx.DiGraph(
        [
            ("dslsolve.evaluator", "dslsolve.frontends.picture"),
            ("dslsolve.compiler.rules", "dslsolve.evaluator"),
            ("dslsolve.constructs.loop.meaning", "dslsolve.constructs.loop.lowering"),
            ("dslsolve.frontends.cli", "dslsolve.frontends.commands"),
            ("dslsolve.frontends.commands", "dslsolve.solve"),
            ("dslsolve", "dslsolve.frontends.api"),
        ]
    )
    assert _forbidden_imports(graph) == [
        ("dslsolve.compiler.rules", "dslsolve.evaluator"),
        ("dslsolve.constructs.loop.meaning", "dslsolve.constructs.loop.lowering"),
        ("dslsolve.evaluator", "dslsolve.frontends.picture"),
    ]


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
