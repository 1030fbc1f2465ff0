"""dslsolve beside puzzlekit (PyPI, OR-Tools CP-SAT) on the real puzzles of the benchmark dataset.

    pip install -e '.[bench]'     # puzzlekit, for this script only
    python bench/peers.py [--dataset ../shared/bench/dataset] [--genres akari,sudoku]
        [--max-cells 225] [--per-genre 3] [--largest] [--limit 60] [--backend cpsat,highs]
        [--unique] [--formulation NAME=CHOICE,...] [--markdown] [--csv FILE] [--jobs 1]

For each puzzle the two solvers run one after the other (which one first alternates), each
with the same time limit: dslsolve as the CLI (`python -m dslsolve ... --stats --format json`,
a new process per puzzle, as a user runs it), puzzlekit in a worker process that imports it once.
Each answer is compared with the dataset's solution; dslsolve's is also checked by the evaluator.

Printed: per genre and backend, how many puzzles each solves right within the limit, the
geometric mean of the solve-time ratio dslsolve / puzzlekit (compile + solve against build +
CP-SAT wall time) and of the whole-run ratio (dslsolve's process against puzzlekit's start-up
and imports, measured once per worker, plus its call), over the puzzles both solve right; the
peak memory of dslsolve's runs; then the largest puzzle of each genre with every backend, and
every run that is not a right answer. Progress goes to standard error.

`--jobs N` runs N puzzles at once, each job with its own puzzlekit worker: on a 2-core machine
that distorts every time (CP-SAT uses every core it sees), so the default is 1.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import math
import re
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # bench.*, when the script runs as bench/peers.py

from bench.peer_answers import COMPARISONS, peer_agrees  # noqa: E402
from bench.peer_runs import DslRun, PeerRun, PeerWorker, run_dslsolve  # noqa: E402
from dslsolve.backends import BACKENDS, DEFAULT_BACKEND  # noqa: E402
from dslsolve.dsl.genre import load_genre  # noqa: E402
from dslsolve.dsl.puzzle import read_puzzle  # noqa: E402
from dslsolve.errors import DslError  # noqa: E402
from dslsolve.evaluator import Evaluator  # noqa: E402
from dslsolve.output import parse_solution  # noqa: E402

MEMORY_TARGET_MB = 1024


@dataclass(frozen=True)
class Puzzle:
    genre: str
    name: str  # the file's stem, e.g. 690_50x50
    path: Path
    cells: int

    def sibling(self, suffix: str) -> Path:
        return self.path.with_name(self.name + suffix)


@dataclass
class Result:
    puzzle: Puzzle
    backend: str
    dsl: DslRun
    dsl_verdict: str  # "right", "other solution" (valid, not the dataset's), "wrong", or the status
    peer: PeerRun | None  # None: puzzlekit has no solver for the genre
    peer_verdict: str


def dataset_puzzles(dataset: Path) -> list[Puzzle]:
    puzzles = []
    for path in sorted(dataset.glob("*/*.txt")):
        if path.name.endswith((".solution.txt", ".pk.txt")):
            continue
        size = re.search(r"_(\d+)x(\d+)$", path.stem)
        cells = int(size[1]) * int(size[2]) if size else 0
        puzzles.append(Puzzle(path.parent.name, path.stem, path, cells))
    return puzzles


def spread(puzzles: list[Puzzle], count: int | None) -> list[Puzzle]:
    """`count` puzzles spread over the sizes, smallest and largest included (one: the largest)."""
    ordered = sorted(puzzles, key=lambda p: (p.cells, p.name))
    if count is None or count >= len(ordered):
        return ordered
    if count == 1:
        return ordered[-1:]
    picks = sorted({round(i * (len(ordered) - 1) / (count - 1)) for i in range(count)})
    return [ordered[i] for i in picks]


def select(args: argparse.Namespace) -> list[Puzzle]:
    by_genre: dict[str, list[Puzzle]] = {}
    for puzzle in dataset_puzzles(args.dataset):
        if args.genres and puzzle.genre not in args.genres:
            continue
        if args.max_cells and puzzle.cells > args.max_cells:
            continue
        by_genre.setdefault(puzzle.genre, []).append(puzzle)
    count = 1 if args.largest else args.per_genre
    return [p for genre in sorted(by_genre) for p in spread(by_genre[genre], count)]


class Checker:
    """dslsolve's answer against the evaluator and the dataset's solution (genre files cached)."""

    def __init__(self) -> None:
        self._genres: dict[str, object] = {}
        self._lock = threading.Lock()

    def verdict(self, puzzle: Puzzle, run: DslRun) -> str:
        if run.solution is None:
            return run.status
        with self._lock:
            if puzzle.genre not in self._genres:
                path = ROOT / "puzzles" / f"{puzzle.genre}.yaml"
                self._genres[puzzle.genre] = load_genre(str(path))
            genre_file = self._genres[puzzle.genre]
        instance = read_puzzle(str(puzzle.path), genre_file)
        known_path = puzzle.sibling(".dataset.solution.txt")
        try:
            answer = parse_solution(genre_file, instance, run.solution, "dslsolve's answer")
        except DslError as error:
            return f"unreadable answer: {error}"
        if Evaluator(genre_file.genre, instance, answer).violations():
            return "wrong"
        known_text = known_path.read_text()
        try:
            known = parse_solution(genre_file, instance, known_text, str(known_path))
        except DslError:  # a drawing of one-character cells, which today's output widens
            same = narrowed(run.solution) == known_text.strip()
            return "right" if same else "other solution"
        return "right" if answer == known else "other solution"


def narrowed(drawing: str) -> str:
    """A drawing (`+--+--+` between cells two characters wide) as dslsolve printed it before
    its cells took the width of the longest token: one character a cell, a token cut to its
    first (the dataset's shikaku solutions, where a 12 reads `1`)."""
    lines = drawing.strip().splitlines()
    corners = [i for i, char in enumerate(lines[0]) if char == "+"]
    if len(corners) < 2 or corners[1] - corners[0] <= 2:
        return drawing.strip()
    pairs = list(itertools.pairwise(corners))

    def cut(line: str) -> str:
        cells = [line[a + 1 : b].strip()[:1] or line[a + 1 : a + 2] for a, b in pairs]
        return "".join(line[a] + cell for (a, _), cell in zip(pairs, cells, strict=True))

    return "\n".join((cut(line) + line[corners[-1] :]).rstrip() for line in lines)


def peer_verdict(puzzle: Puzzle, run: PeerRun) -> str:
    if not run.solved:
        return run.status
    known = puzzle.sibling(".dataset.solution.txt").read_text()
    return "right" if peer_agrees(puzzle.genre, known, run.matrix) else "mismatch"


class Bench:
    def __init__(self, args: argparse.Namespace, total: int) -> None:
        self.args = args
        self.total = total  # puzzles in the run, for the progress lines
        self.grace = max(10.0, args.limit / 4)
        self.checker = Checker()
        self._local = threading.local()
        self.workers: list[PeerWorker] = []
        self._lock = threading.Lock()

    def _worker(self) -> PeerWorker:
        if not hasattr(self._local, "worker"):
            self._local.worker = PeerWorker(self.grace)
            with self._lock:
                self.workers.append(self._local.worker)
        return self._local.worker

    def run(self, index: int, puzzle: Puzzle) -> list[Result]:
        """Each backend, then puzzlekit; every other puzzle puzzlekit first."""
        comparison = COMPARISONS.get(puzzle.genre)

        def peer() -> tuple[PeerRun | None, str]:
            if comparison is None:
                return None, "no solver"
            text = puzzle.sibling(".problem.pk.txt").read_text()
            run = self._worker().solve(text, comparison.ptype, self.args.limit)
            return run, peer_verdict(puzzle, run)

        if index % 2:
            peer_run, peer_says = peer()
        runs = []
        for backend in self.args.backend:
            run = run_dslsolve(
                puzzle.genre,
                puzzle.path,
                backend,
                self.args.limit,
                self.args.unique,
                self.grace,
                self.args.formulation,
            )
            runs.append((backend, run, self.checker.verdict(puzzle, run)))
        if not index % 2:
            peer_run, peer_says = peer()
        if peer_says == "mismatch" and any(
            verdict == "other solution" and peer_agrees(puzzle.genre, run.solution, peer_run.matrix)
            for _, run, verdict in runs
        ):
            peer_says = "other solution (dslsolve's, which the evaluator accepts)"
        results = [Result(puzzle, b, r, v, peer_run, peer_says) for b, r, v in runs]
        for result in results:
            line = f"[{index + 1}/{self.total}] {progress_line(result)}"
            print(line, file=sys.stderr, flush=True)
        return results

    def close(self) -> None:
        for worker in self.workers:
            worker.stop()


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def progress_line(r: Result) -> str:
    peer = r.peer
    peer_text = "-" if peer is None else f"{r.peer_verdict} {_seconds(peer.whole_seconds)} s"
    return (
        f"{r.puzzle.genre}/{r.puzzle.name} [{r.backend}] dslsolve {r.dsl_verdict} "
        f"{r.dsl.whole_seconds:.2f} s (solve {_seconds(r.dsl.solve_time)}, "
        f"{r.dsl.peak_tree_mb:.0f} MB) | puzzlekit {peer_text} "
        f"(solve {_seconds(peer.solve_time if peer else None)})"
    )


def geometric_mean(ratios: list[float]) -> float | None:
    return math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else None


def _ratio_text(ratios: list[float]) -> str:
    mean = geometric_mean(ratios)
    return "-" if mean is None else f"{mean:.2f} ({len(ratios)})"


def genre_rows(results: list[Result]) -> list[list[str]]:
    groups: dict[tuple[str, str], list[Result]] = {}
    for r in results:
        groups.setdefault((r.puzzle.genre, r.backend), []).append(r)
    rows = []
    for (genre, backend), group in sorted(groups.items()):
        both = [r for r in group if r.dsl_verdict == "right" and r.peer_verdict == "right"]
        solve = [r.dsl.solve_time / r.peer.solve_time for r in both if r.peer.solve_time]
        whole = [r.dsl.whole_seconds / r.peer.whole_seconds for r in both]
        peer_right = sum(r.peer_verdict == "right" for r in group)
        rows.append(
            [
                genre,
                backend,
                str(len(group)),
                str(sum(r.dsl_verdict == "right" for r in group)),
                "-" if group[0].peer is None else str(peer_right),
                _ratio_text(solve),
                _ratio_text(whole),
                f"{max(r.dsl.peak_tree_mb for r in group):.0f}",
            ]
        )
    return rows


GENRE_HEADER = [
    "genre",
    "backend",
    "puzzles",
    "dslsolve right",
    "puzzlekit right",
    "solve ratio (n)",
    "whole ratio (n)",
    "dslsolve peak MB",
]


def _outcome(verdict: str, whole: float, solve: float | None) -> str:
    if verdict == "right":
        return f"{whole:.2f} s (solve {_seconds(solve)})"
    return f"{verdict}, {whole:.1f} s"


def largest_rows(results: list[Result], backends: list[str]) -> tuple[list[str], list[list[str]]]:
    """The largest puzzle of each genre in the run, every backend beside puzzlekit."""
    largest: dict[str, Puzzle] = {}
    for r in results:
        if r.puzzle.cells >= largest.get(r.puzzle.genre, r.puzzle).cells:
            largest[r.puzzle.genre] = r.puzzle
    header = ["instance", "cells"] + [f"dslsolve {b}" for b in backends]
    header += ["dslsolve peak MB", "puzzlekit"]
    rows = []
    for genre, puzzle in sorted(largest.items()):
        mine = {r.backend: r for r in results if r.puzzle == puzzle}
        row = [f"{genre}/{puzzle.name}", str(puzzle.cells)]
        row += [
            _outcome(mine[b].dsl_verdict, mine[b].dsl.whole_seconds, mine[b].dsl.solve_time)
            for b in backends
        ]
        row.append(f"{max(r.dsl.peak_tree_mb for r in mine.values()):.0f}")
        peer = next(iter(mine.values())).peer
        peer_verdict_text = next(iter(mine.values())).peer_verdict
        row.append(
            "no solver"
            if peer is None
            else _outcome(peer_verdict_text, peer.whole_seconds, peer.solve_time)
        )
        rows.append(row)
    return header, rows


def table(header: list[str], rows: list[list[str]], markdown: bool) -> str:
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
        return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])
    widths = [max(len(x) for x in column) for column in zip(header, *rows, strict=True)]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [header, *rows]
    )


def notes(results: list[Result]) -> list[str]:
    """Every run that is not a right answer, and every run above the memory target."""
    lines = []
    for r in results:
        where = f"{r.puzzle.genre}/{r.puzzle.name}"
        if r.dsl_verdict != "right":
            detail = f" ({r.dsl.detail})" if r.dsl.detail else ""
            lines.append(f"{where}: dslsolve {r.backend}: {r.dsl_verdict}{detail}")
        if r.dsl.peak_tree_mb > MEMORY_TARGET_MB:
            lines.append(f"{where}: dslsolve {r.backend}: peak {r.dsl.peak_tree_mb:.0f} MB")
    stray = {}
    for r in results:
        if r.dsl_verdict == "right" and r.dsl.detail:
            stray.setdefault(r.backend, []).append(r.dsl.detail)
    for backend, details in stray.items():
        lines.append(f"dslsolve {backend}: {len(details)} right answers with {details[0]}")
    seen = set()
    for r in results:
        if r.peer is not None and r.peer_verdict != "right" and r.puzzle not in seen:
            seen.add(r.puzzle)
            lines.append(f"{r.puzzle.genre}/{r.puzzle.name}: puzzlekit: {r.peer_verdict}")
    return lines


def write_csv(path: Path, results: list[Result]) -> None:
    with path.open("w", newline="") as file:
        out = csv.writer(file)
        out.writerow(
            [
                "genre",
                "puzzle",
                "cells",
                "backend",
                "dsl_verdict",
                "dsl_status",
                "dsl_compile_s",
                "dsl_solve_s",
                "dsl_whole_s",
                "dsl_peak_python_mb",
                "dsl_peak_tree_mb",
                "peer_verdict",
                "peer_build_s",
                "peer_wall_s",
                "peer_call_s",
                "peer_startup_s",
            ]
        )
        for r in results:
            p = r.peer
            out.writerow(
                [
                    r.puzzle.genre,
                    r.puzzle.name,
                    r.puzzle.cells,
                    r.backend,
                    r.dsl_verdict,
                    r.dsl.status,
                    r.dsl.compile_seconds,
                    r.dsl.solve_seconds,
                    r.dsl.whole_seconds,
                    round(r.dsl.peak_python_mb, 1),
                    round(r.dsl.peak_tree_mb, 1),
                    r.peer_verdict,
                    p and p.build_seconds,
                    p and p.wall_seconds,
                    p and p.call_seconds,
                    p and p.startup_seconds,
                ]
            )


def _comma_list(text: str) -> list[str]:
    return [item for item in text.split(",") if item]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description="dslsolve against puzzlekit (OR-Tools CP-SAT) on the benchmark dataset.",
        epilog="Needs puzzlekit: pip install -e '.[bench]'.",
    )
    parser.add_argument("--dataset", type=Path, default=ROOT / "../shared/bench/dataset")
    parser.add_argument("--genres", type=_comma_list, help="comma list of dataset folders")
    parser.add_argument("--max-cells", type=int, help="leave out larger puzzles")
    parser.add_argument("--per-genre", type=int, help="N puzzles per genre, spread over sizes")
    parser.add_argument(
        "--largest",
        action="store_true",
        help="only the largest puzzle of each genre, with every backend unless --backend",
    )
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per run (60)")
    parser.add_argument(
        "--backend",
        type=_comma_list,
        help=f"dslsolve backends, comma list of {','.join(BACKENDS)} or 'all' "
        f"(default: {DEFAULT_BACKEND}, dslsolve's own)",
    )
    parser.add_argument("--unique", action="store_true", help="dslsolve proves uniqueness too")
    parser.add_argument(
        "--formulation",
        type=_comma_list,
        default=[],
        help="dslsolve's lowering choices, comma list of NAME=CHOICE (default: its defaults)",
    )
    parser.add_argument("--markdown", action="store_true", help="tables in Markdown")
    parser.add_argument("--csv", type=Path, help="also write every run to this CSV file")
    parser.add_argument("--jobs", type=int, default=1, help="puzzles at once (1: see above)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        import puzzlekit  # noqa: F401 (here only to say how to install it when missing)
    except ImportError:
        print("bench/peers.py needs puzzlekit: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    if args.backend in (None, ["all"]):
        args.backend = list(BACKENDS) if args.largest or args.backend else [DEFAULT_BACKEND]
    unknown = [b for b in args.backend if b not in BACKENDS]
    if unknown:
        print(f"unknown backend {unknown[0]}: choose from {', '.join(BACKENDS)}", file=sys.stderr)
        return 2
    if not args.dataset.is_dir():
        print(f"no dataset at {args.dataset}: give --dataset DIR", file=sys.stderr)
        return 2
    puzzles = select(args)
    if not puzzles:
        print("no puzzle matches --genres and --max-cells", file=sys.stderr)
        return 2
    print(f"{len(puzzles)} puzzles, backends {','.join(args.backend)}", file=sys.stderr)
    bench = Bench(args, len(puzzles))
    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            batches = pool.map(bench.run, range(len(puzzles)), puzzles)
            results = [result for batch in batches for result in batch]
    finally:
        bench.close()
    starts = [s for w in bench.workers for s in w.starts]
    print(
        f"limit {args.limit:g} s, jobs {args.jobs}, unique {args.unique}; puzzlekit worker "
        f"start-up and imports {', '.join(f'{s:.2f}' for s in starts)} s"
    )
    print(table(GENRE_HEADER, genre_rows(results), args.markdown))
    print()
    print(table(*largest_rows(results, args.backend), args.markdown))
    peaks = [r.dsl.peak_tree_mb for r in results]
    print(
        f"\ndslsolve peak memory: largest {max(peaks):.0f} MB; "
        f"{sum(p > MEMORY_TARGET_MB for p in peaks)} runs above {MEMORY_TARGET_MB} MB"
    )
    for line in notes(results):
        print(line)
    if args.csv:
        write_csv(args.csv, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
