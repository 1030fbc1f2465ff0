"""`each area of C: size = E [and ...]` without an anchor (docs/language.md §9.4): under each
lowering of `area` the model has exactly the evaluator's patterns on small grids (shapes from
each area's first cell, or cells assigned to it); what a lowering cannot take is refused with
the rule's place."""

from __future__ import annotations

import itertools

import pytest
from test_area_lowerings import ISLANDS, patterns

from dslsolve.formulations import CHOICES


def areas_of(pattern: tuple[int, ...], rows: int, columns: int, inside: int) -> list[set]:
    """The maximal orthogonally connected sets of cells equal to `inside`."""
    cells = itertools.product(range(rows), range(columns))
    left = {(r, c) for r, c in cells if pattern[r * columns + c] == inside}
    areas = []
    while left:
        stack = [left.pop()]
        area = set(stack)
        while stack:
            r, c = stack.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in left:
                    left.discard(n)
                    area.add(n)
                    stack.append(n)
        areas.append(area)
    return areas


def walked(grid: str, inside: int, fits) -> set[tuple[int, ...]]:
    """The patterns whose every area of `inside` cells `fits` (its cells, the clues), walked
    here."""
    lines = grid.splitlines()
    clues = {(r, c): t for r, line in enumerate(lines) for c, t in enumerate(line) if t != "."}
    rows, columns = len(lines), len(lines[0])
    return {
        pattern
        for pattern in itertools.product((0, 1), repeat=rows * columns)
        if all(fits(area, clues) for area in areas_of(pattern, rows, columns, inside))
    }


BARE = [
    ("each area of black: size = 3", "...\n...\n...", 1, lambda area, _: len(area) == 3),
    ("each area of black: size <= 2", "...\n...", 1, lambda area, _: len(area) <= 2),
    # E from the puzzle's size
    ("each area of black: size = columns", "...\n...", 1, lambda area, _: len(area) == 3),
    # areas of a define, not of the variable
    ("each area of white: size = 2", "...\n...\n...", 0, lambda area, _: len(area) == 2),
    ("each area of black: 9 = size", "...\n...\n...", 1, lambda area, _: len(area) == 9),
    ("each area of black: size = 0", "..\n..", 1, lambda area, _: False),  # nothing black
]


@pytest.mark.parametrize("choice", CHOICES["area"])
@pytest.mark.parametrize(("rule", "grid", "inside", "fits"), BARE)
def test_the_model_has_the_evaluators_patterns(tmp_path, choice, rule, grid, inside, fits):
    found, wanted = patterns(tmp_path, rule, grid, choice)
    assert found == wanted
    assert wanted == walked(grid, inside, fits)


@pytest.mark.parametrize("choice", ["anchored", "mixed"])
def test_a_body_that_says_more_is_checked_on_each_shape(tmp_path, choice):
    rule = "each area of white: size = 3 and count(clues is given) <= 1 and count(clues = 2) = 0"
    grid = "1..\n.2.\n..1"

    def fits(area, clues):
        return len(area) == 3 and len(area & clues.keys()) <= 1 and "2" not in map(clues.get, area)

    found, wanted = patterns(tmp_path, rule, grid, choice)
    assert found == wanted
    assert wanted == walked(grid, 0, fits)


def rectangle(area: set) -> bool:
    rows, columns = {r for r, _ in area}, {c for _, c in area}
    return len(area) == len(rows) * len(columns)


def square(area: set) -> bool:
    return rectangle(area) and len({r for r, _ in area}) == len({c for _, c in area})


@pytest.mark.parametrize("choice", ["anchored", "mixed"])
@pytest.mark.parametrize(
    ("rule", "fits", "grid"),
    [
        ("each area of black: size = width * height and width = height", square, "...\n...\n..."),
        ("each area of black: size = width * height", rectangle, "...\n..."),
    ],
)
def test_rectangles_need_no_size_bound(tmp_path, choice, rule, fits, grid):
    """`size = width * height` makes only rectangles candidates (grown from their top left
    cell), of any size the grid holds; the other conjuncts pick among them."""
    found, wanted = patterns(tmp_path, rule, grid, choice)
    assert found == wanted
    assert wanted == walked(grid, 1, lambda area, _: fits(area))


@pytest.mark.parametrize("choice", ["mixed-native", "assign-native"])
def test_cpsat_with_the_native_islands_needs_no_cut(tmp_path, choice):
    """Larger than `SHAPES_UP_TO`: assigned under mixed-native too; the native rooted set
    (roots: the representatives) keeps each area connected without a cut."""
    rule = "each area of black: size = 8"
    found, wanted = patterns(tmp_path, rule, "...\n...\n...", choice, native=True)
    assert found == wanted
    assert wanted == walked("...\n...\n...", 1, lambda area, _: len(area) == 8)


@pytest.mark.parametrize(
    ("rule", "options", "message"),
    [
        (
            "each area of black: size = 2 and count(clues is given) = 0",
            ["--formulation", "area=assign"],
            "area=assign takes a body of 'size = E' (or 'size <= E') only; for more, choose "
            "--formulation area=anchored",
        ),
        (
            "each area of black: size = sum(clues)",
            [],
            "without an anchor, the size bound must be the same for every area",
        ),
        (
            "each area of black: size = count(clues is given)",
            [],
            "without an anchor, the size bound must be the same for every area",
        ),
        (
            "each area of black: size > 2",
            [],
            "the body needs 'size = E' or 'size <= E' to bound the areas",
        ),
    ],
)
def test_what_cannot_be_lowered_is_refused_at_the_rule(tmp_path, run, rule, options, message):
    (tmp_path / "g.yaml").write_text(ISLANDS.replace("RULE", rule))
    (tmp_path / "p.txt").write_text("clues:\n2..\n...\n..3\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt", *options)
    assert result.code == 2
    line = ISLANDS.splitlines().index('  - "RULE"') + 1
    assert f"g.yaml:{line}:6: error" in result.err
    assert message in result.err
    assert "Traceback" not in result.err
