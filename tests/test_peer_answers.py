"""The peer benchmark's reading of puzzlekit's answers (bench/peer_answers.py): each genre's
solution text and puzzlekit's grid of the same answer agree, and a grid that differs in what
the genre decides does not. Constructed answers only; puzzlekit itself is not needed."""

import pytest

from bench.peer_answers import COMPARISONS, peer_agrees

LOOP_1X2 = "+-+-+\n|   |\n+-+-+\n"  # a slitherlink loop around both cells of a 1x2 grid
LOOP_TOP_OF_2X2 = "+-+-+\n|   |\n+-+-+\n\n+ + +\n"  # the second row drawn as a blank line
COLUMNS_2X2 = "+-+-+\n| | |\n+ + +\n| | |\n+-+-+\n"  # shikaku: two 1x2 rectangles side by side
TENTS = "+ + + +\n T-A .\n+ + + +\n . . T\n+ + +|+\n . . A\n+ + + +\n"

# genre, dslsolve's solution text, puzzlekit's grid of that answer, a grid of another answer
CASES = [
    ("akari", "+ .\n. 1\n", [["o", "-"], ["-", "1"]], [["-", "o"], ["-", "1"]]),
    ("nurikabe", "1 #\n# #\n", [["-", "x"], ["x", "x"]], [["-", "x"], ["x", "-"]]),
    ("star_battle", "* .\n. .\n", [["x", "-"], ["-", "-"]], [["-", "-"], ["-", "x"]]),
    ("sudoku", "1 2\n2 1\n", [["1", "2"], ["2", "1"]], [["2", "1"], ["1", "2"]]),
    ("kakuro", "* *\n* 9\n", [["-", "-"], ["-", "9"]], [["-", "-"], ["-", "8"]]),
    ("easy_as_abc", "1 2 .\n", [["a", "b", "-"]], [["b", "a", "-"]]),
    ("yin_yang", "w b\nb b\n", [["w", "b"], ["b", "b"]], [["w", "w"], ["b", "b"]]),
    ("masyu", "┌ ┐\n└ ┘\n", [["es", "sw"], ["en", "nw"]], [["es", "sw"], ["ne", "ns"]]),
    ("masyu", "┌ ┐\n└ ┘\n", [["se", "ws"], ["ne", "wn"]], [["-", "-"], ["-", "-"]]),
    ("yajilin", "# 1,L\n┌ ┐\n", [["x", "1w"], ["es", "sw"]], [["-", "1w"], ["es", "sw"]]),
    ("slitherlink", LOOP_1X2, [["14", "11"]], [["14", "9"]]),
    ("slitherlink", LOOP_TOP_OF_2X2, [["14", "11"], ["0", "0"]], [["14", "11"], ["2", "0"]]),
    ("shikaku", COLUMNS_2X2, [["1", "2"], ["1", "2"]], [["1", "1"], ["2", "2"]]),
    ("tents", TENTS, [["x", "o", "-"], ["-", "-", "x"], ["-", "-", "o"]], [["o", "x", "-"]]),
]


@pytest.mark.parametrize(("genre", "solution", "same", "other"), CASES)
def test_the_same_answer_agrees_and_another_does_not(genre, solution, same, other):
    assert peer_agrees(genre, solution, same)
    assert not peer_agrees(genre, solution, other)


def test_every_genre_but_fillomino_has_a_comparison():
    # puzzlekit has no fillomino solver; the other 21 dataset genres are compared
    assert "fillomino" not in COMPARISONS
    assert len(COMPARISONS) == 21
