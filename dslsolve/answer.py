"""The answer of a genre on one puzzle: which unknowns, on which elements, a solution consists of.

The genre declares its answer when it loads (`dsl/answer.py`: the unknowns but the hidden ones
and, for a grid output, which of them each output case shows at its cell). It is grounded here
once per puzzle (`ground`): the values that belong to the answer (the compile gives each a
model variable even where no rule reads it: a free cell that prints makes a puzzle
non-unique) and, at each cell, the output cases that the puzzle leaves possible, with the
token each prints when the puzzle fixes it. The printer (`output.py`), `--unique`'s no-good
and `--determined`'s candidates read the grounded answer; none of them evaluates a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from dslsolve import indexsets, ir
from dslsolve.evaluator import Assignment, Evaluator
from dslsolve.geometry import PIECES, Env, grid_of
from dslsolve.instance import Element, Instance

Value = tuple[str, Element]  # (variable name, element or key of index sets)


@dataclass(frozen=True)
class Candidate:
    """An output case that the puzzle leaves possible at a cell and, when the puzzle fixes it
    (a symbol, a given shown), its token."""

    case: ir.AnswerCase
    token: str | None


Source = str | tuple[str, tuple]  # a token the puzzle fixes, or the value (variable name, key)


@dataclass(frozen=True)
class Slot:
    """One token of a `lines:` output: the first of `sources` that the solution gives, or
    (`chosen`: member, variable name, key) the first member whose boolean holds (`every`: all
    of them, joined by commas); '.' if none."""

    sources: tuple[Source, ...] = ()
    chosen: tuple[tuple[str, str, tuple], ...] = ()
    every: bool = False

    def token(self, assignment: Assignment) -> str:
        held = (member for member, name, key in self.chosen if assignment[name].get(key) == 1)
        if self.every:
            return ",".join(held) or "."
        for member in held:
            return member
        for source in self.sources:
            if isinstance(source, str):
                return source
            value = assignment[source[0]].get(source[1])
            if value is not None:
                return str(int(value) if isinstance(value, bool) else value)
        return "."


@dataclass(frozen=True)
class Grounded:
    """The answer on one puzzle. `values`: the (variable, element) pairs of the answer, in a
    fixed order; `cells`: each cell's possible output cases; `ambiguous`: some cell has two
    possible cases that may print the same token (a given shown that equals a symbol, say), so
    a printed text must be read back to know that it stands for its solution."""

    answer: ir.Answer
    instance: Instance
    values: tuple[tuple[ir.Variable, Element], ...]
    cells: dict[Element, tuple[Candidate, ...]]
    ambiguous: bool
    on_grid: bool = True
    lines: tuple[tuple[Slot, ...], ...] = ()  # a `lines:` output: per member of its set
    genre: ir.Genre | None = None  # for the derived tests of a `when` (`AnswerCase.derived`)

    def printing(
        self, assignment: Assignment, cell: Element
    ) -> tuple[Candidate | None, str | None]:
        """The case that prints at a cell and its token; (None, None) where no case does."""
        for candidate in self.cells[cell]:
            case = candidate.case
            if not all(_holds(assignment, literal, cell) for literal in case.literals):
                continue
            if case.derived and not self._derived_hold(assignment, case, cell):
                continue
            links = case.case.links
            if links is not None:
                piece = _piece(self.instance, assignment, links, cell)
                if piece is None:
                    continue  # no used link: the case does not apply
                return candidate, piece
            if candidate.token is not None:
                return candidate, candidate.token
            value = assignment[case.case.show.var.name].get(cell)
            if value is not None:
                return candidate, str(int(value) if isinstance(value, bool) else value)
        return None, None

    def _derived_hold(self, assignment: Assignment, case: ir.AnswerCase, cell: Element) -> bool:
        """The derived tests of a case (`ir.AnswerCase.derived`) read in the solution."""
        evaluator = Evaluator(self.genre, self.instance, assignment)
        env = Env(cell, ir.ElementKind.CELL, None)
        return all(evaluator.expr(test, env) is bool(truth) for test, truth in case.derived)

    def shown(self, assignment: Assignment) -> set[Value]:
        """The answer's values that the printed form of the assignment shows: what a second
        solution must differ in to print otherwise. On a grid, a value that the printing case
        leaves unread does not count."""
        if not self.on_grid:  # a `lines:` output shows every value
            return {(var.name, key) for var, key in self.values}
        grid = grid_of(self.instance.rows, self.instance.columns)
        found = {(var.name, e) for var in self.answer.variables for e in grid.elements(var.on)}
        for cell in self.cells:
            found -= {(var.name, cell) for var in self._unread_at(assignment, cell)}
        return found

    def unread(self, assignment: Assignment) -> list[tuple[Element, ir.Variable]]:
        """The values of the answer that the printed form leaves unread although they are not
        the lowest of their domain, which a reader of the text would take: where the print
        does not stand for the solution."""
        return [
            (cell, var)
            for cell in self.cells
            for var in self._unread_at(assignment, cell)
            if assignment[var.name].get(cell, self.instance.lowest(var))
            != self.instance.lowest(var)
        ]

    def _unread_at(self, assignment: Assignment, cell: Element) -> tuple[ir.Variable, ...]:
        candidate, _ = self.printing(assignment, cell)
        return self.answer.blank if candidate is None else candidate.case.unread


def _holds(assignment: Assignment, literal: tuple[ir.Variable, int | str, int], cell) -> bool:
    var, value, truth = literal
    found = assignment[var.name].get(cell)
    return found is not None and (found == value) == bool(truth)


def _piece(instance: Instance, assignment: Assignment, var: ir.Variable, cell) -> str | None:
    grid = grid_of(instance.rows, instance.columns)
    links = grid.incident_by_direction(ir.ElementKind.LINK, cell)
    used = frozenset(d for d, link in links.items() if assignment[var.name].get(link))
    return PIECES.get(used)


def ground(genre: ir.Genre, instance: Instance) -> Grounded:
    """The genre's answer on this puzzle, worked out once per puzzle (per Instance object)."""
    per_genre = _per_instance(instance)
    known = per_genre.get(id(genre))
    if known is None or known[0] is not genre:
        known = per_genre[id(genre)] = (genre, _ground(genre, instance))
    return known[1]


@ir.memoised
def _per_instance(instance: Instance) -> dict[int, tuple[ir.Genre, Grounded]]:
    return {}


def _ground(genre: ir.Genre, instance: Instance) -> Grounded:
    answer = genre.answer
    assert answer is not None, "a loaded genre declares its answer"
    if isinstance(genre.output, ir.SetOutput):
        values = tuple(
            (var, key)
            for var in answer.variables
            if var.sets
            for key in indexsets.elements(instance, var)
        )
        lines = _ground_lines(genre.output, Evaluator(genre, instance, {}), instance)
        return Grounded(answer, instance, values, {}, False, on_grid=False, lines=lines)
    evaluator = Evaluator(genre, instance, {})  # the puzzle's givens only
    grid = grid_of(instance.rows, instance.columns)
    values: list[tuple[ir.Variable, Element]] = []
    if answer.edges is not None:
        values.extend((answer.edges, e) for e in grid.elements(answer.edges.on))
    cells: dict[Element, tuple[Candidate, ...]] = {}
    ambiguous = False
    blank = " " if answer.edges is not None else "."
    for cell in grid.cells():
        env = Env(cell, ir.ElementKind.CELL, None)
        possible = []
        for case in answer.cases:
            holds = all(evaluator.expr(c, env) is bool(truth) for c, truth in case.guard)
            if not case.literals and not holds:
                continue  # the puzzle rules this case out here: it shows nothing
            values.extend((var, cell) for var in case.reads)
            token = _fixed_token(case.case, evaluator, env)
            prints = token is not None or isinstance(case.case.show, ir.VarRef)
            prints = prints or case.case.links is not None
            if holds and prints:
                possible.append(Candidate(case, token))
            if case.case.links is not None:
                links = grid.incident(ir.ElementKind.LINK, cell)
                values.extend((case.case.links, link) for link in links)
                continue  # prints only where a link is used
            if not case.literals and not case.derived and prints:
                break  # always prints here: later cases are never reached
        cells[cell] = tuple(possible)
        ambiguous = ambiguous or _overlap(possible, instance, blank)
    return Grounded(answer, instance, tuple(values), cells, ambiguous, genre=genre)


def _fixed_token(case: ir.OutputCase, evaluator: Evaluator, env: Env) -> str | None:
    """The token a case prints whatever the solution: its symbol, or the given it shows (None
    where the given is absent: the case prints nothing there)."""
    if case.symbol is not None:
        return case.symbol
    if case.show is None or isinstance(case.show, ir.VarRef):
        return None
    value = evaluator.expr(case.show, env)
    return None if value is None else str(int(value) if isinstance(value, bool) else value)


def _overlap(possible: list[Candidate], instance: Instance, blank: str) -> bool:
    """Can two of a cell's possible cases (or one and the blank of a cell no case prints)
    print the same token? Then a reader may take the token for the earlier one."""
    seen: set[str] = set()
    always = False
    for candidate in possible:
        tokens = _tokens(candidate, instance)
        if seen & tokens:
            return True
        seen |= tokens
        case = candidate.case
        always = not case.literals and not case.derived and case.case.links is None
    return not always and blank in seen


def _tokens(candidate: Candidate, instance: Instance) -> set[str]:
    if candidate.token is not None:
        return {candidate.token}
    if candidate.case.case.links is not None:
        return set(PIECES.values())
    var = candidate.case.case.show.var
    if var.type == ir.Type.BOOL:
        return {"0", "1"}
    return {str(value) for value in instance.domain(var)}


def _ground_lines(
    spec: ir.SetOutput, evaluator: Evaluator, instance: Instance
) -> tuple[tuple[Slot, ...], ...]:
    """The tokens of each line of a `lines:` output, with what the puzzle decides worked out
    (a `when` tests givens only, the members that `digit(puzzle)` names are given)."""
    out = []
    for member in instance.sets[spec.lines]:
        env = indexsets.with_member(Env(None, None, None), spec.lines, member)
        if spec.tokens is not None:
            envs = [indexsets.with_member(env, spec.tokens, t) for t in instance.sets[spec.tokens]]
            out.append(tuple(_case_slot(spec, evaluator, token_env) for token_env in envs))
        else:
            out.append(tuple(_show_slot(show, instance, env, member) for show in spec.show))
    return tuple(out)


def _case_slot(spec: ir.SetOutput, evaluator: Evaluator, env: Env) -> Slot:
    sources: list[Source] = []
    for case in spec.cell:
        if case.when is not None and evaluator.expr(case.when, env) is not True:
            continue
        if case.symbol is not None:
            sources.append(case.symbol)
            break
        ref = case.show.ref if isinstance(case.show, ir.At) else case.show
        if isinstance(ref, ir.VarRef):
            key = show_key(evaluator, case.show, env)
            if key is not None:
                sources.append((ref.var.name, key))
            continue
        value = evaluator.expr(case.show, env)
        if value is not None:
            sources.append(str(int(value) if isinstance(value, bool) else value))
            break
    return Slot(tuple(sources))


def _show_slot(show: ir.SetShow, instance: Instance, env: Env, member) -> Slot:
    if show.value is not None:
        return Slot(((show.value.var.name, indexsets.in_scope(env, show.value.var.sets)),))
    if show.where is None:
        return Slot((str(member),))
    var = show.where.var
    return Slot(
        chosen=tuple(
            (
                str(m),
                var.name,
                indexsets.in_scope(indexsets.with_member(env, show.set, m), var.sets),
            )
            for m in instance.sets[show.set]
        ),
        every=show.every,
    )


def show_key(evaluator: Evaluator, show: ir.Expr, env: Env) -> tuple | None:
    """The key of index sets at which a `show` of a `lines:` output reads its variable: the
    members in scope, or those it names (`digit(puzzle)`); None where they name none."""
    if isinstance(show, ir.At):
        sets = show.ref.var.sets
        values = [evaluator.expr(index, env) for index in show.index]
        return indexsets.named(evaluator.instance, sets, values)
    return indexsets.in_scope(env, show.var.sets)
