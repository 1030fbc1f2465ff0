"""A seeded smoke run of the fuzzer (`tools/fuzz.py`): a few hundred mutants of the shipped
genre and puzzle files, run in this process under a short time limit (about 40 s in all). The
long run is the script's; its figures are in docs/robustness.md. The mutants that run until
their limit (a mutated clue or rule that leaves a long search; 26 of the 400 at 0.5 s) take
most of the smoke run's time, each its compile and the limit: at 0.5 s instead of 1 s they
still reach it, stop the solver there and must leave nothing behind, and every mutant is still
run (measured at load 5: 45 s instead of 54 s)."""

from __future__ import annotations

import functools
import importlib.util
import sys
from collections import Counter

import pytest

from helpers import ROOT

pytestmark = pytest.mark.xdist_group("fuzz")  # one test worker makes the run both tests read

MUTANTS = 400
SEED = 1
TIME_LIMIT = 0.5  # seconds per mutant


@functools.cache
def smoke_run() -> tuple:
    spec = importlib.util.spec_from_file_location("fuzz", ROOT / "tools" / "fuzz.py")
    fuzz = importlib.util.module_from_spec(spec)
    sys.modules["fuzz"] = fuzz  # its dataclasses look their module up there
    spec.loader.exec_module(fuzz)
    results = fuzz.fuzz(MUTANTS, SEED, time_limit=TIME_LIMIT, in_process=True)
    return fuzz.BUGS, results


def bugs(kinds: set[str]) -> list[str]:
    found, results = smoke_run()
    assert len(results) == MUTANTS
    assert Counter(r.verdict for r in results)["solved"] > 0  # the mutants do get solved
    return [
        f"{r.mutant.number} {r.mutant.genre} {r.verdict}: {r.mutant.mutations} {r.detail[:300]}"
        for r in results
        if r.verdict in found and r.verdict in kinds
    ]


def test_no_mutant_crashes_runs_past_its_limit_or_prints_a_rejected_answer():
    assert bugs({"check rejects", "internal error", "traceback", "past the limit"}) == []


def test_no_mutant_leaves_a_solver_process_or_a_file():
    assert bugs({"leftover"}) == []
