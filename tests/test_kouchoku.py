"""Kouchoku (docs/genres.md): every shipped instance has exactly one loop by the search here,
which shares no code with dslsolve (a depth-first walk from the first point over the segments
the letters allow, refusing a segment over a point and a crossing that is not at right
angles as it goes, and the letters' runs at the end), and that loop is the shipped solution's."""

from __future__ import annotations

import pytest

from dslsolve.dsl.genre import load_genre
from dslsolve.formulations import parse_formulation
from dslsolve.frontends.picture import LINE, picture
from dslsolve.puzzlink.pzprv3 import write_pzprv3
from dslsolve.puzzlink.source import read_puzzle
from dslsolve.solve import solve_puzzle

from helpers import PUZZLES, genre_file, puzzle_sections, solution_file

INSTANCES = sorted((PUZZLES / "kouchoku").glob("*.txt"))
INSTANCES = [p for p in INSTANCES if not p.name.endswith(".solution.txt")]


def read_points(path) -> list[tuple[int, int, str | None]]:
    """The lattice's points: column, row and letter (None for `.`, puz.link's `?`)."""
    lattice = puzzle_sections(path)["lattice"]
    return [(int(x), int(y), None if letter == "." else letter) for x, y, letter in lattice]


def turn(a, b, c) -> int:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def loops(points) -> list[frozenset]:
    """Every loop through all the points, as its set of segments (pairs i < j)."""
    n = len(points)
    at = [(x, y) for x, y, _ in points]
    letter = [name for _, _, name in points]

    def over(i, j) -> bool:
        a, b = at[i], at[j]
        return any(
            k not in (i, j)
            and turn(a, b, c) == 0
            and min(a[0], b[0]) <= c[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])
            for k, c in enumerate(at)
        )

    joins = {
        i: [
            j
            for j in range(n)
            if j != i
            and (letter[i] is None or letter[j] is None or letter[i] == letter[j])
            and not over(i, j)
        ]
        for i in range(n)
    }

    def clashes(i, j, drawn) -> bool:
        a, b = at[i], at[j]
        for k, m in drawn:
            if len({i, j, k, m}) < 4:
                continue
            c, d = at[k], at[m]
            crossing = turn(a, b, c) * turn(a, b, d) < 0 and turn(c, d, a) * turn(c, d, b) < 0
            if crossing and (b[0] - a[0]) * (d[0] - c[0]) + (b[1] - a[1]) * (d[1] - c[1]) != 0:
                return True
        return False

    def runs_hold(path) -> bool:
        """Each letter's points are one run of the cycle: two of its segments leave it."""
        for name in {name for name in letter if name is not None}:
            leaving = sum(
                (letter[a] == name) != (letter[b] == name)
                for a, b in zip(path, path[1:] + path[:1], strict=True)
            )
            if leaving != 2:
                return False
        return True

    found = []
    path, drawn, used = [0], [], {0}

    def closed_letters(j) -> bool:
        """A letter met again after its run was left is refused, but for the run at the
        walk's start, which the loop's end rejoins."""
        name = letter[j]
        if name is None or letter[path[-1]] == name or not any(letter[k] == name for k in path):
            return True
        return letter[path[0]] == name and all(
            letter[k] == name
            for k in path[: next(i for i, k in enumerate(path) if letter[k] != name)]
        )

    def walk():
        last = path[-1]
        if len(path) == n:
            if 0 in joins[last] and path[1] < last and not clashes(last, 0, drawn):
                cycle = path[:]
                sides = zip(cycle, cycle[1:] + cycle[:1], strict=True)
                if runs_hold(cycle):
                    found.append(frozenset(tuple(sorted(side)) for side in sides))
            return
        for j in joins[last]:
            if j in used or clashes(last, j, drawn) or not closed_letters(j):
                continue
            path.append(j)
            drawn.append((last, j))
            used.add(j)
            walk()
            used.discard(j)
            drawn.pop()
            path.pop()

    walk()
    return found


def shipped(puzzle) -> frozenset:
    """The solution file's segments: a line per point, its number and the points it is
    joined to (`1 2,6`), numbered from 1 in the puzzle's order, as pairs counted from 0."""
    pairs = set()
    for line in solution_file(puzzle).read_text().splitlines():
        point, joined = line.split()
        pairs |= {tuple(sorted((int(point) - 1, int(q) - 1))) for q in joined.split(",")}
    return frozenset(pairs)


@pytest.mark.parametrize("puzzle", INSTANCES, ids=lambda p: p.stem)
def test_the_shipped_loop_is_the_only_one(puzzle):
    found = loops(read_points(puzzle))
    assert found == [shipped(puzzle)]


def test_the_search_finds_both_loops_of_pzprjs_test_board():
    """pzprjs's own test board has two loops that pzpr accepts (1-8 and 3-6, or 1-3 and
    6-8): the search is not blind to a second loop."""
    points = [
        (0, 0, "A"), (4, 0, "B"), (2, 1, None), (1, 2, "A"), (3, 2, "B"),
        (4, 2, "C"), (1, 3, "B"), (0, 4, None), (2, 4, None), (3, 4, "C"),
    ]  # fmt: skip
    found = loops(points)
    assert len(found) == 2
    assert {(0, 7), (2, 5)} <= found[0] | found[1]
    assert {(0, 2), (5, 7)} <= found[0] | found[1]


URL = "https://puzz.link/p?kouchoku/4/4/a2b1.2a0bc0b2.0.c0"  # pzprjs's test board


def test_the_url_lists_the_lettered_points_and_the_size():
    """`decodeCrossABC`: `a`..`z` letters, `.` a `?` (a point without its letter, `.` here),
    a digit skips that many crosses more; the points are listed in reading order."""
    loaded = load_genre(str(genre_file("kouchoku")))
    instance = read_puzzle(URL, loaded)
    records = instance.tables["lattice"].records
    assert [tuple(r) for r in records] == [
        (0, 0, "A"), (4, 0, "B"), (2, 1, None), (1, 2, "A"), (3, 2, "B"),
        (4, 2, "C"), (1, 3, "B"), (0, 4, None), (2, 4, None), (3, 4, "C"),
    ]  # fmt: skip
    assert tuple(instance.tables["extent"].records[0]) == (4, 4)


def test_the_pzprv3_answer_lists_the_segments():
    """The crosses' letters as numbers (`-` a `?`), then the segments' count and each as
    `bx1 by1 bx2 by2`, twice the lattice's coordinates, the left end first."""
    loaded = load_genre(str(genre_file("kouchoku")))
    instance = read_puzzle(URL, loaded)
    outcome = solve_puzzle(loaded, instance, parse_formulation([]))
    lines = write_pzprv3(loaded, loaded.puzzlink.pzprv3, instance, outcome.assignment).splitlines()
    assert lines[:9] == [
        "pzprv3", "kouchoku", "4", "4",
        "1 . . . 2 ", ". . - . . ", ". 1 . 2 3 ", ". 2 . . . ", "- . - 3 . ",
    ]  # fmt: skip
    assert lines[9] == "10"
    segments = [tuple(map(int, line.split())) for line in lines[10:]]
    assert len(segments) == 10
    assert all(s[:2] <= s[2:] for s in segments)
    assert (0, 0, 2, 4) in segments and (4, 8, 6, 8) in segments


def test_the_picture_draws_the_points_and_the_segments(tmp_path):
    """`picture: points`: a circle with its letter (`?` where none) per point, and a line per
    segment of the solution."""
    loaded = load_genre(str(genre_file("kouchoku")))
    puzzle = PUZZLES / "kouchoku" / "example.txt"
    instance = read_puzzle(str(puzzle), loaded)
    outcome = solve_puzzle(loaded, instance, parse_formulation([]))
    svg = picture(loaded, instance, outcome.assignment)
    assert svg.count("<circle") == 9
    assert svg.count(f'stroke="{LINE}"') == 9  # the loop's nine segments
    assert ">?</text>" in svg and ">A</text>" in svg
    assert f'stroke="{LINE}"' not in picture(loaded, instance, None)
