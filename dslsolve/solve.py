"""Compile, solve, add lazy cuts until none is violated, decode, and let the evaluator judge.

The loop: solve the model; ask every separator (lazy connectivity and loop cuts) for the cuts
the solution violates; add them and solve again until there are none. With `unique`, a no-good
cut on the genre's unknowns then asks the solver for a second, different solution.
`diagnose_puzzle` runs the same loop on the relaxed model (`compiler/clues.py`) of a puzzle
without a solution: the fewest clues to leave out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field

import pulp

from dslsolve.backends import BACKENDS, DEFAULT_BACKEND, Session, SolveStatus
from dslsolve.compiler import Compiled, compile_model
from dslsolve.compiler.clues import Dropped
from dslsolve.compiler.formulations import Formulation
from dslsolve.dsl.genre import GenreFile
from dslsolve.evaluator import Assignment, Evaluator, Violation
from dslsolve.instance import Instance
from dslsolve.output import printed, shown_values


@dataclass
class Stats:
    backend: str
    formulation: str
    variables: int = 0
    constraints: int = 0  # as compiled; lazy cuts are counted in `cuts`
    nonzeros: int = 0
    fixed: int = 0  # unknowns that the puzzle fixes: constants, not model variables
    compile_seconds: float = 0.0
    solve_seconds: float = 0.0
    cut_rounds: int = 0
    cuts: int = 0  # lazy rows: those of the rounds, and those a solver added inside its search
    solver_calls: int = 0
    check_seconds: float = 0.0  # the evaluator's check of the answer

    def as_dict(self) -> dict:
        return asdict(self)

    def render(self) -> str:
        return (
            f"backend {self.backend}; formulation {self.formulation}\n"
            f"variables {self.variables}, constraints {self.constraints}, "
            f"nonzeros {self.nonzeros}; {self.fixed} unknowns fixed by the puzzle\n"
            f"compile {self.compile_seconds:.3f} s, solve {self.solve_seconds:.3f} s "
            f"({self.solver_calls} solver calls), lazy-cut rounds {self.cut_rounds} "
            f"({self.cuts} cuts); evaluator check {self.check_seconds:.3f} s"
        )


@dataclass
class Outcome:
    status: SolveStatus
    stats: Stats
    assignment: Assignment | None = None
    contradictions: list[str] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)  # should stay empty
    second: Assignment | None = None  # another solution, when uniqueness was asked for
    unique: bool | None = None


Progress = Callable[[str], None]


def _solve_with_cuts(
    compiled: Compiled,
    session: Session,
    deadline: float | None,
    stats: Stats,
    progress: Progress | None,
) -> SolveStatus:
    separators = compiled.model.separators
    while True:
        remaining = None if deadline is None else max(deadline - time.perf_counter(), 0.01)
        started = time.perf_counter()
        status = session.solve(remaining)
        stats.solve_seconds += time.perf_counter() - started
        stats.solver_calls += 1
        if status != SolveStatus.SOLVED:
            return status
        cuts = [cut for separate in separators for cut in separate()]
        if not cuts:
            return status
        _add(session, cuts, stats)
        stats.cut_rounds += 1
        stats.cuts += len(cuts)
        if progress:
            progress(f"lazy-cut round {stats.cut_rounds}: {len(cuts)} cuts")
        if deadline is not None and time.perf_counter() >= deadline:
            return SolveStatus.TIME_LIMIT


def _add(session: Session, rows: list[pulp.LpConstraint], stats: Stats) -> None:
    """Rows into the solver's model; the time it takes is solve time."""
    started = time.perf_counter()
    session.add(rows)
    stats.solve_seconds += time.perf_counter() - started


@contextmanager
def _session(compiled: Compiled, backend: str, stats: Stats) -> Iterator[Session]:
    """The backend's session on the compiled model (handing the model over is solve time),
    closed whatever happens."""
    started = time.perf_counter()
    session = BACKENDS[backend].session(compiled.model)
    stats.solve_seconds += time.perf_counter() - started
    try:
        yield session
    finally:
        stats.cuts += session.rows_in_search
        session.close()


def _compile(
    genre_file: GenreFile,
    instance: Instance,
    formulation: Formulation,
    stats: Stats,
    relax: bool = False,
) -> Compiled:
    """The compiled model, its compile time and its size in `stats`."""
    started = time.perf_counter()
    compiled = compile_model(
        genre_file.genre, instance, formulation, shown_values(genre_file, instance), relax
    )
    stats.compile_seconds = time.perf_counter() - started
    problem = compiled.model.problem
    stats.variables = problem.numVariables()  # variables() would sort them by name first
    stats.constraints = problem.numConstraints()
    stats.nonzeros = sum(len(c) for c in problem.constraints())  # PuLP 4's list of rows
    stats.fixed = sum(len(values) for values in compiled.lowerer.fixed.values())
    return compiled


def no_good(compiled: Compiled, only: set | None = None) -> pulp.LpConstraint:
    """A cut that only the current solution of the genre's unknowns breaks: a different one
    (different in one of the `only` values, if given)."""
    binaries = compiled.decision_binaries(only)
    ones = [b for b in binaries if round(b.varValue or 0) == 1]
    zeros = [b for b in binaries if round(b.varValue or 0) == 0]
    return pulp.lpSum(1 - b for b in ones) + pulp.lpSum(zeros) >= 1


def solve_puzzle(
    genre_file: GenreFile,
    instance: Instance,
    formulation: Formulation,
    backend: str = DEFAULT_BACKEND,
    time_limit: float | None = None,
    unique: bool = False,
    progress: Progress | None = None,
) -> Outcome:
    stats = Stats(backend, formulation.describe())
    compiled = _compile(genre_file, instance, formulation, stats)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    with _session(compiled, backend, stats) as session:
        status = _solve_with_cuts(compiled, session, deadline, stats, progress)
        outcome = Outcome(status, stats, contradictions=list(compiled.model.contradictions))
        if status != SolveStatus.SOLVED:
            return outcome
        outcome.assignment = compiled.decode()
        if unique:  # another solution is one that prints otherwise: hidden values do not count
            shown = printed(genre_file, instance, outcome.assignment)
            _add(session, [no_good(compiled, shown)], stats)
            again = _solve_with_cuts(compiled, session, deadline, stats, progress)
            if again == SolveStatus.SOLVED:
                outcome.second = compiled.decode()
                outcome.unique = False
            elif again == SolveStatus.INFEASIBLE:
                outcome.unique = True
    started = time.perf_counter()
    outcome.violations = Evaluator(genre_file.genre, instance, outcome.assignment).violations()
    stats.check_seconds = time.perf_counter() - started
    return outcome


ALTERNATIVES = 5  # at most this many smallest sets of clues to leave out are listed


@dataclass
class Diagnosis:
    """The smallest sets of clues to leave out for a solution (`compiler/clues.py`), each
    with a solution without them."""

    status: SolveStatus
    stats: Stats
    clues: int = 0  # clues that could be dropped (rule instances behind a binary)
    ways: list[tuple[list[Dropped], Assignment]] = field(default_factory=list)
    fewest: bool = True  # False: the time limit stopped the solver before it proved it
    unexplained: list[Violation] = field(default_factory=list)  # should stay empty


def diagnose_puzzle(
    genre_file: GenreFile,
    instance: Instance,
    formulation: Formulation,
    backend: str = DEFAULT_BACKEND,
    time_limit: float | None = None,
    progress: Progress | None = None,
) -> Diagnosis:
    """Solve with every clue optional and as many kept as possible; then ask for other sets
    of as many clues, each different from those found (up to ALTERNATIVES). The evaluator
    checks every answer: the rule instances it finds broken must be clues left out."""
    stats = Stats(backend, formulation.describe())
    compiled = _compile(genre_file, instance, formulation, stats, relax=True)
    diagnosis = Diagnosis(SolveStatus.INFEASIBLE, stats, clues=len(compiled.kept))
    if not compiled.kept:
        return diagnosis
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    with _session(compiled, backend, stats) as session:
        diagnosis.status = _solve_with_cuts(compiled, session, deadline, stats, progress)
        if diagnosis.status == SolveStatus.SOLVED:
            diagnosis.fewest = session.proven_optimal
            _other_ways(genre_file, instance, compiled, session, deadline, diagnosis, progress)
    return diagnosis


def _other_ways(
    genre_file: GenreFile,
    instance: Instance,
    compiled: Compiled,
    session: Session,
    deadline: float | None,
    diagnosis: Diagnosis,
    progress: Progress | None,
) -> None:
    """The ways to leave out as few clues as the first found, into `diagnosis.ways`."""
    stats = diagnosis.stats
    kept = [k.binary for k in compiled.kept]
    fewest = len(compiled.left_out())
    _add(session, [pulp.lpSum(kept) == len(kept) - fewest], stats)  # no more than the fewest
    while True:
        left_out, assignment = compiled.left_out(), compiled.decode()
        dropped = [k.clue for k in left_out]
        started = time.perf_counter()
        violations = Evaluator(genre_file.genre, instance, assignment).violations()
        stats.check_seconds += time.perf_counter() - started
        allowed = {(d.rule.text, d.where) for d in dropped}
        diagnosis.unexplained += [v for v in violations if (v.rule.text, v.where) not in allowed]
        diagnosis.ways.append((dropped, assignment))
        if not dropped or len(diagnosis.ways) == ALTERNATIVES:
            return
        _add(session, [pulp.lpSum(k.binary for k in left_out) >= 1], stats)  # another set
        if _solve_with_cuts(compiled, session, deadline, stats, progress) != SolveStatus.SOLVED:
            return
