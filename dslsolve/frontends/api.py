"""The Python API: a genre loaded once, puzzles solved and checked from Python or a notebook.

    from dslsolve import Genre
    genre = Genre.load("puzzles/nurikabe.yaml")      # or a shipped genre's name: "nurikabe"
    result = genre.solve("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", unique=True)
    print(result.text, result.unique)
    Genre.for_url(url)                                # the shipped genre that reads a URL

A puzzle is given as a puzz.link URL, a puzzle's text (anything with a line break) or a file's
path. The solver side (PuLP and a backend) is imported only when something is solved, so that
`import dslsolve` and `Genre.check` stay light. User errors raise `dslsolve.errors.DslError`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve.dsl.genre import GenreFile, load_genre
from dslsolve.evaluator import Assignment, Evaluator
from dslsolve.instance import Instance
from dslsolve.ir import SetOutput
from dslsolve.output import parse_solution, render
from dslsolve.puzzlink.source import read_puzzle
from dslsolve.puzzlink.url import is_pzprv3, is_url
from dslsolve.shipped import genre_for_url
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.formulations import Formulation
    from dslsolve.solve import Determined, Diagnosis, Outcome, Progress

GIVEN_TEXT = "<puzzle text>"  # where a puzzle given as text is said to come from in messages

Formulations = Mapping[str, str] | Iterable[str]  # {"connected": "flow"} or ["connected=flow"]


@dataclass
class Result:
    """One solve: the outcome of `dslsolve.solve.solve_puzzle`, in the genre's own terms."""

    genre: GenreFile
    instance: Instance
    outcome: Outcome
    diagnosis: Diagnosis | None = None

    @property
    def status(self) -> str:
        """ "solved", "infeasible", "time limit" or "error"."""
        return self.outcome.status.value

    @property
    def solved(self) -> bool:
        return self.outcome.assignment is not None

    @property
    def values(self) -> Assignment | None:
        """The solution: variable name -> element -> value."""
        return self.outcome.assignment

    @property
    def text(self) -> str | None:
        """The solution as `dslsolve` prints it."""
        return self._render(self.outcome.assignment)

    @property
    def unique(self) -> bool | None:
        """True/False when uniqueness was asked for and settled; None otherwise."""
        return self.outcome.unique

    @property
    def second(self) -> Assignment | None:
        """Another solution, when uniqueness was asked for and there is one."""
        return self.outcome.second

    @property
    def second_text(self) -> str | None:
        return self._render(self.outcome.second)

    @property
    def stats(self):
        return self.outcome.stats

    @property
    def violations(self) -> list[Violation]:
        """Rules the solver's answer breaks according to the evaluator: a bug if not empty."""
        return self.outcome.violations

    def _render(self, assignment: Assignment | None) -> str | None:
        return None if assignment is None else render(self.genre, self.instance, assignment)

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a solved result as its picture (None: its `repr` instead, for no
        solution or a genre that is not a grid of cells)."""
        if self.outcome.assignment is None or isinstance(self.genre.genre.output, SetOutput):
            return None
        from dslsolve.frontends.picture import picture

        return picture(self.genre, self.instance, self.outcome.assignment)

    def __repr__(self) -> str:
        unique = "" if self.unique is None else f", unique={self.unique}"
        return f"<dslsolve.Result {self.status}{unique}>"


class Genre:
    """A genre file, loaded and checked once."""

    def __init__(self, genre_file: GenreFile) -> None:
        self.file = genre_file

    @classmethod
    def load(cls, path: str) -> Genre:
        """A genre file, or a shipped genre by name (`Genre.load("nurikabe")`)."""
        return cls(load_genre(path))

    @classmethod
    def for_url(cls, url: str) -> Genre:
        """The shipped genre that reads a puzz.link URL's type (`dslsolve.shipped`)."""
        return cls(load_genre(genre_for_url(url)))

    @property
    def name(self) -> str:
        return self.file.genre.name

    @property
    def formulation(self) -> dict[str, str]:
        """The genre file's own default lowerings (`formulation:`, e.g. `{"domain":
        "integer"}`); `solve(..., formulation=...)` overrides them per construct."""
        return dict(self.file.genre.formulation)

    def puzzle(self, puzzle: str | Instance) -> Instance:
        """The instance a URL, a puzzle's text or a file's path holds."""
        if isinstance(puzzle, Instance):
            return puzzle
        if "\n" in puzzle and not is_url(puzzle):
            return read_puzzle(GIVEN_TEXT, self.file, puzzle)
        return read_puzzle(puzzle, self.file)

    def solve(
        self,
        puzzle: str | Instance,
        unique: bool = False,
        backend: str | None = None,
        time_limit: float | None = None,
        formulation: Formulations | Formulation = (),
        diagnose: bool = False,
        progress: Progress | None = None,
        model_file: str | None = None,
    ) -> Result:
        """Solve the puzzle; with `unique`, also look for a second solution; with `diagnose`,
        when there is no solution, find the fewest clues to leave out (`result.diagnosis`).
        `time_limit` bounds the solve and the diagnosis together. `progress` receives a line
        per lazy-cut round; `model_file` (.lp or .mps) receives the compiled model
        (`dslsolve.solve.write_model`)."""
        from dslsolve.backends import DEFAULT_BACKEND, SolveStatus
        from dslsolve.solve import diagnose_puzzle, solve_puzzle

        started = time.perf_counter()
        instance = self.puzzle(puzzle)
        chosen = _formulation(formulation)
        backend = backend or DEFAULT_BACKEND
        outcome = solve_puzzle(
            self.file, instance, chosen, backend, time_limit, unique, progress, model_file
        )
        diagnosis = None
        if diagnose and outcome.status == SolveStatus.INFEASIBLE:
            left = None
            if time_limit is not None:
                left = max(time_limit - (time.perf_counter() - started), 0.01)
            diagnosis = diagnose_puzzle(self.file, instance, chosen, backend, left, progress)
        return Result(self.file, instance, outcome, diagnosis)

    def determined(
        self,
        puzzle: str | Instance,
        backend: str | None = None,
        time_limit: float | None = None,
        formulation: Formulations = (),
    ) -> Determined:
        """The values that are the same in every solution (`dslsolve.solve.determined_values`)."""
        from dslsolve.backends import DEFAULT_BACKEND
        from dslsolve.solve import determined_values

        return determined_values(
            self.file,
            self.puzzle(puzzle),
            _formulation(formulation),
            backend or DEFAULT_BACKEND,
            time_limit,
        )

    def check(
        self, puzzle: str | Instance, solution: str, source: str = "<solution>"
    ) -> list[Violation]:
        """The rules that a solution (its text, or a pzprv3 file's) breaks: empty if valid.
        `source` names the solution in error messages (its file)."""
        instance = self.puzzle(puzzle)
        assignment = self.read_solution(instance, solution, source)
        return Evaluator(self.file.genre, instance, assignment).violations()

    def read_solution(
        self, puzzle: str | Instance, solution: str, source: str = "<solution>"
    ) -> Assignment:
        """The values a solution's text (or a pzprv3 file's answer) gives; a text that does not
        read as one raises `DslError`."""
        instance = self.puzzle(puzzle)
        if is_pzprv3(solution):
            from dslsolve.puzzlink.pzprv3_puzzle import pzprv3_solution  # for pzprv3 only

            return pzprv3_solution(self.file, instance, solution, source)
        return parse_solution(self.file, instance, solution, source)

    def __repr__(self) -> str:
        return f"<dslsolve.Genre {self.name}>"


def _formulation(formulation: Formulations | Formulation) -> Formulation:
    from dslsolve.formulations import Formulation, parse_formulation

    if isinstance(formulation, Formulation):
        return formulation
    if isinstance(formulation, Mapping):
        formulation = [f"{name}={choice}" for name, choice in formulation.items()]
    return parse_formulation(list(formulation))
