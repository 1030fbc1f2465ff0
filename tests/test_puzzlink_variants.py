"""The variants puz.link URLs carry (ENCODINGS.md's pflags, `v:` variants, `?` clues): each
read by the genre that declares it, or refused with a message naming the variant (exit 2)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from test_url_genres import _pzpr_boards

from dslsolve.compiler import compile_model
from dslsolve.dsl.genre import load_genre
from dslsolve.errors import DslError
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.geometry import Grid
from dslsolve.output import parse_solution
from dslsolve.puzzlink.referee import pzpr_files, referee_ready
from dslsolve.puzzlink.source import read_puzzle
from dslsolve.puzzlink.url import parse_url
from dslsolve.shipped import genre_for_url

from helpers import (
    PUZZLES,
    accepted_patterns,
    canonical,
    every_solution,
    genre_file,
    load_texts,
    solution_file,
)

# --- '?' in a tapa clue: a run of any length; a '?' alone is any number, 0 included ----------

RING = """\
name: ring
input:
  clues: {type: grid, split: ',', symbols: '?'}
variables:
  black: {type: bool}
rules:
  - each cell where clues is given: not black
  - each cell where clues is given: runs(black of ring) = clues
output:
  cell:
    - when: black
      symbol: "#"
    - show: clues
    - symbol: "."
"""


def ring_runs(black: dict, cell: tuple[int, int]) -> list[int]:
    """The runs of black around a cell, clockwise from the top left, as pzprjs's tapa reads
    them (off the grid is white; a run across the start counts once)."""
    r, c = cell
    ring = [(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)]
    bits = "".join("1" if black.get((r + dr, c + dc)) else "0" for dr, dc in ring)
    if bits == "1" * 8:
        return [8]
    turned = bits[bits.index("0") :] + bits[: bits.index("0")]
    return [len(run) for run in turned.split("0") if run]


def today_accepts(clue: list[int | None], runs: list[int]) -> bool:
    """robx/pzprjs tapa.js checkCountOfClueCell, restated: as many runs as numbers (no run
    reads as one run of 0), each given number one of the runs; None is a '?'."""
    runs = runs or [0]
    if len(clue) != len(runs):
        return False
    for number in clue:
        if number is not None:
            if number not in runs:
                return False
            runs.remove(number)
    return True


@pytest.mark.parametrize(
    ("grid", "clues"),
    [
        (".?.\n...", {(0, 1): [None]}),  # no run, or one of any length
        (".1,?.\n...", {(0, 1): [1, None]}),
        (".?,?.\n...", {(0, 1): [None, None]}),
        ("?.\n..\n.?,1", {(0, 0): [None], (2, 1): [None, 1]}),
    ],
)
def test_a_question_entry_is_solved_as_todays_puzzlink_checks_it(tmp_path, grid, clues):
    """On small grids the model's answers are exactly the evaluator's, and those are the ones
    today's puz.link accepts."""
    text = "\n".join(" ".join(_cells(line)) for line in grid.split("\n"))
    loaded, instance = load_texts(tmp_path, RING, f"clues:\n{text}\n")
    cells = Grid(instance.rows, instance.columns).cells()
    shown = [(loaded.genre.variables[0], c) for c in cells]
    compiled = compile_model(loaded.genre, instance, parse_formulation([]), shown)
    found = every_solution(compiled, lambda values: tuple(values["black"][c] for c in cells))
    wanted = set()
    for pattern in itertools.product((0, 1), repeat=len(cells)):
        black = dict(zip(cells, pattern, strict=True))
        clued = [not black[c] and today_accepts(k, ring_runs(black, c)) for c, k in clues.items()]
        if all(clued):
            wanted.add(pattern)
    assert found == accepted_patterns(loaded, instance, "black") == wanted
    assert wanted  # a clue that nothing meets would test nothing


def _cells(line: str) -> list[str]:
    """A test grid's row: one cell a character, a clue with commas one cell."""
    out: list[str] = []
    for char in line:
        if char == "," or (out and out[-1].endswith(",")):
            out[-1] += char
        else:
            out.append(char)
    return out


def test_a_tapa_url_with_question_clues(run):
    """pzprjs's test board with '?' in three clues (alone, in a list of three, of two) still
    has the board's answer, alone."""
    url = "https://puzz.link/p?tapa/5/5/.n5hb5hain2"  # the board's URL: tapa/5/5/3n5hchhajn2
    loaded = load_genre(str(genre_file("tapa")))
    clues = read_puzzle(url, loaded).grids["clues"]
    assert (str(clues[(0, 0)]), str(clues[(2, 2)]), str(clues[(3, 0)])) == ("?", "?,1,1", "3,?")
    result = run(genre_file("tapa"), url, "--unique", "--time-limit", "30")
    assert result.code == 0 and "no other solution" in result.err
    board = PUZZLES / "tapa" / "puzzlink-5x5.txt"
    instance = read_puzzle(str(board), loaded)
    known = parse_solution(loaded, instance, solution_file(board).read_text(), "")
    answer = parse_solution(loaded, read_puzzle(url, loaded), result.out, "")
    assert answer["black"] == known["black"]
    assert Evaluator(loaded.genre, read_puzzle(url, loaded), answer).violations() == []


# --- every variant ENCODINGS.md lists for a shipped type: read, or refused by name ----------

SHIPPED_GENRES = sorted(
    p.stem for p in PUZZLES.glob("*.yaml") if load_genre(str(p)).puzzlink is not None
)

# ENCODINGS.md section 1: the pflags of the shipped types (type, flag, what it changes)
PFLAGS = [
    ("slither", "f", "all points must be visited"),
    ("mashu", "f", "all cells must be visited"),
    ("yajilin", "o", "shaded cells outside the loop"),
    ("country", "e", "areas need not be visited"),
    ("arukone", "e", "lines need not pass all cells"),
    ("fillomino", "t", "maximum block size 3"),
    ("creek", "d", "old format"),
    ("lits", "d", "old format"),
    ("aquarium", "r", "a rule variant"),
]


def _genre_of_type(kind: str) -> str:
    return next(g for g in SHIPPED_GENRES if kind in load_genre(str(genre_file(g))).puzzlink.types)


@pytest.mark.parametrize(("kind", "flag", "meaning"), PFLAGS)
def test_a_pflag_that_changes_the_rules_is_refused_by_name(run, kind, flag, meaning):
    url = f"https://puzz.link/p?{kind}/{flag}/2/2/"
    result = run(url, "--time-limit", "5")
    assert result.code == 2, meaning
    assert f"flag '{flag}'" in result.err and f"variant of {kind}" in result.err
    assert "no solution" not in result.err + result.out


def test_the_displayed_pflag_is_read():
    """yajilin `b` is display only: the genre file lists it, and the URL reads."""
    assert "b" in load_genre(str(genre_file("yajilin"))).puzzlink.flags
    assert read_puzzle("https://puzz.link/p?yajilin/b/2/2/", load_genre(str(genre_file("yajilin"))))


@pytest.mark.parametrize("genre", SHIPPED_GENRES)
def test_a_v_variant_is_refused_by_name(run, genre):
    kind = load_genre(str(genre_file(genre))).puzzlink.types[0]
    result = run(f"https://puzz.link/p?{kind}/v:x/2/2/", "--time-limit", "5")
    assert result.code == 2 and "variant 'v:x'" in result.err


def test_a_pipelink_url_with_circles_is_the_circle_variant(run):
    """pzprjs reads a pipelink URL whose body holds a digit as pipelinkr (its parser's
    changeProperPid): so does dslsolve, by the URL alone, and pipelink's file refuses it."""
    url = "https://puzz.link/p?pipelink/3/3/1m"
    pipelinkr = load_genre(str(genre_file("pipelinkr")))
    assert read_puzzle(url, pipelinkr)
    assert Path(genre_for_url(url)).name == "pipelinkr.yaml"
    assert Path(genre_for_url("https://puzz.link/p?pipelink/3/3/am")).name == "pipelink.yaml"
    result = run(genre_file("pipelink"), url, "--time-limit", "5")
    assert result.code == 2 and "'pipelinkr' URL is not a pipelink puzzle" in result.err


# a '?' in each decoder's own form (ENCODINGS.md sections 4 and 5), first slot
QUESTION = {
    "number16": ".",
    "number10": ".",
    "number10or16": ".",
    "4cell": ".",
    "4cross": ".",
    "hitori": "%",
    "arrownumber16": "1.",  # an arrow up and "?"
    "tapa": ".",
    "pipelink": ".",
    "walllogic": ".",
    "number16excell": ".",
    "inequalities": ".",
}
# what comes before a '?' part in a 2x2 URL body: an empty part of each decoder
EMPTY_PART = {"border": "00", "count": "1/", "separator": "/"}


def _question_url(genre: str) -> tuple[str, bool] | None:
    """A 2x2 URL of the genre with a '?' in the first part that can hold one, and whether the
    genre declares the '?' (its step's tokens or fields map it)."""
    spec = load_genre(str(genre_file(genre))).puzzlink
    body = ""
    for step in spec.steps:
        if step.decoder in QUESTION:
            maps = [dict(step.tokens), *(dict(m) for _, m in step.fields)]
            declared = any("?" in m for m in maps)
            body += QUESTION[step.decoder]
            return f"https://puzz.link/p?{spec.types[0]}/2/2/{body}", declared
        if step.decoder not in EMPTY_PART:
            return None
        body += EMPTY_PART[step.decoder]
    return None


QUESTION_URLS = [(g, *found) for g in SHIPPED_GENRES if (found := _question_url(g))]


def test_the_question_urls_cover_the_genres():
    assert len(QUESTION_URLS) >= 45
    assert {g for g, _, declared in QUESTION_URLS if declared} >= {"shikaku", "tapa", "nurikabe"}


@pytest.mark.parametrize(("genre", "url", "declared"), QUESTION_URLS)
def test_a_question_clue_is_read_or_refused_by_name(run, genre, url, declared):
    """A genre that declares '?' reads it (a puzzle, solved or not: never a refusal); one
    that does not refuses the URL naming the '?' clue, exit 2, never 'no solution'."""
    result = run(genre_file(genre), url, "--time-limit", "5")
    if declared:
        assert result.code in (0, 1), result.err
    else:
        assert result.code == 2, result.err
        assert "'?' clue" in result.err and "no solution" not in result.err


# --- a URL cut short: read as pzpr reads it, or refused as cut short ---------------------------

# the decoders whose cut bodies pzpr reads to no puzzle (a number `NaN`, the margin sums read
# again from the body's start, a two-character clue read as none, no gates): dslsolve refuses
# them, saying the URL looks cut short
REFUSED_WHEN_CUT = {
    "firefly": "ends inside a value (arrownumber16)",
    "yajilin": "ends inside a value (arrownumber16)",
    "yajikazu": "ends inside a value (arrownumber16)",
    "hebi": "ends inside a value (arrownumber16)",
    "yajitatami": "ends inside a value (arrownumber16)",
    "tapa": "ends inside a value (tapa)",
    "triplace": "ends inside a value (triplace)",
    "yosenabe": "ends inside a value (yosenabe)",
    "kakuro": "ends before the kakuro grid does",
    "icebarn": "does not end with /IN/OUT",
    "icelom": "does not end with /IN/OUT",
    "icelom2": "does not end with /IN/OUT",
    "kinkonkan": "ends before the margins' letters do",
    "slalom": "ends inside a value (slalom)",
}


@pytest.mark.skipif(not referee_ready(), reason="needs node and `npm ci --prefix referee`")
def test_a_url_cut_short_reads_as_pzpr_reads_it_or_is_refused():
    """Each pzpr test board's URL cut at a third, a half, two thirds and one short: dslsolve
    reads the puzzle pzpr reads (the rest empty), or, for the decoders of REFUSED_WHEN_CUT,
    refuses it with that message."""
    cut_urls = []
    for path, url in _pzpr_boards():
        body = parse_url(url).body
        for cut in {len(body) // 3, len(body) // 2, 2 * len(body) // 3, len(body) - 1} - {0}:
            cut_urls.append((path, url[: len(url) - len(body) + cut], parse_url(url).type))
    assert len({kind for _, _, kind in cut_urls}) >= 50
    read = pzpr_files([url for _, url, _ in cut_urls])
    same, refused, differ = set(), set(), []
    for (path, url, kind), pzpr in zip(cut_urls, read, strict=True):
        genre = load_genre(path)
        try:
            mine = read_puzzle(url, genre)
        except DslError as err:
            assert REFUSED_WHEN_CUT.get(kind, "(not refused)") in err.message, url
            assert "copy it again" in err.message or kind in ("icebarn", "icelom", "icelom2")
            refused.add(kind)
            continue
        theirs = read_puzzle("(pzpr's file)", genre, text=pzpr["file"])
        if (mine.rows, mine.columns, canonical(mine, genre)) == (
            theirs.rows,
            theirs.columns,
            canonical(theirs, genre),
        ):
            same.add(kind)
        else:
            differ.append(url)
    assert differ == []
    assert refused == set(REFUSED_WHEN_CUT) and len(same) >= 50
