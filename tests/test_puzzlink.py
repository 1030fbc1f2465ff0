"""puzz.link URLs: each shipped instance that came from a puzz.link board reads the same from
its URL as from its file; URL forms; refused flags and clues; solving a URL end to end."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from dslsolve.dsl.genre import load_genre
from dslsolve.errors import DslError
from dslsolve.evaluator import Evaluator
from dslsolve.output import parse_solution
from dslsolve.puzzlink.pzprv3 import read_answer, write_pzprv3
from dslsolve.puzzlink.referee import judge, pzpr_verdicts, referee_ready
from dslsolve.puzzlink.source import read_puzzle
from dslsolve.puzzlink.url import parse_url

from helpers import PUZZLES, canonical, genre_file, solution_file

SOURCE_URL = re.compile(r"https?://puzz\.link/p\?[^\s)]+")


def _shipped_urls() -> list[tuple[str, str, str]]:
    """(genre, puzzle file, URL) for every shipped puzzle whose source line names a URL, in a
    genre that reads URLs."""
    found = []
    for puzzle in sorted(PUZZLES.glob("*/*.txt")):
        if puzzle.name.endswith(".solution.txt"):
            continue
        match = SOURCE_URL.search(puzzle.read_text().split("\n", 2)[0])
        genre = puzzle.parent.name
        if match and load_genre(str(genre_file(genre))).puzzlink is not None:
            found.append((genre, str(puzzle), match.group(0)))
    return found


SHIPPED = _shipped_urls()


@pytest.mark.parametrize(
    ("genre", "url", "section", "expected"),
    [  # bodies from ENCODINGS.md's examples and pzprjs's test URLs (MIT)
        ("slitherlink", "slither/5/5/cbcbcddad", "clues", "2..1./.2..1/..2../3..3./.0..3"),
        ("hitori", "hitori/4/4/1114142333214213", "numbers", "1114/1423/3321/4213"),
        ("creek", "creek/3/2/1g5a", "clues", "1.0./0.../...."),
        ("nurikabe", "nurikabe/4/1/-1f+1ff3g", "clues", "31 511 3 ."),
        ("tapa", "tapa/3/1/a7bm9", "clues", "1,1 1,1,2 1,1,1,1"),
        # a body that ends early leaves the other cells empty, as in pzprjs (no "?" clues)
        ("hitori", "hitori/3/2/12a", "numbers", "1 2 10/. . ."),
        # arrows: 1..4 up, down, left, right; 5.. skip 1..; a 4x2 board with no walls
        ("toichika", "toichika/4/2/000164", "givens", "1..4/...."),
        # blocked cells: `.` skips 36 cells, `5` five more, then a block (pzpr reads it so)
        ("dosufuwa", "dosufuwa/7/6/000000000000000.5", "board", "......./" * 5 + "......#"),
        # nuri-maze's start and goal: in the first and the last cell unless the body moves them
        ("nurimaze", "nurimaze/3/2/00534", "marks", "Sot/..G"),
        ("nurimaze", "nurimaze/3/2/0061", "marks", "..S/..G"),
        # tawamurenga's brick walls of shapes 3 and 2: rows of 3 and 4 bricks, or 3 each, a
        # row starting half a brick in where its first half-cell is empty
        ("tawa", "tawa/3/4/3/0123456012", "board", ".0]1]2]./3]4]5]6]/.0]1]2]./[][][][]"),
        ("tawa", "tawa/3/3/2/0a1b2", "board", ".0][]1]/[][]2]./.[][][]"),
        # school trip's pillars: 0..4, 5 "?", 6.. skip 1..
        ("shugaku", "shugaku/4/2/0456", "clues", "04?./...."),
    ],
)
def test_decoders(genre, url, section, expected):
    """Decoders whose formats no shipped instance with a URL exercises."""
    loaded = load_genre(str(genre_file(genre)))
    grid = read_puzzle(f"https://puzz.link/p?{url}", loaded).grids[section]
    rows = expected.split("/")
    tokens = [row.split() if " " in row else list(row) for row in rows]
    want = {(r, c): token for r, row in enumerate(tokens) for c, token in enumerate(row)}
    got = {cell: "." if token is None else str(token) for cell, token in grid.items()}
    assert got == want


def test_nonogram_clues_nearest_the_grid_first():
    nonogram = load_genre(str(genre_file("nonogram")))
    url = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"
    instance = read_puzzle(url, nonogram)
    assert instance.lists["columns"][0] == (2, 1) and instance.lists["rows"][0] == (2, 1)


def test_the_shipped_puzzlink_instances_are_found():
    assert len({genre for genre, _, _ in SHIPPED}) >= 25


@pytest.mark.parametrize(("genre", "puzzle", "url"), SHIPPED, ids=[p for _, p, _ in SHIPPED])
def test_a_url_reads_as_the_shipped_instance(genre, puzzle, url):
    loaded = load_genre(str(genre_file(genre)))
    from_url = read_puzzle(url, loaded)
    from_file = read_puzzle(puzzle, loaded)
    assert (from_url.rows, from_url.columns) == (from_file.rows, from_file.columns)
    assert canonical(from_url, loaded) == canonical(from_file, loaded)


@pytest.mark.parametrize(
    "text",
    [
        "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
        "http://pzv.jp/p.html?nurikabe/5/5/g5k2o1k3g",
        "https://puzz.link/p?nurikabe_edit/5/5/g5k2o1k3g",
        "https://puzz.link/p?type=editor&nurikabe_play/5/5/g5k2o1k3g/",
    ],
)
def test_url_forms(text):
    url = parse_url(text)
    assert (url.type, url.columns, url.rows, url.body, url.pflags) == (
        "nurikabe",
        5,
        5,
        "g5k2o1k3g",
        "",
    )


def test_an_alias_names_the_genre():
    akari = load_genre(str(genre_file("akari")))
    board = read_puzzle("https://puzz.link/p?akari/3/2/.g5", akari).grids["board"]
    assert board[(0, 0)] == "#" and board[(0, 2)] == 0 and board[(1, 1)] is None


@pytest.mark.parametrize(
    ("genre", "url", "message"),
    [
        ("slitherlink", "https://puzz.link/p?slither/f/5/5/cbcbcddad", "flag 'f'"),
        ("masyu", "https://puzz.link/p?mashu/f/6/6/1063000i3000", "flag 'f'"),
        ("yajilin", "https://puzz.link/p?yajilin/o/5/5/m32j10", "flag 'o'"),
        ("nurikabe", "https://puzz.link/p?heyawake/5/5/g5k2o1k3g", "not a nurikabe puzzle"),
        ("nurikabe", "https://puzz.link/p?nurikabe/g5k2o1k3g", "gives no size"),
        ("fillomino", "https://puzz.link/p?fillomino/2/2/1g3gg0", "walls"),
        ("nawabari", "https://puzz.link/p?nawabari/2/2/7c", "a clue (7) that this genre"),
        ("nawabari", "https://puzz.link/p?nawabari/2/2/.c", "'?' clue"),
        ("toichika", "https://puzz.link/p?toichika/2/2/00.", "'?' clue"),
    ],
)
def test_unsupported_urls_are_refused_with_a_message(genre, url, message):
    with pytest.raises(DslError) as err:
        read_puzzle(url, load_genre(str(genre_file(genre))))
    assert message in err.value.message
    assert str(err.value.where) == url


def test_tile_paint_reads_its_sums_and_refuses_clue_cells():
    tile_paint = load_genre(str(genre_file("tile_paint")))
    url = "https://puzz.link/p?tilepaint/6/6/mfttf5ovqrrvzv234232243331"  # pzprjs's test URL
    instance = read_puzzle(url, tile_paint)
    assert [entry[0] for entry in instance.lists["columns"]] == [2, 3, 4, 2, 3, 2]
    assert [entry[0] for entry in instance.lists["rows"]] == [2, 4, 3, 3, 3, 1]
    assert len(set(instance.grids["tiles"].values())) == 20
    with pytest.raises(DslError) as err:
        read_puzzle("https://puzz.link/p?tilepaint/6/6/mfttf5ovqrrv12zu234232243331", tile_paint)
    assert "black clue cells" in err.value.message


def test_a_displayed_flag_is_accepted():
    yajilin = load_genre(str(genre_file("yajilin")))
    clues = read_puzzle("https://puzz.link/p?yajilin/b/5/5/m32j10", yajilin).grids["clues"]
    assert clues[(2, 3)] == "2,L"


def test_a_flag_that_names_a_type_reads_as_that_type():
    """pzprjs's ichimaga URL with the flag `m` (a pzprv3 file with the line `mag`) is magnetic
    ichimaga: the genre of that type reads it, ichimaga's does not."""
    url = parse_url("https://puzz.link/p?ichimaga/m/5/5/7cgegbegbgcc")
    assert (url.type, url.pflags) == ("ichimagam", "")
    assert parse_url("https://puzz.link/p?ichimaga/x/5/5/7cgegbegbgcc").type == "ichimagax"
    magnetic = load_genre(str(genre_file("ichimagam")))
    board = read_puzzle("https://puzz.link/p?ichimaga/m/5/5/7cgegbegbgcc", magnetic)
    assert board.grids["circles"][(1, 1)] == 4
    file = "pzprv3/ichimaga/2/2/mag/1 . /. 1 /0 /0 /0 0 /"
    assert read_puzzle("file", magnetic, text=file).grids["circles"][(1, 1)] == 1
    with pytest.raises(DslError, match="not a pzprv3 file of a ichimaga puzzle"):
        read_puzzle("file", load_genre(str(genre_file("ichimaga"))), text=file)
    with pytest.raises(DslError, match="'ichimagam' URL is not a ichimaga puzzle"):
        read_puzzle(
            "https://puzz.link/p?ichimaga/m/5/5/7cgegbegbgcc",
            load_genre(str(genre_file("ichimaga"))),
        )


def test_mejilink_reads_its_dotted_lines():
    """pzprjs's bits over every border, the outline included (set: no dots), cut the tiles;
    a URL or pzprv3 file that erases dots on the outline is refused."""
    mejilink = load_genre(str(genre_file("mejilink")))
    tiles = read_puzzle("https://puzz.link/p?mejilink/4/4/g9rm4", mejilink).grids["tiles"]
    assert tiles[(0, 0)] == tiles[(0, 1)] != tiles[(0, 2)] and tiles[(3, 0)] == tiles[(0, 2)]
    with pytest.raises(DslError, match="erases dots on the outline"):
        read_puzzle("https://puzz.link/p?mejilink/4/4/g9rm4vvv", mejilink)
    file = "pzprv3/mejilink/1/2/1 1 0 /1 1 /1 1 /"  # the right side of r1c2 without dots
    with pytest.raises(DslError, match="outline borders that are no walls of tiles"):
        read_puzzle("file", mejilink, text=file)


def test_solving_a_url(run):
    result = run(PUZZLES / "nurikabe.yaml", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
    assert result.code == 0
    assert result.out == (PUZZLES / "nurikabe" / "puzzlink-5x5.solution.txt").read_text()


def test_a_refused_url_exits_2(run):
    result = run(PUZZLES / "slitherlink.yaml", "https://puzz.link/p?slither/f/5/5/cbcbcddad")
    assert result.code == 2
    assert "flag 'f'" in result.err and result.out == ""


# --- pzprv3 answers -------------------------------------------------------------------------

WRITERS = sorted(
    genre
    for genre in {p.stem for p in PUZZLES.glob("*.yaml")}
    if (spec := load_genre(str(genre_file(genre))).puzzlink) is not None and spec.pzprv3
)


# the genres npm pzpr 0.10.1 judges: not those that follow today's puz.link where it differs
REFEREED = [g for g in WRITERS if load_genre(str(genre_file(g))).puzzlink.newer is None]


def test_the_pzprv3_writers_are_found():
    assert len(WRITERS) >= 20


@pytest.mark.parametrize("genre", WRITERS)
def test_pzprv3_round_trip(genre):
    """The example's known solution, written as pzprv3 and read back, is the same solution."""
    loaded = load_genre(str(genre_file(genre)))
    puzzle = PUZZLES / genre / "example.txt"
    instance = read_puzzle(str(puzzle), loaded)
    solution = solution_file(puzzle)
    known = parse_solution(loaded, instance, solution.read_text(), str(solution))
    spec = loaded.puzzlink.pzprv3
    text = write_pzprv3(loaded, spec, instance, known)
    assert text.splitlines()[:2] == [spec.header, spec.type]
    back = read_answer(loaded, spec, instance, text, "test")
    assert Evaluator(loaded.genre, instance, back).violations() == []
    shown = {s.name for s in spec.sections} | {src.name for s in spec.sections for src in s.sources}
    for var in shown & set(known):
        assert back[var] == known[var], var


@pytest.mark.parametrize("genre", WRITERS)
def test_a_pzprv3_file_as_the_puzzle(genre, tmp_path):
    """The givens of a written pzprv3 file read back as the same instance."""
    loaded = load_genre(str(genre_file(genre)))
    puzzle = PUZZLES / genre / "example.txt"
    instance = read_puzzle(str(puzzle), loaded)
    solution = solution_file(puzzle)
    known = parse_solution(loaded, instance, solution.read_text(), str(solution))
    board = tmp_path / "board.pzprv3"
    board.write_text(write_pzprv3(loaded, loaded.puzzlink.pzprv3, instance, known))
    again = read_puzzle(str(board), loaded)
    assert canonical(again, loaded) == canonical(instance, loaded)


def test_check_reads_a_pzprv3_answer(run, tmp_path):
    url = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
    board = tmp_path / "board.pzprv3"
    board.write_text(run(PUZZLES / "nurikabe.yaml", url, "--format", "pzprv3").out)
    assert run("check", PUZZLES / "nurikabe.yaml", url, board).code == 0
    board.write_text(board.read_text().replace(". 5 # # #", "# 5 # # #"))
    result = run("check", PUZZLES / "nurikabe.yaml", board, board)
    assert result.code == 1 and "black cells connected" in result.out


def test_a_pzprv3_answer_that_leaves_a_number_blank_is_rejected(run, tmp_path):
    """A blank where a number from 1 up belongs is a cell without its number, as pzpr says
    ("there is an empty cell"), not the lowest number (which would pass here: the cell is a
    1 in the answer)."""
    puzzle = PUZZLES / "fillomino" / "puzzlink-6x6.txt"
    board = tmp_path / "board.pzprv3"
    board.write_text(run(PUZZLES / "fillomino.yaml", puzzle, "--format", "pzprv3").out)
    assert run("check", PUZZLES / "fillomino.yaml", puzzle, board).code == 0
    lines = board.read_text().splitlines()
    assert lines[15] == "1 3 3 . 4 4 "
    lines[15] = ". 3 3 . 4 4 "
    board.write_text("\n".join(lines) + "\n")
    result = run("check", PUZZLES / "fillomino.yaml", puzzle, board)
    assert result.code == 1
    assert "n takes a value in 1..9; the answer leaves it blank" in result.out
    assert "violated at r6c1" in result.out


def test_format_pzprv3(run):
    url = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
    result = run(PUZZLES / "nurikabe.yaml", url, "--format", "pzprv3")
    assert result.code == 0
    assert result.out.splitlines()[:5] == ["pzprv3", "nurikabe", "5", "5", ". 5 # # # "]
    assert f"puzzle: {url}" in result.err


def test_format_pzprv3_needs_a_declaration(run):
    result = run(PUZZLES / "tents.yaml", PUZZLES / "tents" / "example.txt", "--format", "pzprv3")
    assert result.code == 2
    assert "does not say how to write a pzprv3 file" in result.err


def test_a_pzprv3_answer_works_out_what_it_does_not_show(run, tmp_path):
    """Fillmat's pzprv3 answer is its walls; the lengths it shows in dslsolve's text come from
    its rule's `all(length = size)`, so the answer reads back as the known solution, and a
    wall that splits a mat in two is caught by the lengths it implies."""
    loaded = load_genre(str(genre_file("fillmat")))
    puzzle = PUZZLES / "fillmat" / "example.txt"
    instance = read_puzzle(str(puzzle), loaded)
    solution = solution_file(puzzle)
    known = parse_solution(loaded, instance, solution.read_text(), str(solution))
    text = write_pzprv3(loaded, loaded.puzzlink.pzprv3, instance, known)
    assert read_answer(loaded, loaded.puzzlink.pzprv3, instance, text, "test") == known
    board = tmp_path / "board.pzprv3"
    board.write_text(text)
    assert run("check", PUZZLES / "fillmat.yaml", puzzle, board).code == 0
    lines = text.splitlines()
    assert lines[9] == "0 0 0 1 "  # the walls between the cells of the first row
    lines[9] = "0 1 0 1 "  # the mat of 4 becomes two mats of 2, side by side
    board.write_text("\n".join(lines) + "\n")
    result = run("check", PUZZLES / "fillmat.yaml", puzzle, board)
    assert result.code == 1 and "count(neighbours where length = size) = 0" in result.out


# --- pzpr as the referee (Node and `npm ci --prefix referee`; boards from ../shared) ----------

BOARDS = next(
    (
        p / "shared/puzzlink/boards/boards.jsonl"
        for p in PUZZLES.parents
        if (p / "shared/puzzlink/boards/boards.jsonl").exists()
    ),
    None,
)
needs_referee = pytest.mark.skipif(not referee_ready(), reason="node or referee/ not installed")


@needs_referee
def test_pzpr_accepts_dslsolve_answers_and_rejects_a_broken_one():
    nurikabe = load_genre(str(genre_file("nurikabe")))
    url = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
    [verdict] = judge([(nurikabe, url, None, True)])
    assert verdict.agree, verdict.note
    broken = verdict.answer.replace(". 5 # # #", "# 5 # # #")  # one more black cell
    opened, judged = pzpr_verdicts([url, broken])
    assert judged["url"] == opened["url"] and judged["code"] is not None


@needs_referee
@pytest.mark.skipif(BOARDS is None, reason="no ../shared/puzzlink/boards")
@pytest.mark.parametrize(
    "genre",
    [
        *("masyu", "heyawake", "slitherlink", "sudoku", "shikaku", "easy_as_abc", "kakuro"),
        *("icebarn", "fillmat", "lits", "nuribou", "tatamibari", "usotatami"),
        *("pipelinkr", "barns", "moonsun"),
        "sashigane",
        "loute",
        "gokigen",
        "wagiri",
        "wblink",
        "ichimaga",
        "aho",
        "triplace",
        "stostone",
        "dosufuwa",
        "nurimaze",
        "tawa",
        "ichimagam",
        "mejilink",
        "ringring",
        "nagenawa",
        "shugaku",
        "kazunori",
        "hebi",
        "tentaisho",
        "kramma",
        "kramman",
        "onsen",
        "kusabi",
        "nagare",
        "amibo",
        "reflect",
        "yajitatami",
        "bdblock",
        "icelom",
        "ichimagax",
        "icelom2",
        "kaero",
        "herugolf",
        "kinkonkan",
        "kouchoku",
    ],
)
def test_referee_on_pzpr_test_boards(genre):
    """pzpr's own boards for the genre: dslsolve solves the correct one (pzpr accepts the
    answer) and its check rejects every board pzpr rejects."""
    loaded = load_genre(str(genre_file(genre)))
    cases = []
    for line in BOARDS.read_text().splitlines():
        board = json.loads(line)
        if board["type"] in loaded.puzzlink.types and board["same_puzzle_as_url"]:
            cases.append((loaded, board["url"], board["pzprv3"], board["correct"]))
    verdicts = judge(cases)
    assert len(verdicts) >= 3 and any(v.expected_correct for v in verdicts)
    assert [v.note for v in verdicts if not v.agree] == []


@needs_referee
def test_pzpr_accepts_the_known_solution_of_every_shipped_instance():
    """Every shipped instance of a genre with a pzprv3 writer, with its known solution, as a
    pzprv3 file: pzpr opens it and finds it complete and correct."""
    boards, names = [], []
    for genre in REFEREED:
        loaded = load_genre(str(genre_file(genre)))
        for solution in sorted((PUZZLES / genre).glob("*.solution.txt")):
            puzzle = solution.with_name(solution.name.replace(".solution.txt", ".txt"))
            instance = read_puzzle(str(puzzle), loaded)
            known = parse_solution(loaded, instance, solution.read_text(), str(solution))
            boards.append(write_pzprv3(loaded, loaded.puzzlink.pzprv3, instance, known))
            names.append(f"{genre}/{puzzle.name}")
    verdicts = pzpr_verdicts(boards)
    assert len(verdicts) == len(boards) >= 100
    refused = [(name, v) for name, v in zip(names, verdicts, strict=True) if v.get("code", 1)]
    assert refused == []


# --- pictures -------------------------------------------------------------------------------


def _svg(run, genre: str) -> tuple[ET.Element, str]:
    result = run(PUZZLES / f"{genre}.yaml", PUZZLES / genre / "example.txt", "--format", "svg")
    assert result.code == 0
    return ET.fromstring(result.out), (PUZZLES / genre / "example.solution.txt").read_text()


SVG = "{http://www.w3.org/2000/svg}"


def test_a_picture_shades_the_shaded_cells(run):
    picture, solution = _svg(run, "nurikabe")
    shaded = [r for r in picture.iter(f"{SVG}rect") if r.get("fill") == "#333"]
    assert len(shaded) == solution.count("#")
    texts = [t.text for t in picture.iter(f"{SVG}text") if t.get("fill") == "black"]
    assert sorted(texts) == sorted(t for t in solution.split() if t.isdigit())


def test_a_picture_draws_the_loop(run):
    picture, _ = _svg(run, "masyu")
    loaded = load_genre(str(genre_file("masyu")))
    instance = read_puzzle(str(PUZZLES / "masyu" / "example.txt"), loaded)
    solution = PUZZLES / "masyu" / "example.solution.txt"
    line = parse_solution(loaded, instance, solution.read_text(), str(solution))["line"]
    drawn = [x for x in picture.iter(f"{SVG}line") if x.get("stroke") == "#1a5fb4"]
    assert len(drawn) == sum(line.values())
    circles = list(picture.iter(f"{SVG}circle"))
    assert len(circles) == sum(1 for t in instance.grids["circles"].values() if t is not None)


def test_no_picture_without_a_grid(run):
    result = run(
        PUZZLES / "logic_grid.yaml", PUZZLES / "logic_grid" / "example.txt", "--format", "svg"
    )
    assert result.code == 2 and "no picture" in result.err


def test_a_picture_draws_the_clue_lists_beside_the_grid(run):
    picture, _ = _svg(run, "nonogram")
    loaded = load_genre(str(genre_file("nonogram")))
    instance = read_puzzle(str(PUZZLES / "nonogram" / "example.txt"), loaded)
    texts = [t for t in picture.iter(f"{SVG}text") if t.get("fill") == "black"]
    clues = [n for entries in instance.lists.values() for entry in entries for n in entry or ()]
    assert sorted(int(t.text) for t in texts) == sorted(clues)
    left = min(float(x.get("x1")) for x in picture.iter(f"{SVG}line"))
    top = min(float(x.get("y1")) for x in picture.iter(f"{SVG}line"))
    assert all(float(t.get("x")) < left or float(t.get("y")) < top for t in texts)


def test_pzprv3_sections_must_be_a_list(tmp_path):
    """A fuzzer finding (seed 1, mutant 271): `sections:` left empty was a TypeError."""
    text = genre_file("nawabari").read_text()
    path = tmp_path / "g.yaml"
    path.write_text(text[: text.index("    sections:")] + "    sections:\n")
    with pytest.raises(DslError) as err:
        load_genre(str(path))
    assert "'sections' is a list of sections" in err.value.message


def test_icelom_reads_ice_numbers_and_gates():
    """An icelom URL: ice (binary), numbers (Number16), then `/IN/OUT` alone (the decoder
    `gates`), the entrance and exit as directions of travel; the flag `a` is accepted."""
    board = read_puzzle(
        "https://puzz.link/p?icelom/a/6/6/9e50an10i3zl2g1i/15/4",
        load_genre(str(genre_file("icelom"))),
    )
    assert board.grids["ice"][(0, 1)] == "*" and board.grids["ice"][(0, 0)] is None
    assert board.grids["numbers"][(0, 3)] == 3 and board.grids["numbers"][(5, 0)] == 2
    assert board.grids["gates"][(3, 0)] == "R" and board.grids["gates"][(0, 4)] == "U"
