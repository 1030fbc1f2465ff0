"""`VAR forms [single loop of] segments between (X, Y) [crossing at right angles | without
crossings]` (docs/language.md §16, dslsolve/constructs/segments): on small sets of points the
model has exactly the drawings the evaluator accepts, and those are the ones a plain-Python
reading of the geometry here accepts (a segment over a point, crossings and their angles, one
closed polygon); misuse is a located error."""

from __future__ import annotations

import itertools

import pytest

from dslsolve.compiler import compile_model
from dslsolve.errors import DslError
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation

from helpers import every_native_solution, every_solution, load_texts

GENRE = """\
name: drawings
input:
  spots: {type: table, fields: [x, y]}
sets:
  p: {rows: spots}
  q: {rows: spots}
variables:
  seg: {type: bool, on: p x q}
rules:
RULES
output:
  lines: p
  tokens: q
  cell:
    - show: seg
"""

# a centre on both diagonals and on two middle lines; five points in general position (some
# crossings not at right angles); a square's diagonals crossing at a right angle, and a point
# beside
POINTS = {
    "centre": [(0, 0), (2, 0), (0, 2), (2, 2), (1, 1)],
    "general": [(0, 0), (2, 0), (0, 1), (3, 2), (1, 2)],
    "square": [(0, 0), (2, 2), (2, 0), (0, 2), (4, 1)],
}


def _orient(a, b, c):
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def by_hand(points, drawn, crossing, loop) -> bool:
    """Whether the drawn pairs (i, j), i < j, are a drawing the rule accepts, read here."""
    for i, j in drawn:
        a, b = points[i], points[j]
        for k, c in enumerate(points):
            between = all(min(a[n], b[n]) <= c[n] <= max(a[n], b[n]) for n in (0, 1))
            if k not in (i, j) and _orient(a, b, c) == 0 and between:
                return False
    for (i, j), (k, m) in itertools.combinations(drawn, 2):
        if len({i, j, k, m}) < 4:
            continue
        a, b, c, d = points[i], points[j], points[k], points[m]
        if _orient(a, b, c) * _orient(a, b, d) < 0 and _orient(c, d, a) * _orient(c, d, b) < 0:
            dot = (b[0] - a[0]) * (d[0] - c[0]) + (b[1] - a[1]) * (d[1] - c[1])
            if crossing == "none" or (crossing == "right" and dot != 0):
                return False
    if loop:
        degree = [sum(n in pair for pair in drawn) for n in range(len(points))]
        if not drawn or any(d not in (0, 2) for d in degree):
            return False
        reached, todo = set(), [drawn[0][0]]
        while todo:
            n = todo.pop()
            if n not in reached:
                reached.add(n)
                todo += [j if i == n else i for i, j in drawn if n in (i, j)]
        if len(reached) != sum(d > 0 for d in degree):
            return False
    return True


CLAUSE = {"any": "", "right": " crossing at right angles", "none": " without crossings"}


def compare(tmp_path, name, crossing, loop, extra=(), lazy=False):
    """The drawings of the model (cpsat with its circuit, or cbc with the lazy cuts), of the
    evaluator and of `by_hand`, which must be one set."""
    points = POINTS[name]
    form = "single loop of segments" if loop else "segments"
    rules = [f"seg forms {form} between (x, y){CLAUSE[crossing]}", *extra]
    genre = GENRE.replace("RULES", "\n".join(f"  - {r!r}" for r in rules))
    puzzle = "spots:\n" + "".join(f"{x} {y}\n" for x, y in points)
    loaded, instance = load_texts(tmp_path, genre, puzzle)
    n = len(points)
    pairs = list(itertools.combinations(range(n), 2))
    keys = [(i + 1, j + 1) for i, j in pairs]
    compiled = compile_model(loaded.genre, instance, parse_formulation([]), [])
    enumerate_ = every_solution if lazy else every_native_solution
    model = enumerate_(
        compiled, lambda v: tuple(p for p, k in zip(pairs, keys, strict=True) if v["seg"][k])
    )
    accepted, hand = set(), set()
    degree_limit = None
    for rule in extra:
        degree_limit = int(rule.rsplit(" ", 1)[1])
    for chosen in itertools.product((0, 1), repeat=len(pairs)):
        drawn = tuple(p for p, bit in zip(pairs, chosen, strict=True) if bit)
        if degree_limit is not None and any(
            sum(k in pair for pair in drawn) > degree_limit for k in range(n)
        ):
            continue
        seg = {(i, j): 0 for i in range(1, n + 1) for j in range(1, n + 1)}
        for i, j in drawn:
            seg[(i + 1, j + 1)] = seg[(j + 1, i + 1)] = 1
        if not Evaluator(loaded.genre, instance, {"seg": seg}).violations():
            accepted.add(drawn)
        if by_hand(points, drawn, crossing, loop):
            hand.add(drawn)
    assert model == accepted == hand
    return model


@pytest.mark.parametrize("name", sorted(POINTS))
@pytest.mark.parametrize("crossing", sorted(CLAUSE))
def test_loops_are_the_evaluators(tmp_path, name, crossing):
    found = compare(tmp_path, name, crossing, loop=True)
    assert found  # each point set has some polygon


def test_the_lazy_cuts_find_the_same_loops(tmp_path):
    compare(tmp_path, "general", "right", loop=True, lazy=True)


@pytest.mark.parametrize("crossing", sorted(CLAUSE))
def test_drawings_are_the_evaluators(tmp_path, crossing):
    """Without the loop: every drawing of at most one segment per point (a matching)."""
    compare(tmp_path, "square", crossing, loop=False, extra=["each p: count(q where seg) <= 1"])


def test_the_clauses_differ(tmp_path):
    """The square's two diagonals cross at a right angle; general points cross otherwise."""
    right = compare(tmp_path, "square", "right", loop=True)
    none = compare(tmp_path, "square", "none", loop=True)
    assert none < right
    assert any((0, 1) in drawn and (2, 3) in drawn for drawn in right - none)


def test_a_drawing_the_one_way_and_a_point_joined_to_itself_are_violations(tmp_path):
    genre = GENRE.replace("RULES", "  - seg forms segments between (x, y)")
    loaded, instance = load_texts(tmp_path, genre, "spots:\n0 0\n1 0\n")
    seg = {(1, 1): 1, (1, 2): 1, (2, 1): 0, (2, 2): 0}
    found = [v.where for v in Evaluator(loaded.genre, instance, {"seg": seg}).violations()]
    assert found == [
        "point 1 (0,0) is joined to itself",
        "the segment point 1 (0,0) - point 2 (1,0) is drawn one way only",
    ]


@pytest.mark.parametrize(
    ("variables", "rule", "message"),
    [
        (
            "seg: {type: int, domain: 0..1, on: p x q}",
            "seg forms segments between (x, y)",
            "'seg' cannot be segments between points",
        ),
        (
            "seg: {type: bool, on: p}",
            "seg forms segments between (x, y)",
            "'seg' cannot be segments between points",
        ),
        ("seg: {type: bool, on: p x q}", "seg forms segments between (x, z)", "'z'"),
        (
            "seg: {type: bool, on: p x q}",
            "each p: seg forms segments between (x, y)",
            "segments between points",
        ),
    ],
)
def test_misuse_is_located(tmp_path, variables, rule, message):
    genre = GENRE.replace("RULES", f"  - {rule!r}").replace(
        "  seg: {type: bool, on: p x q}", "  " + variables
    )
    with pytest.raises(DslError) as caught:
        load_texts(tmp_path, genre, "spots:\n0 0\n1 0\n")
    assert message in str(caught.value)
