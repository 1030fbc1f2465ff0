"""Named shapes (issue 26, concept 2; docs/language.md §9.13): a shape by its letter
(`shape in trominoes(L)`), letters read from the puzzle (a grid section gives them at cells, a
table section lists them) and `shape in SET once` (the areas are the listed shapes one to one).
The evaluator is checked against a plain reading of each rule written here, and the placements
lowering against the evaluator on every pattern of small grids."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from test_language_concepts import model_patterns, shading

from helpers import accepted_patterns, load_texts

LETTERED = """\
name: lettered
input:
  letters: {type: grid, symbols: any}
  pieces: {type: table, default: '.'}
variables:
  black: {type: bool}
define:
  white: not black
rules:
RULES
output:
  cell:
    - when: black
      symbol: "#"
    - symbol: "."
"""


def lettered(*rules: str) -> str:
    return LETTERED.replace("RULES", "\n".join(f"  - {rule!r}" for rule in rules))


def components(pattern: tuple[int, ...], columns: int) -> list[set]:
    black = {(i // columns, i % columns) for i, v in enumerate(pattern) if v}
    parts = []
    while black:
        stack, part = [black.pop()], set()
        while stack:
            r, c = stack.pop()
            part.add((r, c))
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in black:
                    black.discard(n)
                    stack.append(n)
        parts.append(part)
    return parts


def kind(part: set) -> str | None:
    """A plain reading of the small shapes: 'domino', 'I3', 'L3', 'I4', 'O4', 'T4', 'S4',
    'L4', or None."""
    rows, columns = {r for r, _ in part}, {c for _, c in part}
    degrees = sorted(
        sum((r + dr, c + dc) in part for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
        for r, c in part
    )
    size = len(part)
    if size == 1:
        return "monomino"
    if size == 2:
        return "domino"
    straight = len(rows) == 1 or len(columns) == 1
    if size == 3:
        return "I3" if straight else "L3"
    if size == 4:
        if straight:
            return "I4"
        if len(rows) == len(columns) == 2:
            return "O4"
        if degrees == [1, 1, 1, 3]:
            return "T4"
        spread = rows if len(rows) == 2 else columns
        line = columns if len(rows) == 2 else rows
        halves = [{(r, c) for r, c in part if (r if len(rows) == 2 else c) == s} for s in spread]
        if all(len(h) == 2 for h in halves) and len(line) == 3:
            return "S4"
        return "L4"
    return None


def test_a_shape_by_its_letters(tmp_path):
    """`shape in tetrominoes(T, S)`: every black area a T or an S tetromino, not an L, I or O."""
    loaded, instance = load_texts(
        tmp_path,
        shading("each area of black: shape in tetrominoes(T, S)"),
        "clues:\n...\n...\n...\n",
    )
    accepted = accepted_patterns(loaded, instance, "black")
    plain = {
        p
        for p in itertools.product((0, 1), repeat=9)
        if all(kind(part) in ("T4", "S4") for part in components(p, 3))
    }
    assert accepted == plain and len(plain) == 17  # the empty grid, 8 Ts, 8 Ss
    assert model_patterns(loaded, instance) == accepted


def test_letters_given_in_the_areas(tmp_path):
    """`shape in trominoes(letters)`: an area holding a given L is an L tromino, one holding an
    I a straight one, one holding both is neither, and one holding none is any tromino."""
    loaded, instance = load_texts(
        tmp_path,
        lettered("each area of black: shape in trominoes(letters)"),
        "letters:\nL . .\n. . .\n. . I\n",
    )
    accepted = accepted_patterns(loaded, instance, "black")

    def fine(pattern):
        for part in components(pattern, 3):
            wanted = {"L3" for cell in part if cell == (0, 0)} | {
                "I3" for cell in part if cell == (2, 2)
            }
            if kind(part) not in ("L3", "I3") or len(wanted) > 1 or wanted - {kind(part)}:
                return False
        return True

    plain = {p for p in itertools.product((0, 1), repeat=9) if fine(p)}
    assert accepted == plain and len(plain) > 10
    assert model_patterns(loaded, instance) == accepted


def test_letters_listed_once(tmp_path):
    """`shape in trominoes(pieces) once` with pieces `L`: exactly one black area, an L
    tromino (16 ways on a 3 x 3 grid)."""
    loaded, instance = load_texts(
        tmp_path,
        lettered("each area of black: shape in trominoes(pieces) once"),
        "letters:\n. . .\n. . .\n. . .\npieces:\nL\n",
    )
    accepted = accepted_patterns(loaded, instance, "black")
    plain = {
        p
        for p in itertools.product((0, 1), repeat=9)
        if [str(kind(part)) for part in components(p, 3)] == ["L3"]
    }
    assert accepted == plain and len(plain) == 16
    assert model_patterns(loaded, instance) == accepted


def test_a_letter_listed_twice_is_taken_twice(tmp_path):
    """`shape in dominoes(pieces) once` with `I I`: exactly two dominoes; the named set
    without letters, `shape in dominoes once`, takes its one shape once."""
    for rule, pieces, wanted in (
        ("each area of black: shape in dominoes(pieces) once", "I I", ["domino", "domino"]),
        ("each area of black: shape in dominoes once", "", ["domino"]),
    ):
        loaded, instance = load_texts(
            tmp_path,
            lettered(rule),
            "letters:\n. . .\n. . .\n. . .\n" + (f"pieces:\n{pieces}\n" if pieces else ""),
        )
        accepted = accepted_patterns(loaded, instance, "black")
        plain = {
            p
            for p in itertools.product((0, 1), repeat=9)
            if sorted(str(kind(part)) for part in components(p, 3)) == wanted
        }
        assert accepted == plain and plain
        assert model_patterns(loaded, instance) == accepted


def test_drawn_shapes_once_keep_their_count(tmp_path):
    """A drawn table lists a shape as often as it draws it (a fleet): two dominoes and a
    monomino, each area one of them and each drawing taken by one area (drawn with `x`: a
    line that is a lone `#` reads as a comment)."""
    genre = shading("each area of black: shape in pieces once").replace(
        "  clues: {type: grid, symbols: '#'}",
        "  clues: {type: grid, symbols: '#'}\n"
        "  pieces: {type: table, delimiter: chars, separator: '-', block: drawing}",
    )
    loaded, instance = load_texts(
        tmp_path, genre, "clues:\n...\n...\n...\npieces:\nxx\n-\nx\nx\n-\nx\n"
    )
    accepted = accepted_patterns(loaded, instance, "black")
    plain = {
        p
        for p in itertools.product((0, 1), repeat=9)
        if Counter(kind(part) for part in components(p, 3)) == {"domino": 2, "monomino": 1}
    }
    assert accepted == plain and plain
    assert model_patterns(loaded, instance) == accepted


@pytest.mark.parametrize(
    ("rule", "message", "hint"),
    [
        (
            "each area of black: shape in pentominoes(Q)",
            "'Q' is not a letter of the pentominoes",
            "pentominoes: F, I, L, N, P, T, U, V, W, X, Y, Z",
        ),
        (
            "each area of black: shape in tetrominoes(F, L)",
            "'F' is not a letter of the tetrominoes",
            "tetrominoes: I, L, O, S, T",
        ),
        (
            "each area of black: shape in rectangles(L)",
            "the shapes of 'rectangles' have no letters",
            "letters name the shapes of monominoes, dominoes",
        ),
        ("each area of black: shape in hexominoes(L)", "'hexominoes' is not a set of shapes", ""),
        ("each area of black: shape in trominoes(L, L)", "a letter is written twice", ""),
        ("each area of black: shape in trominoes(pieces, L)", "either written or read", ""),
        ("each area of black: shape in trominoes(lettres)", "unknown section 'lettres'", ""),
        ("each cell: shape in trominoes(L)", "'shape' is the shape of a group of cells", ""),
        ("each region of letters: shape in trominoes once", "'once' matches the areas", ""),
        ("each area of black: count(black) = 3 once", "'once' follows 'shape in SET'", ""),
        ("each area of black where size = 3: shape in trominoes once", "are all of them", ""),
        (
            "each area of black: shape in trominoes(letters) once",
            "'once' needs the shapes listed",
            "",
        ),
    ],
)
def test_named_shape_errors(tmp_path, run, rule, message, hint):
    path = tmp_path / "g.yaml"
    path.write_text(lettered(rule))
    (tmp_path / "p.txt").write_text("letters:\nL .\n")
    result = run(path, tmp_path / "p.txt")
    assert result.code == 2 and message in result.err, result.err
    assert hint in result.err, result.err


def test_check_names_the_shapes_left_over(tmp_path, run):
    """`check` names an area whose shape is not left and a listed shape that no area took."""
    path = tmp_path / "g.yaml"
    path.write_text(lettered("each area of black: shape in trominoes(pieces) once"))
    (tmp_path / "p.txt").write_text("letters:\n. . . .\n. . . .\n. . . .\npieces:\nL I\n")
    (tmp_path / "s.txt").write_text("# # . #\n# . . #\n. . . #\n")
    assert run("check", path, tmp_path / "p.txt", tmp_path / "s.txt").code == 0
    (tmp_path / "s.txt").write_text("# # . .\n# . . .\n# # . .\n")
    result = run("check", path, tmp_path / "p.txt", tmp_path / "s.txt")
    assert result.code == 1, result.out
    assert "is none of the trominoes" in result.out
    assert "the L of the trominoes, taken by no area" in result.out
    assert "the I of the trominoes, taken by no area" in result.out


BLOCKS = """\
name: lettered_blocks
input:
  letters: {type: grid, symbols: any}
variables:
  wall: {type: bool, on: borders}
rules:
  - "each piece of wall: shape in trominoes(letters) and count(letters is given) = 1"
output:
  cell:
    - show: letters
  edges: wall
"""


def test_letters_given_in_pieces(tmp_path, run):
    """In `each piece` the letters keep the candidate pieces whose letter is their shape: the
    division into trominoes is unique with them (the straight one holding the I at r3c3) and
    not without them; `check` accepts the answer."""
    (tmp_path / "p.txt").write_text("letters:\nL . . I\n. . . .\n. L I .\n")
    for name, text in (("g.yaml", BLOCKS), ("h.yaml", BLOCKS.replace("(letters)", ""))):
        (tmp_path / name).write_text(text)
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt", "--unique")
    assert result.code == 0 and "unique" in result.err
    assert result.out.splitlines()[5] == "|  L|I| |"
    (tmp_path / "s.txt").write_text(result.out)
    assert run("check", tmp_path / "g.yaml", tmp_path / "p.txt", tmp_path / "s.txt").code == 0
    assert "not unique" in run(tmp_path / "h.yaml", tmp_path / "p.txt", "--unique").err
