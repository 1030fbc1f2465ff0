"""`each piece of X: BODY` from the rule compiler's side: read from the body what bounds the
pieces, ask the body about each candidate, and hand over to `lowerings.pieces`.

For pieces of a cell variable X, the body is asked about a shape S *and* a value v: X is
replaced by v (every cell of a piece holds its value), so the verdict depends on the input
only; a body that still reads another unknown is rejected.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from dslsolve import constructs, ir
from dslsolve.compiler.expressions import Lowerer
from dslsolve.compiler.fixings import outside_domain
from dslsolve.compiler.lowerings import logic
from dslsolve.compiler.lowerings.free_pieces import gathered, one_kind, post_free_pieces
from dslsolve.compiler.lowerings.pieces import (
    PieceForm,
    PieceFormError,
    Shape,
    candidates,
    keep_apart,
    lazy_values,
    place_values,
    place_walls,
)
from dslsolve.compiler.model import Lin, Value, Why
from dslsolve.compiler.piece_terms import PieceTerms
from dslsolve.geometry import Env, Grouping, cell_name
from dslsolve.instance import Element

Post = Callable[[ir.Expr, Env, Lin | None, Why], None]  # the rule compiler's posting

# `piece=placements` enumerates the unanchored pieces of a value only up to this many cells
# (a 10-cell piece has 36,446 fixed shapes per seed cell, each size about four times the one
# before); a rule whose pieces may be larger (a fillomino 27) is lowered as `piece=lazy`
PLACED_CELLS = 10
# ... and only while they are at most this many candidates in all: beyond, CP-SAT solves the
# lazy model faster (fillomino 735_14x14, ~32,000 candidates: 17 s whole run against 97 s;
# 809_18x25: 29 s against 111 s; 64_10x10, a few thousand: placements 4.7 s, lazy 13 s)
PLACED_PIECES = 20_000

# the piece lowerings as the plan (`plan.piece_lowering`) names them; `compile_pieces` posts
# the one it is handed
HOLDING = "holding: cuts in rounds"
WALLS = "walls: placements"
PLACEMENTS = (
    f"piece=placements, lazy past {PLACED_CELLS} cells without an anchor "
    f"or {PLACED_PIECES} candidates"
)
LAZY = "piece=lazy"


def _conjuncts(expr: ir.Expr) -> tuple[ir.Expr, ...]:
    return expr.args if isinstance(expr, ir.And) else (expr,)


def _sides(part: ir.Expr) -> list[tuple[str, ir.Expr, ir.Expr]]:
    """A comparison read both ways: (op, left, right) with the op mirrored for the swap."""
    if not isinstance(part, ir.Compare):
        return []
    mirror = {"=": "=", "<=": ">=", ">=": "<=", "<": ">", ">": "<", "!=": "!="}
    return [(part.op, part.left, part.right), (mirror[part.op], part.right, part.left)]


SIZE = ir.Param("size")
# `count(A) >= 1`, `count(A) > 0`, `count(A) != 0`: a piece holds an A-cell
AT_LEAST_ONE = ((">=", ir.Num(1)), (">", ir.Num(0)), ("!=", ir.Num(0)))


def _group_free(expr: ir.Expr) -> bool:
    """Does `expr` depend on nothing but numbers and the instance size?"""
    return not any(
        isinstance(n, ir.Aggregate | ir.InputRef | ir.VarRef | ir.TokenTest)
        or (isinstance(n, ir.Param) and n.name in ("size", "width", "height"))
        for n in ir.walk(expr)
    )


def _group_free_value(expr: ir.Expr) -> bool:
    """A value read from the input at a cell: no unknowns, no aggregates, no measures."""
    return not any(
        isinstance(n, ir.Aggregate | ir.VarRef)
        or (isinstance(n, ir.Param) and n.name in ("size", "width", "height"))
        for n in ir.walk(expr)
    )


def substitute(expr: ir.Expr, var: ir.Variable, value: int) -> ir.Expr:
    """`expr` with the variable read at the piece's cells replaced by a number: at the focus,
    outside aggregates over another set than the piece's cells (inside
    `count(neighbours where n = 2)` the focus is a neighbour, whose value is its own)."""

    def number(node: object) -> object | None:
        if isinstance(node, ir.Aggregate) and not isinstance(node.over, ir.GroupMembers):
            return node  # left as it is, not entered
        if isinstance(node, ir.VarRef) and node.var == var and isinstance(node.at, ir.Focus):
            return ir.Num(value)
        return None

    return ir.rewrite(expr, number)


def compile_pieces(
    lower: Lowerer,
    post: Post,
    var: ir.Variable,
    body: ir.Expr,
    env: Env,
    why: Why,
    lowering: str,
) -> None:
    """`each piece of VAR: BODY` by the lowering the plan names (`HOLDING`, `WALLS`,
    `PLACEMENTS`, `LAZY`); `post` posts a condition that a placed piece must hold."""
    grid, model = lower.grid, lower.model
    walls = var.on == ir.ElementKind.BORDER

    def group(shape: Shape) -> Env:
        cells = tuple(sorted(shape))
        return Env(None, None, Grouping(f"piece at {cell_name(cells[0])}", cells), env.bound)

    if lowering == HOLDING:
        free = _holds_only(lower, body, env)
        if free is None:  # a condition not read from the puzzle: the bound is missing
            _form(lower, var, body, env)
            raise PieceFormError("the body says what a piece holds, not from the puzzle")
        need, apart, kinds, gather = free
        post_free_pieces(model, grid, lower.binaries(var), need, apart, why, kinds, gather)
        return
    form, bound = _form(lower, var, body, env)

    anchors = set(form.anchors or ())
    sized = PieceTerms(lower, bound, env) if bound is not None and anchors else None

    def check_bound(shape: Shape, value: int | None) -> None:
        if sized is None:
            return
        anchor = next(c for c in shape if c in anchors)
        found = sized.value(shape)
        if found is None:
            found = lower.lower(bound, group(shape))
        if found != form.limit(anchor, value):
            raise PieceFormError("the size bound must depend on the anchor's input only")

    def verdict_of(terms: PieceTerms, expr: ir.Expr, shape: Shape) -> Value:
        """The body's verdict on a candidate: folded where its terms allow, else lowered."""
        found = terms.value(shape)
        return bool(found) if found is not None else lower.boolean(expr, group(shape))

    if walls:
        # conjuncts between two pieces (`shape differs from`): posted on the chosen pieces
        apart = {
            part: found
            for part in _conjuncts(body)
            for reading in constructs.piece_apart()
            if (found := reading(lower, part)) is not None
        }
        own = [part for part in _conjuncts(body) if part not in apart]
        if apart:
            body = own[0] if len(own) == 1 else ir.And(tuple(own))
        kept = []
        terms = PieceTerms(lower, body, env)
        for shape in candidates(grid, form, None):
            verdict = verdict_of(terms, body, shape) if own else True
            if verdict is False:
                continue
            check_bound(shape, None)
            kept.append((shape, verdict))
        lins = {b: lower.variable(var, b) for b in grid.borders()}
        placed = place_walls(
            model,
            grid,
            lins,
            kept,
            lambda shape, chosen: post(body, group(shape), chosen, why),
            why,
        )
        for relation, key in apart.values():
            keep_apart(model, grid, placed, relation, key)
        return

    domain = range(0, 2) if var.type == ir.Type.BOOL else lower.instance.domain(var)
    bodies = {v: substitute(body, var, v) for v in domain}

    def holds(shape: Shape, v: int) -> bool:
        return verdict(bodies[v], shape)

    def verdict(expr: ir.Expr, shape: Shape, terms: PieceTerms | None = None) -> bool:
        verdict = (
            lower.boolean(expr, group(shape)) if terms is None else verdict_of(terms, expr, shape)
        )
        if isinstance(verdict, Lin):
            raise PieceFormError(
                f"the body of 'each piece of {var.name}' may read only {var.name} at the "
                "piece's own cells, the puzzle input and the piece's size, width and height"
            )
        return verdict is not False

    def indicator(cell: Element, v: int) -> Lin | bool:
        value = lower.variable(var, cell)
        if var.type == ir.Type.BOOL:
            return value if v == 1 else logic.negate(value)
        return logic.indicator_equal(value, v)

    blocked = {v: form.blocked(v) for v in domain}
    if _name_givens_outside(lower, var, body, env, domain, blocked):
        return  # the model is infeasible whatever the pieces: no need to enumerate them

    def lazy() -> None:
        lazy_values(
            model,
            grid,
            indicator,
            domain,
            holds,
            lambda v: form.limit(None, v),
            lambda v: blocked[v][0],
        )

    if lowering == LAZY or (
        form.anchors is None  # unanchored pieces of more cells are too many to enumerate
        and any((form.limit(None, v) or 0) > PLACED_CELLS for v in domain)
    ):
        lazy()
        return
    # a cell that every value but one is blocked at holds that value; a piece of the same
    # value beside it would touch it (maximality), so no candidate of that value borders it
    forced: dict[Element, int] = {}
    for cell in grid.cells():
        free = [v for v in domain if cell not in blocked[v][0]]
        if len(free) == 1:
            forced[cell] = free[0]
    kept = []
    for v in domain:
        decided = blocked[v][1]
        remaining = [p for p in _conjuncts(body) if p not in decided]
        rest = substitute(ir.And(tuple(remaining)), var, v)
        terms = PieceTerms(lower, rest, env) if remaining else None
        for shape in candidates(grid, form, v):
            if any(forced.get(n) == v for c in shape for n in grid.neighbours(c) if n not in shape):
                continue
            if not remaining or verdict(rest, shape, terms):
                check_bound(shape, v)
                kept.append((shape, v))
                if form.anchors is None and len(kept) > PLACED_PIECES:
                    lazy()  # nothing is posted yet: the candidates are dropped
                    return
    place_values(model, grid, indicator, domain, kept, why)


def _members(lower: Lowerer, count: ir.Expr, env: Env) -> set[Element] | None:
    """The cells a `count(A)` over a piece's cells counts, A read from the puzzle; None for
    anything else."""
    if not (
        isinstance(count, ir.Aggregate)
        and count.func == "count"
        and isinstance(count.over, ir.GroupMembers)
        and count.filter is not None
        and not _reads_measures(count.filter)
    ):
        return None
    found = set()
    for cell in lower.grid.cells():
        verdict = lower.boolean(count.filter, env.at(cell, ir.ElementKind.CELL))
        if isinstance(verdict, Lin):
            return None
        if verdict:
            found.add(cell)
    return found


def holds_only(body: ir.Expr) -> bool:
    """Does the body say only what a piece holds, the form `_holds_only` reads (whether its
    conditions are read from the puzzle is known once the puzzle is)? The plan's test."""
    for part in _conjuncts(body):
        if one_kind(part) is not None or gathered(part) is not None:
            continue
        parts = part.args if isinstance(part, ir.Or) and len(part.args) == 2 else (part,)
        wanted = ("=", ir.Num(0)) if len(parts) == 2 else None
        for arg in parts:
            sides = [
                (op, right)
                for op, left, right in _sides(arg)
                if isinstance(left, ir.Aggregate) and left.func == "count"
            ]
            allowed = (wanted,) if wanted else AT_LEAST_ONE
            if not any(side in allowed for side in sides) or _reads_measures(arg):
                return False
    return True


def _holds_only(lower: Lowerer, body: ir.Expr, env: Env):
    """A body of walls' pieces that says only what a piece holds: each conjunct
    `count(A) >= 1` (also `> 0`, `!= 0`) or `count(B) = 0 or count(C) = 0`, A, B, C from the
    puzzle, `max(L) = min(L)` and `count(L = max(L)) = count(cells where L = max(L))`, L from
    the puzzle. The cell sets of each (see `lowerings.free_pieces`), or None."""
    need, apart, kinds, gather = [], [], [], []
    for part in _conjuncts(body):
        value, found = one_kind(part), kinds
        if value is None:
            value, found = gathered(part), gather
        if value is not None:  # a value of the puzzle: its cells by value
            classes = _classes(lower, value, env)
            if classes is None:
                return None
            found.append(classes)
            continue
        if isinstance(part, ir.Or) and len(part.args) == 2:
            sets = []
            for arg in part.args:
                side = next(
                    (left for op, left, right in _sides(arg) if op == "=" and right == ir.Num(0)),
                    None,
                )
                sets.append(None if side is None else _members(lower, side, env))
            if None in sets:
                return None
            apart.append((sets[0], sets[1]))
            continue
        at_least_one = [left for op, left, right in _sides(part) if (op, right) in AT_LEAST_ONE]
        cells = _members(lower, at_least_one[0], env) if at_least_one else None
        if cells is None:
            return None
        need.append(cells)
    if len(gather) > len(kinds):  # a piece of two kinds could gather either: not read
        return None
    return need, apart, kinds, gather


def _classes(lower: Lowerer, value: ir.Expr, env: Env) -> dict[object, set[Element]] | None:
    """The cells of each value of `value`, read from the puzzle (None where it is not)."""
    if _reads_measures(value):
        return None
    found: dict[object, set[Element]] = {}
    for cell in lower.grid.cells():
        token = lower.lower(value, env.at(cell, ir.ElementKind.CELL))
        if isinstance(token, Lin):
            return None
        if token is not None:
            found.setdefault(token, set()).add(cell)
    return found


def _name_givens_outside(
    lower: Lowerer,
    var: ir.Variable,
    body: ir.Expr,
    env: Env,
    domain: range,
    blocked: dict[int, tuple[set[Element], tuple[ir.Expr, ...]]],
) -> bool:
    """A cell where the body's tests block every value of `var` is a contradiction; where the
    puzzle input that the body reads there is a number outside the domain (a fillomino given
    of 27 with numbers 1..9), that number is why, and the message names it. True when one is
    named."""
    inputs = dict.fromkeys(
        n for n in ir.walk(body) if isinstance(n, ir.InputRef) and isinstance(n.at, ir.Focus)
    )
    named = False
    for cell in lower.grid.cells():
        if not all(cell in blocked[v][0] for v in domain):
            continue
        for ref in inputs:
            value = lower.lower(ref, env.at(cell, ir.ElementKind.CELL))
            if type(value) is int and value not in domain:
                lower.model.contradiction(
                    outside_domain(var, value, cell, lower.instance.domain(var))
                )
                named = True
    return named


def _form(
    lower: Lowerer, var: ir.Variable, body: ir.Expr, env: Env
) -> tuple[PieceForm, ir.Expr | None]:
    """What bounds the pieces, from the body's conjuncts (see `lowerings.pieces`)."""
    grid = lower.grid
    parts = _conjuncts(body)
    anchors = None
    rectangles = False
    exact_value = False
    bound: ir.Expr | None = None
    exact = False
    least: tuple[PieceTerms, bool] | None = None  # `size >= E` (`size > E`: True)
    area = ir.Arith("*", ir.Param("width"), ir.Param("height"))
    tests = {part: test for part in parts if (test := _cell_test(part)) is not None}
    for part in parts:
        for op, left, right in _sides(part):
            if (
                op == "="
                and isinstance(left, ir.Aggregate)
                and left.func == "count"
                and isinstance(left.over, ir.GroupMembers)
                and left.filter is not None
                and right == ir.Num(1)
                and anchors is None
                and not _reads_measures(left.filter)  # else a condition on each candidate
            ):
                anchors = []
                for cell in grid.cells():
                    is_anchor = lower.boolean(left.filter, env.at(cell, ir.ElementKind.CELL))
                    if isinstance(is_anchor, Lin):
                        raise PieceFormError("the anchor condition must depend on the input only")
                    if is_anchor:
                        anchors.append(cell)
            if left == SIZE and right in (area, ir.Arith("*", area.right, area.left)):
                rectangles = op == "="
            elif left == SIZE and op in ("=", "<=") and bound is None:
                bound, exact = right, op == "="
            elif left == SIZE and op in (">=", ">") and least is None:
                least = (PieceTerms(lower, right, env), op == ">")
        if (
            bound is None
            and isinstance(part, ir.Aggregate)
            and part.func == "alldifferent"
            and isinstance(part.over, ir.GroupMembers)
            and part.filter is None
            and _group_free_value(part.value)
        ):
            distinct = {
                lower.number(part.value, env.at(c, ir.ElementKind.CELL)) for c in grid.cells()
            }
            bound = ir.Num(len(distinct - {None}))  # pigeonhole: at most one cell per value
        if (
            var.on == ir.ElementKind.CELL
            and isinstance(part, ir.Aggregate)
            and part.func == "all"
            and isinstance(part.over, ir.GroupMembers)
            and part.filter is not None
            and any(
                op == "=" and left == ir.VarRef(var, ir.Focus()) and right == SIZE
                for op, left, right in _sides(part.filter)
            )
        ):
            exact_value = True
    shapes = next(
        (
            found
            for part in parts
            for allowed in constructs.piece_shapes()
            if (found := allowed(lower, part)) is not None
        ),
        None,
    )
    placed = next(
        (
            tuple(found)
            for part in parts
            for allowed in constructs.piece_candidates()
            if (found := allowed(lower, part)) is not None
        ),
        None,
    )
    if bound is None and (rectangles or shapes is not None or placed is not None):
        bound = ir.Arith("*", ir.Param("rows"), ir.Param("columns"))  # the grid bounds them
    limits = [n for part in parts for limit in constructs.size_limits() if (n := limit(part))]
    if bound is None and limits:
        bound = ir.Num(min(limits))  # a construct's bound: `shape in tetrominoes`, 4 cells
    if not exact_value and bound is None:
        raise PieceFormError(
            "the body needs 'size = E' or 'size <= E' to bound the pieces"
            + (f", or 'all({var.name} = size)'" if var.on == ir.ElementKind.CELL else "")
        )
    if not exact_value and anchors is None and not _group_free(bound):
        raise PieceFormError("without an anchor ('count(A) = 1'), the size bound must be a number")

    @functools.cache  # asked once per candidate: each anchor's bound is lowered once
    def limit(anchor: Element | None, value: int | None) -> int | None:
        if exact_value:
            return value
        if anchor is None and not _group_free(bound):
            return None  # with anchors, only an anchor knows its bound
        at = (
            Env(None, None, Grouping(cell_name(anchor), (anchor,)), env.bound)
            if anchor is not None
            else Env(None, None, None, env.bound)
        )
        number = lower.number(bound, at)
        if number is not None and not isinstance(number, int):
            raise PieceFormError("the size bound must be a number from the puzzle")
        return number

    def blocked(value: int | None) -> tuple[set[Element], tuple[ir.Expr, ...]]:
        """Cells that no piece (of this value) can hold, as a member test fails there; and
        the conjuncts that these tests decide (they hold on every shape of the exact size
        that avoids the blocked cells, so candidates need not be asked about them)."""
        size = limit(None, value) if (exact or exact_value) and anchors is None else None
        out: set[Element] = set()
        decided = []
        for part, (must, test) in tests.items():
            if value is not None:
                test = substitute(test, var, value)
            if size is not None:
                test = _replace_param(test, "size", size)
            if _reads_measures(test):
                continue
            verdicts = {
                c: lower.boolean(test, env.at(c, ir.ElementKind.CELL)) for c in grid.cells()
            }
            if any(isinstance(v, Lin) for v in verdicts.values()):
                continue
            out |= {c for c, v in verdicts.items() if (v is not True if must else v is True)}
            decided.append(part)
        return out, tuple(decided)

    @functools.cache
    def fewest(anchor: Element | None, value: int | None) -> int:
        """The fewest cells a candidate may have: E(S) only grows as S gains cells, and every
        candidate holds its anchor, so `size >= E` needs at least E(anchor) cells."""
        if exact or exact_value:
            return limit(anchor, value) or 0
        if least is None or anchor is None or not least[0].grows():
            return 1
        return max(1, least[0].value(frozenset([anchor])) + least[1])

    form = PieceForm(
        anchors, limit, exact or exact_value, rectangles, blocked, shapes, placed, fewest
    )
    return form, None if exact_value else bound


_MEASURES = ("size", "width", "height")


def _reads_measures(expr: ir.Expr) -> bool:
    """Does `expr` read a measure of the piece: known for a candidate, not for a cell?"""
    return any(isinstance(n, ir.Param) and n.name in _MEASURES for n in ir.walk(expr))


def _cell_test(part: ir.Expr) -> tuple[bool, ir.Expr] | None:
    """A condition on each cell of a piece, from `all(Q)` (Q must be true at every cell:
    (True, Q)) or `count(P) = 0` (P must not be true at any cell: (False, P))."""
    if (
        isinstance(part, ir.Aggregate)
        and part.func == "all"
        and isinstance(part.over, ir.GroupMembers)
        and part.filter is not None
    ):
        return True, part.filter
    for op, left, right in _sides(part):
        if (
            op in ("=", "<=")
            and right == ir.Num(0)
            and isinstance(left, ir.Aggregate)
            and left.func == "count"
            and isinstance(left.over, ir.GroupMembers)
            and left.filter is not None
        ):
            return False, left.filter
    return None


def _replace_param(expr: ir.Expr, name: str, value: int) -> ir.Expr:
    return ir.rewrite(expr, lambda node: ir.Num(value) if node == ir.Param(name) else None)
