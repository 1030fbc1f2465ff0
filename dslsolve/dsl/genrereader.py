"""Reading a genre file that is not in the command line's cache (`genrecache.py`): its YAML
checked part by part (`inputspec`, `variablespec`, `outputspec`), its rules parsed and checked,
its `formulation:` and `picture:` blocks. `genre.load_genre` imports this module only on a
cache miss: a run whose genre file was read before imports neither the checker nor PyYAML."""

from __future__ import annotations

import difflib
from typing import Any

from dslsolve import ir
from dslsolve.dsl import answer
from dslsolve.dsl.checker import (
    Scope,
    check_defines,
    check_expr,
    check_rule,
    directed_lines,
    path_gates,
)
from dslsolve.dsl.genrefile import GenreFile
from dslsolve.dsl.inputspec import read_index_sets, read_layers, read_sections, set_layers
from dslsolve.dsl.outputspec import read_output, read_set_output
from dslsolve.dsl.parser import Node, parse_rule
from dslsolve.dsl.picturespec import (
    CIRCLE_FILLS,
    CIRCLE_KEYS,
    DIRECTIONS,
    GRIDS,
    POINTS_KEYS,
    SHAPES,
    CircleSpec,
    PictureSpec,
    PointsSpec,
)
from dslsolve.dsl.picturespec import KEYS as PICTURE_KEYS
from dslsolve.dsl.variablespec import read_variables
from dslsolve.dsl.yamlchecks import check_keys, check_name, fail, mapping, rule_text, unwrap
from dslsolve.dsl.yamlsource import load_yaml, where_of
from dslsolve.errors import DslError, Location
from dslsolve.puzzlink.specreader import parse_puzzlink

TOP_KEYS = (
    "name",
    "title",
    "description",
    "input",
    "sets",
    "define",
    "variables",
    "rules",
    "output",
    "puzzlink",
    "picture",
    "formulation",
)


def _rule_entry(value: Any, where: Location) -> tuple[str, Location, bool]:
    """An entry of `rules`: its text, where it starts, and whether it is marked implied
    (`- implied: "RULE"`, a rule that follows from the others, stated for the solver)."""
    if isinstance(value, dict) and list(value) == ["implied"]:
        text, at = rule_text(value["implied"], where_of(value["implied"], where))
        return text, at, True
    text, at = rule_text(value, where)
    return text, at, False


def read_genre(path: str, text: str) -> GenreFile:
    data = load_yaml(path, text)
    top = Location(path, 1, 1)
    if not isinstance(data, dict):
        raise DslError(top, "a genre file is a YAML mapping", hint="start with 'name: ...'")
    check_keys(data, TOP_KEYS, top, "the genre file")
    for key in ("name", "rules", "output"):
        if key not in data:
            raise DslError(top, f"the genre file has no '{key}'")
    sections = read_sections(mapping(data.get("input"), top, "input"), top)
    sets = read_index_sets(mapping(data.get("sets"), top, "sets"), sections, top)
    layers = read_layers([s for s in sections if not isinstance(s, ir.TableSection)], top)
    layers.update(set_layers(sections, sets))
    variables = read_variables(mapping(data.get("variables"), top, "variables"), top, sets, layers)
    defines: dict[str, tuple[Node, Location, str]] = {}
    for name, value in mapping(data.get("define"), top, "define").items():
        check_name(name, top)
        text, at = rule_text(value, where_of(name, top))
        defines[name] = (unwrap(parse_rule(text, at)), at, text)
    taken: set[str] = set()
    for name in [*layers, *variables, *defines, *sets]:
        if name in taken:
            raise DslError(
                top,
                f"'{name}' is declared twice "
                "(input, sets, variables and define share one name space)",
            )
        taken.add(name)
    scope = Scope(path, layers, variables, defines, sets=sets)
    check_defines(scope)
    rules = []
    raw_rules = data["rules"]
    if not isinstance(raw_rules, list) or not raw_rules:
        raise fail(raw_rules, top, "'rules' must be a non-empty list of rule strings")
    parsed = []
    for raw in raw_rules:
        text, at, implied = _rule_entry(raw, where_of(raw, where_of(raw_rules, top)))
        parsed.append((parse_rule(text, at), at, text, implied))
    scope.gates = path_gates([node for node, _, _, _ in parsed])
    scope.directed = directed_lines([node for node, _, _, _ in parsed])
    for node, at, text, implied in parsed:
        body = check_rule(scope, node, at, text)
        origin = ir.Origin(at.file, at.line, at.column)
        rules.append(ir.Rule(text, origin, body, ir.repeated(body), implied))
    output_spec = mapping(data["output"], top, "output")
    if "lines" in output_spec:
        output: ir.OutputSpec | ir.SetOutput = read_set_output(output_spec, scope, top)
    else:
        output = read_output(output_spec, scope, top)
    genre = ir.Genre(
        str(data["name"]),
        str(data.get("title", data["name"])),
        str(data.get("description", "")).strip(),
        tuple(layers.values()),
        tuple(variables.values()),
        tuple(rules),
        tuple(sets.values()),
        tuple(sections),
        output,
        answer.declare(variables.values(), output),
        *_formulation(data.get("formulation"), top),
    )
    puzzlink = parse_puzzlink(
        data.get("puzzlink"), top, {s.name for s in sections}, set(variables) | set(layers)
    )
    picture = _picture(data.get("picture"), scope, top)
    return GenreFile(path, genre, puzzlink, picture)


def _formulation(
    raw: Any, top: Location
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str, str], ...]]:
    """The `formulation:` block: the genre's own default lowering of some constructs
    (`domain: integer`), each a construct of `--formulation` and one of its choices, and
    under a backend's name those that hold only when that backend solves (`cpsat: {records:
    pairwise}`); the command line's `--formulation` overrides them per construct."""
    if raw is None:
        return (), ()
    # here, not at the top: `dslsolve.compiler` imports PuLP, which `check` does without
    from dslsolve.formulations import BACKEND_NAMES

    spec = mapping(raw, top, "formulation")
    plain = {name: choice for name, choice in spec.items() if name not in BACKEND_NAMES}
    chosen = _formulation_choices(plain, spec, top, "formulation")
    per_backend = []
    for backend in BACKEND_NAMES:
        if backend in spec:
            inner = mapping(spec[backend], where_of(backend, top), f"formulation.{backend}")
            for name, choice in _formulation_choices(
                inner, inner, where_of(backend, top), f"formulation.{backend}"
            ):
                per_backend.append((backend, name, choice))
    return chosen, tuple(per_backend)


def _formulation_choices(
    entries: dict, spec: Any, top: Location, what: str
) -> tuple[tuple[str, str], ...]:
    """`construct: choice` entries, each checked (`what` names the block in messages)."""
    from dslsolve.formulations import BACKEND_NAMES, CHOICES

    chosen = []
    for name, choice in entries.items():
        if name not in CHOICES:
            close = difflib.get_close_matches(str(name), list(CHOICES), n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            backends = (
                "" if what != "formulation" else "; or a backend: " + ", ".join(BACKEND_NAMES)
            )
            raise fail(
                name,
                where_of(spec, top),
                f"unknown construct '{name}' in {what}",
                hint + "constructs: " + ", ".join(CHOICES) + backends,
            )
        if not isinstance(choice, str) or choice not in CHOICES[name]:
            raise fail(
                choice,
                where_of(name, top),
                f"'{choice}' is not a lowering of {name} ({what}.{name})",
                "choose one of " + ", ".join(CHOICES[name]),
            )
        chosen.append((str(name), str(choice)))
    return tuple(chosen)


def _picture(raw: Any, scope: Scope, top: Location) -> PictureSpec:
    """The `picture:` block (`dslsolve/dsl/picturespec.py`)."""
    if raw is None:
        return PictureSpec()
    spec = mapping(raw, top, "picture")
    where = where_of(spec, top)
    check_keys(spec, PICTURE_KEYS, where, "picture")

    def expression(raw: Any, *types: ir.Type) -> ir.Expr:
        text, at = rule_text(raw, where)
        node = unwrap(parse_rule(text, at))
        return check_expr(scope, node, at, text, ir.ElementKind.CELL, *types)

    conditions = {}
    for key in ("shade", "tint", "walls", "plates", "joins"):
        if key in spec:
            conditions[key] = expression(spec[key], *(() if key == "walls" else (ir.Type.BOOL,)))
    marks = mapping(spec.get("marks", {}), where, "picture.marks")
    for shape in marks.values():
        if shape not in SHAPES:
            hint = "one of " + ", ".join(SHAPES)
            raise fail(shape, where, f"picture.marks: unknown shape '{shape}'", hint)
    circles = None
    if "circles" in spec:
        raw_circles = mapping(spec["circles"], where, "picture.circles")
        check_keys(raw_circles, CIRCLE_KEYS, where, "picture.circles")
        if "where" not in raw_circles:
            raise fail(raw_circles, where, "picture.circles needs 'where', a condition on a cell")
        fill = raw_circles.get("fill", "light")
        if fill not in CIRCLE_FILLS:
            hint = "one of " + ", ".join(CIRCLE_FILLS)
            raise fail(fill, where, f"picture.circles: unknown fill '{fill}'", hint)
        labels = mapping(raw_circles.get("labels", {}), where, "picture.circles.labels")
        circles = CircleSpec(
            expression(raw_circles["where"], ir.Type.BOOL),
            *(expression(raw_circles[k]) if k in raw_circles else None for k in ("text", "dot")),
            dark=fill == "dark",
            labels=tuple((str(value), str(label)) for value, label in labels.items()),
        )
    moves = mapping(spec.get("moves", {}), where, "picture.moves")
    check_keys(moves, DIRECTIONS, where, "picture.moves")
    grid = spec.get("grid", "lines")
    if grid not in GRIDS:
        raise fail(
            grid, where, f"picture.grid: unknown grid '{grid}'", "one of " + ", ".join(GRIDS)
        )
    points = None
    if "points" in spec:
        raw_points = mapping(spec["points"], where, "picture.points")
        check_keys(raw_points, POINTS_KEYS, where, "picture.points")
        missing = [key for key in POINTS_KEYS if key not in raw_points]
        if missing:
            raise fail(raw_points, where, "picture.points needs " + ", ".join(missing))
        known = set(scope.layers) | set(scope.variables)
        for key in ("x", "y", "text", "segments"):
            if str(raw_points[key]) not in known:
                raise fail(raw_points, where, f"picture.points: '{raw_points[key]}' is unknown")
        points = PointsSpec(*(str(raw_points[key]) for key in POINTS_KEYS))
    return PictureSpec(
        conditions.get("shade"),
        conditions.get("tint"),
        conditions.get("walls"),
        tuple((str(token), str(shape)) for token, shape in marks.items()),
        _letters(spec.get("letters", False), where),
        circles,
        tuple((d, expression(moves[d], ir.Type.BOOL)) for d in DIRECTIONS if d in moves),
        conditions.get("plates"),
        str(grid),
        conditions.get("joins"),
        points,
    )


def _letters(raw: object, where: Location) -> bool | tuple[str, ...]:
    """`picture: letters`: true (every clue's numbers drawn as letters) or the names of the
    list sections whose numbers are (kinkonkan's margins)."""
    if isinstance(raw, bool):
        return raw
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        raise fail(raw, where, "picture.letters: true, or a list of list sections' names")
    return tuple(raw)
