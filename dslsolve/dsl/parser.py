"""Rule text to a syntax tree of `Node`s, with syntax errors turned into `DslError` messages.

The syntax tree is deliberately plain (a kind, a value, children and a position): names are
still unresolved. `dslsolve.dsl.checker` turns it into the IR.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import sys
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from dslsolve import constructs
from dslsolve.codecache import private_folder
from dslsolve.errors import DslError, Location

if TYPE_CHECKING:
    from lark import Lark

# Lark's names, bound by `_lark()` when a rule is first parsed: a run whose genre file comes
# from the command line's cache (`dsl/genrecache.py`) parses nothing and never imports Lark
# (0.04 s of CPU time, a sixth of a small puzzle's run)
Token = Transformer = UnexpectedCharacters = UnexpectedEOF = UnexpectedToken = VisitError = None


@dataclass(frozen=True)
class Node:
    kind: str
    value: object = None
    children: tuple[Node | None, ...] = ()
    column: int = 0  # 1-based column in the rule text


def _private_cache(grammar: str) -> str | bool:
    """Where the analysed grammar is kept between runs (building the LALR tables takes about
    0.13 s, loading them 0.015 s): a directory of the user's own that nobody else can write,
    since Lark loads the file with pickle. Lark's default place (`cache=True`), a predictable
    name in the shared temporary directory, would run the code of a pickle another local user
    planted there. Without such a directory the grammar is built each time.

    The file is named by the grammar's hash: two versions of dslsolve with different grammars
    (two checkouts, two environments) each keep their own tables. With one name for all, each
    run of one rebuilt the tables the other had just written (Lark checks the hash inside the
    file), and every start paid the 0.13 s."""
    folder = private_folder()
    if folder is None:
        return False
    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:16]
    version = f"lark{_lark().__version__}-py{sys.version_info[0]}{sys.version_info[1]}"
    return os.path.join(folder, f"grammar-{version}-{digest}.cache")


@cache
def _lark():
    """Lark, imported, its names bound in this module."""
    import lark
    from lark.exceptions import VisitError

    globals().update(
        Token=lark.Token,
        Transformer=lark.Transformer,
        UnexpectedCharacters=lark.UnexpectedCharacters,
        UnexpectedEOF=lark.UnexpectedEOF,
        UnexpectedToken=lark.UnexpectedToken,
        VisitError=VisitError,
    )
    return lark


@cache
def _parser() -> Lark:
    lark = _lark()
    grammar = resources.files("dslsolve.grammar").joinpath("rules.lark").read_text()
    # Lark checks the grammar's hash in the cached file and rebuilds it when they differ.
    return lark.Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        cache=_private_cache(grammar),
    )


def _col(item: object) -> int:
    if isinstance(item, Token):
        return item.column or 0
    if isinstance(item, Node):
        return item.column
    meta = getattr(item, "meta", None)
    return getattr(meta, "column", 0) if meta is not None else 0


def _first_col(items: list[object]) -> int:
    for item in items:
        col = _col(item)
        if col:
            return col
    return 0


def _meta(method):
    """Lark's `v_args(meta=True)`, put on when the transformer is made (`_to_nodes`)."""
    method.wants_meta = True
    return method


@cache
def _to_nodes() -> type:
    """The transformer: `_NodeBuilder` on Lark's `Transformer` (made on first use: Lark is
    imported then)."""
    lark = _lark()
    wrapped = {
        name: lark.v_args(meta=True)(method)
        for name, method in vars(_NodeBuilder).items()
        if getattr(method, "wants_meta", False)
    }
    return type("_ToNodes", (_NodeBuilder, lark.Transformer), wrapped)


class _NodeBuilder:
    """One method per grammar alternative; each returns a `Node` (Lark's `Transformer` comes
    in `_to_nodes`)."""

    def _node(self, kind: str, items: list, value: object = None) -> Node:
        children = tuple(i for i in items if not isinstance(i, Token))
        return Node(kind, value, children, _first_col(items))

    def __default__(self, data, children, meta):
        """A construct's grammar alternative (`dslsolve.constructs`): its named tokens as the
        value (one token: its text), its sub-expressions as the children (None for an absent
        optional part written `[...]`). Any other rule without a method stays a tree, as Lark
        makes it."""
        if str(data) not in constructs.kinds():
            return super().__default__(data, children, meta)
        words = tuple(str(c) for c in children if isinstance(c, Token))
        return Node(
            str(data),
            words[0] if len(words) == 1 else words,
            tuple(c for c in children if c is None or isinstance(c, Node)),
            _first_col(children),
        )

    # rules
    def each(self, items):
        group, *rest = items
        binder = next(
            (i.value for i in rest if isinstance(i, Node) and i.kind in ("binder", "ends")), None
        )
        where = next(
            (i.children[0] for i in rest if isinstance(i, Node) and i.kind == "where"), None
        )
        body = rest[-1]
        return Node("each", binder, (group, where, body), group.column)

    def binder(self, items):
        return Node("binder", str(items[0]), (), _col(items[0]))

    def ends_binder(self, items):
        """`as (a, b)`: names for the two cells a link joins."""
        return Node("ends", (str(items[0]), str(items[1])), (), _col(items[0]))

    def where(self, items):
        return Node("where", None, (items[0],), _col(items[0]))

    def holds(self, items):
        return Node("holds", None, (items[0],), _col(items[0]))

    # groups
    def _group(kind):  # noqa: N805 - a method factory used at class creation
        def method(self, items):
            value = None
            children: tuple = ()
            for item in items:
                if isinstance(item, Token) and item.type in ("NAME", "SIDE"):
                    value = str(item)
                elif isinstance(item, tuple):
                    value = item
                elif isinstance(item, Node):
                    children = (item,)
            return Node("group", (kind, value), children, _first_col(items))

        return method

    g_cell = _group("cell")
    g_point = _group("point")
    g_link = _group("link")
    g_row = _group("row")
    g_column = _group("column")
    g_box = _group("box")
    g_window = _group("window")
    g_pair = _group("pair")
    g_region = _group("region")
    g_run = _group("run")
    g_segment = _group("segment")
    g_area = _group("area")
    g_group = _group("group")
    g_set = _group("set")
    g_piece = _group("piece")

    def size(self, items):
        height, width = str(items[0]).split("x")
        return (int(height), int(width))

    # expressions
    def implies(self, items):
        return self._node("implies", items)

    def or_(self, items):
        return self._node("or", items)

    def and_(self, items):
        return self._node("and", items)

    def not_(self, items):
        return self._node("not", items)

    def compare(self, items):
        left, op, right = items
        return Node("compare", str(op), (left, right), _col(left))

    def token_test(self, items):
        ref, test = items
        return Node("token_test", str(test), (ref,), _col(ref))

    def add(self, items):
        return Node("arith", "+", (items[0], items[1]), _col(items[0]))

    def sub(self, items):
        return Node("arith", "-", (items[0], items[1]), _col(items[0]))

    def mul(self, items):
        return Node("arith", "*", (items[0], items[1]), _col(items[0]))

    def div(self, items):
        return Node("arith", "/", (items[0], items[1]), _col(items[0]))

    def mod(self, items):
        return Node("arith", "%", (items[0], items[1]), _col(items[0]))

    @_meta
    def absolute(self, meta, items):
        """`|E|`, placed at the opening bar, which the tree does not keep."""
        return Node("abs", None, (items[0],), meta.column)

    def pow(self, items):
        return Node("arith", "^", (items[0], items[1]), _col(items[0]))

    def call(self, items):
        name, *args = items
        return Node("call", str(name), tuple(args), _col(name))

    def neg(self, items):
        return self._node("neg", items)

    def number(self, items):
        return Node("num", int(items[0]), (), _col(items[0]))

    def symbol(self, items):
        return Node("sym", str(items[0])[1:-1], (), _col(items[0]))

    def name(self, items):
        return Node("name", str(items[0]), (), _col(items[0]))

    def dotted(self, items):
        return Node("dotted", (str(items[0]), str(items[1])), (), _col(items[0]))

    def aggregate(self, items):
        func, body = items
        value, over, where = body
        return Node("aggregate", str(func), (value, over, where), _col(func))

    def shape(self, items):
        shape, name = items
        return Node("shape", (str(shape), str(name)), (), _col(shape))

    # aggregate bodies: (value, element set or None for the group, filter)
    def over_set(self, items):
        return (None, items[0], None)

    def value_of_set(self, items):
        return (items[0], items[1], None)

    def value_of_named(self, items):
        return (items[0], Node("named_set", str(items[1]), (), _col(items[1])), None)

    def value_of_named_where(self, items):
        named = Node("named_set", str(items[1]), (), _col(items[1]))
        return (items[0], Node("filtered", None, (named, items[2]), named.column), None)

    def over_group(self, items):
        return (items[0], None, None)

    def over_group_where(self, items):
        return (items[0], None, items[1])

    def filtered(self, items):
        base, cond = items
        return Node("filtered", None, (base, cond), base.column)

    def around(self, items):
        relation = str(items[0])
        of = str(items[1]) if len(items) > 1 else None
        return Node("around", (relation, of), (), _col(items[0]))

    def around_via(self, items):
        relation, via = str(items[0]), items[1]
        of = str(items[2]) if len(items) > 2 else None
        through = Node("name", str(via), (), _col(via))
        return Node("around", (relation, of), (through,), _col(items[0]))

    def _ray(self, items, directions):
        until = next((i for i in items if isinstance(i, Node)), None)
        names = [str(i) for i in items if isinstance(i, Token) and i.type == "NAME"]
        return Node("ray", (directions, names[0] if names else None), (until,), _first_col(items))

    def ray(self, items):
        return self._ray(items, (str(items[0]),))

    def rays(self, items):
        return self._ray(items, ("up", "down", "left", "right"))

    def next_cell(self, items):
        names = [str(i) for i in items if isinstance(i, Token) and i.type == "NAME"]
        return Node("next", ((str(items[0]),), names[0] if names else None), (), _first_col(items))

    @_meta
    def offset_cell(self, meta, items):
        """`cell at (ROWS, COLUMNS) [from NAME]`: the steps down and right (negative: up, left);
        placed at the word `cell`, which the tree does not keep."""
        steps = tuple(int(i) for i in items if i.type == "SIGNED_INT")
        names = [str(i) for i in items if i.type == "NAME"]
        return Node("offset", (steps, names[0] if names else None), (), meta.column)

    @_meta
    def opposite_cell(self, meta, items):
        """`opposite [from NAME]`: the cell point-symmetric to a cell about the centre of the
        bounding box of the group in scope (of the grid where none is); placed at the word,
        which the tree does not keep."""
        names = [str(i) for i in items if i.type == "NAME"]
        return Node("opposite", (None, names[0] if names else None), (), meta.column)

    @_meta
    def grid_cells(self, meta, items):
        """`cells`: every cell of the grid; placed at the word, which the tree does not keep."""
        return Node("grid_cells", (None, None), (), meta.column)


_TERMINAL_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "SIGNED_INT": "a number of steps such as +2, -1 or 0",
    "SYMBOL": "a quoted symbol such as '#'",
    "COMPARATOR": "a comparison (= != < <= > >=)",
    "AGGREGATE": "count, sum, alldifferent, all, any, runs, changes, records or product",
    "SHAPE": "straight, turns or piece",
    "SIDE": "left, right, top or bottom",
    "RELATION": (
        "neighbours, diagonals, around, ring, sides, corners, links, row, column,"
        " upleft, upright, downleft or downright"
    ),
    "DIRECTION": "up, down, left or right",
    "TOKEN_TEST": "given, empty or number",
    "DIMENSIONS": "a size such as 3x3",
    "COLON": "':'",
    "LPAR": "'('",
    "RPAR": "')'",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "STAR": "'*'",
    "SLASH": "'/'",
    "VBAR": "'|'",
    "CIRCUMFLEX": "'^'",
    "COMMA": "','",
    "DOT": "'.'",
    "$END": "the end of the rule",
}


def _describe_expected(expected: set[str]) -> str:
    words = set()
    for name in expected:
        described = _TERMINAL_WORDS.get(name) or constructs.terminals().get(name)
        if described:
            words.add(described)
        elif name.isupper() and name.isalpha():
            words.add(f"'{name.lower()}'")
        else:
            words.add(name)
    return ", ".join(sorted(words))


FUNCTIONS = (
    "count",
    "sum",
    "alldifferent",
    "all",
    "any",
    "runs",
    "changes",
    "records",
    "product",
)


def known_functions() -> tuple[str, ...]:
    """The functions of the language and of its constructs (`dslsolve.constructs`)."""
    return (*FUNCTIONS, *constructs.functions())


def _unknown_function(text: str, where: Location, column: int) -> None:
    """`coutn(...)`: a name used as a function. Raise a message naming the close functions."""
    called = re.search(r"([a-z_][a-z0-9_]*)\s*$", text[: column - 1])
    if called is None:
        return
    name = called.group(1)
    known = known_functions()
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"did you mean '{close[0]}'?" if close else "functions: " + ", ".join(known)
    raise DslError(
        where.shifted(called.start() + 1),
        f"'{name}' is not a function",
        hint=hint,
        source=text,
        source_column=called.start() + 1,
    )


def _called(text: str, column: int | None) -> tuple[re.Match, int] | None:
    """The name of the innermost call open at `column` (`max` in `max(digit)`) and where its
    '(' is."""
    if not column or column < 1:
        return None
    before = text[: column - 1]
    depth, start = 0, None
    for index in range(len(before) - 1, -1, -1):
        if before[index] == ")":
            depth += 1
        elif before[index] == "(":
            if depth == 0:
                start = index
                break
            depth -= 1
    if start is None:
        return None
    called = re.search(r"([a-z_][a-z0-9_]*)\s*$", before[:start])
    return None if called is None else (called, start)


def _form_hint(text: str, column: int | None) -> str | None:
    """Inside a construct's call (`max(digit)`): the form it takes (`constructs.forms`)."""
    found = _called(text, column)
    return None if found is None else constructs.forms().get(found[0].group(1))


def _misspelt_function(text: str, where: Location, column: int | None) -> None:
    """A syntax error inside `name(...)` where `name` is close to a function (`coutn(neighbours
    where black)`): the call form `name(i, j)` only takes plain indices, so say so."""
    found = _called(text, column)
    if found is None:
        return
    called, start = found
    if called.group(1) not in known_functions() and difflib.get_close_matches(
        called.group(1), known_functions(), n=1
    ):
        _unknown_function(text, where, start + 1)


def parse_rule(text: str, where: Location) -> Node:
    """Parse one rule. `where` locates the start of `text` in its file, for error messages."""
    transformer, parser = _to_nodes()(), _parser()  # Lark's names bound for the `except`s
    try:
        return transformer.transform(parser.parse(text))
    except RecursionError:
        raise DslError(
            where, "the rule nests too deeply (hundreds of levels) to be read", source=text[:80]
        ) from None
    except UnexpectedEOF as err:
        raise DslError(
            where.shifted(len(text) + 1),
            "the rule ends too early",
            expected=_describe_expected(set(err.expected)),
            source=text,
            source_column=len(text) + 1,
        ) from None
    except UnexpectedToken as err:
        if err.token == "(":
            _unknown_function(text, where, err.column)
        _misspelt_function(text, where, err.column)
        at_end = err.token.type == "$END"
        message = "the rule ends too early" if at_end else f"unexpected {str(err.token)!r}"
        column = len(text) + 1 if at_end or err.column in (None, -1) else err.column
        raise DslError(
            where.shifted(column),
            message,
            expected=_describe_expected(set(err.expected)),
            hint=_form_hint(text, err.column if not at_end else len(text) + 1),
            source=text,
            source_column=column,
        ) from None
    except UnexpectedCharacters as err:
        raise DslError(
            where.shifted(err.column),
            f"unexpected character {text[err.pos_in_stream]!r}",
            expected=_describe_expected(set(err.allowed or ())),
            source=text,
            source_column=err.column,
        ) from None
    except VisitError as err:  # a transformer bug, not a user error: keep the real cause
        raise err.orig_exc from None
