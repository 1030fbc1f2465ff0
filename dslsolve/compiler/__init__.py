"""IR + instance -> linear model. `compile_model` is the entry point; `decode` is the way back."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pulp

from dslsolve import ir
from dslsolve.compiler.clues import Kept, clue_rules
from dslsolve.compiler.expressions import Lowerer
from dslsolve.compiler.fixings import find_fixings
from dslsolve.compiler.lowerings.nogoods import post_cliques
from dslsolve.compiler.model import LinearModel
from dslsolve.compiler.plan import plan_rule
from dslsolve.compiler.rules import RuleCompiler
from dslsolve.formulations import Formulation
from dslsolve.instance import Element, Instance

__all__ = ["Compiled", "compile_model"]


@dataclass
class Compiled:
    model: LinearModel
    lowerer: Lowerer
    kept: list[Kept]  # the clues of a relaxed model, each behind its binary

    def left_out(self) -> list[Kept]:
        """The clues that the current solution of a relaxed model leaves out."""
        return [k for k in self.kept if round(k.binary.varValue or 0) == 0]

    def decode(self) -> dict[str, dict]:
        """The current solution in the terms of the genre: variable -> element -> value.

        Values that no rule reads have no model variable; they take the lowest value of their
        domain, as when a solution file is read.
        """
        lowerer = self.lowerer
        assignment: dict[str, dict] = {}
        for var in lowerer.genre.variables:
            encodings = lowerer.encodings[var.name]
            fixed = lowerer.fixed.get(var.name, {})
            lowest = lowerer.instance.lowest(var)
            values = {}
            for element in lowerer.elements(var):
                encoding = encodings.get(element)
                if element in fixed:
                    values[element] = int(fixed[element])
                elif encoding is None:
                    values[element] = lowest
                elif var.type == ir.Type.BOOL:
                    values[element] = round(encoding.varValue or 0)
                else:
                    values[element] = encoding.decode()
            assignment[var.name] = values
        return assignment

    def decision_binaries(
        self, only: set[tuple[str, object]] | None = None, skip: set[int] = frozenset()
    ) -> list:
        """The binaries that fix the genre's unknowns (for no-good cuts); with `only`, those
        of these (variable name, element) pairs; none of the encodings whose id is in `skip`."""
        out = []
        for var in self.lowerer.genre.variables:
            for element, encoding in self.lowerer.encodings[var.name].items():
                if only is not None and (var.name, element) not in only:
                    continue
                if id(encoding) in skip:
                    continue
                out.extend([encoding] if var.type == ir.Type.BOOL else encoding.binaries())
        return out


def compile_model(
    genre: ir.Genre,
    instance: Instance,
    formulation: Formulation,
    shown: Iterable[tuple[ir.Variable, Element]] = (),
    relax: bool = False,
) -> Compiled:
    """Lower every rule, as a chain of passes, each handing its result to the next:

    1. fix (`fixings.py`): the unknowns that the puzzle decides, as values;
    2. recognise (`plan.py`): which lowering takes each rule and each part of its condition,
       as a plan (`plan.explain` prints it);
    3. linearise (`rules.py`): each rule in turn, its `each` grounded (`dslsolve.grounding`)
       and posted as rows where the plan says, with the values of step 1 folded in.

    The handover to a backend is `solve.py`'s; `Compiled.decode` reads a solution back in the
    genre's terms. `shown` lists values that belong to the answer although no rule may read
    them (what the output prints): they get model variables too, free if unconstrained.
    `relax`: every clue (`clues.py`) may be dropped, and the model keeps as many as it can.
    The genre file's own default lowerings (`genre.formulation`) hold where `formulation`
    chooses none."""
    formulation = formulation.under_genre(genre.formulation)
    model = LinearModel(formulation)
    lowerer = Lowerer(genre, instance, model)
    relaxed = clue_rules(genre) if relax else []
    fixed = find_fixings(genre, instance, lowerer.lower, relaxed)
    model.contradictions.extend(fixed.outside)
    lowerer.fix(fixed.values)
    plans = [plan_rule(rule.body, formulation) for rule in genre.rules]
    for var, element in shown:
        lowerer.variable(var, element)
    compiler = RuleCompiler(lowerer, plans, relaxed)
    for rule in genre.rules:
        compiler.rule(rule)
    post_cliques(model)
    if relax:
        model.problem.sense = pulp.LpMaximize
        model.problem.setObjective(pulp.lpSum(k.binary for k in compiler.kept))
    return Compiled(model, lowerer, compiler.kept)
