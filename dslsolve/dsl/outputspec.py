"""A genre file's `output`: the cases that print a cell (or a line of an index set), and the
checks that a printed solution reads back as itself and shows every unknown but the hidden."""

from __future__ import annotations

from dslsolve import ir
from dslsolve.dsl.answer import literal_unknown, when_literals
from dslsolve.dsl.checker import Scope, check_expr, check_set_expr
from dslsolve.dsl.parser import parse_rule
from dslsolve.dsl.yamlchecks import check_keys, fail, mapping, rule_text, unwrap
from dslsolve.dsl.yamlsource import where_of
from dslsolve.errors import DslError, Location


def _cases(spec: dict, where: Location) -> list:
    """The cases of `output.cell`, which must be a list."""
    cases = spec.get("cell") or []
    if not isinstance(cases, list):
        raise fail(
            cases, where, "'output.cell' must be a list of cases", "e.g. cell: [{show: digit}]"
        )
    return cases


def read_output(spec: dict, scope: Scope, where: Location) -> ir.OutputSpec:
    check_keys(spec, ("cell", "edges"), where_of(spec, where), "output")
    cases: list[ir.OutputCase] = []
    for case in _cases(spec, where_of(spec, where)):
        case_where = where_of(case, where)
        case = mapping(case, case_where, "output.cell")
        check_keys(case, ("when", "show", "symbol", "links"), case_where, "an output case")
        if sum(key in case for key in ("show", "symbol", "links")) != 1:
            raise fail(
                case, case_where, "an output case has exactly one of 'show', 'symbol' and 'links'"
            )
        when = show = None
        if "when" in case:
            text, at = rule_text(case["when"], case_where)
            when = check_expr(
                scope, unwrap(parse_rule(text, at)), at, text, ir.ElementKind.CELL, ir.Type.BOOL
            )
        if "show" in case:
            text, at = rule_text(case["show"], case_where)
            show = check_expr(scope, unwrap(parse_rule(text, at)), at, text, ir.ElementKind.CELL)
            if not isinstance(show, ir.VarRef | ir.InputRef):
                raise fail(
                    case["show"],
                    case_where,
                    "'show' names a variable or an input section",
                    "a computed value could not be read back by 'check'",
                )
        symbol = str(case["symbol"]) if "symbol" in case else None
        links = None
        if "links" in case:
            links = scope.variables.get(case["links"])
            if links is None or links.on != ir.ElementKind.LINK or links.type != ir.Type.BOOL:
                raise fail(
                    case["links"],
                    case_where,
                    "'links' names a boolean variable on links",
                    "the case prints the cell's used links as one piece, such as '┌'",
                )
        cases.append(ir.OutputCase(when, show, symbol, links))
    drawing = "edges" in spec
    raw_cases = _cases(spec, where_of(spec, where))
    for case, raw in zip(cases[:-1], raw_cases, strict=False):
        if isinstance(case.show, ir.InputRef) and _reads_unknowns(case.when):
            raise fail(
                raw,
                where_of(raw, where),
                f"the case 'when: {raw['when']}' shows the input '{raw['show']}' and a later "
                "case prints too: a printed solution would not read back (a token of a later "
                f"case would be read as '{raw['show']}', and the case taken to hold)",
                "give the case a symbol of its own, show an unknown, or make it the last case",
            )
    for case, raw in zip(cases, raw_cases, strict=True):
        if case.symbol is not None:
            _check_symbol(case.symbol, raw, where_of(raw, where), cases, drawing)
    _tokens_tell_cases_apart(cases, raw_cases, where)
    edges = None
    if "edges" in spec:
        edges = scope.variables.get(spec["edges"])
        if edges is None or edges.on not in (ir.ElementKind.BORDER, ir.ElementKind.LINK):
            raise fail(spec["edges"], where, "output.edges names a variable on borders or links")
        if edges.type == ir.Type.INT and (edges.low, edges.high) not in ((0, 1), (0, 2)):
            raise fail(
                spec["edges"],
                where,
                "a drawing shows 0, 1 or 2 lines per edge",
                "give the variable the domain 0..2",
            )
    if not cases and edges is None:
        raise fail(
            spec, where, "the output section prints nothing", "add 'cell:' cases or 'edges:'"
        )
    output = ir.OutputSpec(tuple(cases), edges)
    _shows_exactly_the_answer(scope, _printed_variables(output, where_of(spec, where)), spec, where)
    return output


def _tokens_tell_cases_apart(cases: list[ir.OutputCase], raw_cases: list, where: Location) -> None:
    """A token must name the case that printed it, or a printed solution would not read back
    as itself. Refused here, whatever the puzzle: a token that two cases print (one symbol, or
    numbers: the values of integer or boolean unknowns) where the earlier tests no given (a
    reader takes the token for the earlier case wherever the later prints it). What a puzzle
    decides (a given shown that equals a symbol) is found when the answer is grounded on it
    (`dslsolve/answer.py`)."""
    earlier: dict[str, int] = {}  # token -> the number of the first unguarded case printing it
    for number, (case, raw) in enumerate(zip(cases, raw_cases, strict=True)):
        token = case.symbol
        if isinstance(case.show, ir.VarRef) and case.show.var.values is None:
            token = "a number"
        if token in earlier:
            first = earlier[token] + 1
            printed = token if token == "a number" else f"'{token}'"
            raise fail(
                raw,
                where_of(raw, where),
                f"output case {number + 1} prints {printed}, as case {first} does: a printed "
                f"solution would not read back (a reader takes {printed} for case {first})",
                "give each case a token of its own",
            )
        unguarded = all(literal_unknown(c) for c, _ in when_literals(case.when))
        if token is not None and unguarded:
            earlier[token] = number


def _reads_unknowns(expr: ir.Expr | None) -> bool:
    return expr is not None and any(isinstance(node, ir.VarRef) for node in ir.walk(expr))


def _check_symbol(
    symbol: str, case: dict, where: Location, cases: list[ir.OutputCase], drawing: bool
) -> None:
    """A printed symbol must read back as itself: one token (one character in a drawing),
    and not a number where another case prints numbers (`check` would take it for one)."""
    if not symbol or symbol.split() != [symbol]:
        raise fail(
            case["symbol"], where, f"the symbol {symbol!r} is not one token", "e.g. symbol: '#'"
        )
    if drawing and len(symbol) != 1:
        raise fail(
            case["symbol"],
            where,
            f"the symbol '{symbol}' is longer than the one character of a cell in a drawing",
        )
    prints_numbers = any(
        c.show is not None and (not isinstance(c.show, ir.VarRef) or c.show.var.type == ir.Type.INT)
        for c in cases
    )
    if prints_numbers and symbol.lstrip("-").isdigit():
        raise fail(
            case["symbol"],
            where,
            f"the symbol '{symbol}' is a number, which another case prints as a value",
            "use a symbol that no shown value can be, e.g. '#'",
        )


def read_set_output(spec: dict, scope: Scope, where: Location) -> ir.SetOutput:
    """`output: {lines: SET, tokens: SET2, cell: [...]}` or `{lines: SET, show: [...]}`."""
    at = where_of(spec, where)
    check_keys(spec, ("lines", "tokens", "cell", "show"), at, "output")
    lines = spec["lines"]
    for key in ("lines", "tokens"):
        if key in spec and spec[key] not in scope.sets:
            raise fail(spec[key], at, f"output.{key} names a declared set, not '{spec[key]}'")
    tokens = spec.get("tokens")
    if (tokens is None) == ("show" not in spec) or ("cell" in spec) != (tokens is not None):
        raise fail(
            spec,
            at,
            "output with 'lines' needs either 'tokens' and 'cell', or 'show'",
            "e.g. lines: person, show: [person, item where buys]",
        )
    in_scope = (lines, tokens) if tokens else (lines,)
    cases: list[ir.OutputCase] = []
    printed: set[str] = set()
    for case in _cases(spec, at):
        case_where = where_of(case, at)
        case = mapping(case, case_where, "output.cell")
        check_keys(case, ("when", "show", "symbol"), case_where, "an output case")
        if ("show" in case) == ("symbol" in case):
            raise fail(case, case_where, "an output case has either 'show' or 'symbol'")
        when = show = None
        if "when" in case:
            text, pos = rule_text(case["when"], case_where)
            when = check_set_expr(
                scope, unwrap(parse_rule(text, pos)), pos, text, in_scope, ir.Type.BOOL
            )
            if ir.reads_unknowns(when):
                raise fail(case["when"], case_where, "here a 'when' tests puzzle input only")
        if "show" in case:
            text, pos = rule_text(case["show"], case_where)
            show = check_set_expr(scope, unwrap(parse_rule(text, pos)), pos, text, in_scope)
            ref = show.ref if isinstance(show, ir.At) else show
            if not isinstance(ref, ir.VarRef | ir.InputRef):
                raise fail(
                    case["show"],
                    case_where,
                    "'show' names a variable or an input section, or one read at given "
                    "members such as digit(puzzle)",
                    "a computed value could not be read back by 'check'",
                )
            if isinstance(ref, ir.VarRef):
                printed.add(ref.var.name)
        cases.append(ir.OutputCase(when, show, str(case["symbol"]) if "symbol" in case else None))
    shows: list[ir.SetShow] = []
    for item in spec.get("show", ()) or ():
        text = str(item)
        name, _, condition = text.partition(" where ")
        name = name.strip()
        every = name.startswith("every ") and bool(condition)
        name = name.removeprefix("every ").strip() if every else name
        var = scope.variables.get(name)
        if var is not None and var.sets == (lines,) and not condition:
            printed.add(name)
            shows.append(ir.SetShow(None, None, ir.VarRef(var, ir.Focus())))
            continue
        if name not in scope.sets:
            raise fail(
                item,
                at,
                f"'{name}' is not a declared set or a variable on '{lines}'",
                "write SET, SET where VAR, every SET where VAR, or a variable on the lines' set",
            )
        if not condition and name != lines:
            raise fail(item, at, f"only the member of '{lines}' is in scope on a line")
        cond = None
        if condition:
            cond = check_set_expr(
                scope,
                unwrap(parse_rule(condition, at)),
                at,
                condition,
                (lines, name),
                ir.Type.BOOL,
            )
            if not isinstance(cond, ir.VarRef):
                raise fail(
                    item,
                    at,
                    "after 'where' name a boolean variable",
                    "e.g. 'item where buys': the item for which buys is true",
                )
            printed.add(cond.var.name)
        shows.append(ir.SetShow(name, cond, every=every))
    _shows_exactly_the_answer(scope, printed, spec, at)
    return ir.SetOutput(str(lines), tokens, tuple(cases), tuple(shows))


def _shows_exactly_the_answer(scope: Scope, printed: set[str], spec: dict, at: Location) -> None:
    """The output shows every unknown but the hidden ones, and no hidden one."""
    for name, var in scope.variables.items():
        if var.hidden and name in printed:
            raise fail(
                spec,
                at,
                f"the output shows the hidden variable '{name}'",
                "a hidden unknown is a helper that is not printed: leave it out of the output, "
                "or drop 'hidden'",
            )
        if not var.hidden and name not in printed:
            raise fail(
                spec,
                at,
                f"the output does not show the variable '{name}'",
                "a solution must show every unknown, so that 'check' can read it back; "
                "a helper may be declared 'hidden: true'",
            )


def _printed_variables(output: ir.OutputSpec, where: Location) -> set[str]:
    """The variables a printed solution determines. A `when` tests unknowns as plain literals
    (`black`, `not black`, `black and light`, `digit = 0`), which `check` reads back from the
    token; a condition beyond those (`ship and any(next right where ship)`: a *derived test*)
    may sit beside such a literal only: the literals say what the token stands for, the
    derived test which token it is, and `check` verifies it by printing the reading again."""
    names = {output.edges.name} if output.edges else set()
    for case in output.cell:
        derived = False
        for condition, _ in when_literals(case.when):
            literal = literal_unknown(condition)
            if literal is not None:
                names.add(literal[0].var.name)
            elif ir.reads_unknowns(condition):
                derived = True
        if derived and not any(literal_unknown(c) for c, _ in when_literals(case.when)):
            raise DslError(
                where,
                "an output 'when' can test unknowns only as variables, their equality "
                "with a constant, their negations and conjunctions of those; another "
                "condition on unknowns must stand beside such a literal",
                hint="e.g. 'when: black and not light', 'when: digit = 0', or 'when: ship "
                "and any(next right where ship)' (a ship's cell with a ship to its right)",
            )
        if isinstance(case.show, ir.VarRef):
            names.add(case.show.var.name)
        if case.links is not None:
            names.add(case.links.name)
    return names
