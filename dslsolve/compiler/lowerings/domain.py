"""Integer variables with a finite domain `low..high`.

`domain=onehot` (default): one binary x_d per value d, sum_d x_d = 1, value = sum_d d * x_d.
The equality encoding of Refalo (CP 2000), MiniZinc's `eq_encode`: `digit = 3` is the literal
x_3 itself, so givens, alldifferent and value tests need no big-M at all.

`domain=integer`: one general integer in [low, high]. Value tests are derived from the domain
bounds; if a lowering asks for value indicators, they are channelled to the integer exactly
(sum_d z_d = 1, sum_d d * z_d = value) the first time they are needed.
"""

from __future__ import annotations

import pulp

from dslsolve.compiler.lowerings.logic import literal
from dslsolve.compiler.model import Lin, LinearModel, ones


class OneHot:
    def __init__(self, model: LinearModel, name: str, domain: range) -> None:
        self.domain = domain
        self.bits = {d: model.variable(f"{name}_is{d}") for d in domain}
        model.value_bits.update((x, (self, d)) for d, x in self.bits.items())
        self.indicators: dict = {}  # made when first asked for: many never are
        model.add(ones(self.bits.values()) == 1)
        self.value = Lin(
            pulp.LpAffineExpression([(x, d) for d, x in self.bits.items()]),
            domain[0],
            domain[-1],
            encoding=self,
        )

    def indicator(self, d: int) -> Lin | bool:
        found = self.indicators.get(d)
        if found is None:
            if d not in self.bits:
                return False
            found = self.indicators[d] = literal(self.bits[d])
        return found

    def decode(self) -> int:
        return max(self.bits, key=lambda d: self.bits[d].varValue or 0)

    def binaries(self) -> list[pulp.LpVariable]:
        return list(self.bits.values())


class Integer:
    def __init__(self, model: LinearModel, name: str, domain: range) -> None:
        self.model = model
        self.domain = domain
        self.var = model.variable(name, domain[0], domain[-1], pulp.LpInteger)
        self.value = Lin(pulp.LpAffineExpression(self.var), domain[0], domain[-1], encoding=self)
        self.channel: dict[int, pulp.LpVariable] | None = None

    def indicator(self, d: int) -> Lin | bool:
        if d not in self.domain:
            return False
        if self.channel is None:
            self.channel = {v: self.model.binary("ind") for v in self.domain}
            self.indicators = {v: literal(z) for v, z in self.channel.items()}
            self.model.add(ones(self.channel.values()) == 1)
            self.model.add(pulp.lpSum(v * z for v, z in self.channel.items()) == self.var)
        return self.indicators[d]

    def decode(self) -> int:
        """The value in the current solution; the lowest of the domain if no row reads the
        variable (PuLP leaves such a variable out of the model, so it has no value)."""
        value = self.var.varValue
        return self.domain[0] if value is None else round(value)

    def binaries(self) -> list[pulp.LpVariable]:
        """An integer has no binaries of its own; uniqueness cuts use its channel, made here
        if no lowering has asked for it yet: new rows of an already solved model, so its
        binaries take their values from the integer's current value."""
        if self.channel is None:
            current = self.decode()
            self.indicator(self.domain[0])
            for d, z in self.channel.items():
                z.varValue = int(d == current)
        return list(self.channel.values())


class Members(OneHot):
    """A symbol variable (its values are the members of an index set, such as letters): one
    binary per member, exactly one set. Its linear value numbers the members 1, 2, ... in
    order; only the indicators mean anything (the checker lets a symbol variable only spell
    records and be shown)."""

    def __init__(self, model: LinearModel, name: str, domain: tuple) -> None:
        self.domain = domain
        self.bits = {d: model.variable(f"{name}_is{i}") for i, d in enumerate(domain)}
        model.value_bits.update((x, (self, i)) for i, x in enumerate(self.bits.values(), 1))
        self.indicators = {}
        model.add(ones(self.bits.values()) == 1)
        self.value = Lin(
            pulp.LpAffineExpression([(x, i) for i, x in enumerate(self.bits.values(), 1)]),
            1,
            len(domain),
            encoding=self,
        )


ENCODINGS = {"onehot": OneHot, "integer": Integer}
