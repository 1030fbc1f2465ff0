"""What the evaluator reports: a rule (or the declaration of an unknown) broken at a place.
Its own module so that the constructs' readings (`dslsolve/constructs/*/meaning.py`) make
violations without importing the evaluator."""

from __future__ import annotations

from dataclasses import dataclass

from dslsolve import ir


@dataclass(frozen=True)
class Declaration:
    """The declaration of an unknown, broken like a rule: the IR does not keep where it is
    written, so its line is 0."""

    text: str
    origin: ir.Origin = ir.Origin("", 0, 0)


@dataclass(frozen=True)
class Violation:
    rule: ir.Rule | Declaration
    where: str
    cells: tuple[str, ...]

    def __str__(self) -> str:
        named = self.cells and self.cells != (self.where,)  # not `r1c2: r1c2`
        cells = f": {', '.join(self.cells)}" if named else ""
        line = f"{self.rule.origin.line}: " if self.rule.origin.line else ""
        return f"{line}{self.rule.text}\n    violated at {self.where}{cells}"
