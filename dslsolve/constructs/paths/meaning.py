"""The evaluator's reading of `VAR forms paths joining ENDS` (`syntax.py`): the degree of
every vertex (1 at an end, 0 or 2 elsewhere), then each part of the used edges: a simple path
whose two ends hold equal tokens. No code shared with `lowering.py`. `VAR forms paths leaving
STARTS` and `STARTS carried by VAR` read the pieces of the used links the same way."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dslsolve import ir
from dslsolve.constructs.paths.syntax import Carried, Lands, Paths, PathsLeaving, ShotsLeaving
from dslsolve.geometry import Env, element_name, vertex_kind
from dslsolve.violation import Violation

if TYPE_CHECKING:
    from dslsolve.constructs.interface import Evaluator


def paths(evaluator: Evaluator, rule: ir.Rule, body: Paths, env: Env) -> list[Violation]:
    grid = evaluator.grid
    kind = body.var.on
    vertices = vertex_kind(kind)
    import networkx as nx  # imported here: it takes a tenth of a second

    graph = nx.Graph()
    graph.add_nodes_from(grid.vertices(kind))
    graph.add_edges_from(
        grid.ends(kind, e) for e in grid.elements(kind) if evaluator.values[body.var.name].get(e)
    )

    def token(v):
        return evaluator.instance.value(body.ends, v)

    def name(v):
        return element_name(vertices, v)

    found = []
    for v, d in graph.degree:
        if token(v) is not None and d != 1:
            found.append(Violation(rule, f"the path end {name(v)} has {d} lines", (name(v),)))
        elif token(v) is None and d not in (0, 2):
            found.append(Violation(rule, f"{name(v)} has {d} line ends", (name(v),)))

    for part in nx.connected_components(graph):
        if len(part) == 1:
            continue
        cells = tuple(name(v) for v in sorted(part))
        sub = graph.subgraph(part)
        if sub.number_of_edges() != len(part) - 1 or max(d for _, d in sub.degree) > 2:
            found.append(Violation(rule, "lines that are not one simple path", cells))
            continue
        ends = [v for v, d in sub.degree if d == 1]
        tokens = {token(v) for v in ends}
        if None in tokens or len(tokens) != 1:
            found.append(Violation(rule, "a path whose ends are not two equal given tokens", cells))
    return found


def _used_graph(evaluator: Evaluator, var: ir.Variable):
    import networkx as nx  # imported here: it takes a tenth of a second

    grid = evaluator.grid
    graph = nx.Graph()
    graph.add_nodes_from(grid.cells())
    graph.add_edges_from(
        grid.ends(var.on, e) for e in grid.elements(var.on) if evaluator.values[var.name].get(e)
    )
    return graph


def paths_leaving(
    evaluator: Evaluator, rule: ir.Rule, body: PathsLeaving, env: Env
) -> list[Violation]:
    """Each cell's number of used links (a start 0 or 1, any other cell at most 2), then each
    part of the used links: a simple path with exactly one start, at one of its ends."""
    import networkx as nx

    graph = _used_graph(evaluator, body.var)

    def start(v):
        return evaluator.instance.value(body.starts, v) is not None

    def name(v):
        return element_name(ir.ElementKind.CELL, v)

    found = []
    for v, d in graph.degree:
        if start(v) and d > 1:
            found.append(Violation(rule, f"a line passes over the start {name(v)}", (name(v),)))
        elif d > 2:
            found.append(Violation(rule, f"{name(v)} has {d} lines: a branch", (name(v),)))
    for part in nx.connected_components(graph):
        if len(part) == 1:
            continue
        cells = tuple(name(v) for v in sorted(part))
        if graph.subgraph(part).number_of_edges() != len(part) - 1:
            found.append(Violation(rule, "lines that close a loop", cells))
            continue
        starts = sum(1 for v in part if start(v))
        if starts != 1:
            what = "no start" if starts == 0 else f"{starts} starts"
            found.append(Violation(rule, f"a line with {what}", cells))
    return found


def carried(evaluator: Evaluator, expr: Carried, env: Env) -> int:
    """The number of the one start in the part of the used links through the cell (0 where
    the part holds no start or several, and for a start's token that is not a number)."""
    import networkx as nx

    key = ("carried", expr.starts.name, expr.var.name)
    if key not in evaluator.memo:
        graph = _used_graph(evaluator, expr.var)
        value = evaluator.instance.value
        numbers: dict = {}
        for part in nx.connected_components(graph):
            starts = [v for v in part if value(expr.starts, v) is not None]
            token = value(expr.starts, starts[0]) if len(starts) == 1 else None
            number = token if isinstance(token, int) and not isinstance(token, bool) else 0
            numbers.update(dict.fromkeys(part, number))
        evaluator.memo[key] = numbers
    cell, _ = env.target(expr.at)
    return evaluator.memo[key][cell]


def _number(evaluator: Evaluator, layer: ir.InputLayer, v) -> int | None:
    token = evaluator.instance.value(layer, v)
    return token if isinstance(token, int) and not isinstance(token, bool) else None


def _shots(evaluator: Evaluator, var: ir.Variable, starts: ir.InputLayer):
    """Walk each start's path shot by shot: (the cells where a shot lands, the faults as
    (message, cells)). The structure (one start per piece, no branch, no loop) is checked
    first; a piece that breaks it is not walked."""
    key = ("shots", var.name, starts.name)
    if key in evaluator.memo:
        return evaluator.memo[key]
    import networkx as nx

    graph = _used_graph(evaluator, var)
    grid = evaluator.grid

    def name(v):
        return element_name(ir.ElementKind.CELL, v)

    landing: set = set()
    faults: list = []
    for v in grid.cells():
        n = _number(evaluator, starts, v)
        if n is not None:
            landing.add(v)
        if n is not None and graph.degree[v] > 1:
            faults.append((f"a line passes over the start {name(v)}", (name(v),)))
        elif graph.degree[v] > 2:
            faults.append((f"{name(v)} has {graph.degree[v]} lines: a branch", (name(v),)))
    for part in nx.connected_components(graph):
        if len(part) == 1:
            continue
        cells = tuple(name(v) for v in sorted(part))
        sub = graph.subgraph(part)
        firsts = [v for v in part if _number(evaluator, starts, v) is not None]
        if sub.number_of_edges() != len(part) - 1 or max(d for _, d in sub.degree) > 2:
            faults.append(("lines that are not one simple path", cells))
            continue
        if len(firsts) != 1 or sub.degree[firsts[0]] != 1:
            what = "no start" if not firsts else f"{len(firsts)} starts"
            faults.append((f"a line with {what}", cells))
            continue
        path, previous = [firsts[0]], None
        while len(path) < len(part):
            following = [w for w in sub[path[-1]] if w != previous]
            previous = path[-1]
            path.append(following[0])
        length, left = _number(evaluator, starts, path[0]), 0
        length += 1
        for i in range(1, len(path)):
            if left == 0:  # a shot lands where the line stands: the next one is shorter
                length -= 1
                left = length
                if length <= 0:
                    faults.append(("a line goes on after its last shot", cells))
                    break
            left -= 1
            here = path[i]
            if left == 0:
                landing.add(here)
            elif i + 1 < len(path):
                (r0, c0), (r2, c2) = path[i - 1], path[i + 1]
                if r0 != r2 and c0 != c2:
                    faults.append((f"a shot turns at {name(here)}, before it lands", cells))
                    break
        else:
            if left != 0:
                faults.append((f"a shot stops at {name(path[-1])}, before it lands", cells))
    evaluator.memo[key] = (landing, faults)
    return evaluator.memo[key]


def shots_leaving(
    evaluator: Evaluator, rule: ir.Rule, body: ShotsLeaving, env: Env
) -> list[Violation]:
    _, faults = _shots(evaluator, body.var, body.starts)
    return [Violation(rule, message, cells) for message, cells in faults]


def lands(evaluator: Evaluator, expr: Lands, env: Env) -> bool:
    landing, _ = _shots(evaluator, expr.var, expr.starts)
    cell, _ = env.target(expr.at)
    return cell in landing


VIOLATIONS = {Paths: paths, PathsLeaving: paths_leaving, ShotsLeaving: shots_leaving}

EVALUATORS = {Carried: carried, Lands: lands}
