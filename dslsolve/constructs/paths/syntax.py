"""`VAR forms paths joining ENDS`: the edges (borders or links) where the boolean VAR is true
form disjoint simple paths and no cycle; every element where the input section ENDS is given
is the end of exactly one path, no other element is, and the two ends of a path hold equal
tokens (numberlink).

`VAR forms paths leaving STARTS`: the used links of the boolean VAR form disjoint simple paths
and no cycle, each with exactly one end on a cell where STARTS is given (its start); a start
has 0 or 1 used links, so no path passes over or joins two starts, and every used link lies on
such a path (moving pieces: kaero's letters, armyants' numbers, drawn from where they stand).
`STARTS carried by VAR` reads, at a cell, the number of STARTS at the start of the path through
the cell (at a start, its own number): the value the piece carries to where it ends (0 where
no path runs, and for a start whose token is not a number).

`VAR forms shots leaving STARTS`: paths as `forms paths leaving`, the starts being the cells
where STARTS holds a number n, each line straight shots of n, n - 1, ... cells, turning and
ending only where a shot lands (herugolf's balls); `VAR lands from STARTS` holds where one
lands (and at a start).

This module is the construct's contract: the IR node and the checker's typing. `meaning.py`
(the evaluator) and `lowering.py` (the compiler) read the node and share no code.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dslsolve import ir

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Checker, Focus
    from dslsolve.dsl.parser import Node


@dataclass(frozen=True)
class Paths:
    """The used edges of `var` form simple paths, each joining two equal tokens of `ends`."""

    var: ir.Variable
    ends: ir.InputLayer


@dataclass(frozen=True)
class PathsLeaving:
    """The used links of `var` form simple paths, each with exactly one end on a cell where
    `starts` is given."""

    var: ir.Variable
    starts: ir.InputLayer


@dataclass(frozen=True)
class Carried:
    """The number of `starts` at the start of the path of `var` through the cell at `at`."""

    starts: ir.InputLayer
    var: ir.Variable
    at: ir.Target


@dataclass(frozen=True)
class ShotsLeaving:
    """`var forms shots leaving starts`: paths as `PathsLeaving`, a start being a cell where
    `starts` holds a number n; its path is straight shots of n, n - 1, ... cells, turning only
    where a shot lands, ending where one lands (at most n shots)."""

    var: ir.Variable
    starts: ir.InputLayer


@dataclass(frozen=True)
class Lands:
    """Whether a shot of `var forms shots leaving starts` lands on the cell at `at` (a start
    with a number: true; a cell off the lines: false)."""

    var: ir.Variable
    starts: ir.InputLayer
    at: ir.Target


NODES = (Paths, PathsLeaving, Carried, ShotsLeaving, Lands)

WORDS = ("forms", "paths", "joining", "leaving", "carried", "shots", "lands")


def check(checker: Checker, node: Node, focus: Focus | None) -> Paths:
    """VAR is a boolean variable on borders or links, ENDS a section on their ends."""
    if focus is not None:
        raise checker.own_rule(node)
    var_name, ends_name = node.value
    var = checker.line_variable(node, var_name, "paths", boolean=True)
    vertex = ir.ElementKind.POINT if var.on == ir.ElementKind.BORDER else ir.ElementKind.CELL
    hint = (
        f"the path ends are the {vertex.value}s where a section of the puzzle file is given, "
        "e.g. 'line forms paths joining numbers'"
    )
    return Paths(var, checker.input_section(node, ends_name, vertex, hint))


def check_leaving(checker: Checker, node: Node, focus: Focus | None) -> PathsLeaving:
    """VAR is a boolean variable on links, STARTS a section on cells."""
    if focus is not None:
        raise checker.own_rule(node)
    var_name, starts_name = node.value
    var, starts = _starts_on_links(
        checker, node, var_name, starts_name, "paths", "form paths leaving starts", LETTERS
    )
    return PathsLeaving(var, starts)


LETTERS = "the starts are the cells where a section of the puzzle file is given, e.g. letters"


def _starts_on_links(
    checker: Checker, node: Node, var_name: str, starts_name: str, lines: str, verb: str, hint: str
) -> tuple[ir.Variable, ir.InputLayer]:
    """VAR a boolean variable on links and STARTS a section on cells, as `forms paths leaving`,
    `carried by` and `lands from` read them: `lines` names VAR's lines where it is no line
    variable, `verb` what VAR on borders cannot do, `hint` the starts."""
    var = checker.line_variable(node, var_name, lines, boolean=True)
    if var.on != ir.ElementKind.LINK:
        raise checker.error(
            node, f"'{var_name}' cannot {verb}", "it needs a boolean variable on links"
        )
    return var, checker.input_section(node, starts_name, ir.ElementKind.CELL, hint)


def check_carried(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """STARTS a section on cells, VAR a boolean variable on links, read at a cell."""
    starts_name, var_name = node.value
    if focus.element != ir.ElementKind.CELL:
        raise checker.error(node, f"'{starts_name} carried by {var_name}' is read at a cell")
    verb = "carry starts"
    var, starts = _starts_on_links(checker, node, var_name, starts_name, verb, verb, LETTERS)
    return Carried(starts, var, ir.Focus()), ir.Type.INT, False


def rebase(expr: Carried | Lands, at: ir.Bound) -> Carried | Lands:
    """Read at the named cell (`c.NAME`, NAME a define of `STARTS carried by VAR` or of
    `VAR lands from STARTS`)."""
    return dataclasses.replace(expr, at=at) if isinstance(expr.at, ir.Focus) else expr


def check_shots(checker: Checker, node: Node, focus: Focus | None) -> ShotsLeaving:
    """VAR is a boolean variable on links, STARTS a section on cells (its numbers)."""
    leaving = check_leaving(checker, node, focus)
    return ShotsLeaving(leaving.var, leaving.starts)


def check_lands(checker: Checker, node: Node, focus: Focus) -> tuple[ir.Expr, ir.Type, bool]:
    """VAR a boolean variable on links, STARTS a section on cells, read at a cell."""
    var_name, starts_name = node.value
    if focus.element != ir.ElementKind.CELL:
        raise checker.error(node, f"'{var_name} lands from {starts_name}' is read at a cell")
    hint = "the starts are the cells where a section of the puzzle file holds a number"
    verb = "land shots"
    var, starts = _starts_on_links(checker, node, var_name, starts_name, verb, verb, hint)
    return Lands(var, starts, ir.Focus()), ir.Type.BOOL, False


RULE_SYNTAX = {"paths": check, "paths_leaving": check_leaving, "shots_leaving": check_shots}

SYNTAX = {"carried": check_carried, "lands": check_lands}

REBASE = {Carried: rebase, Lands: rebase}
