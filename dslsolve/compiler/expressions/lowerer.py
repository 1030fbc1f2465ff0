"""The `Lowerer`: the model's variables of the unknowns, made where a rule reads them, and the
lowering of expressions by its parts (`reading.py`, `lines.py`, `comparisons.py`,
`aggregates.py`)."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pulp

from dslsolve import constructs, indexsets, ir
from dslsolve.compiler.expressions.aggregates import AggregateLowering
from dslsolve.compiler.fixings import Fixings
from dslsolve.compiler.lowerings import logic
from dslsolve.compiler.lowerings.domain import ENCODINGS, Members
from dslsolve.compiler.model import Lin, LinearModel, Value
from dslsolve.compiler.rays import SharedRays
from dslsolve.geometry import Env, grid_of
from dslsolve.instance import Element, Instance


class Lowerer(AggregateLowering):
    def __init__(self, genre: ir.Genre, instance: Instance, model: LinearModel) -> None:
        self.genre = genre
        self.instance = instance
        self.model = model
        self.grid = grid_of(instance.rows, instance.columns)
        # Model variables exist only where a rule reads them: a kakuro digit on a block cell
        # would be free, and a free variable would make every solution look non-unique.
        # variable -> element -> its value: a Lin, or a constant where the puzzle fixes it
        self.variables: dict[str, dict[Element, Value]] = {v.name: {} for v in genre.variables}
        self.encodings: dict[str, dict[Element, object]] = {v.name: {} for v in genre.variables}
        self._lowerings = {
            ir.Num: self._constant,
            ir.Sym: self._constant,
            ir.Param: self._param,
            ir.MemberRef: self.on_sets,
            ir.At: self.on_sets,
            ir.VarRef: self._var_ref,
            ir.InputRef: self._input_ref,
            ir.TokenTest: self._token_test,
            ir.And: self._logic,
            ir.Or: self._logic,
            ir.Compare: self.compare,
            ir.Arith: self.arith,
            ir.Neg: self.arith,
            ir.Abs: self.arith,
            ir.Aggregate: self.aggregate,
            ir.LineShape: self.line_shape,
        }
        for kind, lower in constructs.values().items():
            self._lowerings[kind] = functools.partial(lower, self)
        self.shapes: dict[tuple, Value] = {}  # (shape, variable, vertex) -> its literal
        # id of an IR node -> (the node, kept alive so that its id stays its own; its function)
        self._prepared: dict[int, tuple[ir.Expr, Callable[[Env], Value]]] = {}
        self._conditions: dict[int, tuple[ir.Expr, Callable[[Env], Value]]] = {}  # the same
        # id of a `changes` aggregate -> (the node; its filter and value per cell, or None
        # where they read more than input at the member cell: `changes_of_cells`)
        self._per_cell: dict[int, tuple[ir.Expr, tuple | None]] = {}
        self.occurrences: dict[int, int] = {}  # of the rule being compiled (`share`)
        # (number of a repeated expression, id of an Env) -> (the Env, the value there)
        self._remembered_values: dict[tuple[int, int], tuple[Env, Value]] = {}
        self.outline: dict[ir.InputLayer, dict[Element, str]] = {}  # gates -> outline sides
        self.fixed: Fixings = {}
        self.rays = SharedRays(self.grid, self.condition, self.number)
        self.memo: dict[object, object] = {}  # what a construct works out once per compile

    def fix(self, fixings: Fixings) -> None:
        """Unknowns that the puzzle fixes (`fixings.py`) take their value instead of model
        variables, before any rule is lowered."""
        self.fixed = fixings
        for name, values in fixings.items():
            self.variables[name].update(values)

    def variable(self, var: ir.Variable, element: Element) -> Value:
        """The value of `var` at `element`, creating its model variables on first use (a
        constant where the puzzle fixes it)."""
        values = self.variables[var.name]
        if element not in values:
            name = f"{var.name}_" + "_".join(map(str, element))
            if var.sets:  # members are free text: number the variables instead
                name = f"{var.name}_{len(values)}"
            if var.type == ir.Type.BOOL:
                binary = self.model.variable(name)
                values[element] = logic.literal(binary)
                self.encodings[var.name][element] = binary
            elif var.type == ir.Type.SYMBOL:
                encoding = Members(self.model, name, self.instance.domain(var))
                values[element] = encoding.value
                self.encodings[var.name][element] = encoding
            else:
                encoding = ENCODINGS[self.model.formulation["domain"]](
                    self.model, name, self.instance.domain(var)
                )
                values[element] = encoding.value
                self.encodings[var.name][element] = encoding
        return values[element]

    def elements(self, var: ir.Variable) -> list[Element]:
        """Every element (or key of index-set members) the variable lives on."""
        if var.sets:
            return indexsets.elements(self.instance, var)
        return self.grid.elements(var.on)

    def used(self, var: ir.Variable, edge: Element) -> Lin:
        """Whether a border or link is used: a boolean's literal, or an integer's `!= 0`."""
        value = self.variable(var, edge)
        if var.type == ir.Type.BOOL:
            return value
        return logic.negate(logic.indicator_equal(value, 0))

    def binaries(self, var: ir.Variable) -> dict[Element, pulp.LpVariable]:
        """Every binary of a boolean variable (a loop reads all of its edges)."""
        for element in self.grid.elements(var.on):
            self.variable(var, element)
        return self.encodings[var.name]
