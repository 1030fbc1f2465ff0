"""One run of the page, in a process of its own: `python -m dslsolve.frontends.serve.worker`.

The server writes one JSON request on standard input and reads JSON lines from standard
output: `{"stage": ...}` while it works, then `{"result": ...}` or `{"error": ...}`. The
process limits itself (`confine`) as soon as it has the request (the server's, which holds
the limits): memory (RLIMIT_AS), CPU time, no file written (RLIMIT_FSIZE 0: the solver,
CP-SAT, runs in-process and writes none). It works in a directory of its own (named in the
request; the server starts a worker ahead, which does its imports, a second or more, while it
waits), where the server has
written an uploaded genre file under a plain name; a puzzle is a puzz.link URL
or text, never a path: nothing a person sends names a file on the server.
"""

from __future__ import annotations

import json
import os
import re
import resource
import sys
import time
from dataclasses import dataclass
from typing import Any

import dslsolve.backends.cpsat  # noqa: F401 - the solver's library, imported ahead too
from dslsolve import ir
from dslsolve.backends import DEFAULT_BACKEND
from dslsolve.errors import DslError
from dslsolve.formulations import parse_formulation
from dslsolve.frontends.api import Genre
from dslsolve.frontends.determined import places, shown
from dslsolve.frontends.picture import CELL, grid_corner, picture
from dslsolve.ir import GridSection, SetOutput
from dslsolve.output import differences, render
from dslsolve.puzzlink.importer import url_to_text
from dslsolve.puzzlink.pzprv3 import write_pzprv3
from dslsolve.puzzlink.source import read_puzzle
from dslsolve.puzzlink.url import is_url
from dslsolve.solve import determined_values

MIB = 1024 * 1024
ELEMENT = re.compile(r"\br(\d+)c(\d+)\b")  # a cell as the evaluator names it: r2c7


@dataclass(frozen=True)
class Limits:
    """What one run may use; the server's time limit is enforced from outside too."""

    seconds: float
    memory_mib: int


def confine(limits: Limits) -> None:
    """Limit this process (and anything it starts) before it reads a person's input."""
    memory = limits.memory_mib * MIB
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    cpu = int(limits.seconds * 4) + 10  # CP-SAT's threads spend CPU time in parallel
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def say(**message: Any) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def read_puzzle_given(genre, puzzle: str):
    """The puzzle's text and instance, from a URL or a text; a single line that is not a URL
    is text too (a genre with one section), never a file's name."""

    text = url_to_text(puzzle, genre.file) if is_url(puzzle) else puzzle.rstrip() + "\n"
    return text, read_puzzle("puzzle", genre.file, text)


def cells_of(named: list[str]) -> list[list[int]]:
    """The cells (row, column; 0-based) that place names (`r2c7`, `border above r3c1`)
    touch: a border or link marks the cell it is named by."""
    cells = {(int(r) - 1, int(c) - 1) for place in named for r, c in ELEMENT.findall(place)}
    return [list(cell) for cell in sorted(cells)]


def board(genre, instance) -> dict:
    """What the page needs to draw a puzzle and edit it: the grid's size and where it is in
    the picture, and the grid sections on cells (the ones a click edits)."""
    if isinstance(genre.file.genre.output, SetOutput) or instance.rows == 0:
        return {"rows": 0, "columns": 0, "sections": []}
    x, y = grid_corner(genre.file, instance)
    sections = [
        {"name": s.name, "symbols": list(s.symbols)}
        for s in genre.file.genre.sections
        if isinstance(s, GridSection) and s.on == ir.ElementKind.CELL
    ]
    return {
        "rows": instance.rows,
        "columns": instance.columns,
        "x": x,
        "y": y,
        "cell": CELL,
        "sections": sections,
        "single": len(genre.file.genre.sections) == 1,
    }


def left(deadline: float) -> float:
    """The seconds a solver may still take (a solver needs a limit above 0)."""
    return max(deadline - time.perf_counter(), 0.5)


def drawn(genre, instance, values) -> str | None:
    """The SVG picture; None for a genre that is not a grid of cells."""
    if isinstance(genre.file.genre.output, SetOutput) or instance.rows == 0:
        return None
    return picture(genre.file, instance, values)


def pzprv3(genre, instance, values) -> str | None:
    """The solution as the pzprv3 file the genre declares (puz.link opens it, and a URL
    made of it); None without a solution or a declaration."""
    spec = genre.file.puzzlink.pzprv3 if genre.file.puzzlink else None
    if values is None or spec is None:
        return None
    try:
        return write_pzprv3(genre.file, spec, instance, values)
    except DslError:  # a declaration that cannot write this answer: the page offers none
        return None


def public(text: str, request: dict) -> str:
    """A message with no path of the server's: the genre file (a shipped one is read from
    the genres folder) by its bare name, the run's own directory left out."""
    genre_file = request.get("genre_file") or ""
    if os.path.isabs(genre_file):
        text = text.replace(genre_file, os.path.basename(genre_file))
    directory = request.get("directory") or ""
    return text.replace(directory + os.sep, "").replace(directory, ".") if directory else text


def solve(genre, instance, request: dict, deadline: float) -> dict:
    """Solve with uniqueness; with no solution, the fewest clues to drop; on request, the
    determined values."""
    progress = lambda line: say(stage=line)  # noqa: E731 - a one-line callback
    say(stage="compiling and solving")
    result = genre.solve(
        instance, unique=True, time_limit=left(deadline), diagnose=True, progress=progress
    )
    answer: dict[str, Any] = {
        "status": result.status,
        "unique": result.unique,
        "text": result.text,
        "svg": drawn(genre, instance, result.values),
        "board": board(genre, instance),
        "stats": result.stats.render(),
        "violations": [str(v) for v in result.violations],
        "contradictions": list(result.outcome.contradictions),
        "pzprv3": pzprv3(genre, instance, result.values),
    }
    if result.second is not None:
        places_differ = differences(genre.file, result.values, result.second)
        answer["second"] = {
            "text": result.second_text,
            "svg": drawn(genre, instance, result.second),
            "differences": places_differ,
            "cells": cells_of(places_differ),
        }
    if result.diagnosis is not None:
        diagnosis = result.diagnosis
        answer["diagnosis"] = {
            "status": diagnosis.status.value,
            "clues": diagnosis.clues,
            "fewest": diagnosis.fewest,
            "ways": [
                {
                    "left_out": [str(d) for d in dropped],
                    "cells": cells_of([d.where for d in dropped]),
                    "svg": drawn(genre, instance, values),
                    "text": render(genre.file, instance, values),
                }
                for dropped, values in diagnosis.ways
            ],
        }
    if request.get("determined") and result.solved:
        say(stage="looking for the determined values")
        determined = determined_values(
            genre.file, instance, parse_formulation([]), DEFAULT_BACKEND, left(deadline), progress
        )
        named = [] if determined.reference is None else places(genre.file, determined)
        answer["determined"] = {
            "complete": determined.complete and determined.reference is not None,
            "undetermined": named,
            "cells": cells_of(named),
            "svg": drawn(genre, instance, determined.reference or result.values),
            "text": None
            if determined.reference is None
            else shown(genre.file, instance, determined),
        }
    return answer


def run(request: dict) -> None:

    started = time.perf_counter()
    limits = Limits(**request["limits"])
    try:
        say(stage="loading the genre")
        genre = Genre.load(request["genre_file"])
        say(stage="reading the puzzle")
        text, instance = read_puzzle_given(genre, request["puzzle"])
        if request.get("mode") == "preview":
            answer = {
                "svg": drawn(genre, instance, None),
                "board": board(genre, instance),
                "text": text,
            }
        else:
            answer = solve(genre, instance, request, started + limits.seconds)
    except DslError as err:
        where = err.where
        file = public(str(where.file), request) if where.file else where.file
        say(error=public(err.render(), request), line=where.line, column=where.column, file=file)
        return
    except RecursionError:
        say(error="the genre's rules nest too deeply to be compiled or checked")
        return
    except MemoryError:
        say(error=f"out of memory: a run may use {limits.memory_mib} MiB")
        return
    except Exception as err:  # a bug of ours: said as the command says it, not a traceback
        said = f"internal error (not a mistake in your files): {type(err).__name__}: {err}"
        say(error=public(said, request))
        return
    say(result=answer)


def main() -> None:
    line = sys.stdin.readline()
    if not line:  # the server stopped without needing this worker
        return
    request = json.loads(line)
    os.chdir(request["directory"])
    confine(Limits(**request["limits"]))
    run(request)
    sys.stdout.flush()
    os._exit(0)  # Python's teardown has nothing left to do and takes 50-80 ms (cli.run)


if __name__ == "__main__":
    main()
