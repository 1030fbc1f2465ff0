"""`dslsolve serve`: a local web page to solve puzzles and check them while writing them.

    dslsolve serve [--port 8000] [--host 127.0.0.1] [--genres DIR] [--time-limit SECONDS]
                   [--memory MIB] [--max-runs N]

The page (`static/`, plain HTML, JavaScript and CSS: nothing is fetched from the internet)
talks to a Starlette application (`app.py`) served by uvicorn; every solve runs in a process
of its own (`runs.py`, `worker.py`). Needs `pip install 'dslsolve[serve]'`.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from dslsolve.errors import EXIT_BAD_INPUT, EXIT_SOLVED
from dslsolve.shipped import genres_dir


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dslsolve serve",
        description="Start a local web page where puzzles are pasted (puzz.link URLs or text), "
        "edited and solved; each solve runs in a process of its own.",
    )
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default: this machine only)"
    )
    parser.add_argument(
        "--genres", type=Path, default=None, help="the genres' folder (default: the shipped genres)"
    )
    parser.add_argument(
        "--time-limit", type=float, default=60.0, help="seconds a solve may take (default 60)"
    )
    parser.add_argument(
        "--memory", type=int, default=2048, help="MiB of memory a solve may use (default 2048)"
    )
    parser.add_argument(
        "--max-runs",
        type=int,
        default=max(os.cpu_count() or 1, 1),
        help="solves at once; more are refused until one ends (default: the cores)",
    )
    return parser


def serve_command(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        import uvicorn

        from dslsolve.frontends.serve.app import create_app
        from dslsolve.frontends.serve.runs import Settings
    except ImportError as err:
        print(
            f"dslsolve serve: {err.name} is missing: pip install 'dslsolve[serve]'",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    genres = args.genres or genres_dir()
    if not genres.is_dir():
        print(f"dslsolve serve: error: no genres folder {genres} (--genres)", file=sys.stderr)
        return EXIT_BAD_INPUT
    settings = Settings(genres, args.time_limit, args.memory, max(args.max_runs, 1))
    print(f"dslsolve serve: http://{args.host}:{args.port}/", file=sys.stderr, flush=True)
    uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level="warning")
    return EXIT_SOLVED
