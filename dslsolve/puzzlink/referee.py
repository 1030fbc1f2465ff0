"""puzz.link's engine (npm pzpr 0.10.1, run by `referee/check.js` under Node) as an independent
referee of dslsolve: for a correct board, dslsolve solves the board's URL and pzpr accepts the
answer written as pzprv3 (for the same puzzle: pzpr re-encodes both to one URL); for a board
pzpr rejects, dslsolve's evaluator rejects the board's answer too.

Used by `tools/referee.py` (the whole run) and the tests (a few boards). Needs `node` and
`npm ci --prefix referee`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import DslError, Location
from dslsolve.evaluator import Evaluator
from dslsolve.formulations import parse_formulation
from dslsolve.instance import Instance
from dslsolve.puzzlink.pzprv3 import read_answer, write_pzprv3
from dslsolve.puzzlink.source import read_puzzle
from dslsolve.puzzlink.url import is_pzprv3
from dslsolve.solve import solve_puzzle

REFEREE = Path(__file__).resolve().parents[2] / "referee"


def referee_ready() -> bool:
    """Whether Node and the pinned pzpr package are installed."""
    return shutil.which("node") is not None and (REFEREE / "node_modules" / "pzpr").is_dir()


def pzpr_verdicts(boards: list[str]) -> list[dict]:
    """pzpr's verdict on each board (a URL or a pzprv3 file): type, url, code (None when
    complete and correct), text; or error."""
    return _node("check.js", boards)


def pzpr_files(urls: list[str]) -> list[dict]:
    """pzpr's reading of each URL: {"type": pid, "file": the puzzle as a pzprv3 file} or
    {"error": ...} (`referee/file.js`), to compare dslsolve's URL decoding with pzpr's."""
    return _node("file.js", urls)


def _node(script: str, items: list[str]) -> list[dict]:
    """The JSON lines `referee/SCRIPT` answers for `items`, one JSON line each, under Node."""
    if not items:
        return []
    run = subprocess.run(
        ["node", str(REFEREE / script)],
        input="".join(json.dumps(item) + "\n" for item in items),
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return [json.loads(line) for line in run.stdout.splitlines()]


@dataclass
class Verdict:
    """One board's outcome: `agree` when dslsolve and pzpr say the same."""

    genre: str
    board: str
    expected_correct: bool
    agree: bool
    note: str
    answer: str | None = None  # the pzprv3 file dslsolve wrote (for a correct board)


def _instance(genre: GenreFile, puzzle: str) -> Instance:
    """The puzzle of a URL, or of a pzprv3 board's givens."""
    if is_pzprv3(puzzle):
        return read_puzzle("(pzprv3 board)", genre, text=puzzle)
    return read_puzzle(puzzle, genre)


def solve_to_pzprv3(genre: GenreFile, url: str, time_limit: float | None) -> str:
    """dslsolve's answer to a URL (or a board's puzzle), as a pzprv3 file; raises DslError
    when it has none."""
    instance = _instance(genre, url)
    outcome = solve_puzzle(genre, instance, parse_formulation([]), time_limit=time_limit)
    if outcome.assignment is None:
        raise DslError(Location(url), f"no solution ({outcome.status.value})")
    return write_pzprv3(genre, genre.puzzlink.pzprv3, instance, outcome.assignment)


def evaluator_rejects(genre: GenreFile, url: str, board: str) -> bool:
    """Whether dslsolve's evaluator finds a broken rule in the answer of a pzprv3 board."""
    instance = _instance(genre, url)
    assignment = read_answer(genre, genre.puzzlink.pzprv3, instance, board, url)
    return bool(Evaluator(genre.genre, instance, assignment).violations())


def judge(
    cases: list[tuple[GenreFile, str, str | None, bool]], time_limit: float | None = None
) -> list[Verdict]:
    """Each case is (genre, puzzle: a URL or a pzprv3 board, a pzprv3 board or None, whether
    pzpr accepts the board).
    A board's answer goes to dslsolve's evaluator, which must agree with pzpr; a correct case
    is also solved from its URL, and pzpr must accept dslsolve's answer (one Node run)."""
    verdicts: list[Verdict] = []
    asked: list[tuple[int, str]] = []  # verdict index, dslsolve's answer
    for genre, url, board, correct in cases:
        name = genre.genre.name
        verdict = Verdict(name, url, correct, True, "")
        verdicts.append(verdict)
        try:
            if board is not None and evaluator_rejects(genre, url, board) == correct:
                verdict.agree = False
                verdict.note = "dslsolve check " + ("rejects" if correct else "accepts") + " it"
            if correct and verdict.agree:
                asked.append((len(verdicts) - 1, solve_to_pzprv3(genre, url, time_limit)))
        except DslError as err:
            verdict.agree, verdict.note = False, f"dslsolve: {err.message}"
    replies = pzpr_verdicts([b for index, answer in asked for b in (verdicts[index].board, answer)])
    for number, (index, answer) in enumerate(asked):
        opened, judged = replies[2 * number], replies[2 * number + 1]
        verdict = verdicts[index]
        verdict.answer = answer
        if judged.get("error") or judged.get("url") != opened.get("url"):
            verdict.agree = False
            verdict.note = judged.get("error") or f"pzpr reads another puzzle: {judged['url']}"
        elif judged["code"] is not None:
            verdict.agree = False
            verdict.note = f"pzpr rejects dslsolve's answer: {judged['code']} {judged['text']}"
    return verdicts
