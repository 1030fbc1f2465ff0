"""The page's HTTP side (Starlette): the static page, the shipped genres, and the runs.

    GET  /                       the page (static/index.html, with app.js and style.css)
    GET  /api/genres             the shipped genres: name, title, instances
    GET  /api/genres/NAME        a shipped genre's file and its instances' texts
    POST /api/preview            {genre, puzzle}: the puzzle's text, picture and grid, or the error
    POST /api/runs               {genre, puzzle, determined}: start a solve; its id
    GET  /api/runs/ID            the run's state, stage, elapsed time and, once done, the answer
    POST /api/runs/ID/cancel     stop the run's process

`genre` is `{"name": SHIPPED}` or `{"text": YAML, "filename": NAME}` (an uploaded or edited
file); `puzzle` is a puzz.link URL or a puzzle in the text format.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from dslsolve.errors import MAX_FILE_BYTES
from dslsolve.frontends.serve.runs import Busy, Runs, Settings

STATIC = Path(__file__).parent / "static"
MAX_BODY = 2 * MAX_FILE_BYTES + 4096  # a genre file and a puzzle, each as large as dslsolve reads
TITLE = re.compile(r"^title:\s*(.+?)\s*$", re.MULTILINE)


class BadRequest(Exception):
    pass


def _instances(settings: Settings, name: str) -> list[Path]:
    folder = settings.genres / name
    if not folder.is_dir():
        return []
    return [p for p in sorted(folder.glob("*.txt")) if not p.name.endswith(".solution.txt")]


async def _payload(request: Request) -> dict[str, Any]:
    """The JSON body of a run's request, checked: a genre by name or as text, a puzzle."""
    if int(request.headers.get("content-length") or 0) > MAX_BODY:
        raise BadRequest("the request is too large")
    try:
        payload = await request.json()
    except ValueError:
        raise BadRequest("the request is not JSON") from None
    genre = payload.get("genre") if isinstance(payload, dict) else None
    if not isinstance(genre, dict) or not (
        isinstance(genre.get("name"), str) or isinstance(genre.get("text"), str)
    ):
        raise BadRequest("pick a genre, or give a genre file's text")
    if not isinstance(payload.get("puzzle"), str) or not payload["puzzle"].strip():
        raise BadRequest("give a puzzle: a puzz.link URL or a puzzle in the text format")
    return payload


def create_app(settings: Settings) -> Starlette:
    runs = Runs(settings)

    async def genres(request: Request) -> JSONResponse:
        listing = []
        for name, path in runs.shipped().items():
            title = TITLE.search(path.read_text(encoding="utf-8"))
            listing.append(
                {
                    "name": name,
                    "title": title.group(1).strip("'\"") if title else name,
                    "instances": [p.name for p in _instances(settings, name)],
                }
            )
        return JSONResponse(listing)

    async def genre(request: Request) -> JSONResponse:
        name = request.path_params["name"]
        path = runs.shipped().get(name)
        if path is None:
            return JSONResponse({"error": f"no shipped genre named '{name}'"}, 404)
        instances = {p.name: p.read_text(encoding="utf-8") for p in _instances(settings, name)}
        return JSONResponse(
            {"name": name, "text": path.read_text(encoding="utf-8"), "instances": instances}
        )

    async def start(request: Request, preview: bool) -> JSONResponse:
        try:
            run = await runs.start(await _payload(request), preview)
        except BadRequest as err:
            return JSONResponse({"error": str(err)}, 400)
        except ValueError as err:  # a shipped genre that is not there
            return JSONResponse({"error": str(err)}, 404)
        except Busy as err:
            return JSONResponse({"error": str(err)}, 503)
        if preview:
            await run.done.wait()
        return JSONResponse(run.report())

    async def preview(request: Request) -> JSONResponse:
        return await start(request, preview=True)

    async def solve(request: Request) -> JSONResponse:
        return await start(request, preview=False)

    async def status(request: Request) -> JSONResponse:
        run = runs.runs.get(request.path_params["run"])
        if run is None:
            return JSONResponse({"error": "no such run (finished long ago?)"}, 404)
        return JSONResponse(run.report())

    async def cancel(request: Request) -> JSONResponse:
        run = runs.cancel(request.path_params["run"])
        if run is None:
            return JSONResponse({"error": "no such run"}, 404)
        await run.done.wait()  # the process is gone when the answer comes
        return JSONResponse(run.report())

    async def index(request: Request) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await runs.prepare()
        yield
        runs.stop_all()

    return Starlette(
        routes=[
            Route("/", index),
            Route("/api/genres", genres),
            Route("/api/genres/{name}", genre),
            Route("/api/preview", preview, methods=["POST"]),
            Route("/api/runs", solve, methods=["POST"]),
            Route("/api/runs/{run}", status),
            Route("/api/runs/{run}/cancel", cancel, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
