"""`VAR forms paths leaving STARTS` and `STARTS carried by VAR` (docs/language.md §9.18,
dslsolve/constructs/paths): on a small grid the model has exactly the line patterns that the
evaluator accepts, and those are the ones a reading of the rule written here accepts."""

from __future__ import annotations

import itertools

import pytest
from cellsearch import Cell

from dslsolve import ir
from dslsolve.compiler import compile_model
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid

from helpers import every_solution, load_texts

GENRE = """\
name: leaving
input:
  starts: {type: grid, symbols: '?'}
variables:
  line: {type: bool, on: links}
rules:
RULES
output:
  cell:
    - show: starts
  edges: line
"""

# 2x3 cells: a 1 at r1c1, a 2 at r2c3, a ? at r1c3
PUZZLE = """\
starts:
1 . ?
. . 2
"""
GRID = Grid(2, 3)
CELLS = GRID.cells()
LINKS = GRID.elements(ir.ElementKind.LINK)
STARTS = {(0, 0): 1, (0, 2): 0, (1, 2): 2}


LINE_AND_WALL = "  line: {type: bool, on: links}\n  wall: {type: bool, on: borders}"


def genre(*rules: str) -> str:
    return GENRE.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


def ends(link) -> tuple:
    return GRID.ends(ir.ElementKind.LINK, link)


def pieces(pattern: dict) -> list[set]:
    """The parts of the used links (cells with a link), by a flood fill."""
    near = {c: [] for c in CELLS}
    for link, used in pattern.items():
        if used:
            a, b = ends(link)
            near[a].append(b)
            near[b].append(a)
    seen, found = set(), []
    for cell in CELLS:
        if cell in seen or not near[cell]:
            continue
        part, stack = set(), [cell]
        while stack:
            c = stack.pop()
            if c not in part:
                part.add(c)
                stack.extend(near[c])
        seen |= part
        found.append(part)
    return found


def paths_leaving(pattern: dict) -> bool:
    degree = {c: 0 for c in CELLS}
    for link, used in pattern.items():
        for c in ends(link) if used else ():
            degree[c] += 1
    if any(degree[c] > (1 if c in STARTS else 2) for c in CELLS):
        return False
    for part in pieces(pattern):
        links = sum(1 for link, used in pattern.items() if used and ends(link)[0] in part)
        if links != len(part) - 1 or sum(1 for c in part if c in STARTS) != 1:
            return False
    return True


def carried(pattern: dict) -> dict:
    value = dict.fromkeys(CELLS, 0)
    for part in pieces(pattern):
        starts = [c for c in part if c in STARTS]
        if len(starts) == 1:
            value.update(dict.fromkeys(part, STARTS[starts[0]]))
    return value


def patterns():
    for bits in itertools.product((0, 1), repeat=len(LINKS)):
        yield dict(zip(LINKS, bits, strict=True))


def key(pattern: dict) -> tuple:
    return tuple(pattern[link] for link in LINKS)


def degree(pattern: dict) -> dict:
    found = dict.fromkeys(CELLS, 0)
    for link, used in pattern.items():
        for c in ends(link) if used else ():
            found[c] += 1
    return found


CASES = {
    "paths leaving": (("line forms paths leaving starts",), paths_leaving),
    # only the 2 moves: every cell off the starts that a line reaches carries 2
    "only the 2 moves": (
        (
            "line forms paths leaving starts",
            "each cell where starts is empty: count(links where line) = 0"
            " or starts carried by line = 2",
        ),
        lambda p: (
            paths_leaving(p)
            and all(c in STARTS or degree(p)[c] == 0 or carried(p)[c] == 2 for c in CELLS)
        ),
    ),
    # a ? carries 0: the line that ends off the starts with 0 is the ?'s
    "a ? carries 0": (
        (
            "line forms paths leaving starts",
            "each cell where starts is empty and count(links where line) = 1:"
            " starts carried by line = 0",
        ),
        lambda p: (
            paths_leaving(p)
            and all(c in STARTS or degree(p)[c] != 1 or carried(p)[c] == 0 for c in CELLS)
        ),
    ),
}


@pytest.mark.parametrize(("rules", "reading"), CASES.values(), ids=CASES)
def test_the_model_has_the_evaluators_patterns(tmp_path, rules, reading):
    loaded, instance = load_texts(tmp_path, genre(*rules), PUZZLE)
    found = accepted(loaded, instance)
    assert found == {key(p) for p in patterns() if reading(p)}
    assert len(found) >= 3
    assert model_patterns(loaded, instance) == found


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("wall forms paths leaving starts", "'wall' cannot form paths leaving starts"),
        ("line forms paths leaving clues", "'clues'"),
        ("each cell: line forms paths leaving starts", "must be a rule of its own"),
    ],
)
def test_errors_are_named(tmp_path, rule, message):
    text = genre(rule).replace("  line: {type: bool, on: links}", LINE_AND_WALL)
    with pytest.raises(Exception) as err:
        load_texts(tmp_path, text, PUZZLE)
    assert message in str(err.value)


def accepted(loaded, instance) -> set:
    found = set()
    for pattern in patterns():
        if not Evaluator(loaded.genre, instance, {"line": pattern}).violations():
            found.add(key(pattern))
    return found


def model_patterns(loaded, instance) -> set:
    (line,) = (v for v in loaded.genre.variables if v.name == "line")
    compiled = compile_model(
        loaded.genre, instance, parse_formulation([]), [(line, link) for link in LINKS]
    )
    return every_solution(compiled, lambda values: tuple(values["line"][link] for link in LINKS))


# `VAR forms shots leaving STARTS` on 2x3 cells: a 2 at r1c1 and a 1 at r2c3 (the ? is no
# start: shots need a number)
SHOTS = {(0, 0): 2, (1, 2): 1}


def shots_reading(pattern: dict, water: Cell | None = None) -> bool:
    """Each piece a path from one numbered start at an end, made of straight shots of n,
    n - 1, ... cells, turning and ending only where a shot lands (and, with `water`, no shot
    landing there)."""
    near = {c: [] for c in CELLS}
    for link, used in pattern.items():
        if used:
            a, b = ends(link)
            near[a].append(b)
            near[b].append(a)
    if any(len(near[c]) > (1 if c in SHOTS else 2) for c in CELLS):
        return False
    walked: set = set()
    for start, n in SHOTS.items():
        path = [start]
        while (len(path) == 1 and near[start]) or len(near[path[-1]]) == 2:
            nxt = [c for c in near[path[-1]] if c not in path]
            if not nxt:
                return False  # a loop back to the path
            path.append(nxt[0])
        walked.update(path)
        if len(path) > 1 and path[-1] in SHOTS:
            return False  # two starts joined
        lands, at, shot = {0}, 0, n
        while at < len(path) - 1 and shot > 0:
            at += shot
            lands.add(at)
            shot -= 1
        if len(path) - 1 not in lands:
            return False  # it stops before a shot lands, or goes on after the last
        for i in range(1, len(path) - 1):
            (r0, c0), (r2, c2) = path[i - 1], path[i + 1]
            if i not in lands and r0 != r2 and c0 != c2:
                return False  # a turn in the middle of a shot
        if water is not None and any(path[i] == water for i in lands):
            return False
    return all(c in walked or not near[c] for c in CELLS)  # no line without a start


SHOT_CASES = {
    "shots leaving": (("line forms shots leaving starts",), None),
    "no landing on r1c2": (
        (
            "line forms shots leaving starts",
            "each cell where starts = '?': not (line lands from starts)",
        ),
        (0, 2),
    ),
}


@pytest.mark.parametrize(("rules", "water"), SHOT_CASES.values(), ids=SHOT_CASES)
def test_shots_model_has_the_evaluators_patterns(tmp_path, rules, water):
    loaded, instance = load_texts(tmp_path, genre(*rules), SHOT_PUZZLE)
    found = accepted(loaded, instance)
    assert found == {key(p) for p in patterns() if shots_reading(p, water)}
    assert len(found) >= 2
    assert model_patterns(loaded, instance) == found


SHOT_PUZZLE = """\
starts:
2 . ?
. . 1
"""
