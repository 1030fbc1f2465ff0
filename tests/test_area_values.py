"""`area of C` (docs/language.md §8.3): the cells of the area of C that holds a cell, as a set
any aggregate reads (its size, its clues, the areas next to a number). On small grids the
model has exactly the patterns the evaluator accepts, and those are the ones a flood fill
written here accepts, under both lowerings of the rooted connectivity it uses."""

from __future__ import annotations

import itertools

import pytest
from test_free_areas import areas_of
from test_language_concepts import model_patterns, shading

from helpers import accepted_patterns, load_texts

GRID = "1..\n.3.\n..."
CLUES = {(0, 0): 1, (1, 1): 3}


def area_at(pattern: tuple[int, ...], cell, inside: int) -> set:
    """The area of `inside` cells holding `cell` (empty if the cell is not one)."""
    return next((a for a in areas_of(pattern, 3, 3, inside) if cell in a), set())


def neighbours(cell) -> list:
    r, c = cell
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(a, b) for a, b in steps if 0 <= a < 3 and 0 <= b < 3]


def walked(accepts) -> set[tuple[int, ...]]:
    return {p for p in itertools.product((0, 1), repeat=9) if accepts(p)}


CASES = [
    (  # the size of the black area holding the number
        ("each cell where clues is given: count(area of black) = clues",),
        lambda p: all(len(area_at(p, cell, 1)) == n for cell, n in CLUES.items()),
    ),
    (  # the areas next to a number: the sizes of the black areas at its neighbours, summed
        (
            "each cell where clues is given: not black and "
            "sum(count(area of black) of neighbours) = clues",
        ),
        lambda p: all(
            not p[cell[0] * 3 + cell[1]]
            and sum(len(area_at(p, n, 1)) for n in neighbours(cell)) == k
            for cell, k in CLUES.items()
        ),
    ),
    (  # every white area holds exactly one number and two cells at most (read at each cell)
        (
            "each cell where white: count(area of white where clues is given) = 1 and "
            "count(area of white) <= 2",
        ),
        lambda p: all(len(a & CLUES.keys()) == 1 and len(a) <= 2 for a in areas_of(p, 3, 3, 0)),
    ),
    (  # from a named cell: the number's white area holds that many cells
        ("each cell as c where clues is given: white and count(area of white from c) = c.clues",),
        lambda p: all(len(area_at(p, cell, 0)) == n for cell, n in CLUES.items()),
    ),
]


@pytest.mark.parametrize("options", [(), ("--formulation", "connected=flow")])
@pytest.mark.parametrize(("rules", "accepts"), CASES)
def test_the_model_has_the_evaluators_patterns(tmp_path, rules, accepts, options):
    loaded, instance = load_texts(tmp_path, shading(*rules), f"clues:\n{GRID}\n")
    accepted = accepted_patterns(loaded, instance, "black")
    assert accepted == walked(accepts)
    assert len(accepted) >= 9
    formulation = tuple(o for o in options if "=" in o)
    assert model_patterns(loaded, instance, formulation) == accepted


@pytest.mark.parametrize("options", [(), ("connected=flow",)])
def test_two_named_cells_share_an_area(tmp_path, options):
    """`d in area of white from c`: the 1s share a white area, which holds no 2."""
    rules = (
        "each cell as c where clues = 1: each cell as d where clues = 1: d in area of white from c",
        "each cell as c where clues = 1: each cell as d where clues = 2: "
        "not (d in area of white from c)",
    )
    loaded, instance = load_texts(tmp_path, shading(*rules), "clues:\n1.2\n...\n..1\n")
    accepted = accepted_patterns(loaded, instance, "black")

    def accepts(p):
        island = area_at(p, (0, 0), 0)
        return (2, 2) in island and (0, 2) not in island

    assert accepted == walked(accepts)
    assert len(accepted) >= 9
    assert model_patterns(loaded, instance, options) == accepted


def test_a_condition_on_the_input_is_a_fixed_area(tmp_path):
    """`area of clues is given` is decided by the puzzle: a flood fill, no unknowns."""
    rules = ("each cell where clues = 3: count(area of (clues is given)) = 3", "count(black) = 0")
    loaded, instance = load_texts(tmp_path, shading(*rules), "clues:\n12.\n.3.\n...\n")
    accepted = accepted_patterns(loaded, instance, "black")
    assert accepted == walked(lambda p: sum(p) == 0)
    assert model_patterns(loaded, instance) == accepted


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("each point: count(area of black) = 0", "'area of' starts from a cell"),
        ("each cell: count(area of clues) = 0", "g.yaml:10:31: error: expected a bool here"),
        ("each cell: d in area of black", "'d' is not named by an enclosing 'each ... as d'"),
        ("each point as d: d in area of black", "'area of' starts from a cell"),
        ("each cell as c: each point as d: d in area of black from c", "'d' is a point"),
        ("each cell as c: c.black + 1 in area of black", "takes the name of an element on its"),
    ],
)
def test_what_area_of_refuses(tmp_path, run, rule, message):
    (tmp_path / "g.yaml").write_text(shading(rule))
    (tmp_path / "p.txt").write_text("clues:\n..\n")
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt")
    assert (result.code, "Traceback" in result.err) == (2, False)
    assert "g.yaml:10:" in result.err and message in result.err, result.err
