"""IR + instance -> linear model. `compile_model` is the entry point; `decode` is the way back."""

from __future__ import annotations

from dataclasses import dataclass

from dslsolve import ir
from dslsolve.compiler.expressions import Lowerer
from dslsolve.compiler.formulations import Formulation
from dslsolve.compiler.model import LinearModel
from dslsolve.compiler.rules import CompileError, RuleCompiler
from dslsolve.instance import Instance

__all__ = ["CompileError", "Compiled", "compile_model"]


@dataclass
class Compiled:
    model: LinearModel
    lowerer: Lowerer

    def decode(self) -> dict[str, dict]:
        """The current solution in the terms of the genre: variable -> element -> value."""
        assignment: dict[str, dict] = {}
        for var in self.lowerer.genre.variables:
            encodings = self.lowerer.encodings[var.name]
            if var.type == ir.Type.BOOL:
                assignment[var.name] = {e: round(b.varValue or 0) for e, b in encodings.items()}
            else:
                assignment[var.name] = {e: enc.decode() for e, enc in encodings.items()}
        return assignment

    def decision_binaries(self) -> list:
        """The binaries that fix the genre's unknowns (for no-good cuts)."""
        out = []
        for var in self.lowerer.genre.variables:
            for encoding in self.lowerer.encodings[var.name].values():
                out.extend([encoding] if var.type == ir.Type.BOOL else encoding.binaries())
        return out


def compile_model(genre: ir.Genre, instance: Instance, formulation: Formulation) -> Compiled:
    model = LinearModel(formulation)
    lowerer = Lowerer(genre, instance, model)
    compiler = RuleCompiler(lowerer)
    for rule in genre.rules:
        compiler.rule(rule)
    return Compiled(model, lowerer)
