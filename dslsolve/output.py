"""Print an assignment as the genre's `output` says, and read such a text back.

Two forms. Tokens: one line per row, one token per cell separated by spaces; a cell shows the
first `output.cell` case whose `when` holds (and, for `show`, whose value is given). A drawing,
when `output.edges` names a border or link variable: a (2R+1) x (2C+1) character canvas with
`+` at lattice points, `-` and `|` for the used edges (`=` and `‖` where an integer edge
variable is 2), and each cell's token (a space where no case applies) at the cell centres;
trailing spaces are stripped. A cell is as wide as the longest token (one character, unless a
number has two digits or more: every cell is then that wide, its token on the right, and a
border across a cell is drawn over the whole width).

A `links: VAR` case prints the cell's used links of VAR as one box-drawing piece (`─ │ ┌ ┐ └
┘`, `╴ ╶ ╵ ╷` for one link, `┬ ┴ ├ ┤ ┼` for three or four): one piece per set of directions, so
the line reads back exactly. It does not apply at a cell without used links.

Printing is a pure last stage: the grounded answer (`answer.py`) says which cases the puzzle
leaves possible at each cell, and the assignment picks the first whose `when` literals hold.

Reading inverts printing: a token picks the first case that could print it, whose `when`
literals are then true and the earlier cases' literals false. Values the printed form does not
show are the lowest of their domain (0 for booleans). The reader prints the result again and
requires the same text, so a token that the rules of printing cannot produce is reported.
"""

from __future__ import annotations

from dslsolve import ir, setoutput
from dslsolve.answer import ground
from dslsolve.dsl.answer import literal_unknown, when_literals
from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import DslError, Location
from dslsolve.evaluator import Assignment, Evaluator
from dslsolve.geometry import DIRECTIONS, Env, cell_name, element_name, grid_of
from dslsolve.instance import Element, Instance
from dslsolve.ir import OutputCase, SetOutput

UNDETERMINED = "?"  # `--determined`: a cell or edge whose value differs between solutions


def render(
    genre_file: GenreFile,
    instance: Instance,
    assignment: Assignment,
    undetermined: set[tuple[str, Element]] | None = None,
) -> str:
    """The printed form of the assignment: each cell's token is that of the case that prints
    there (`answer.Grounded.printing`); nothing is evaluated. `undetermined` (variable name,
    element) pairs print as UNDETERMINED: at their cell, at their edge in a drawing, and at
    the cells whose links a `links` case draws."""
    if isinstance(genre_file.genre.output, SetOutput):
        return setoutput.render(genre_file, instance, assignment)
    grounded = ground(genre_file.genre, instance)
    grid = grid_of(instance.rows, instance.columns)
    edges = genre_file.genre.output.edges
    unknown = undetermined or set()
    on_cells = [v.name for v in genre_file.genre.variables if v.on == ir.ElementKind.CELL]
    drawn = [case.links.name for case in genre_file.genre.output.cell if case.links is not None]

    def open_at(cell: Element) -> bool:
        links = grid.incident(ir.ElementKind.LINK, cell) if drawn else ()
        return any((name, cell) in unknown for name in on_cells) or any(
            (name, link) in unknown for name in drawn for link in links
        )

    def token(cell: Element) -> str | None:
        if unknown and open_at(cell):
            return UNDETERMINED
        return grounded.printing(assignment, cell)[1]

    if edges is None:
        lines = [
            " ".join(token((r, c)) or "." for c in range(instance.columns))
            for r in range(instance.rows)
        ]
        return "\n".join(lines) + "\n"
    printed = {
        cell: (token(cell) if genre_file.genre.output.cell else None) or " "
        for cell in grid.cells()
    }
    width = max(map(len, printed.values()), default=1)
    canvas = [[" "] * ((width + 1) * instance.columns + 1) for _ in range(2 * instance.rows + 1)]
    for r, c in grid.points():
        canvas[2 * r][(width + 1) * c] = "+"
    for (r, c), text in printed.items():
        start = (width + 1) * c + 1
        canvas[2 * r + 1][start : start + width] = list(text.rjust(width))
    for edge, used in assignment[edges.name].items():
        if used or (edges.name, edge) in unknown:
            row, columns, char = _edge_span(edges.on, edge, width)
            mark = (
                UNDETERMINED
                if (edges.name, edge) in unknown
                else (char if used == 1 else DOUBLE[char])
            )
            for column in columns:
                canvas[row][column] = mark
    return "\n".join("".join(line).rstrip() for line in canvas) + "\n"


DOUBLE = {"-": "=", "|": "‖"}  # an edge used twice (an integer edge variable, 0..2)


def unfaithful(
    genre_file: GenreFile, instance: Instance, assignment: Assignment, text: str
) -> list[str]:
    """Why the printed `text` of a solution cannot stand for it, if it cannot: read back (as
    `check` reads it), it is not a solution. The step after printing, for what the genre's
    load could not prove: only if the text leaves a value unread that is not the lowest of
    its domain (`Grounded.unread`: the rules, not the output, keep such values low), or this
    puzzle lets two cases print one token (`Grounded.ambiguous`), is the text read back and
    checked; a reading that still keeps every rule is a solution as good as the solver's. A
    set output (`show: [... where R]`) is always read back: it prints one member per line and
    field, so a relation that holds for two members (a person wearing two colours) loses one
    of them."""
    if not isinstance(genre_file.genre.output, SetOutput):
        grounded = ground(genre_file.genre, instance)
        if not grounded.ambiguous and not grounded.unread(assignment):
            return []
    read = parse_solution(genre_file, instance, text, "the printed solution")
    shown = genre_file.genre.answer.variables
    read.update(
        (var.name, assignment[var.name]) for var in genre_file.genre.variables if var.hidden
    )
    if read == assignment or not Evaluator(genre_file.genre, instance, read).violations():
        return []
    return [
        f"{_place(var, element)}: {var.name} = {value}, read back as {read[var.name].get(element)}"
        for var in shown
        for element, value in assignment[var.name].items()
        if read[var.name].get(element) != value
    ]


def _place(var: ir.Variable, key: Element) -> str:
    """A value's place: an element by name (`r1c2`), a key of index sets as `VAR(KEY)`."""
    if var.sets:
        return f"{var.name}({', '.join(str(part) for part in key)})"
    return element_name(var.on, key)


def differences(genre_file: GenreFile, first: Assignment, second: Assignment) -> list[str]:
    """The places where two solutions differ, in the genre's variables' order, each once:
    elements by name (`r1c2`, `border above r3c1`), values on index sets as `VAR(KEY)`."""
    places: dict[str, None] = {}
    for var in genre_file.genre.answer.variables:  # a hidden unknown is not printed
        for key, value in first[var.name].items():
            if second[var.name].get(key) == value:
                continue
            places[_place(var, key)] = None
    return list(places)


def _edge_span(kind: ir.ElementKind, edge: Element, width: int) -> tuple[int, range, str]:
    """Where an edge is drawn on a canvas whose cells are `width` characters wide: its row,
    its columns (a border across a cell spans the cell's width; a link down from a cell
    stands under the cell's last character, where a one-digit token is) and its mark."""
    axis, r, c = edge
    step = width + 1
    if kind == ir.ElementKind.BORDER:
        if axis == "h":
            return 2 * r, range(step * c + 1, step * c + 1 + width), "-"
        return 2 * r + 1, range(step * c, step * c + 1), "|"
    if axis == "h":
        return 2 * r + 1, range(step * (c + 1), step * (c + 1) + 1), "-"
    return 2 * r + 2, range(step * c + width, step * c + width + 1), "|"


def _shown_value(var: ir.Variable, token: str, instance: Instance) -> object:
    """The value a printed token gives a variable: a number, or the member that prints so."""
    if var.values is None:
        return int(token)
    return next(m for m in instance.sets[var.values] if str(m) == token)


def _could_print(case: OutputCase, token: str, evaluator: Evaluator, env: Env) -> bool:
    if case.links is not None:
        return token in DIRECTIONS
    if case.symbol is not None:
        return token == case.symbol
    if isinstance(case.show, ir.VarRef) and case.show.var.values is not None:
        return token in map(str, evaluator.instance.sets[case.show.var.values])
    if isinstance(case.show, ir.VarRef):
        return token.lstrip("-").isdigit()
    return token == str(evaluator.expr(case.show, env))


def parse_solution(genre_file: GenreFile, instance: Instance, text: str, path: str) -> Assignment:
    if isinstance(genre_file.genre.output, SetOutput):
        return setoutput.parse_solution(genre_file, instance, text, path)
    grid = grid_of(instance.rows, instance.columns)
    genre = genre_file.genre
    assignment: Assignment = {  # a hidden unknown is not printed: the evaluator works it out
        var.name: {e: instance.lowest(var) for e in grid.elements(var.on)}
        for var in genre.variables
        if not var.hidden
    }
    lines = text.rstrip("\n").splitlines()
    edges = genre_file.genre.output.edges
    if edges is not None:
        _read_canvas(lines, instance, edges, assignment, path)
        cell_tokens = {cell: token or " " for cell, token in drawn_tokens(lines, instance).items()}
    else:
        if len(lines) != instance.rows:
            raise DslError(
                Location(path), f"the solution has {len(lines)} rows, the puzzle {instance.rows}"
            )
        cell_tokens = {}
        for r, line in enumerate(lines):
            tokens = line.split()
            if len(tokens) != instance.columns:
                raise DslError(
                    Location(path, r + 1),
                    f"row {r + 1} of the solution has "
                    f"{len(tokens)} cells, the puzzle "
                    f"{instance.columns}",
                )
            cell_tokens.update({(r, c): t for c, t in enumerate(tokens)})
    if genre_file.genre.output.cell and edges is None or _shows_variables(genre_file):
        _read_cells(genre_file, instance, cell_tokens, assignment, path)
    expected = render(genre_file, instance, assignment).splitlines()
    for number, (want, got) in enumerate(zip(expected, lines, strict=False), start=1):
        if want.rstrip() != got.rstrip() and " ".join(want.split()) != " ".join(got.split()):
            raise DslError(
                Location(path, number),
                f"this line cannot be printed for this puzzle: {got.strip()!r}",
                hint=f"the reading of it prints as {want.strip()!r}",
            )
    return assignment


def _shows_variables(genre_file: GenreFile) -> bool:
    return any(
        isinstance(case.show, ir.VarRef)
        or case.links is not None
        or any(literal_unknown(cond) for cond, _ in when_literals(case.when))
        for case in genre_file.genre.output.cell
    )


def _read_cells(
    genre_file: GenreFile,
    instance: Instance,
    tokens: dict[Element, str],
    assignment: Assignment,
    path: str,
) -> None:
    evaluator = Evaluator(genre_file.genre, instance, assignment)
    blank = " " if genre_file.genre.output.edges else "."
    cases = []  # each case, the unknowns its `when` tests, its tests of the input, and
    # whether it has derived tests (of other unknowns: checked when the reading is printed)
    for case in genre_file.genre.output.cell:
        literals = [(c, w, literal_unknown(c)) for c, w in when_literals(case.when)]
        unknowns = [(literal, w) for _, w, literal in literals if literal]
        others = [(c, w) for c, w, literal in literals if not literal]
        input_tests = [(c, w) for c, w in others if not ir.reads_unknowns(c)]
        cases.append((case, unknowns, input_tests, len(input_tests) < len(others)))
    for cell, token in tokens.items():
        env = Env(cell, ir.ElementKind.CELL, None)
        for case, unknowns, input_tests, derived in cases:
            if not all(evaluator.expr(c, env) == bool(w) for c, w in input_tests):
                continue  # the puzzle rules this case out here
            if not _prints_here(case, evaluator, env):
                continue  # a `show` of absent input: the case says nothing about its `when`
            if _could_print(case, token, evaluator, env):
                for literal, wanted in unknowns:
                    _make(assignment, cell, literal, wanted)
                if isinstance(case.show, ir.VarRef):
                    assignment[case.show.var.name][cell] = _shown_value(
                        case.show.var, token, instance
                    )
                if case.links is not None:
                    links = evaluator.grid.incident_by_direction(ir.ElementKind.LINK, cell)
                    for direction in DIRECTIONS[token]:
                        if direction not in links:
                            raise DslError(
                                Location(path, cell[0] + 1),
                                f"{cell_name(cell)}: '{token}' leaves the grid",
                            )
                        assignment[case.links.name][links[direction]] = 1
                break
            if len(unknowns) == 1 and not derived:  # it would have printed: its `when` is false
                literal, wanted = unknowns[0]
                _make(assignment, cell, literal, 1 - wanted)
        else:
            if token == blank:
                continue  # no case applies: the printer's blank
            line = 2 * cell[0] + 2 if genre_file.genre.output.edges else cell[0] + 1
            raise DslError(
                Location(path, line),
                f"{cell_name(cell)}: '{token}' is not a token this genre prints there",
            )


def _make(
    assignment: Assignment, cell: Element, literal: tuple[ir.VarRef, int | str], truth: int
) -> None:
    """Give the unknown of a `when` literal (`literal_unknown`) a value that makes the literal
    `truth`. A false `digit = 0` leaves the digit as it is: a later case may show it, and
    the reprint check rejects a reading that does not print back the same."""
    ref, value = literal
    if truth:
        assignment[ref.var.name][cell] = value
    elif ref.var.type == ir.Type.BOOL:
        assignment[ref.var.name][cell] = 1 - value


def _prints_here(case: OutputCase, evaluator: Evaluator, env: Env) -> bool:
    """Would this case print something at this cell if its `when` held?"""
    if case.symbol is not None or case.links is not None or isinstance(case.show, ir.VarRef):
        return True
    return evaluator.expr(case.show, env) is not None


def drawn_width(lines: list[str], instance: Instance) -> int:
    """The width of a drawing's cells, known from its top line, whose last `+` is the grid's
    top right corner."""
    return max(1, (len(lines[0].rstrip()) - 1) // instance.columns - 1) if lines else 1


def drawn_tokens(lines: list[str], instance: Instance) -> dict[Element, str]:
    """The token at each cell of a drawing ('' where it is blank)."""
    width = drawn_width(lines, instance)
    step = width + 1
    return {
        (r, c): lines[2 * r + 1][step * c + 1 : step * c + 1 + width].strip()
        for r in range(instance.rows)
        for c in range(instance.columns)
        if 2 * r + 1 < len(lines)
    }


def _read_canvas(
    lines: list[str], instance: Instance, edges: ir.Variable, assignment: Assignment, path: str
) -> None:
    """Read the edges of a drawing into the assignment."""
    height = 2 * instance.rows + 1
    if len(lines) != height:
        raise DslError(
            Location(path),
            f"the drawing has {len(lines)} lines, "
            f"a {instance.rows}x{instance.columns} puzzle needs {height}",
        )
    cell_width = drawn_width(lines, instance)
    padded = [line.ljust((cell_width + 1) * instance.columns + 1) for line in lines]
    for edge in assignment[edges.name]:
        row, columns, char = _edge_span(edges.on, edge, cell_width)
        column = columns[0]
        found = padded[row][column]
        marks = {" ": 0, char: 1}
        if edges.type == ir.Type.INT:
            marks[DOUBLE[char]] = 2
        if found not in marks:
            expected = ", ".join(f"'{mark}'" for mark in marks if mark != " ")
            raise DslError(
                Location(path, row + 1, column + 1),
                f"expected {expected} or a space here, found '{found}'",
            )
        assignment[edges.name][edge] = marks[found]
