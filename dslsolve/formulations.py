"""The formulation choices, gathered in one place (as MiniZinc's `options.mzn` does).

Each global construct has a default lowering and named alternatives. A genre file may
choose its own defaults (`formulation: {domain: integer}`, read into `ir.Genre.formulation`);
`--formulation connected=flow` picks one for a run, over the genre file's, without touching
it. The modules in `dslsolve.compiler.lowerings` implement them and document each formulation.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

CHOICES: dict[str, tuple[str, ...]] = {
    # first choice = default
    "domain": ("onehot", "integer"),  # integer variables: one binary per value, or one integer
    # at most one per value; pairwise big-M; or the backend's own global over integers
    # (cpsat; the others cut the pairs that share a value in rounds)
    "alldifferent": ("onehot", "pairwise", "native"),
    # component cuts added in rounds, and a spanning forest with depth labels where the
    # backend takes one (cpsat) once they have not converged in 15 rounds; the cuts alone; the
    # forest at once; or single-commodity flow
    "connected": ("hybrid", "lazy", "native", "flow"),
    # the backend's own circuit constraint where it has one (cpsat), else as lazy; the same
    # without the rows only an LP uses; subtour cuts added in rounds; or single-commodity flow
    "loop": ("native", "circuit", "lazy", "flow"),
    "paths": ("lazy", "flow"),  # cycle cuts added in rounds, or flow from the path ends
    # no loop: cycle cuts added in rounds, or each edge oriented to a parent with depths
    "forest": ("lazy", "orient"),
    # a set and its complement both connected on a plane grid: face rows implied, or none
    "planar": ("faces", "none"),
    # block start positions ordered by cumulative rows, or by one row per pair of blocks; or a
    # layered automaton
    "runs": ("blocks", "blocks-pairwise", "regular"),
    # shapes for anchors of up to 7 cells and assignment for the rest, the islands also a
    # native rooted connected set (cpsat); the same without it; one enumerated shape per anchor
    # cell; or cells assigned to anchors (connected by cuts in rounds, by a flow, or by those
    # and the native islands)
    "area": (
        "mixed-native",
        "mixed",
        "anchored",
        "assign",
        "assign-flow",
        "assign-native",
        "mixed-layers",
    ),
    "table": ("select", "nogoods"),  # a binary per allowed pattern, or a row per forbidden one
    "piece": ("placements", "lazy"),  # enumerated candidate pieces, or equal-value cuts in rounds
    "records": ("onehot", "pairwise"),  # record indicators per position and value, or big-M
    # a comparison that needs a literal, of one-hot integers: from its table of value pairs,
    # or big-M rows
    "compare": ("support", "table", "bigm"),
    # |E| compared with a value: as the comparisons of E and -E; or always a new integer with a
    # sign binary (lowerings/absolute.py)
    "abs": ("split", "sign"),
    # the nogood rows of two 0/1 variables: at most one of each clique of their graph, gathered
    # over the compile; or a row per pair (lowerings/nogoods.py)
    "nogoods": ("cliques", "pairs"),
}


class FormulationError(ValueError):
    pass


GENRE_FILE = "the genre file"
COMMAND_LINE = "--formulation"
DEFAULT = "default"


# the backends a genre file may name in its `formulation:` (`backends.BACKENDS`' names; not
# imported from there, which imports the solvers' libraries)
BACKEND_NAMES = ("cbc", "cpsat", "highs", "scip")


@dataclass(frozen=True)
class Formulation:
    """The lowering of each construct: `choices` (the run's: the command line, the API), over
    `backend` (the genre file's defaults for the backend that solves, `on_backend`), over
    `genre` (the genre file's own defaults, `under_genre`), over the first of `CHOICES`."""

    choices: dict[str, str] = field(default_factory=dict)
    genre: dict[str, str] = field(default_factory=dict)
    backend: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, construct: str) -> str:
        return self._choice(construct)

    def _choice(self, construct: str) -> str:
        if construct in self.choices:
            return self.choices[construct]
        if construct in self.backend:
            return self.backend[construct]
        return self.genre.get(construct, CHOICES[construct][0])

    def on_backend(self, defaults: Iterable[tuple[str, str, str]], backend: str) -> Formulation:
        """These choices with a genre file's defaults for `backend` (`ir.Genre.
        backend_formulation`: backend, construct, choice) over its plain ones; the same
        object where the genre sets none for it."""
        chosen = {name: choice for name_of, name, choice in defaults if name_of == backend}
        if chosen == self.backend:
            return self
        return replace(self, backend=chosen)

    def under_genre(self, defaults: Iterable[tuple[str, str]]) -> Formulation:
        """These choices over a genre file's defaults (`ir.Genre.formulation`); the same
        object where the genre sets none. (`dataclasses.replace` keeps a subclass's fields.)"""
        defaults = dict(defaults)
        if defaults == self.genre:
            return self
        return replace(self, genre=defaults)

    def source(self, construct: str) -> str:
        """Where the construct's lowering comes from: COMMAND_LINE, GENRE_FILE or DEFAULT."""
        if construct in self.choices:
            return COMMAND_LINE
        return GENRE_FILE if construct in self.genre or construct in self.backend else DEFAULT

    def describe(self) -> str:
        """Every construct's lowering, chosen or default (read without `[]`, which stands for
        a lowering being asked for: tests/test_genres.py records those)."""
        return ",".join(f"{name}={self._choice(name)}" for name in CHOICES)

    def sources(self) -> list[str]:
        """One line per construct whose lowering is not the first of `CHOICES` or was chosen
        for the run, with where it comes from (`--write-plan`'s header)."""
        lines = []
        for name in CHOICES:
            where = self.source(name)
            said = self.backend.get(name, self.genre.get(name))
            if where == COMMAND_LINE and said is not None:
                where += f" (the genre file says {name}={said})"
            if where != DEFAULT:
                lines.append(f"{name}={self._choice(name)} from {where}")
        return lines


def check_choice(name: str, choice: str) -> None:
    """A FormulationError unless `choice` is a lowering of the construct `name`; the message
    names the close words."""
    if name not in CHOICES:
        import difflib  # a misspelt name only: not at every start

        close = difflib.get_close_matches(name, list(CHOICES), n=1)
        hint = f"did you mean '{close[0]}'?" if close else "known: " + ", ".join(CHOICES)
        raise FormulationError(f"unknown construct '{name}'; {hint}")
    if choice not in CHOICES[name]:
        raise FormulationError(
            f"'{choice}' is not a lowering of {name}; choose one of " + ", ".join(CHOICES[name])
        )


def parse_formulation(options: list[str]) -> Formulation:
    """`["connected=flow", "domain=integer"]` -> Formulation; errors name the close words."""
    chosen: dict[str, str] = {}
    for option in options:
        name, sep, choice = option.partition("=")
        name, choice = name.strip(), choice.strip()
        if not sep or not choice:
            raise FormulationError(f"'{option}' is not NAME=CHOICE (e.g. connected=flow)")
        check_choice(name, choice)
        if chosen.get(name, choice) != choice:
            raise FormulationError(
                f"{name} is chosen twice, as {chosen[name]} and as {choice}; to compare them: "
                f"dslsolve compare GENRE PUZZLE --formulation {name}={chosen[name]},{choice}"
            )
        chosen[name] = choice
    return Formulation(chosen)
