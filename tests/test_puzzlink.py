"""puzz.link URLs: each shipped instance that came from a puzz.link board reads the same from
its URL as from its file; URL forms; refused flags and clues; solving a URL end to end."""

from __future__ import annotations

import re

import pytest

from dslsolve.dsl.genre import GridSection, load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.errors import DslError
from dslsolve.instance import Instance
from dslsolve.puzzlink.url import parse_url

from helpers import PUZZLES, genre_file

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


def _partition(layer: dict) -> frozenset:
    groups: dict = {}
    for element, label in layer.items():
        groups.setdefault(label, set()).add(element)
    return frozenset(frozenset(cells) for cells in groups.values())


def _canonical(instance: Instance, genre) -> dict:
    """The instance with room labels as a partition, and room clues per room (a file may put
    a room's number on any of its cells; a URL puts it on the room's top cell)."""
    regions = {
        s.name
        for s in genre.sections
        if isinstance(s, GridSection) and s.symbols == ("any",) and s.name in instance.grids
    }
    per_room = {step.into[0] for step in genre.puzzlink.steps if step.over == "rooms"}
    rooms = next(iter(regions), None)
    found: dict = {"lists": instance.lists, "tables": instance.tables}
    for name, layer in instance.grids.items():
        if name in regions:
            found[name] = _partition(layer)
        elif name in per_room:
            found[name] = {
                room: sorted(str(layer[cell]) for cell in room if layer[cell] is not None)
                for room in _partition(instance.grids[rooms])
            }
        else:
            found[name] = layer
    return found


def test_the_shipped_puzzlink_instances_are_found():
    assert len({genre for genre, _, _ in SHIPPED}) >= 25


@pytest.mark.parametrize(("genre", "puzzle", "url"), SHIPPED, ids=[p for _, p, _ in SHIPPED])
def test_a_url_reads_as_the_shipped_instance(genre, puzzle, url):
    loaded = load_genre(str(genre_file(genre)))
    from_url = read_puzzle(url, loaded)
    from_file = read_puzzle(puzzle, loaded)
    assert (from_url.rows, from_url.columns) == (from_file.rows, from_file.columns)
    assert _canonical(from_url, loaded) == _canonical(from_file, loaded)


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
        ("star_battle", "https://puzz.link/p?starbattle/6/6/2/4ilbhgdnmhou", "declared for 1"),
        ("nurikabe", "https://puzz.link/p?nurikabe/5/5/g.k2o1k3g", "'?' clue"),
        ("nurikabe", "https://puzz.link/p?heyawake/5/5/g5k2o1k3g", "not a nurikabe puzzle"),
        ("nurikabe", "https://puzz.link/p?nurikabe/g5k2o1k3g", "gives no size"),
        ("fillomino", "https://puzz.link/p?fillomino/2/2/1g3gg0", "walls"),
        ("yajilin", "https://puzz.link/p?yajilin/5/5/m02j10", "arrow 0"),
    ],
)
def test_unsupported_urls_are_refused_with_a_message(genre, url, message):
    with pytest.raises(DslError) as err:
        read_puzzle(url, load_genre(str(genre_file(genre))))
    assert message in err.value.message
    assert str(err.value.where) == url


def test_a_displayed_flag_is_accepted():
    yajilin = load_genre(str(genre_file("yajilin")))
    clues = read_puzzle("https://puzz.link/p?yajilin/b/5/5/m32j10", yajilin).grids["clues"]
    assert clues[(2, 3)] == "2,L"


def test_solving_a_url(run):
    result = run(PUZZLES / "nurikabe.yaml", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
    assert result.code == 0
    assert result.out == (PUZZLES / "nurikabe" / "puzzlink-5x5.solution.txt").read_text()


def test_a_refused_url_exits_2(run):
    result = run(PUZZLES / "slitherlink.yaml", "https://puzz.link/p?slither/f/5/5/cbcbcddad")
    assert result.code == 2
    assert "flag 'f'" in result.err and result.out == ""
