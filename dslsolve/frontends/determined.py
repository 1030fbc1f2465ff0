"""`dslsolve GENRE PUZZLE --determined`: the values every solution shares, printed as the
solution with `?` where solutions differ (and in JSON: the places that differ).

`?` rather than a blank: many genres print `.` for a value (an unshaded cell), and a space is
an unused edge in a drawing. Genres whose output is lines over index sets have no cell to
mark: a solution is printed, and their undetermined values are listed (in text on standard
error, and in JSON).
"""

from __future__ import annotations

import argparse
import json
import sys

from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import EXIT_INTERNAL, EXIT_NO_SOLUTION, EXIT_SOLVED, DslError, Location
from dslsolve.evaluator import Assignment
from dslsolve.formulations import Formulation
from dslsolve.frontends.options import no_answer
from dslsolve.instance import Instance
from dslsolve.ir import SetOutput
from dslsolve.output import differences, render
from dslsolve.solve import Determined, Progress, determined_values

MAX_PLACES = 20  # places named on standard error; the rest are counted
NOT_WITH = ("unique", "diagnose", "write_model")  # options that --determined does not take


def places(genre_file: GenreFile, determined: Determined) -> list[str]:
    """The undetermined values by name (`r1c2`, `border above r3c1`, `VAR(KEY)`)."""
    reference = determined.reference
    assert reference is not None
    marked: Assignment = {
        name: {
            key: (object() if (name, key) in determined.undetermined else value)
            for key, value in values.items()
        }
        for name, values in reference.items()
    }
    return differences(genre_file, reference, marked)


def shown(genre_file: GenreFile, instance: Instance, determined: Determined) -> str | None:
    """The reference solution with `?` at its undetermined values; None for an output over
    index sets, which has no cell to mark."""
    assert determined.reference is not None
    if isinstance(genre_file.genre.output, SetOutput):
        return None
    return render(genre_file, instance, determined.reference, undetermined=determined.undetermined)


def determined_command(
    args: argparse.Namespace,
    genre_file: GenreFile,
    instance: Instance,
    formulation: Formulation,
    progress: Progress | None,
) -> int:
    for option in NOT_WITH:
        if getattr(args, option):
            raise DslError(
                Location("--determined"),
                f"--determined does not combine with --{option.replace('_', '-')}",
                hint="run them separately (--determined already says whether the solution is "
                "unique)",
            )
    if args.format not in ("text", "json"):
        raise DslError(
            Location("--determined"),
            f"--determined prints text or json, not {args.format}",
            hint="leave out --format, or use --format json",
        )
    result = determined_values(
        genre_file, instance, formulation, args.backend, args.time_limit, progress
    )
    solved = result.reference is not None
    named = places(genre_file, result) if solved else []
    if result.violations:
        print(
            "dslsolve: internal error: a solver's answer breaks these rules "
            "(a lowering is wrong; please report it):",
            file=sys.stderr,
        )
        for violation in result.violations:
            print(f"  {violation}", file=sys.stderr)
    if args.format == "json":
        report = {
            "status": result.status.value,
            "solution": render(genre_file, instance, result.reference) if solved else None,
            "determined": shown(genre_file, instance, result) if solved else None,
            "undetermined": named,
            "complete": result.complete,
            "solutions": result.solutions,
        }
        if args.stats:
            report["stats"] = result.stats.as_dict()
        print(json.dumps(report, indent=2))
    else:
        if solved:
            marked = shown(genre_file, instance, result)
            sys.stdout.write(marked or render(genre_file, instance, result.reference))
        _explain(result, named, args.time_limit)
        if args.stats:
            print(result.stats.render(), file=sys.stderr)
    if result.violations:
        return EXIT_INTERNAL
    return EXIT_SOLVED if solved else EXIT_NO_SOLUTION


def _explain(result: Determined, named: list[str], time_limit: float | None) -> None:
    def say(line: str) -> None:
        print(line, file=sys.stderr)

    why_not = no_answer(result.status, time_limit)
    if why_not is not None:
        say(why_not)
    if result.reference is None:
        return
    if not result.complete:
        say(
            "the time limit stopped the search: values not marked may still differ between "
            "solutions"
        )
    if not named:
        say("every value is determined: the solution is unique")
        return
    more = f" and {len(named) - MAX_PLACES} more" if len(named) > MAX_PLACES else ""
    say(
        f"{len(named)} places undetermined ({result.solutions} solutions compared): "
        f"{', '.join(named[:MAX_PLACES])}{more}"
    )
