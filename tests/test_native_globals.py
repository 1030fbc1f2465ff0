"""Native globals: `loop=native` declares the single loop as a `Circuit` that cpsat posts as its
own circuit constraint. Its answers are single loops from the first solve (the loop's lazy
separator never has anything to cut), the same loops the evaluator accepts; other backends get
the rows of `loop=lazy` and ignore the declaration. `loop=circuit` is the same without the rows
x_e <= d_v."""

from __future__ import annotations

import itertools

import pulp
import pytest

from dslsolve import ir
from dslsolve.backends import BACKENDS, SolveStatus, cpsat
from dslsolve.compiler import compile_model
from dslsolve.compiler.lowerings.connected import NATIVE_AFTER
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid
from dslsolve.output import render
from dslsolve.solve import no_good, solve_puzzle

from helpers import (
    PUZZLES,
    accepted_patterns,
    every_native_solution,
    genre_file,
    instances,
    load_texts,
    solution_file,
)

NATIVE = parse_formulation(["loop=native"])
CIRCUITS = [NATIVE, parse_formulation(["loop=circuit"])]  # the circuit with and without x <= d
LOOP_GENRES = ("slitherlink", "masyu", "yajilin", "country_road")
LOOP_INSTANCES = [(g, p) for g, p in instances() if g in LOOP_GENRES]
SLITHERLINK = (PUZZLES / "slitherlink.yaml").read_text()


def separated(compiled) -> list:
    return [cut for separate in compiled.model.separators for cut in separate()]


@pytest.mark.parametrize("formulation", CIRCUITS, ids=lambda f: f["loop"])
@pytest.mark.parametrize(("genre", "puzzle"), LOOP_INSTANCES, ids=lambda x: getattr(x, "stem", x))
def test_cpsat_with_the_native_circuit_solves_the_loop_puzzles_in_one_round(
    genre, puzzle, formulation
):
    loaded = load_genre(str(genre_file(genre)))
    instance = read_puzzle(str(puzzle), loaded)
    outcome = solve_puzzle(loaded, instance, formulation, "cpsat", unique=True)
    assert outcome.status == SolveStatus.SOLVED
    assert outcome.violations == []  # the evaluator's check
    assert outcome.unique is True  # the no-good is a row, which the circuit leaves alone
    assert outcome.stats.cut_rounds == 0
    expected = solution_file(puzzle).read_text().strip()
    assert render(loaded, instance, outcome.assignment).strip() == expected


def loops_of_native_cpsat(compiled, borders) -> set[tuple[int, ...]]:
    """Every answer of cpsat on the compiled model, each cut off by a no-good; each must be a
    single loop as it comes (the separator finds nothing)."""
    session = BACKENDS["cpsat"].session(compiled.model)
    found = set()
    while session.solve(None) == SolveStatus.SOLVED:
        assert separated(compiled) == []
        found.add(tuple(compiled.decode()["line"][b] for b in borders))
        session.add(no_good(compiled))
    return found


@pytest.mark.parametrize("formulation", CIRCUITS, ids=lambda f: f["loop"])
@pytest.mark.parametrize("grid", ["clues:\n. . .\n. . .\n", "clues:\n2 . 2\n. . .\n"])
def test_the_native_circuit_keeps_exactly_the_evaluators_loops(tmp_path, grid, formulation):
    """On 3x4 points two separate squares satisfy every row; the circuit must exclude them
    without a cut, and keep every single loop."""
    loaded, instance = load_texts(tmp_path, SLITHERLINK, grid)
    grid_of = Grid(instance.rows, instance.columns)
    borders = grid_of.borders()
    compiled = compile_model(loaded.genre, instance, formulation)
    found = loops_of_native_cpsat(compiled, borders)
    wanted = set()
    for pattern in itertools.product((0, 1), repeat=len(borders)):
        used = dict(zip(borders, pattern, strict=True))
        incident = (grid_of.incident(ir.ElementKind.BORDER, p) for p in grid_of.points())
        if any(sum(used[b] for b in edges) not in (0, 2) for edges in incident):
            continue  # a branch or a dead end: no loop (saves the evaluator most calls)
        if not Evaluator(loaded.genre, instance, {"line": used}).violations():
            wanted.add(pattern)
    assert found == wanted
    assert len(wanted) > 1


def test_a_second_loop_is_found_when_there_is_one(tmp_path):
    loaded, instance = load_texts(tmp_path, SLITHERLINK, "clues:\n3 . .\n. . .\n")
    outcome = solve_puzzle(loaded, instance, NATIVE, "cpsat", unique=True)
    assert outcome.unique is False
    assert outcome.second != outcome.assignment
    assert Evaluator(loaded.genre, instance, outcome.second).violations() == []


def test_the_native_loop_has_the_rows_of_the_lazy_one(tmp_path):
    """Backends without a circuit constraint solve `loop=native` as `loop=lazy`."""
    loaded, instance = load_texts(tmp_path, SLITHERLINK, "clues:\n3 . .\n. . 1\n")
    lazy, native = (
        compile_model(loaded.genre, instance, parse_formulation([f"loop={c}"]))
        for c in ("lazy", "native")
    )
    assert str(native.model.problem) == str(lazy.model.problem)
    assert (len(lazy.model.natives), len(native.model.natives)) == (0, 1)


def test_the_circuit_is_the_native_loop_without_the_rows_edge_at_most_degree(tmp_path):
    """`loop=circuit` drops only the rows x_e <= d_v (17 edges on 3x4 points, one row per
    end), and keeps the `Circuit`; the loop genres choose it for cpsat alone."""
    loaded, instance = load_texts(tmp_path, SLITHERLINK, "clues:\n3 . .\n. . 1\n")
    native, circuit = (
        compile_model(loaded.genre, instance, parse_formulation([f"loop={c}"])).model
        for c in ("native", "circuit")
    )
    assert len(native.problem.constraints) - len(circuit.problem.constraints) == 2 * 17
    assert len(circuit.natives) == 1
    for genre in LOOP_GENRES:
        chosen = load_genre(str(genre_file(genre))).genre.backend_formulation
        assert ("cpsat", "loop", "circuit") in chosen
        assert all(backend == "cpsat" for backend, _, _ in chosen)


def test_a_variable_first_named_by_a_later_row_reads_its_own_value(tmp_path):
    """cpsat's arc literals have no PuLP variable: a column added after them (a cut that names
    a new variable) must still write back its own value, not an arc's."""
    loaded, instance = load_texts(tmp_path, SLITHERLINK, "clues:\n3 . .\n. . 1\n")
    compiled = compile_model(loaded.genre, instance, NATIVE)
    session = BACKENDS["cpsat"].session(compiled.model)
    late = compiled.model.integer(0, 9, "late")
    session.add([late == 5])
    assert session.solve(None) == SolveStatus.SOLVED
    assert late.varValue == 5
    assert Evaluator(loaded.genre, instance, compiled.decode()).violations() == []


SHADED = """\
name: shaded
input:
  clues: {type: grid}
variables:
  black: {type: bool}
define:
  edge: count(neighbours) < 4
rules:
  - "RULE"
  - "each cell where clues is given: black"
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""


@pytest.mark.parametrize(
    ("rule", "grid"),
    [
        ("black cells connected", "...\n...\n..."),
        ("black cells connected", "#..\n...\n..#"),
        ("black cells connected to edge", "...\n...\n..."),
        ("black cells connected to edge", "...\n.#.\n..."),
    ],
)
@pytest.mark.parametrize("choice", ["native", "hybrid"])
def test_the_native_connected_set_keeps_exactly_the_evaluators_sets(tmp_path, rule, grid, choice):
    """Separate pieces (and, rooted, a piece off the edge) satisfy every row up front; the
    native global must exclude them without a cut (`hybrid`: once its rounds have passed)."""
    grid = grid.replace("#", "1")
    loaded, instance = load_texts(tmp_path, SHADED.replace("RULE", rule), f"clues:\n{grid}\n")
    cells = Grid(instance.rows, instance.columns).cells()
    shown = [(loaded.genre.variables[0], c) for c in cells]
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([f"connected={choice}"]), shown
    )
    rounds = NATIVE_AFTER[choice]
    assert [n.after_rounds for n in compiled.model.natives] == [rounds]
    wanted = accepted_patterns(loaded, instance, "black")
    black = every_native_solution(compiled, lambda v: tuple(v["black"][c] for c in cells), rounds)
    assert black == wanted
    assert len(wanted) > 10


@pytest.mark.parametrize("choice", ["native", "hybrid"])
def test_the_native_connected_set_has_the_rows_of_the_lazy_one(tmp_path, choice):
    """Backends without the native global solve `connected=native` as `connected=lazy`."""
    loaded, instance = load_texts(
        tmp_path, SHADED.replace("RULE", "black cells connected"), "clues:\n1..\n...\n..1\n"
    )
    lazy, native = (
        compile_model(loaded.genre, instance, parse_formulation([f"connected={c}"]))
        for c in ("lazy", choice)
    )
    assert str(native.model.problem) == str(lazy.model.problem)
    assert (len(lazy.model.natives), len(native.model.natives)) == (0, 1)


def test_a_deferred_native_waits_for_its_rounds(tmp_path):
    """`hybrid`: only two opposite corners black is two pieces, which the rows allow (the
    cuts of a round would forbid it) until cpsat posts the native global."""
    rule = "black cells connected"
    loaded, instance = load_texts(tmp_path, SHADED.replace("RULE", rule), "clues:\n1..\n...\n..1\n")
    compiled = compile_model(loaded.genre, instance, parse_formulation(["connected=hybrid"]))
    session = BACKENDS["cpsat"].session(compiled.model)
    others = list(compiled.lowerer.encodings["black"].values())
    for _ in range(NATIVE_AFTER["hybrid"] - 1):
        session.add([])
    session.add([pulp.lpSum(others) == 0])
    assert session.solve(None) == SolveStatus.INFEASIBLE
    early = compile_model(loaded.genre, instance, parse_formulation(["connected=hybrid"]))
    session = BACKENDS["cpsat"].session(early.model)
    session.add([pulp.lpSum(early.lowerer.encodings["black"].values()) == 0])
    assert session.solve(None) == SolveStatus.SOLVED


@pytest.mark.parametrize(("patience", "status"), [(None, "solved"), (0.0, "infeasible")])
def test_a_slow_search_between_rounds_posts_the_deferred_native(
    tmp_path, monkeypatch, patience, status
):
    """The searches after a round of cuts share cpsat's PATIENCE; once they have spent it
    (here: at once, at 0) the waiting native is posted before the next search, and a search
    that spends it is stopped and resumed with it: two corners alone are then infeasible, as
    they are not before (`hybrid` waits 15 rounds)."""
    if patience is not None:
        monkeypatch.setattr(cpsat, "PATIENCE", patience)
    rule = "black cells connected"
    grid = "clues:\n1....\n.....\n.....\n.....\n....1\n"
    loaded, instance = load_texts(tmp_path, SHADED.replace("RULE", rule), grid)
    compiled = compile_model(loaded.genre, instance, parse_formulation(["connected=hybrid"]))
    session = BACKENDS["cpsat"].session(compiled.model)
    session.add([pulp.lpSum(compiled.lowerer.encodings["black"].values()) == 0])
    assert session.solve(None) == SolveStatus(status)
