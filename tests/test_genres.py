"""Every shipped instance solves to its known solution, and the evaluator accepts the answer
(the solve command runs the evaluator on every answer and exits 3 if it rejects one; these
tests also check the solution files directly). Each alternative lowering is run where it
changes the model, on one instance per genre: the smallest instance of the genre whose
default run asks for the construct that the alternative lowers (see
`test_every_alternative_lowering_finds_the_same_solution`)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import pytest

from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import CHOICES, Formulation, parse_formulation
from dslsolve.output import parse_solution, render
from dslsolve.solve import solve_puzzle

from helpers import PUZZLES, genre_file, instances, solution_file

INSTANCES = instances()
IDS = [f"{genre}/{puzzle.stem}" for genre, puzzle in INSTANCES]

# every choice but the first; and the first of each construct that a shipped genre file
# chooses otherwise (`formulation:`), where the first is then the alternative (checked below)
CHOSEN_BY_GENRES = ("domain",)
ALTERNATIVES = [f"{name}={choice}" for name, options in CHOICES.items() for choice in options[1:]]
ALTERNATIVES += [f"{name}={CHOICES[name][0]}" for name in CHOSEN_BY_GENRES]


def own_default(genre: str, option: str) -> bool:
    """Is `option` the lowering the genre's default run takes (its file's or the first)?"""
    name, _, choice = option.partition("=")
    chosen = dict(load_genre(str(genre_file(genre))).genre.formulation)
    return chosen.get(name, CHOICES[name][0]) == choice


def test_every_genre_has_its_example_and_two_more():
    genres = {genre for genre, _ in INSTANCES}
    assert genres >= {"sudoku", "hitori", "nurikabe", "akari", "kakuro", "nonogram", "slitherlink"}
    for genre in genres:
        names = [p.stem for g, p in INSTANCES if g == genre]
        assert "example" in names
        assert len(names) >= 3, genre


def solve_and_compare(genre: str, puzzle, options: list[str]) -> None:
    loaded = load_genre(str(genre_file(genre)))
    instance = read_puzzle(str(puzzle), loaded)
    outcome = solve_puzzle(loaded, instance, parse_formulation(options))
    assert outcome.status == "solved", outcome.contradictions
    assert outcome.violations == []
    assert render(loaded, instance, outcome.assignment) == solution_file(puzzle).read_text()


def in_genre_group(pairs: list[tuple]) -> list:
    """The parameters, each marked to run on the test worker of its genre (`--dist=loadgroup`):
    the alternative lowerings of a genre then find its default runs recorded there."""
    return [
        pytest.param(*pair, marks=pytest.mark.xdist_group(f"genre-{pair[0]}")) for pair in pairs
    ]


@dataclass(frozen=True)
class DefaultRun:
    status: str
    contradictions: list
    violations: list
    printed: str | None
    lowered: frozenset[str]  # the constructs whose lowering the run asked for
    unique: bool | None  # asked of the examples only


@functools.cache
def default_run(genre: str, puzzle) -> DefaultRun:
    """The instance solved with the default lowerings, recording the constructs it lowers; once
    per test worker (the default test, the uniqueness of the examples and the selection of the
    alternatives' instances share it). An example is solved with `unique` (its first answer is
    the one a run without it finds, then a second solve looks for another)."""
    loaded = load_genre(str(genre_file(genre)))
    instance = read_puzzle(str(puzzle), loaded)
    formulation = RecordingFormulation()
    unique = puzzle.stem == "example"
    outcome = solve_puzzle(loaded, instance, formulation, unique=unique)
    printed = None
    if outcome.status == "solved":
        printed = render(loaded, instance, outcome.assignment)
    return DefaultRun(
        outcome.status,
        list(outcome.contradictions),
        list(outcome.violations),
        printed,
        frozenset(formulation.consulted),
        outcome.unique if unique else None,
    )


@pytest.mark.parametrize(("genre", "puzzle"), in_genre_group(INSTANCES), ids=IDS)
def test_default_formulation_finds_the_known_solution(genre, puzzle):
    run = default_run(genre, puzzle)
    assert run.status == "solved", run.contradictions
    assert run.violations == []
    assert run.printed == solution_file(puzzle).read_text()


# Measured, not assumed: pairwise big-M alldifferent does not solve the 16x16 sudoku within
# 60 s (one-hot: about 1 s), so it is compared on the smaller instances only.
# The same for a 6x6 futoshiki: no answer within 100 s (one-hot: 0.05 s).
TOO_SLOW = {
    # armyants' 8x8 (16,604 variables): 2.3-4.6 s under each alternative; its 4x4 and 6x6
    # run them all in 0.3-2 s
    *(
        (option, "armyants/constructed-8x8")
        for option in ("domain=integer", "connected=flow", "compare=table", "compare=bigm")
    ),
    ("alldifferent=pairwise", "sudoku/corpus-16x16_1"),
    ("alldifferent=pairwise", "futoshiki/constructed-6x6"),
    # skyscrapers: 14.7 s and over 100 s with records=pairwise, 54 s and over 100 s with
    # alldifferent=pairwise (the one-hot defaults: 0.13 s and 0.15 s)
    ("records=pairwise", "skyscrapers/constructed-5x5"),
    ("records=pairwise", "skyscrapers/constructed-6x6"),
    ("alldifferent=pairwise", "skyscrapers/constructed-5x5"),
    ("alldifferent=pairwise", "skyscrapers/constructed-6x6"),
    # kropki: 11 s and over 60 s with compare=bigm, 53 s for the 6x6 with domain=integer
    # (whose comparisons are big-M too); compare=table: 0.04 s and 0.26 s, compare=support:
    # 0.06 s and 0.13-0.19 s
    ("compare=bigm", "kropki/constructed-5x5"),
    ("compare=bigm", "kropki/constructed-6x6"),
    ("domain=integer", "kropki/constructed-6x6"),
    # a `?` island enumerated as every shape of any size: nurikabe's 5x5 has 72,545 variables
    # and takes 23 s with area=anchored (the default: 166 variables, 1 s); nuribou's 16 s
    ("area=anchored", "nurikabe/puzzlink-question-5x5"),
    ("area=anchored", "nuribou/puzzlink-question-5x5"),
    # easy as ABC and minarism: 15-23 s each with alldifferent=pairwise (one-hot: under 0.5 s)
    ("alldifferent=pairwise", "easy_as_abc/constructed-5x5"),
    ("alldifferent=pairwise", "easy_as_abc/constructed-6x6"),
    ("alldifferent=pairwise", "minarism/constructed-5x5"),
    ("alldifferent=pairwise", "minarism/constructed-6x6"),
}


# Alternatives that change the models of these genres only (bench/dump_models.py): elsewhere
# the run would repeat the default's. planar=none: the genres that say a set and its complement
# are connected (cave: one of them to the border).
# abs=sign: the genres with an absolute value (`|a.digit - b.digit|`).
# connected=native: the genres with `cells connected` (not via links). connected=lazy: the
# default (hybrid) posts its native global only after 15 rounds, which no shipped instance
# needs, so lazy would repeat the default's runs (tests/test_native_globals.py tests the
# deferral). The islands without (area=mixed) or with the native global (assign-native): the
# genres with `each area of`.
CONNECTED = "aqre cave creek heyawake hitori kurodoko mochikoro nanro nurikabe nurimisaki"
CONNECTED += " paint_area sukoro tapa yin_yang"
CONNECTED += " kurochute yajikazu ayeheya shimaguni"
CONNECTED += " usoone"
CONNECTED += " mochinyoro"
CONNECTED += " stostone nurimaze"
CONNECTED += " tentaisho"
ONLY_IN = {
    "planar=none": {"yin_yang", "cave"},
    "abs=sign": {"minarism", "kropki"},
    "connected=native": set(CONNECTED.split()),
    "connected=lazy": set(),
    # over one-hot values (the default domain) native is onehot; over integers it is tested
    # in tests/test_alldifferent_native.py
    "alldifferent=native": set(),
    "area=mixed": {"nurikabe", "icebarn"},
    "area=assign-native": {"nurikabe", "icebarn"},
    # assign takes a size bound alone: tasquare's squares and mochikoro's rectangles are
    # refused there, as tests/test_free_areas.py checks; elsewhere only nurikabe and icebarn
    # have `each area`
    "area=assign": {"nurikabe", "icebarn"},
    "area=assign-flow": {"nurikabe", "icebarn"},
    "area=mixed-layers": {"nurikabe", "icebarn"},
}


@dataclass(frozen=True)
class RecordingFormulation(Formulation):
    """The default formulation, noting each construct whose lowering the compiler or the
    solve loop asks for. Every choice is read through `Formulation[construct]`, so a construct
    never asked for in the default run cannot change anything when another lowering is chosen."""

    consulted: set[str] = field(default_factory=set)

    def __getitem__(self, construct: str) -> str:
        self.consulted.add(construct)
        return super().__getitem__(construct)


def constructs_lowered(genre: str, puzzle) -> frozenset[str]:
    """The constructs whose lowering the default run of this instance asks for."""
    return default_run(genre, puzzle).lowered


@functools.cache
def cells(genre: str, puzzle) -> int:
    instance = read_puzzle(str(puzzle), load_genre(str(genre_file(genre))))
    return instance.rows * instance.columns


def smallest_first(genre: str) -> list:
    """The genre's instances, the fewest cells first (then by name)."""
    puzzles = [puzzle for g, puzzle in INSTANCES if g == genre]
    return sorted(puzzles, key=lambda puzzle: (cells(genre, puzzle), puzzle.stem))


def instance_for(genre: str, option: str):
    """The instance of `genre` that the alternative `option` runs on: the smallest whose default
    run lowers the option's construct (so that the option changes its model), leaving out
    those TOO_SLOW names for it; None where no instance lowers the construct."""
    construct = option.partition("=")[0]
    for puzzle in smallest_first(genre):
        if (option, f"{genre}/{puzzle.stem}") in TOO_SLOW:
            continue
        if construct in constructs_lowered(genre, puzzle):
            return puzzle
    return None


GENRES = sorted({genre for genre, _ in INSTANCES})
# ONLY_IN's exclusions cost nothing to know, so they are left out of the parameters
PAIRS = [
    (genre, option)
    for option in ALTERNATIVES
    for genre in GENRES
    if genre in ONLY_IN.get(option, {genre})
]


@pytest.mark.parametrize(
    ("genre", "option"), in_genre_group(PAIRS), ids=[f"{g}-{o}" for g, o in PAIRS]
)
def test_every_alternative_lowering_finds_the_same_solution(genre, option):
    """Each alternative lowering on ONE instance of each genre whose model it changes: the
    smallest instance whose default run asks for the construct the option lowers (an option
    whose construct the default run never asks for cannot change the model, and ONLY_IN names
    the options that change the models of a few genres only). The genre's other instances
    would run the same rules through the same lowering, only on larger grids; their default
    runs are checked above. The selection is made from the data of each run (the constructs
    it lowers), so a new genre or instance falls under it without a list to update; TOO_SLOW
    steers it to another instance."""
    if own_default(genre, option):
        pytest.skip("the genre's own default: test_default_formulation_finds_the_known_solution")
    puzzle = instance_for(genre, option)
    if puzzle is None:
        pytest.skip("no instance of the genre has a rule that this construct lowers")
    solve_and_compare(genre, puzzle, [option])


def test_the_alternatives_include_what_genre_files_choose_instead():
    chosen = {
        name
        for genre in {genre for genre, _ in INSTANCES}
        for name, _ in load_genre(str(genre_file(genre))).genre.formulation
    }
    assert chosen <= set(CHOSEN_BY_GENRES)


def test_the_default_run_names_the_constructs_it_lowers():
    """The skip above must be able to fail to skip: sudoku lowers alldifferent and no loop,
    masyu a loop and no alldifferent."""
    sudoku = constructs_lowered("sudoku", PUZZLES / "sudoku" / "example.txt")
    masyu = constructs_lowered("masyu", PUZZLES / "masyu" / "example.txt")
    assert "alldifferent" in sudoku and "loop" not in sudoku
    assert "loop" in masyu and "alldifferent" not in masyu


def test_every_pair_whose_model_differs_keeps_an_instance():
    """The selection must still pick an instance for every genre/alternative pair whose model
    the alternative changes: TOO_SLOW may steer a pair to another instance, never leave it
    without one. Where instances differ in what they lower (nuribou's `?` islands lower
    `connected`, its example does not), the smallest that lowers the construct is picked."""
    for option, name in TOO_SLOW:
        genre = name.partition("/")[0]
        if own_default(genre, option) or genre not in ONLY_IN.get(option, {genre}):
            continue
        picked = instance_for(genre, option)
        assert picked is not None, (genre, option)
        assert f"{genre}/{picked.stem}" != name
    example, question = (
        PUZZLES / "nuribou" / f"{stem}.txt" for stem in ("example", "constructed-question-4x4a")
    )
    assert "connected" not in constructs_lowered("nuribou", example)
    assert "connected" in constructs_lowered("nuribou", question)
    picked = instance_for("nuribou", "connected=flow")
    assert "question" in picked.stem and cells("nuribou", picked) <= cells("nuribou", question)


@pytest.mark.parametrize(("genre", "puzzle"), INSTANCES, ids=IDS)
def test_the_evaluator_accepts_every_known_solution(genre, puzzle):
    loaded = load_genre(str(genre_file(genre)))
    instance = read_puzzle(str(puzzle), loaded)
    path = solution_file(puzzle)
    assignment = parse_solution(loaded, instance, path.read_text(), str(path))
    assert Evaluator(loaded.genre, instance, assignment).violations() == []


EXAMPLES = [i for i in INSTANCES if i[1].stem == "example"]


@pytest.mark.parametrize(
    ("genre", "puzzle"), in_genre_group(EXAMPLES), ids=[f"{g}-example" for g, _ in EXAMPLES]
)
def test_examples_are_unique(genre, puzzle):
    assert default_run(genre, puzzle).unique is True


def test_every_puzzle_file_has_its_solution_file():
    """An instance without a solution file would be skipped by every test here."""
    puzzles = [p for p in PUZZLES.glob("*/*.txt") if not p.name.endswith(".solution.txt")]
    assert puzzles
    assert [p for p in puzzles if not solution_file(p).exists()] == []
