"""Seeded mutation fuzzing of dslsolve: every promise kept under bad input.

    python tools/fuzz.py [--count N] [--seed S] [--time-limit T] [--jobs J] [--keep DIR]

Each mutant is a shipped genre file and its example puzzle with one to three mutations of one
of the two (tokens, lines, numbers, operators, keywords, sections, indentation, unicode, huge
numbers, binary bytes, huge grids). It is solved as a user would, `python -m dslsolve GENRE
PUZZLE --time-limit T` in a subprocess with a private temporary directory, and classified:

    clean error     exit 2 with a message          no solution    exit 1
    solved          exit 0, and `check` accepts the printed answer
    time limit      exit 1, "no solution found within the time limit"
    check rejects   exit 0, but `check` rejects the printed answer      (a bug)
    internal error  exit 3                                              (a bug)
    traceback       a Python traceback, or death by a signal            (a bug)
    past the limit  the run took more than T + 2 s                      (a bug)
    leftover        a solver process or a file left in the temp dir     (a bug)

The counts are printed at the end; with --keep, each bug's genre and puzzle are saved there.
`--in-process` runs the command in this process instead (no start-up cost of about 0.7 s per
run, for the tests' smoke run; a crash of the interpreter then ends the run).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = ROOT / "puzzles"
BUGS = ("check rejects", "internal error", "traceback", "past the limit", "leftover")
SLACK_SECONDS = 2.0  # a run may end this long after its time limit

HUGE = ["0", "-1", "1", "99999", str(2**31), str(2**63), "1" + "0" * 30, "1" + "0" * 400]
OPERATORS = ["=", "!=", "<", "<=", ">", ">=", "+", "-", "*", "and", "or", "not", "->"]
KEYWORDS = [
    "each", "row", "column", "cell", "box", "region", "piece", "area", "count", "sum",
    "alldifferent", "connected", "single_loop", "neighbours", "where", "of", "all", "any",
    "size", "rows", "columns", "given", "empty", "number", "true", "false", "type", "grid",
    "domain", "bool", "int", "on", "borders", "links", "points", "show", "symbol", "when",
]  # fmt: skip
UNICODE = ["é", "数", "\u200b", "\u202e", "𝟙", "\t", "\\", "'", '"', "#", ":", "{", "[", "&a", "*a"]


@dataclass(frozen=True)
class Mutant:
    number: int
    genre: str  # the genre's name
    genre_text: bytes
    puzzle_text: bytes
    mutations: tuple[str, ...]


def targets() -> list[tuple[str, bytes, bytes]]:
    """(genre name, genre file, example puzzle) of every shipped genre."""
    found = []
    for genre in sorted(PUZZLES.glob("*.yaml")):
        example = PUZZLES / genre.stem / "example.txt"
        if example.exists():
            found.append((genre.stem, genre.read_bytes(), example.read_bytes()))
    return found


# ------------------------------------------------------------------ mutations (text -> text)


def _lines(text: str) -> list[str]:
    return text.split("\n")


def mutate_token(text: str, rng: random.Random) -> str:
    tokens = re.findall(r"\S+", text)
    if not tokens:
        return text
    spans = [m.span() for m in re.finditer(r"\S+", text)]
    start, end = rng.choice(spans)
    return text[:start] + rng.choice(tokens) + text[end:]


def mutate_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    action = rng.choice(["delete", "duplicate", "swap"])
    if action == "delete":
        del lines[i]
    elif action == "duplicate":
        lines.insert(j, lines[i])
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _replace_match(text: str, pattern: str, rng: random.Random, new: str) -> str:
    spans = [m.span() for m in re.finditer(pattern, text)]
    if not spans:
        return text
    start, end = rng.choice(spans)
    return text[:start] + new + text[end:]


def mutate_number(text: str, rng: random.Random) -> str:
    new = rng.choice(HUGE + [str(rng.randint(-3, 12))])
    return _replace_match(text, r"(?<![\w.])-?\d+(?![\w])", rng, new)


def mutate_operator(text: str, rng: random.Random) -> str:
    return _replace_match(text, r"!=|<=|>=|->|[=<>+*-]|\band\b|\bor\b|\bnot\b", rng,
                          rng.choice(OPERATORS))  # fmt: skip


def mutate_keyword(text: str, rng: random.Random) -> str:
    return _replace_match(text, r"\b[a-z_]+\b", rng, rng.choice(KEYWORDS))


def mutate_section(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    headers = [i for i, line in enumerate(lines) if re.fullmatch(r"\s*[\w.-]+:.*", line)]
    if not headers:
        return text
    i = rng.choice(headers)
    action = rng.choice(["rename", "delete", "duplicate"])
    if action == "rename":
        lines[i] = re.sub(r"[\w.-]+", rng.choice(KEYWORDS), lines[i], count=1)
    elif action == "delete":
        del lines[i]
    else:
        lines.insert(rng.randrange(len(lines)), lines[i])
    return "\n".join(lines)


def mutate_indentation(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines[i] = " " * rng.choice([0, 1, 2, 3, 4, 8]) + lines[i].lstrip()
    return "\n".join(lines)


def mutate_unicode(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(UNICODE) + text[at:]


def mutate_huge_grid(text: str, rng: random.Random) -> str:
    """Tile every block of grid rows (lines after a `name:` header) to about `side` rows and
    as many columns."""
    side = rng.choice([30, 60, 200])
    out, block = [], []

    def flush() -> None:
        if block:
            width = max(1, len(block[0].split()) if " " in block[0] else len(block[0]))
            times = max(1, side // width)
            sep = " " if " " in block[0] else ""
            rows = [sep.join([row] * times) for row in block]
            out.extend((rows * max(1, side // len(rows)))[:side])
            block.clear()

    for line in _lines(text):
        if line.strip() and not line.startswith("#") and not line.rstrip().endswith(":"):
            block.append(line)
        else:
            flush()
            out.append(line)
    flush()
    return "\n".join(out)


TEXT_MUTATIONS = {
    "token": mutate_token,
    "line": mutate_line,
    "number": mutate_number,
    "operator": mutate_operator,
    "keyword": mutate_keyword,
    "section": mutate_section,
    "indentation": mutate_indentation,
    "unicode": mutate_unicode,
    "huge grid": mutate_huge_grid,
}


def mutate_binary(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + data[at:]


def make_mutant(number: int, seed: int, sources: list[tuple[str, bytes, bytes]]) -> Mutant:
    rng = random.Random(f"{seed}:{number}")
    name, genre, puzzle = rng.choice(sources)
    in_genre = rng.random() < 0.5
    data = genre if in_genre else puzzle
    done = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        kind = rng.choice([*TEXT_MUTATIONS, "binary"])
        if kind == "huge grid" and in_genre:
            kind = "number"
        if kind == "binary":
            data = mutate_binary(data, rng)
        else:
            text = data.decode("utf-8", errors="replace")
            data = TEXT_MUTATIONS[kind](text, rng).encode("utf-8")
        done.append(f"{'genre' if in_genre else 'puzzle'} {kind}")
    if in_genre:
        return Mutant(number, name, data, puzzle, tuple(done))
    return Mutant(number, name, genre, data, tuple(done))


# ------------------------------------------------------------------ running and classifying


@dataclass
class Result:
    mutant: Mutant
    verdict: str
    seconds: float
    detail: str = ""


def _dslsolve(args: list[str], tmpdir: str, in_process: bool) -> tuple[int, str, str]:
    if in_process:
        from dslsolve.frontends.cli import main

        out, err = io.StringIO(), io.StringIO()
        old = os.environ.get("TMPDIR")
        os.environ["TMPDIR"] = tmpdir
        tempfile.tempdir = None  # read TMPDIR again
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(args)
        finally:
            if old is None:
                del os.environ["TMPDIR"]
            else:
                os.environ["TMPDIR"] = old
            tempfile.tempdir = None
        return code, out.getvalue(), err.getvalue()
    env = dict(os.environ, TMPDIR=tmpdir, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "dslsolve", *args],
        capture_output=True,
        text=True,
        errors="replace",
        env=env,
        timeout=600,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def _leftover_processes(tmpdir: str) -> list[int]:
    """Processes whose command line names the run's private temporary directory (a solver
    working on a model file there)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if tmpdir.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def run_mutant(mutant: Mutant, time_limit: float, in_process: bool) -> Result:
    with tempfile.TemporaryDirectory(prefix="dslsolve-fuzz-") as work:
        genre, puzzle = Path(work, f"{mutant.genre}.yaml"), Path(work, "puzzle.txt")
        genre.write_bytes(mutant.genre_text)
        puzzle.write_bytes(mutant.puzzle_text)
        tmpdir = Path(work, "tmp")
        tmpdir.mkdir()
        started = time.perf_counter()
        args = [str(genre), str(puzzle), "--time-limit", str(time_limit)]
        code, out, err = _dslsolve(args, str(tmpdir), in_process)
        seconds = time.perf_counter() - started
        verdict, detail = _classify(code, out, err, genre, puzzle, work, in_process)
        leftovers = _leftover_processes(str(tmpdir))
        files = [p.name for p in tmpdir.iterdir()]
        for pid in leftovers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, 9)
        if verdict not in BUGS and seconds > time_limit + SLACK_SECONDS:
            verdict, detail = "past the limit", f"{seconds:.1f} s"
        if verdict not in BUGS and (leftovers or files):
            verdict, detail = "leftover", f"processes {leftovers}, files {files}"
        return Result(mutant, verdict, seconds, detail)


def _classify(code, out, err, genre, puzzle, work, in_process) -> tuple[str, str]:
    if "Traceback" in err or code < 0:
        return "traceback", err[-400:]
    if code == 3:
        return "internal error", err[:400]
    if code == 2:
        return "clean error", ""
    if code == 1:
        return ("time limit" if "within the time limit" in err else "no solution"), ""
    if code != 0:
        return "traceback", f"exit {code}: {err[-300:]}"
    answer = Path(work, "answer.txt")
    answer.write_text(out)
    checked, said, why = _dslsolve(
        ["check", str(genre), str(puzzle), str(answer)], str(Path(work, "tmp")), in_process
    )
    if checked != 0:
        return "check rejects", (said + why)[:400]
    return "solved", ""


def fuzz(
    count: int,
    seed: int,
    time_limit: float,
    jobs: int = 1,
    in_process: bool = False,
    keep: Path | None = None,
    progress=None,
) -> list[Result]:
    sources = targets()
    mutants = (make_mutant(n, seed, sources) for n in range(count))
    results = []
    with ThreadPoolExecutor(jobs) as pool:  # in process: in the main thread (its signals)
        ran = (
            (run_mutant(m, time_limit, True) for m in mutants)
            if in_process
            else pool.map(lambda m: run_mutant(m, time_limit, False), mutants)
        )
        for result in ran:
            results.append(result)
            if progress and len(results) % 500 == 0:
                progress(f"{len(results)} mutants: {dict(Counter(r.verdict for r in results))}")
    if keep is not None:
        for result in results:
            if result.verdict in BUGS:
                _keep(keep, result)
    return results


def _keep(directory: Path, result: Result) -> None:
    case = directory / f"{result.mutant.number:05d}-{result.verdict.replace(' ', '-')}"
    shutil.rmtree(case, ignore_errors=True)
    case.mkdir(parents=True)
    (case / f"{result.mutant.genre}.yaml").write_bytes(result.mutant.genre_text)
    (case / "puzzle.txt").write_bytes(result.mutant.puzzle_text)
    (case / "what.txt").write_text(
        f"{', '.join(result.mutant.mutations)}\n{result.seconds:.2f} s\n{result.detail}\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--time-limit", type=float, default=2.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--in-process", action="store_true")
    parser.add_argument("--keep", type=Path, help="save each bug's files here")
    args = parser.parse_args()
    started = time.perf_counter()
    results = fuzz(
        args.count,
        args.seed,
        args.time_limit,
        args.jobs,
        args.in_process,
        args.keep,
        progress=lambda line: print(line, file=sys.stderr, flush=True),
    )
    counts = Counter(r.verdict for r in results)
    longest = max(r.seconds for r in results)
    print(
        f"{len(results)} mutants (seed {args.seed}, --time-limit {args.time_limit}) in "
        f"{time.perf_counter() - started:.0f} s; longest run {longest:.1f} s"
    )
    for verdict, number in counts.most_common():
        print(f"  {verdict:15} {number}{'   <- bug' if verdict in BUGS else ''}")
    for result in results:
        if result.verdict in BUGS:
            print(f"{result.mutant.number} {result.mutant.genre} {result.verdict}: "
                  f"{result.mutant.mutations} {result.detail[:200]!r}")  # fmt: skip
    sys.exit(1 if any(r.verdict in BUGS for r in results) else 0)


if __name__ == "__main__":
    main()
