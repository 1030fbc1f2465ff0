"""`dslsolve draw GENRE PUZZLE [SOLUTION]`: a given state as an SVG picture on standard output.

The puzzle alone, or with a solution (its text or a pzprv3 file), drawn by
`dslsolve.frontends.picture` as `--format svg` draws a solver's answer. A solution that breaks rules
is drawn all the same (a picture is how one sees what is wrong); the rules it breaks go to standard
error as `check` lists them, and the exit code is then 1. No solver is imported.
"""

from __future__ import annotations

import argparse
import sys

from dslsolve.errors import EXIT_NO_SOLUTION, EXIT_SOLVED, read_text
from dslsolve.evaluator import Evaluator
from dslsolve.frontends.api import Genre
from dslsolve.frontends.picture import picture
from dslsolve.shipped import GENRE_HELP, settle_genre
from dslsolve.violation import Violation


def _draw_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dslsolve draw",
        description="Draw a puzzle, or a puzzle with a solution, as an SVG picture on standard "
        "output. A solution that breaks rules is still drawn; the broken rules go to standard "
        "error and the exit code is 1. Exit 2 for bad input.",
    )
    parser.add_argument("genre", metavar="[GENRE]", help=GENRE_HELP)
    parser.add_argument(
        "puzzle", nargs="?", help="the puzzle: a file, a puzz.link URL or a pzprv3 file"
    )
    parser.add_argument(
        "solution",
        nargs="?",
        help="a solution file as dslsolve prints it, or a pzprv3 file with an answer",
    )
    return parser


def draw_command(argv: list[str]) -> int:
    parser = _draw_parser()
    args = parser.parse_args(argv)
    settle_genre(parser, args, ("puzzle", "solution"))
    genre = Genre.load(args.genre)
    instance = genre.puzzle(args.puzzle)
    assignment, violations = None, []
    if args.solution is not None:
        text = read_text(args.solution, "solution file")
        assignment = genre.read_solution(instance, text, args.solution)
        violations = Evaluator(genre.file.genre, instance, assignment).violations()
    sys.stdout.write(picture(genre.file, instance, assignment))
    if violations:
        report_violations(violations, args.genre, sys.stderr)
    return EXIT_NO_SOLUTION if violations else EXIT_SOLVED


def report_violations(violations: list[Violation], genre: str, out) -> None:
    """The broken rules as `dslsolve check` prints them: each with the genre file's line."""
    print(f"{len(violations)} violation(s):", file=out)
    for violation in violations:
        print(f"  {genre}:{violation}", file=out)
