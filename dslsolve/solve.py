"""Compile, solve, add lazy cuts until none is violated, decode, and let the evaluator judge.

The loop: solve the model; ask every separator (lazy connectivity and loop cuts) for the cuts
the solution violates; add them and solve again until there are none. With `unique`, a no-good
cut on the genre's unknowns then asks the solver for a second, different solution.
`diagnose_puzzle` runs the same loop on the relaxed model (`compiler/clues.py`) of a puzzle
without a solution: the fewest clues to leave out.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field

import pulp

from dslsolve import ir
from dslsolve.answer import ground
from dslsolve.backends import BACKENDS, DEFAULT_BACKEND, Session, SolveStatus
from dslsolve.compiler import Compiled, compile_model
from dslsolve.compiler.clues import Dropped
from dslsolve.compiler.lowerings.domain import Integer
from dslsolve.compiler.model import AllDifferent
from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import DslError, Location
from dslsolve.evaluator import Assignment, Evaluator
from dslsolve.formulations import Formulation
from dslsolve.instance import Instance
from dslsolve.violation import Violation


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
    lazy: bool = False  # the model has lazy separators (connectivity, loops)


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
    """The backend's session on the compiled model (handing the model over is solve time;
    importing the solver library is not, as importing the compiler is not compile time),
    closed whatever happens."""
    BACKENDS[backend].load()
    started = time.perf_counter()
    if not BACKENDS[backend].native_alldifferent:
        _linear_globals(compiled)  # the global's rows, for a backend that cannot post it
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
        genre_file.genre, instance, formulation, ground(genre_file.genre, instance).values, relax
    )
    stats.compile_seconds = time.perf_counter() - started
    _count(compiled, stats)
    stats.fixed = sum(len(values) for values in compiled.lowerer.fixed.values())
    return compiled


def run_formulation(genre: ir.Genre, formulation: Formulation, backend: str) -> Formulation:
    """The lowerings a run on `backend` uses: the genre file's own choices under the user's
    `formulation`, and the genre file's choices for that backend."""
    return formulation.under_genre(genre.formulation).on_backend(genre.backend_formulation, backend)


def _compile_run(
    genre_file: GenreFile,
    instance: Instance,
    formulation: Formulation,
    backend: str,
    relax: bool = False,
) -> tuple[Compiled, Stats]:
    """The model of a run on `backend` (`run_formulation`), and the run's `Stats` with its
    compile time and size."""
    formulation = run_formulation(genre_file.genre, formulation, backend)
    stats = Stats(backend, formulation.describe())
    return _compile(genre_file, instance, formulation, stats, relax), stats


def _deadline(time_limit: float | None) -> float | None:
    """When a run given `time_limit` seconds from now stops (`time.perf_counter`)."""
    return None if time_limit is None else time.perf_counter() + time_limit


MODEL_FORMATS = (".lp", ".mps")


LAZY_NOTE = (
    "lazy cuts not included: this genre's connectivity or loop rules are enforced by rows "
    "the solve loop adds round by round, so another solver given this model alone may find "
    "answers that break them"
)


def _linear_globals(compiled: Compiled) -> None:
    """The rows of each `AllDifferent` native that has them (`AllDifferent.linear`)."""
    for native in compiled.model.natives:
        if isinstance(native, AllDifferent) and native.linear is not None:
            native.linear()


def _count(compiled: Compiled, stats: Stats) -> None:
    """The model's size in `stats`."""
    problem = compiled.model.problem
    stats.variables = problem.numVariables()  # variables() would sort them by name first
    stats.constraints = problem.numConstraints()
    stats.nonzeros = sum(len(c) for c in problem.constraints())  # PuLP 4's list of rows


def write_model(compiled: Compiled, path: str) -> None:
    """The compiled model as an LP or MPS file (by the name's ending) for any other solver:
    the rows as compiled, before any solve; values the puzzle fixes are constants in it. The
    lazy cuts are not in it (LAZY_NOTE, as a comment at the top of the file when there are
    separators). A native global that has rows (`AllDifferent.linear`) gets them first: the
    file holds the whole rule, and the backend that solves after it gets them too."""
    _linear_globals(compiled)
    mps = path.lower().endswith(".mps")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # PuLP's warnings about long or odd names
            (compiled.model.problem.writeMPS if mps else compiled.model.problem.writeLP)(path)
        if compiled.model.separators:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            comment = f"* {LAZY_NOTE}\n" if mps else f"\\* {LAZY_NOTE} *\\\n"
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(comment + text)
    except OSError as err:
        raise DslError(Location(path), f"cannot write the model: {err.strerror}") from None


def no_good(compiled: Compiled, only: set | None = None) -> list[pulp.LpConstraint]:
    """A cut that only the current solution of the genre's unknowns breaks: a different one
    (different in one of the `only` values, if given); before it, the rows that tie the
    binaries it reads to the model, if they were made for it (`decision_binaries`).

    An integer (`domain=integer`) that has no value binaries yet takes part by two new
    binaries instead, "below its value" and "above it", each with its big-M row: making its
    binaries for every value (a channel, `domain.Integer.binaries`) cost more than the second
    solve itself (sudoku 16x16 under `alldifferent=native`: 0.06 s without `--unique`, 0.22 s
    with the channel)."""
    lowerer = compiled.lowerer
    integers = [
        encoding
        for var in lowerer.genre.variables
        for element, encoding in lowerer.encodings[var.name].items()
        if (only is None or (var.name, element) in only)
        and isinstance(encoding, Integer)
        and encoding.channel is None
    ]
    skip = {id(encoding) for encoding in integers}
    rows = compiled.model.problem.constraints
    before = len(rows)
    binaries = compiled.decision_binaries(only, skip)
    tying = list(rows.values())[before:]
    reference = {b.name: round(b.varValue or 0) for b in binaries}
    literals, moved = [], []
    for encoding in integers:
        literals_of, rows_of = _moves(compiled.model, encoding)
        literals.extend(literals_of)
        moved.extend(rows_of)
    return [*tying, *moved, _differs(binaries, reference, literals)]


def _moves(model, encoding: Integer) -> tuple[list[pulp.LpVariable], list[pulp.LpConstraint]]:
    """Binaries that say the integer takes another value than now, below it or above it,
    and their rows: below = 1 forces x <= v - 1, above = 1 forces x >= v + 1."""
    value, low, high = encoding.decode(), encoding.domain[0], encoding.domain[-1]
    x = encoding.var
    literals, rows = [], []
    if value > low:
        below = model.binary("below")
        literals.append(below)
        rows.append(x - (value - 1) <= (high - value + 1) * (1 - below))
    if value < high:
        above = model.binary("above")
        literals.append(above)
        rows.append((value + 1) - x <= (value + 1 - low) * (1 - above))
    return literals, rows


def decision_binaries(
    compiled: Compiled, only: set | None = None
) -> tuple[list[pulp.LpVariable], list[pulp.LpConstraint]]:
    """`Compiled.decision_binaries`, and the rows that making them added to the model: an
    integer (`domain=integer`) whose value binaries no rule asked for gets them here, after
    the solver's session was opened, so the session needs their rows with the cut."""
    rows = compiled.model.problem.constraints
    before = len(rows)
    binaries = compiled.decision_binaries(only)
    return binaries, list(rows.values())[before:]


def _differs(
    binaries: list[pulp.LpVariable], reference: dict[str, int], moved: list = ()
) -> pulp.LpConstraint:
    """At least one of the binaries takes another value than in `reference` (by name), or
    one of the `moved` literals holds (an integer off its value, `_moves`)."""
    ones = [b for b in binaries if reference[b.name] == 1]
    zeros = [b for b in binaries if reference[b.name] == 0]
    if moved:
        return pulp.lpSum(1 - b for b in ones) + pulp.lpSum([*zeros, *moved]) >= 1
    return pulp.lpSum(1 - b for b in ones) + pulp.lpSum(zeros) >= 1


def solve_puzzle(
    genre_file: GenreFile,
    instance: Instance,
    formulation: Formulation,
    backend: str = DEFAULT_BACKEND,
    time_limit: float | None = None,
    unique: bool = False,
    progress: Progress | None = None,
    model_file: str | None = None,
) -> Outcome:
    """`model_file`: also write the compiled model there (`write_model`) before solving."""
    compiled, stats = _compile_run(genre_file, instance, formulation, backend)
    if model_file is not None:
        _linear_globals(compiled)  # the globals' rows, written and then solved with
        _count(compiled, stats)  # (before writing: PuLP adds a dummy column to write)
        write_model(compiled, model_file)
    deadline = _deadline(time_limit)
    with _session(compiled, backend, stats) as session:
        status = _solve_with_cuts(compiled, session, deadline, stats, progress)
        outcome = Outcome(status, stats, contradictions=list(compiled.model.contradictions))
        outcome.lazy = bool(compiled.model.separators)
        if status != SolveStatus.SOLVED:
            return outcome
        outcome.assignment = compiled.decode()
        if unique:  # another solution is one that prints otherwise: hidden values do not count
            shown = ground(genre_file.genre, instance).shown(outcome.assignment)
            _add(session, no_good(compiled, shown), stats)
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


@dataclass
class Determined:
    """The values that every solution shares. `undetermined` holds the (variable name,
    element) pairs of the printed answer that differ between two solutions; the other
    values of `reference` (a solution) are determined. `complete` is False when the time
    limit stopped the search: some pairs then count as determined without proof."""

    status: SolveStatus
    stats: Stats
    reference: Assignment | None = None
    undetermined: set[tuple[str, object]] = field(default_factory=set)
    solutions: int = 0  # solutions found: the reference and one per round
    complete: bool = True
    violations: list[Violation] = field(default_factory=list)  # should stay empty


def determined_values(
    genre_file: GenreFile,
    instance: Instance,
    formulation: Formulation,
    backend: str = DEFAULT_BACKEND,
    time_limit: float | None = None,
    progress: Progress | None = None,
) -> Determined:
    """Iterative no-goods on the values that may still be determined: solve once (the
    reference); then, while some remain, ask for a solution that differs from the reference
    in at least one of them. Every value the new solution changes is undetermined; when no
    such solution exists the rest are determined. One solve per round, and at most one round
    per undetermined value (usually far fewer: a solution frees many values at once). Lazy
    cuts run in every round as in a plain solve; values the puzzle fixes are determined."""
    compiled, stats = _compile_run(genre_file, instance, formulation, backend)
    deadline = _deadline(time_limit)
    result = Determined(SolveStatus.INFEASIBLE, stats)
    with _session(compiled, backend, stats) as session:
        result.status = _solve_with_cuts(compiled, session, deadline, stats, progress)
        if result.status != SolveStatus.SOLVED:
            result.complete = result.status == SolveStatus.INFEASIBLE
            return result
        result.reference = compiled.decode()
        result.solutions = 1
        shown = ground(genre_file.genre, instance).shown(result.reference)
        candidates = {
            (var, element)
            for var, encodings in compiled.lowerer.encodings.items()
            for element in encodings
            if (var, element) in shown
        }
        binaries, tying = decision_binaries(compiled)
        if tying:
            _add(session, tying, stats)
        reference = {b.name: round(b.varValue or 0) for b in binaries}
        while candidates:
            _add(session, [_differs(compiled.decision_binaries(candidates), reference)], stats)
            again = _solve_with_cuts(compiled, session, deadline, stats, progress)
            if again != SolveStatus.SOLVED:
                result.complete = again == SolveStatus.INFEASIBLE
                break
            other = compiled.decode()
            result.solutions += 1
            result.violations += Evaluator(genre_file.genre, instance, other).violations()
            changed = {(v, e) for v, e in candidates if other[v][e] != result.reference[v][e]}
            if not changed:  # the binaries differ but not the values: an encoding is wrong
                raise RuntimeError("a solution differs from the reference in no value")
            result.undetermined |= changed
            candidates -= changed
            if progress:
                progress(f"solution {result.solutions}: {len(changed)} values undetermined")
    result.violations += Evaluator(genre_file.genre, instance, result.reference).violations()
    return result


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
    compiled, stats = _compile_run(genre_file, instance, formulation, backend, relax=True)
    diagnosis = Diagnosis(SolveStatus.INFEASIBLE, stats, clues=len(compiled.kept))
    if not compiled.kept:
        return diagnosis
    deadline = _deadline(time_limit)
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
