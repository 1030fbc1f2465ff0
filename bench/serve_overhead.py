"""What a run on `dslsolve serve`'s page costs beyond the solve: the same puzzles solved
through the server's HTTP interface (a worker process per run: start, imports, solve with
uniqueness and diagnosis, pictures) and by the command (`dslsolve GENRE URL --unique`, a
process per run too), alternating, least of `--repeat` seconds each, wall clock.

    python bench/serve_overhead.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from dslsolve.frontends.serve.local import served

ROOT = Path(__file__).resolve().parents[1]
SUDOKU = ROOT / "puzzles" / "sudoku" / "example.txt"
NURIKABE = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
CASES = [("nurikabe", NURIKABE, NURIKABE), ("sudoku", SUDOKU.read_text(), str(SUDOKU))]


def through_the_page(url: str, genre: str, puzzle: str) -> float:
    started = time.perf_counter()
    body = json.dumps({"genre": {"name": genre}, "puzzle": puzzle}).encode()
    request = urllib.request.Request(url + "api/runs", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        run = json.load(response)["id"]
    while True:
        with urllib.request.urlopen(f"{url}api/runs/{run}") as response:
            report = json.load(response)
        if report["state"] != "running":
            assert report["state"] == "done", report
            return time.perf_counter() - started
        time.sleep(0.01)


def by_the_command(genre: str, puzzle: str) -> float:
    started = time.perf_counter()
    genre_file = str(ROOT / "puzzles" / f"{genre}.yaml")
    command = [sys.executable, "-m", "dslsolve", genre_file, puzzle, "--unique"]
    subprocess.run(command, capture_output=True, check=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with served() as (url, _):
        print(f"{'genre':10} {'page s':>7} {'command s':>9} {'ratio':>6}")
        for genre, pasted, named in CASES:
            page, command = [], []
            for _ in range(args.repeat):
                page.append(through_the_page(url, genre, pasted))
                command.append(by_the_command(genre, named))
            print(
                f"{genre:10} {min(page):7.2f} {min(command):9.2f} {min(page) / min(command):6.2f}"
            )


if __name__ == "__main__":
    main()
