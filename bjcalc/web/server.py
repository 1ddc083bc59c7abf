"""``bjcalc serve``: the web app and its HTTP API, served by uvicorn on this machine.

Routes: ``/`` the page (``static/index.html``: the game's rules, house edge, edge by up card and
strategy chart at once, a form of the chosen variant's rules); ``/api/<command>`` each command of
:data:`bjcalc.web.api.COMMANDS`, answering what ``bjcalc <command> ... --json`` prints;
``POST /api/jobs/<command>`` the same as a job, read (``GET``) and cancelled (``DELETE``) at
``/api/jobs/<id>`` (progress by step, the page's Cancel);
``/api/variants`` and ``/api/form`` what the page builds its form from; ``/docs`` the OpenAPI
documentation, every command's parameters listed from the command line's own flags.

The stack is FastAPI on uvicorn (the optional extra ``bjcalc[web]``): maintained, typed, with
OpenAPI documentation for free, where a hand-written HTTP server would have none of it.  A command
runs in a worker thread (the event loop stays free), at most
:data:`~bjcalc.web.api.HEAVY_JOBS` at once.
"""

import socket
import sys
from pathlib import Path
from typing import Any, Optional, Sequence

from ..core.errors import BjcalcError
from ..game.variants import VARIANTS
from . import api

__all__ = ["create_app", "main", "STATIC"]

STATIC = Path(__file__).parent / "static"
"""The page's files."""


def _missing() -> str:
    return "bjcalc serve needs the web extra: pip install 'bjcalc[web]' (FastAPI and uvicorn)"


def create_app() -> Any:
    """The FastAPI application (raises :class:`BjcalcError` without the web extra)."""
    try:
        from fastapi import FastAPI, Request
        from fastapi.responses import FileResponse, JSONResponse, Response
        from fastapi.concurrency import run_in_threadpool
        from fastapi.staticfiles import StaticFiles
    except ImportError:
        raise BjcalcError(_missing()) from None

    import contextlib

    @contextlib.asynccontextmanager
    async def warm(app: Any) -> Any:
        """A process for the charts' other TD searches, started (it runs a small chart first,
        to load what it needs); then the landing page's numbers (the default game's edge and
        chart) made before the server answers, so the first page shows them from the cache."""
        from ..analysis.charts import td_chart_table
        from ..core.cards import Shoe
        from ..core.rules import Rules
        from ..core.runner import process_pool

        pool = process_pool(1, threads=1)     # (its kernel on one thread: the server's own has the cores)
        small = Rules(decks=1, max_split_hands=2)
        await run_in_threadpool(lambda: pool.submit(td_chart_table, small, Shoe.decks(1), "CDZ-", False).result())
        api.use_pool(pool)
        for command in ("edge", "chart"):
            await run_in_threadpool(api.answer, command, [])
        try:
            yield
        finally:
            api.use_pool(None)
            pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(lifespan=warm, title="bjcalc", summary="Exact expected values for blackjack and its casino variants",
                  description="Each `/api/<command>` answers what `bjcalc <command> --<flag> <value> ... --json` "
                              "prints: the same schema and numbers.  A parameter is a flag's name without its "
                              "dashes; a switch is `true` or `false`.  Bad input is a 400 with the command line's "
                              "one-line message.")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    import pandas  # noqa: F401  (imported once, here: two requests importing it at once find it half made)

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Any:
        return Response(status_code=204)

    @app.get("/", include_in_schema=False)
    def page() -> Any:
        return FileResponse(STATIC / "index.html")

    @app.get("/api/variants", summary="The variants, by name, with their titles, options and preset rules")
    def variants() -> Any:
        return [{"name": v.name, "title": v.title, "aliases": list(v.aliases), "options": sorted(v.options),
                 "rules": api.preset_rules(v)} for v in VARIANTS.values()]

    @app.get("/api/form", summary="A command's parameters for a form: name, kind, choices, default, help")
    def form(command: str = "edge", bet: Optional[str] = None) -> Any:
        try:
            return api.flags_of(command, bet)
        except BjcalcError as refusal:
            return JSONResponse({"error": str(refusal)}, status_code=400)

    def route(command: str) -> None:
        flags = api.flags_of(command) if command != "sidebet" else []
        parameters = [{"name": flag["name"], "in": "query", "required": False,
                       "description": flag["help"],
                       "schema": {"type": "boolean"} if flag["kind"] == "switch" else
                       {"type": "string", **({"enum": [str(c) for c in flag["choices"]]} if flag["choices"] else {})}}
                      for flag in flags]
        if command == "sidebet":
            parameters = [{"name": "bet", "in": "query", "required": False, "schema": {"type": "string"},
                           "description": "the bet (list=true lists them); its own flags as bjcalc sidebet BET's"}]

        async def endpoint(request: Request) -> Any:      # (annotations evaluated: FastAPI reads them)
            status, body = await run_in_threadpool(api.answer, command, list(request.query_params.multi_items()))
            return Response(body, status_code=status, media_type="application/json")

        app.add_api_route(f"/api/{command}", endpoint, methods=["GET"], name=command,
                          summary=f"bjcalc {command} ... --json", openapi_extra={"parameters": parameters})

    for command in api.COMMANDS:
        route(command)

    @app.post("/api/jobs/{command}", summary="Start bjcalc <command> ... as a job: its id, state and steps",
              status_code=202)
    async def start_job(command: str, request: Request) -> Any:
        """The query as ``GET /api/<command>``'s (``report`` too).  Answers 202 and the job (200 if it
        finished within a moment, from the cache or quickly), or 400 with the one-line error."""
        pairs = list(request.query_params.multi_items())
        status, body = await run_in_threadpool(api.start, command, pairs)
        if status == 202:
            status, body = await run_in_threadpool(api.job, body["id"], 0.3)
            status = 200 if body["state"] != "running" else 202
        return JSONResponse(body, status_code=status)

    @app.get("/api/jobs/{job_id}", summary="A job: state (running, done, failed, cancelled), steps, result")
    async def read_job(job_id: str, wait: float = 0.0) -> Any:
        """``wait``: answer once the job has finished or that many seconds (at most 5) have passed."""
        status, body = await run_in_threadpool(api.job, job_id, min(max(wait, 0.0), 5.0))
        return JSONResponse(body, status_code=status)

    @app.delete("/api/jobs/{job_id}", summary="Cancel a job: it stops at its next step")
    async def cancel_job(job_id: str) -> Any:
        status, body = api.cancel(job_id)
        return JSONResponse(body, status_code=status)

    @app.get("/api/report", summary="bjcalc report ... --out -: the game report, one HTML page to download",
             response_class=Response)
    async def game_report(request: Request) -> Any:
        status, body = await run_in_threadpool(api.report, list(request.query_params.multi_items()))
        if status != 200:
            return Response(body, status_code=status, media_type="application/json")
        return Response(body, media_type="text/html",
                        headers={"Content-Disposition": 'attachment; filename="bjcalc-report.html"'})

    return app


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on now (for tests and ``--port 0``)."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``bjcalc serve [--host H] [--port P]``: serve until interrupted; 2 and one line on bad input."""
    from ..cli import build_parser, one_line

    try:
        args = build_parser().parse_args(["serve", *(sys.argv[2:] if argv is None else argv)])
        app = create_app()
        import uvicorn
    except BjcalcError as refusal:
        print(f"bjcalc: error: {one_line(str(refusal))}", file=sys.stderr)
        return 2
    except ImportError:
        print(f"bjcalc: error: {_missing()}", file=sys.stderr)
        return 2
    port = args.port or free_port(args.host)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"bjcalc: serving on {args.host}: anyone who reaches this machine's port {port} can use it",
              file=sys.stderr)
    if not args.quiet:
        print(f"bjcalc serving on http://{args.host}:{port}/ (the API's documentation: /docs); Ctrl-C stops it",
              flush=True)
    uvicorn.run(app, host=args.host, port=port, log_level="warning")
    return 0
