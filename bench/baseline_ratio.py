"""What compiling from the DSL costs: dslsolve against hand-written PuLP models
(bench/baselines/) on the same instances, same solver, in the same run.

    python bench/baseline_ratio.py [--repeat 3] [--backend cbc|highs]
        [--corpus listed|all] [--max-size N] [--time-limit S] [--statistic least|median]
        [GENRE ...]

Runs alternate (dslsolve, then each hand-written variant, dslsolve, ...) so that load on the
machine hits all alike; each figure is the least of --repeat runs (`--statistic median` for
the median; the machine's noise only adds time, and CBC takes the same path on the same model
every time, so the least is the steadiest figure). build = text to model
(dslsolve: the genre file, the puzzle file and the compiler; baseline: parsing and model
building); solve = every solver call; total = the whole call, wall clock (dslsolve also checks
the answer with its evaluator and prints it; "unchecked" leaves that check out). Ratios are
dslsolve / baseline; the target is total <= 1.10.

A baseline may offer several formulations (`FORMULATIONS` in its module; slitherlink and
nonogram): "seed" is the seed documents' model, "dslsolve" exactly the model dslsolve's defaults
build (the same MPS file at every solver call, tests/test_baselines.py). Against "dslsolve" the
ratio is what the DSL costs; against "seed" it also holds the choice of formulation, and on a
solve-bound genre that is mostly CBC's luck on the instance, hence several instances of each
size (CORPUS). `--corpus all` runs every corpus instance of the genre (up to `--max-size` cells
a side) instead of those listed in CORPUS; a shipped corpus instance is measured once.
`--time-limit` bounds each dslsolve run and each baseline solver call; a run that hits it
counts at the limit, and its ratio is printed as a bound ("<" or ">"). Each genre's summary
row has the sums of the totals (which formulation needs less time in all) and the
geometric means of the ratios.
"""

from __future__ import annotations

import argparse
import importlib
import math
import platform
import statistics
import time
from dataclasses import dataclass

import pulp
from measure import ROOT, corpus_instances, puzzle_text, run_dsl

# Corpus instances beside the shipped ones (puzzles/<genre>/, some of them corpus instances
# too). The solve-bound genres get every corpus instance up to a size: against the seed's
# formulation, CBC's time on one instance is mostly luck (2-5x with the row order).
CORPUS = {
    "sudoku": ["9x9_1", "16x16_1"],
    "akari": ["20x20_1", "30x30_1"],
    "nonogram": ["15x15_3", "25x25_1", "25x25_2", "25x25_3"],
    "slitherlink": ["10x10_3", "20x20_1", "20x20_2", "20x20_3"],
    "nurikabe": [],
    "kakuro": [],
}

SOLVERS = {
    "cbc": lambda limit: pulp.PULP_CBC_CMD(msg=False, timeLimit=limit),
    "highs": lambda limit: pulp.HiGHS(msg=False, timeLimit=limit),
}


def instances(genre: str, corpus: str, max_size: int | None) -> list[tuple[str, str]]:
    shipped = sorted((ROOT / "puzzles" / genre).glob("*.solution.txt"))
    found = [
        (
            p.name.replace(".solution.txt", ""),
            p.with_name(p.name.replace(".solution.txt", ".txt")).read_text(),
        )
        for p in shipped
    ]
    stems = CORPUS[genre] if corpus == "listed" else corpus_instances(genre)
    known = {name for name, _ in found}  # a shipped corpus instance is measured once
    stems = [
        stem
        for stem in stems
        if f"corpus-{stem}" not in known
        and (max_size is None or max(map(int, stem.split("_")[0].split("x"))) <= max_size)
    ]
    return found + [(f"corpus-{stem}", puzzle_text(genre, stem)) for stem in stems]


@dataclass
class Run:
    parts: tuple[float, float, float, float]  # build, solve, total, total without the check
    solution: str | None  # None: the time limit was hit
    timed_out: bool


def run_baseline(module, text: str, backend: str, limit: float | None, variant: str | None) -> Run:
    options = {} if variant is None else {"formulation": variant}
    started = time.perf_counter()
    try:
        base = module.solve(text, SOLVERS[backend](limit), **options)
    except RuntimeError:  # no answer within the time limit
        total = time.perf_counter() - started
        return Run((0.0, total, total, total), None, True)
    total = time.perf_counter() - started
    return Run((base.build_seconds, base.solve_seconds, total, total), base.solution, False)


def measure(
    genre: str, text: str, repeat: int, backend: str, limit: float | None
) -> tuple[list[Run], dict[str, list[Run]]]:
    """dslsolve's runs and each baseline variant's, alternating."""
    module = importlib.import_module(f"bench.baselines.{genre}")
    variants = getattr(module, "FORMULATIONS", (None,))
    dsl_runs: list[Run] = []
    base_runs: dict[str, list[Run]] = {variant or "seed": [] for variant in variants}
    for _ in range(repeat):
        dsl = run_dsl(genre, text, backend=backend, time_limit=limit)
        unchecked = dsl.total_seconds - dsl.check_seconds
        parts = (dsl.build_seconds, dsl.solve_seconds, dsl.total_seconds, unchecked)
        dsl_runs.append(Run(parts, dsl.solution, dsl.status != "solved"))
        for variant in variants:
            base_runs[variant or "seed"].append(run_baseline(module, text, backend, limit, variant))
    return dsl_runs, base_runs


STATISTICS = {"least": min, "median": statistics.median}


def typical(runs: list[Run], part: int, statistic: str) -> float:
    return STATISTICS[statistic]([run.parts[part] for run in runs])


@dataclass
class Ratios:
    total: list[float]
    unchecked: list[float]
    bounds: int = 0  # ratios that are only bounds (a run hit the time limit)

    def add(self, total: float, unchecked: float, bound: bool) -> None:
        self.total.append(total)
        self.unchecked.append(unchecked)
        self.bounds += bound

    def extend(self, other: Ratios) -> None:
        self.total += other.total
        self.unchecked += other.unchecked
        self.bounds += other.bounds

    def render(self) -> str:
        text = f"total {geomean(self.total):.2f}, unchecked {geomean(self.unchecked):.2f}"
        if self.bounds:
            text += f" (time-limit bounds counted at the bound: {self.bounds} of {len(self.total)})"
        return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("genres", nargs="*", default=list(CORPUS))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--backend", choices=sorted(SOLVERS), default="cbc")
    parser.add_argument(
        "--corpus",
        choices=("listed", "all"),
        default="listed",
        help="listed: the shipped instances and the corpus instances in CORPUS (default); "
        "all: the shipped instances and every corpus instance of the genre",
    )
    parser.add_argument("--max-size", type=int, help="corpus instances of at most N cells a side")
    parser.add_argument("--time-limit", type=float, help="seconds per run (and per baseline call)")
    parser.add_argument(
        "--statistic",
        choices=sorted(STATISTICS),
        default="least",
        help="of each instance's --repeat runs (default: least; the machine's noise only adds "
        "time, and CBC takes the same path on the same model every time)",
    )
    args = parser.parse_args()
    print(
        f"# {platform.processor() or platform.machine()}, Python "
        f"{platform.python_version()}, {args.backend} via PuLP, {args.statistic} of {args.repeat}"
        + (f", time limit {args.time_limit:g} s" if args.time_limit else "")
    )
    print(
        f"{'genre':12} {'instance':30} {'against':8} {'dsl_total':>9} {'base_total':>10} "
        f"{'build×':>7} {'solve×':>7} {'total×':>7} {'unchecked×':>10}  same"
    )
    same_form, seed_form, closest = Ratios([], []), Ratios([], []), Ratios([], [])
    for genre in args.genres:
        ratios: dict[str, Ratios] = {}
        sums: dict[str, list[float]] = {}  # variant -> [dslsolve's total, the baseline's]
        for name, text in instances(genre, args.corpus, args.max_size):
            dsl, bases = measure(genre, text, args.repeat, args.backend, args.time_limit)
            for variant, base in bases.items():
                parts = [
                    typical(dsl, i, args.statistic) / max(typical(base, i, args.statistic), 1e-9)
                    for i in range(4)
                ]
                bound = "?" if any(r.timed_out for r in dsl) else ""
                if any(r.timed_out for r in base):
                    bound = "?" if bound else "<"
                elif bound:
                    bound = ">"
                same = all(d.solution == b.solution for d, b in zip(dsl, base, strict=True))
                ratios.setdefault(variant, Ratios([], [])).add(parts[2], parts[3], bool(bound))
                total = sums.setdefault(variant, [0.0, 0.0])
                total[0] += typical(dsl, 2, args.statistic)
                total[1] += typical(base, 2, args.statistic)
                build, solve = ("-", "-") if bound else (f"{parts[0]:.2f}", f"{parts[1]:.2f}")
                print(
                    f"{genre:12} {name:30} {variant:8} {typical(dsl, 2, args.statistic):9.3f} "
                    f"{typical(base, 2, args.statistic):10.3f} {build:>7} {solve:>7} "
                    f"{bound:>1}{parts[2]:6.2f} {bound:>1}{parts[3]:9.2f}  "
                    f"{'-' if bound else 'yes' if same else 'NO'}",
                    flush=True,
                )
        for variant, found in ratios.items():
            print(
                f"{genre:12} {'sum; geometric mean of ratios':30} {variant:8} "
                f"{sums[variant][0]:9.3f} {sums[variant][1]:10.3f} {'':7} {'':7} "
                f"{geomean(found.total):7.2f} {geomean(found.unchecked):10.2f}"
            )
        seed_form.extend(ratios["seed"])
        if "dslsolve" in ratios:
            same_form.extend(ratios["dslsolve"])
        closest.extend(ratios.get("dslsolve", ratios["seed"]))
    print("\ngeometric means of dslsolve / hand-written:")
    if same_form.total:
        print(f"  against the same formulation (what the DSL costs): {same_form.render()}")
    print(f"  against the seed's formulation: {seed_form.render()}")
    if same_form.total:
        print(
            "  every genre against its closest baseline (the same formulation where there is"
            f" one, else the seed's): {closest.render()}"
        )


def geomean(values: list[float]) -> float:
    return math.exp(statistics.fmean(math.log(v) for v in values))


if __name__ == "__main__":
    main()
