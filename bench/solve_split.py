"""Where dslsolve's solve time goes on the benchmark's small puzzles under cpsat: the compile,
handing the model to CP-SAT (the session writing its proto), and CP-SAT's calls (lazy-cut
rounds included), each in ms, least of --repeat runs in one process (warm: no imports).

    python bench/solve_split.py [--dataset ../shared/bench/dataset] [--genres sudoku,kakuro]
        [--formulation NAME=CHOICE,...] [--repeat 5]

One puzzle per genre, the middle one by size (as `bench/peers.py --per-genre 1` picks the
largest). Beside it puzzlekit's build + CP-SAT time for the same puzzle is what
`bench/peers.py` prints in its progress lines.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.peers import dataset_puzzles  # noqa: E402
from dslsolve.answer import ground  # noqa: E402
from dslsolve.backends import SolveStatus, cpsat  # noqa: E402
from dslsolve.compiler import compile_model  # noqa: E402
from dslsolve.dsl.genre import load_genre  # noqa: E402
from dslsolve.dsl.puzzle import read_puzzle  # noqa: E402
from dslsolve.formulations import parse_formulation  # noqa: E402


def stages(genre_file, genre: str, text: str, options: list[str]) -> tuple[float, float, float]:
    """Seconds of the compile, the session's start and the solver calls of one run."""
    started = time.perf_counter()
    instance = read_puzzle(genre, genre_file, text)
    shown = ground(genre_file.genre, instance).values
    genre = genre_file.genre
    formulation = parse_formulation(options).under_genre(genre.formulation)
    formulation = formulation.on_backend(genre.backend_formulation, "cpsat")  # as `solve` does
    compiled = compile_model(genre, instance, formulation, shown)
    compiled_at = time.perf_counter()
    session = cpsat.CpsatSession(compiled.model)
    opened_at = time.perf_counter()
    while session.solve(None) == SolveStatus.SOLVED:
        cuts = [cut for separate in compiled.model.separators for cut in separate()]
        if not cuts:
            break
        session.add(cuts)
    return compiled_at - started, opened_at - compiled_at, time.perf_counter() - opened_at


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", type=Path, default=ROOT.parent / "shared/bench/dataset")
    parser.add_argument("--genres", default="sudoku,kakuro,ripple_effect,shikaku,tents")
    parser.add_argument("--formulation", default="")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    options = [o for o in args.formulation.split(",") if o]
    wanted = args.genres.split(",")
    print(f"{'puzzle':28s} {'compile':>8s} {'session':>8s} {'CP-SAT':>8s} {'total':>8s}  (ms)")
    for genre in wanted:
        puzzles = sorted(
            (p for p in dataset_puzzles(args.dataset) if p.genre == genre),
            key=lambda p: (p.cells, p.name),
        )
        puzzle = puzzles[len(puzzles) // 2]
        genre_file = load_genre(str(ROOT / "puzzles" / f"{genre}.yaml"))
        text = puzzle.path.read_text()
        runs = [stages(genre_file, genre, text, options) for _ in range(args.repeat)]
        least = [min(run[i] for run in runs) * 1000 for i in range(3)]
        print(
            f"{genre + '/' + puzzle.name:28s} {least[0]:8.1f} {least[1]:8.1f} {least[2]:8.1f} "
            f"{sum(least):8.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
