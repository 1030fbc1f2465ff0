"""Nurikabe under each lowering of `each area of`: every instance in its own process (the
enumeration of `area=anchored` can outrun any time limit in the compile and grow to gigabytes),
the lowerings alternating per instance.

    python bench/areas.py [--time-limit 60] [--area anchored,assign] [--unique]
        [--genre puzzles/nurikabe.yaml,OTHER.yaml] [PUZZLE ...]

PUZZLE: puzzle files (default: the shipped `puzzles/nurikabe/*.txt`); a `NAME.solution.txt` or
`NAME.dataset.solution.txt` beside one is its known answer. Prints, per instance and lowering:
status (`timeout` when the process outlived the limit by 30 s), compile and solve time from
`--stats`, the whole run, peak memory (RSS of the process) and whether the answer is the known
one. `--genre`: genre files to alternate as well (default: the shipped nurikabe's), such as
an older version of it (`git show REV:puzzles/nurikabe.yaml > /tmp/nurikabe-REV.yaml`).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATUS = {0: "solved", 1: "none", 2: "bad input", 3: "error"}


def known_answer(puzzle: Path) -> str | None:
    for suffix in (".solution.txt", ".dataset.solution.txt"):
        path = puzzle.with_name(puzzle.name.removesuffix(".txt") + suffix)
        if path.exists():
            return path.read_text().strip()
    return None


def run(puzzle: Path, genre: str, area: str, time_limit: float, unique: bool) -> dict[str, str]:
    command = [sys.executable, "-m", "dslsolve", genre]
    command += [str(puzzle), "--stats", "--time-limit", str(time_limit)]
    command += ["--formulation", f"area={area}"] + (["--unique"] if unique else [])
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    started = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen(command, stdout=out, stderr=err, text=True, env=env)
        status, usage = "timeout", None
        while time.perf_counter() - started < time_limit + 30:
            pid, code, usage = os.wait4(process.pid, os.WNOHANG)  # not Popen.wait: its rusage
            if pid:
                status = STATUS.get(os.waitstatus_to_exitcode(code), str(code))
                break
            time.sleep(0.05)
        else:
            process.kill()
            os.wait4(process.pid, 0)
            usage = None
        process.returncode = -1  # reaped above
        out.seek(0)
        err.seek(0)
        out, err = out.read(), err.read()
    whole = time.perf_counter() - started
    times = re.search(r"compile ([\d.]+) s, solve ([\d.]+) s", err)
    known = known_answer(puzzle)
    answer = out.strip().split("\n\n")[0] if out.strip() else None
    return {
        "status": status + (" unique" if "unique: no other" in err else ""),
        "compile": times.group(1) if times else "-",
        "solve": times.group(2) if times else "-",
        "whole": f"{whole:.1f}",
        "rss_mb": f"{usage.ru_maxrss / 1024:.0f}" if usage else "-",
        "right": "-" if known is None or answer is None else ("yes" if answer == known else "NO"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", type=Path)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--area", default="anchored,assign", help="lowerings, comma-separated")
    parser.add_argument("--unique", action="store_true")
    parser.add_argument(
        "--genre",
        default=str(ROOT / "puzzles" / "nurikabe.yaml"),
        help="genre files, comma-separated",
    )
    args = parser.parse_args()
    shipped = sorted((ROOT / "puzzles" / "nurikabe").glob("*.txt"))
    puzzles = args.puzzles or [p for p in shipped if not p.name.endswith("solution.txt")]
    unique = " --unique" if args.unique else ""
    print(f"# the default backend, --time-limit {args.time_limit:g}{unique}")
    genres = args.genre.split(",")
    print(f"# genre files: {', '.join(genres)}")
    head = f"{'instance':22} {'genre':22} {'area':12} {'status':16}"
    print(f"{head} compile   solve   whole  rss_mb right")
    for puzzle in puzzles:
        for genre in genres:
            for area in args.area.split(","):
                got = run(puzzle, genre, area, args.time_limit, args.unique)
                print(
                    f"{puzzle.stem:22} {Path(genre).name:22} {area:12} {got['status']:16} "
                    f"{got['compile']:>7} {got['solve']:>7} {got['whole']:>7} "
                    f"{got['rss_mb']:>7} {got['right']}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
