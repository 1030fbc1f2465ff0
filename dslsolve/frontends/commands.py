"""The commands that solve: `dslsolve GENRE PUZZLE` and `dslsolve compare`. Apart from
`dslsolve.frontends.cli` so that `check`, which needs no solver, does not import PuLP (with numpy
and highspy, about 0.2 s of every command's start)."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass

from dslsolve.backends import BACKENDS, DEFAULT_BACKEND, SolveStatus
from dslsolve.dsl.genre import load_genre
from dslsolve.errors import EXIT_INTERNAL, EXIT_NO_SOLUTION, EXIT_SOLVED, DslError, Location
from dslsolve.evaluator import Assignment
from dslsolve.formulations import (
    FormulationError,
)
from dslsolve.frontends.api import Genre, Result
from dslsolve.frontends.options import (
    FORMULATION_HELP,
    add_scheduler_option,
    formulation_option,
    no_answer,
    seconds_option,
)
from dslsolve.output import differences, render, unfaithful
from dslsolve.puzzlink.source import read_puzzle
from dslsolve.runguard import Deadline, OutOfTime
from dslsolve.shipped import GENRE_HELP, settle_genre
from dslsolve.solve import ALTERNATIVES, LAZY_NOTE, MODEL_FORMATS, Diagnosis, run_formulation
from dslsolve.violation import Violation

MAX_PLACES = 20  # places named where two solutions differ; the rest are counted


def _solve_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dslsolve",
        description="Solve a pencil puzzle described by a genre file.",
        epilog="Also: 'dslsolve check GENRE PUZZLE SOLUTION' checks a solution; "
        "'dslsolve draw GENRE PUZZLE [SOLUTION]' draws them as SVG; "
        "'dslsolve compare GENRE PUZZLE... --formulation connected=lazy,flow' compares "
        "lowerings; 'dslsolve batch GENRE DIR_OR_FILE... --jobs N' solves many, one JSON line "
        "each; 'dslsolve serve' opens a local web page; 'dslsolve resident start' keeps the "
        "solving side imported in the background, so that each solve starts at once. "
        "Exit codes: 0 solved, 1 no solution (or time limit without one), "
        "2 bad input, 3 internal error.",
    )
    parser.add_argument("genre", metavar="[GENRE]", help=GENRE_HELP)
    parser.add_argument(
        "puzzle",
        nargs="?",
        help="the puzzle: a file (e.g. puzzles/sudoku/example.txt), a puzz.link URL or a "
        "pzprv3 file",
    )
    parser.add_argument(
        "--backend",
        choices=sorted(BACKENDS),
        default=DEFAULT_BACKEND,
        help=f"the solver (default: {DEFAULT_BACKEND}); see the backends table in "
        "docs/formulations.md",
    )
    parser.add_argument(
        "--time-limit",
        type=seconds_option,
        metavar="SECONDS",
        help="stop after this many seconds in all",
    )
    parser.add_argument(
        "--formulation",
        action="append",
        default=[],
        metavar="NAME=CHOICE",
        help=f"pick a lowering, repeatable; defaults first. {FORMULATION_HELP}",
    )
    parser.add_argument(
        "--unique",
        action="store_true",
        help="also look for a second solution and say whether it is unique",
    )
    parser.add_argument(
        "--diagnose",
        action="store_true",
        help="when there is no solution, find the fewest clues to leave out for one (the "
        "instances of rules that read a value from the puzzle) and print them",
    )
    parser.add_argument(
        "--determined",
        action="store_true",
        help="print the values that every solution shares, with '?' where solutions differ "
        "(iterative no-goods: one solve per round; see docs/api.md)",
    )
    parser.add_argument(
        "--write-model",
        metavar="FILE.lp|FILE.mps",
        help="also write the compiled model for another solver (without the lazy cuts)",
    )
    parser.add_argument(
        "--write-plan",
        metavar="FILE",
        help="also write which lowering takes each rule and each part of its condition "
        "(the compiler's plan, docs/architecture.md)",
    )
    parser.add_argument(
        "--stats",
        action="store_true",
        help="print model size, compile and solve times and cut rounds "
        "(to standard error in text format)",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", "pzprv3", "svg"),
        default="text",
        help="pzprv3: the puzzle with its solution as a puzz.link (pzprjs) file; svg: as a picture",
    )
    return parser


def _compare_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dslsolve compare",
        description="Solve instances under every combination of lowerings and backends and "
        "print one table. Exit 3 if the combinations disagree on a solution.",
    )
    parser.add_argument("genre", metavar="[GENRE]", help=GENRE_HELP)
    parser.add_argument("puzzles", nargs="*", metavar="PUZZLE")
    parser.add_argument(
        "--formulation",
        action="append",
        default=[],
        metavar="NAME=CHOICE[,CHOICE...]",
        help=f"choices to compare ('all' for every one); {FORMULATION_HELP}",
    )
    parser.add_argument(
        "--backend",
        default=DEFAULT_BACKEND,
        help="comma-separated, from " + ",".join(sorted(BACKENDS)),
    )
    parser.add_argument(
        "--time-limit",
        type=seconds_option,
        metavar="SECONDS",
        help="per combination, its compile included (default: none)",
    )
    style = parser.add_mutually_exclusive_group()
    style.add_argument("--csv", dest="style", action="store_const", const="csv")
    style.add_argument("--markdown", dest="style", action="store_const", const="markdown")
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="no progress line (shown only when standard error is a terminal)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes (default 1: combinations that run at once slow each other "
        "down, and the table compares their times)",
    )
    add_scheduler_option(parser)
    return parser


def compare_command(argv: list[str]) -> int:
    # `compare`'s machinery (worker pools, progress lines) is not a solve's: imported here
    from dslsolve.frontends.batch import ProgressLine, open_pool
    from dslsolve.frontends.compare import compare, disagreements, formulations, render_rows

    parser = _compare_parser()
    args = parser.parse_args(argv)
    settle_genre(parser, args, ("puzzles",))
    backends = [b.strip() for b in args.backend.split(",")]
    for backend in backends:
        if backend not in BACKENDS:
            raise DslError(
                Location("--backend"),
                f"unknown backend '{backend}'",
                hint="choose from " + ", ".join(sorted(BACKENDS)),
            )
    try:
        combos = formulations(args.formulation)
    except FormulationError as err:
        raise DslError(Location("--formulation"), str(err)) from None
    genre_file = load_genre(args.genre)
    count = len(args.puzzles) * len(backends) * len(combos)
    pool = open_pool(args.scheduler, args.jobs, backends, count)
    progress = ProgressLine(sys.stderr, wanted=not args.quiet)
    abandon = True
    try:
        rows = compare(
            genre_file, args.puzzles, args.formulation, backends, args.time_limit, pool, progress
        )
        abandon = False
    finally:
        progress.clear()  # before the table and any message
        pool.close(abandon)
    sys.stdout.write(render_rows(rows, args.style or "text"))
    problems = disagreements(rows)
    for line in problems:
        print(f"DISAGREEMENT: {line}", file=sys.stderr)
    return EXIT_INTERNAL if problems else EXIT_SOLVED


def solve_command(argv: list[str], started: float) -> int:
    """`started`: when the run started (a time.perf_counter()), for its time limit."""
    parser = _solve_parser()
    args = parser.parse_args(argv)
    settle_genre(parser, args, ("puzzle",))
    deadline = Deadline(args.time_limit, started)
    deadline.arm()
    try:
        return _solve(args, deadline)
    except OutOfTime:
        # the limit reached in the compile or between the solver's calls: `--format json`
        # still says so on standard output, as when the solver itself reports the limit
        if args.format == "json":
            status = SolveStatus.TIME_LIMIT.value
            report = {"status": status, "solution": None, "unique": None, "contradictions": []}
            print(json.dumps(report, indent=2))
        raise  # the message on standard error, the exit code: the command line's
    finally:
        deadline.disarm()


def _solve(args: argparse.Namespace, deadline: Deadline) -> int:
    """Load, solve (within the deadline, which bounds the whole run) and print: each step
    hands its value to the next (the solve's result, its printed texts, then the report)."""
    formulation = formulation_option(args.formulation)
    if args.write_model and not args.write_model.lower().endswith(MODEL_FORMATS):
        raise DslError(
            Location("--write-model"),
            f"'{args.write_model}' is neither an LP nor an MPS file",
            hint="name it FILE.lp or FILE.mps",
        )
    genre_file = load_genre(args.genre)
    instance = read_puzzle(args.puzzle, genre_file)
    if args.write_plan:
        from dslsolve.compiler.plan import write_plan

        chosen = run_formulation(genre_file.genre, formulation, args.backend)
        write_plan(genre_file.genre, chosen, args.write_plan)  # the lowerings the run uses
    progress = (
        None
        if args.format == "json"
        else (lambda message: print(message, file=sys.stderr) if args.stats else None)
    )
    if args.determined:
        from dslsolve.frontends.determined import determined_command

        return determined_command(args, genre_file, instance, formulation, progress)
    result = Genre(genre_file).solve(
        instance,
        args.unique,
        args.backend,
        deadline.remaining(),
        formulation,
        args.diagnose,
        progress,
        args.write_model,
    )
    deadline.disarm()  # the answer is printed whole
    if args.write_model and result.outcome.lazy:
        print(f"{args.write_model}: {LAZY_NOTE}", file=sys.stderr)
    texts = _texts(args, result)
    broken = _broken(result)
    if args.format == "json":
        print(json.dumps(_json_report(result, texts, args.stats), indent=2))
    else:
        _print_text(args, result, texts)
    if broken:
        return EXIT_INTERNAL
    return EXIT_SOLVED if result.outcome.status == SolveStatus.SOLVED else EXIT_NO_SOLUTION


@dataclass(frozen=True)
class Texts:
    """The printed forms of a solve's solutions, each made once and checked to read back."""

    solution: str | None
    another: str | None  # the second solution, when `--unique` found one


def _texts(args: argparse.Namespace, result: Result) -> Texts:
    outcome = result.outcome
    solution = another = None
    if outcome.assignment:
        solution = _faithful_text(args, result, outcome.assignment, "the solution")
    if outcome.second:
        another = _faithful_text(args, result, outcome.second, "another solution")
    return Texts(solution, another)


def _broken(result: Result) -> list[Violation]:
    """The rules the solver's answers break (none, unless a lowering is wrong), reported."""
    diagnosis = result.diagnosis
    broken = result.outcome.violations + (diagnosis.unexplained if diagnosis else [])
    if broken:
        print(
            "dslsolve: internal error: the solver's answer breaks these rules "
            "(a lowering is wrong; please report it):",
            file=sys.stderr,
        )
        for violation in broken:
            print(f"  {violation}", file=sys.stderr)
    return broken


def _json_report(result: Result, texts: Texts, stats: bool) -> dict:
    """`--format json`: the status, the solution's text and what the options asked for."""
    outcome, diagnosis = result.outcome, result.diagnosis
    report = {
        "status": outcome.status.value,
        "solution": texts.solution,
        "unique": outcome.unique,
        "contradictions": outcome.contradictions,
    }
    if outcome.second is not None:
        report["another_solution"] = texts.another
        report["differences"] = differences(result.genre, outcome.assignment, outcome.second)
    if diagnosis is not None:
        report["diagnosis"] = {
            "status": diagnosis.status.value,
            "fewest": diagnosis.fewest,
            "ways": [
                {
                    "left_out": [
                        {"rule": d.rule.text, "line": d.rule.origin.line, "where": d.where}
                        for d in dropped
                    ],
                    "solution": render(result.genre, result.instance, assignment),
                }
                for dropped, assignment in diagnosis.ways
            ],
        }
    if stats:
        report["stats"] = outcome.stats.as_dict()
        if diagnosis is not None:
            report["diagnosis"]["stats"] = diagnosis.stats.as_dict()
    return report


def _print_text(args: argparse.Namespace, result: Result, texts: Texts) -> None:
    """The text formats: the solution (as text, a pzprv3 file or a picture) on standard
    output, what the solve found out about it on standard error."""
    outcome, diagnosis = result.outcome, result.diagnosis
    genre_file, instance = result.genre, result.instance
    if texts.solution is not None and args.format == "pzprv3":
        from dslsolve.puzzlink.answer import pzprv3_answer

        sys.stdout.write(pzprv3_answer(genre_file, instance, outcome.assignment, args.puzzle))
    elif texts.solution is not None and args.format == "svg":
        from dslsolve.frontends.picture import picture  # drawing code only for a picture

        sys.stdout.write(picture(genre_file, instance, outcome.assignment))
    elif texts.solution is not None:
        sys.stdout.write(texts.solution)
    _explain(args, result, texts)
    if diagnosis is not None:
        _explain_diagnosis(diagnosis, args, genre_file, instance)
    if args.stats:
        print(outcome.stats.render(), file=sys.stderr)
        if diagnosis is not None:
            print(f"diagnosis: {diagnosis.stats.render()}", file=sys.stderr)


def _faithful_text(args, result: Result, assignment: Assignment, what: str) -> str:
    """The printed form of a solution, if it reads back as one (else a genre-file error)."""
    text = render(result.genre, result.instance, assignment)
    lost = unfaithful(result.genre, result.instance, assignment, text)
    if lost:
        raise DslError(
            Location(args.genre),
            f"the output cannot print {what} so that it reads back as one: "
            + "; ".join(lost[:MAX_PLACES])
            + (f"; and {len(lost) - MAX_PLACES} more" if len(lost) > MAX_PLACES else ""),
            hint="an output case hides these values, or prints a token that another case "
            "prints too: show each value in a case before the one that hides it, and give "
            "each case a token of its own",
        )
    return text


def _explain(args: argparse.Namespace, result: Result, texts: Texts) -> None:
    outcome = result.outcome
    status = outcome.status
    why_not = no_answer(status, args.time_limit)
    if why_not is not None:
        print(why_not, file=sys.stderr)
    if status == SolveStatus.INFEASIBLE:
        for why in outcome.contradictions[:10]:
            print(f"  {why}", file=sys.stderr)
    if outcome.unique is True:
        print("unique: no other solution exists", file=sys.stderr)
    elif args.unique and status == SolveStatus.SOLVED and outcome.unique is None:
        print(
            "uniqueness unknown: the search for another solution stopped before it ended "
            "(the time limit)",
            file=sys.stderr,
        )
    elif outcome.unique is False:
        print("not unique; another solution:", file=sys.stderr)
        sys.stderr.write(texts.another)
        places = differences(result.genre, outcome.assignment, outcome.second)
        shown = ", ".join(places[:MAX_PLACES])
        more = f" and {len(places) - MAX_PLACES} more" if len(places) > MAX_PLACES else ""
        print(f"the two differ at {shown}{more}", file=sys.stderr)


def _explain_diagnosis(diagnosis: Diagnosis, args, genre_file, instance) -> None:
    def say(line: str) -> None:
        print(line, file=sys.stderr)

    if diagnosis.clues == 0:
        say(
            "nothing to leave out: no rule of this genre reads a clue that can be dropped "
            "(a value from the puzzle, in a rule that can be relaxed)"
        )
    elif diagnosis.status == SolveStatus.INFEASIBLE:
        say("even without any clue the rules cannot all hold")
    elif diagnosis.status == SolveStatus.TIME_LIMIT:
        say(f"no set of clues to leave out found within the time limit of {args.time_limit} s")
    elif diagnosis.status == SolveStatus.ERROR:
        say("the solver stopped without an answer while looking for clues to leave out")
    else:
        count = len(diagnosis.ways[0][0])
        ways = len(diagnosis.ways)
        several = f"; {ways} ways{' (and maybe more)' if ways == ALTERNATIVES else ''}"
        proof = (
            "no fewer will do"
            if diagnosis.fewest
            else "the time limit stopped the search for fewer"
        )
        say(
            f"leaving out {count} clue{'s' if count > 1 else ''} gives a solution "
            f"({proof}){several if ways > 1 else ''}:"
        )
        for number, (dropped, _) in enumerate(diagnosis.ways, start=1):
            for index, clue in enumerate(dropped):
                mark = f"{number}." if index == 0 else ""
                say(f"  {mark:3}{clue}" if ways > 1 else f"  {clue}")
        what = "them" if count > 1 else "it"
        say(f"a solution without {what}:" if ways == 1 else "a solution, leaving out 1.:")
        sys.stderr.write(render(genre_file, instance, diagnosis.ways[0][1]))
