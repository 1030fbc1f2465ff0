"""Print and read back solutions of genres whose output is `lines:` over index sets.

One line per member of the `lines` set. Either one token per member of the `tokens` set, the
first `cell` case that applies (as for grids), or the tokens listed in `show`: a set's member
in scope, the member of a set for which a boolean variable holds (`item where buys`), all
such members joined by commas (`every q where seg`), or the value of a variable on the
`lines` set. When
the `lines` set is the records of a table section with rule lines, a rule line (the separator
character repeated to the width of the widest printed line) is printed where the puzzle had
one, so a sum reads as a sum.

Reading inverts printing, as for grids: a number shown by `show: digit(puzzle)` sets that
variable at the named members; `item where buys` sets `buys` true at the printed member (with
`every`, at each member printed) and false at the others. The reading is printed again and
must give the same text.
"""

from __future__ import annotations

from dslsolve import indexsets, ir
from dslsolve.answer import ground, show_key
from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import DslError, Location
from dslsolve.evaluator import Assignment, Evaluator
from dslsolve.geometry import Env
from dslsolve.instance import Instance
from dslsolve.ir import SetOutput, TableSection


def _spec(genre_file: GenreFile) -> SetOutput:
    assert isinstance(genre_file.genre.output, SetOutput)
    return genre_file.genre.output


def _layout(genre_file: GenreFile, instance: Instance) -> tuple[list[int | None], str]:
    """Member indices of the `lines` set per printed line (None: a rule line), and the rule
    line's character."""
    lines = _spec(genre_file).lines
    count = len(instance.sets[lines])
    index_set = next(s for s in genre_file.genre.sets if s.name == lines)
    section = next(s for s in genre_file.genre.sections if s.name == index_set.section)
    if index_set.source == "rows" and isinstance(section, TableSection) and section.separator:
        return list(instance.tables[section.name].layout), section.separator
    return list(range(count)), "-"


def _env(spec: SetOutput, line_member, token_member=None) -> Env:
    env = indexsets.with_member(Env(None, None, None), spec.lines, line_member)
    if spec.tokens is not None:
        env = indexsets.with_member(env, spec.tokens, token_member)
    return env


def render(genre_file: GenreFile, instance: Instance, assignment: Assignment) -> str:
    """The printed lines: the grounded answer's tokens (`answer.Slot`) read off the
    assignment, rule lines between the blocks of a sum."""
    slots = ground(genre_file.genre, instance).lines
    layout, rule = _layout(genre_file, instance)
    printed = [
        None if index is None else " ".join(slot.token(assignment) for slot in slots[index])
        for index in layout
    ]
    width = max((len(line) for line in printed if line is not None), default=0)
    return "".join((rule * width if line is None else line) + "\n" for line in printed)


def parse_solution(genre_file: GenreFile, instance: Instance, text: str, path: str) -> Assignment:
    spec = _spec(genre_file)
    genre = genre_file.genre
    assignment: Assignment = {  # a hidden unknown is not printed: the evaluator works it out
        var.name: {key: instance.lowest(var) for key in indexsets.elements(instance, var)}
        for var in genre.variables
        if not var.hidden
    }
    evaluator = Evaluator(genre, instance, assignment)
    lines = text.rstrip("\n").splitlines()
    layout, _ = _layout(genre_file, instance)
    if len(lines) != len(layout):
        raise DslError(
            Location(path), f"the solution has {len(lines)} lines, the puzzle needs {len(layout)}"
        )
    members = instance.sets[spec.lines]
    for number, (index, line) in enumerate(zip(layout, lines, strict=True), start=1):
        if index is None:
            continue
        tokens = line.split()
        wanted = len(instance.sets[spec.tokens]) if spec.tokens else len(spec.show)
        if len(tokens) != wanted:
            raise DslError(
                Location(path, number),
                f"line {number} of the solution has {len(tokens)} tokens, the puzzle {wanted}",
            )
        if spec.tokens is not None:
            for token_member, token in zip(instance.sets[spec.tokens], tokens, strict=True):
                env = _env(spec, members[index], token_member)
                _read_token(spec, evaluator, env, token, assignment, Location(path, number))
        else:
            _read_shows(spec, instance, members[index], tokens, assignment, Location(path, number))
    expected = render(genre_file, instance, assignment).splitlines()
    for number, (want, got) in enumerate(zip(expected, lines, strict=True), start=1):
        if " ".join(want.split()) != " ".join(got.split()):
            raise DslError(
                Location(path, number),
                f"this line cannot be printed for this puzzle: {got.strip()!r}",
                hint=f"the reading of it prints as {want.strip()!r}",
            )
    return assignment


def _read_token(
    spec: SetOutput, evaluator: Evaluator, env: Env, token: str, assignment, where: Location
) -> None:
    for case in spec.cell:
        if case.when is not None and evaluator.expr(case.when, env) is not True:
            continue
        if case.symbol is not None:
            if token == case.symbol:
                return
            continue
        ref = case.show.ref if isinstance(case.show, ir.At) else case.show
        if isinstance(ref, ir.InputRef):
            value = evaluator.expr(case.show, env)
            if value is not None and str(value) == token:
                return
            continue
        key = show_key(evaluator, case.show, env)
        if key is None:
            continue  # absent here: the case prints nothing
        if token.lstrip("-").isdigit():
            assignment[ref.var.name][key] = int(token)
            return
    if token != ".":
        raise DslError(where, f"'{token}' is not a token this genre prints there")


def _read_shows(spec: SetOutput, instance: Instance, member, tokens, assignment, where) -> None:
    for show, token in zip(spec.show, tokens, strict=True):
        if show.value is not None:
            if not token.lstrip("-").isdigit():
                raise DslError(where, f"'{token}' is not a number")
            assignment[show.value.var.name][(member,)] = int(token)
            continue
        if show.where is None or token == ".":
            continue
        for part in token.split(",") if show.every else [token]:
            chosen = [m for m in instance.sets[show.set] if str(m) == part]
            if not chosen:
                raise DslError(where, f"'{part}' is not a member of the set '{show.set}'")
            var = show.where.var
            env = indexsets.with_member(_env(spec, member), show.set, chosen[0])
            assignment[var.name][indexsets.in_scope(env, var.sets)] = 1
