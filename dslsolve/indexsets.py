"""Index sets: named, ordered sets of members declared by a genre (`sets:`) and filled from
the table sections of a puzzle file. Shared by the compiler and the evaluator, like
`dslsolve.geometry` for the grid: this is *what* a member in scope is, never how a rule is
lowered.

A member in scope (of `each SET`, or of an aggregate over SET) is kept in `Env.bound` under
the set's name, with the kind None. A value on index sets (`buys` on person x item) is read at
the members of its sets that are in scope, or at the members that `buys(who, what)` names.
"""

from __future__ import annotations

from dslsolve import ir
from dslsolve.geometry import Env, GeometryError, element_name
from dslsolve.instance import Instance, Token


def with_member(env: Env, set_name: str, member: Token) -> Env:
    """`env` with `member` of `set_name` in scope (the innermost)."""
    return Env(env.element, env.kind, env.group, {**env.bound, set_name: (member, None)})


def members(instance: Instance, set_name: str) -> tuple[Token, ...]:
    return instance.sets[set_name]


def in_scope(env: Env, sets: tuple[str, ...]) -> tuple:
    """The members of `sets` in scope: the key of a value on those sets."""
    return tuple(env.bound[name][0] for name in sets)


def named(instance: Instance, sets: tuple[str, ...], values: list[Token]) -> tuple | None:
    """The key that index values name (`buys(who, what)`); None if one of them is absent.
    A value that is not a member of its set is an error in the puzzle."""
    if any(value is None for value in values):
        return None
    for name, value in zip(sets, values, strict=True):
        if value not in instance.sets[name]:
            raise GeometryError(f"'{value}' is not a member of the set '{name}'")
    return tuple(values)


def elements(instance: Instance, var: ir.Variable) -> list[tuple]:
    """Every key of a variable on index sets: the product of its sets, in order."""
    keys: list[tuple] = [()]
    for name in var.sets:
        keys = [key + (member,) for key in keys for member in instance.sets[name]]
    return keys


def scope_label(env: Env) -> str | None:
    """`person akira, item paper`: the set members in scope, for messages."""
    parts = [f"{name} {member}" for name, (member, kind) in env.bound.items() if kind is None]
    return ", ".join(parts) if parts else None


def named_elsewhere(env: Env) -> dict[str, str]:
    """The elements named with `each ... as NAME` in scope that are not the focus but of its
    kind (`c` of `each cell as c: each cell as d: ...` at d), by name: without them, the
    instances of a nested rule at one focus would read alike in messages. (The two cells of
    `each link as (a, b)` are not of the link's kind: the link's name says them.)"""
    return {
        name: element_name(kind, element)
        for name, (element, kind) in env.bound.items()
        if kind is not None and kind == env.kind and element != env.element
    }


def place_name(env: Env) -> str:
    """Where a rule instance is, in messages: the members in scope, the focus element (with
    the other elements named around it, `r2c3 (c = r1c3)`), the group (`person akira`,
    `r2c7`, `row 3`)."""
    label = scope_label(env)
    if label and env.element is None and env.group is None:
        return label
    if env.element is not None:
        others = ", ".join(f"{name} = {place}" for name, place in named_elsewhere(env).items())
        here = element_name(env.kind, env.element)
        return f"{here} ({others})" if others else here
    return env.group.label if env.group else "the grid"


def power(base: int, exponent: int) -> int | None:
    """`base ^ exponent`; a negative exponent has no whole value (absent)."""
    return None if exponent < 0 else base**exponent


def on_sets(expr: ir.Expr) -> bool:
    """Is `expr` a member in scope or a value read on index sets?"""
    if isinstance(expr, ir.At | ir.MemberRef):
        return True
    if isinstance(expr, ir.VarRef):
        return bool(expr.var.sets)
    return isinstance(expr, ir.InputRef) and bool(expr.layer.sets)
