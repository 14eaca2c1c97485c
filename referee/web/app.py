"""The web application of ``referee serve``: one more view over the store, the engine and the words.

:func:`make_app` builds the Starlette application over a store folder. Its routes are listed in
``referee/web/README.md``; pages are in :mod:`referee.web.pages`, the JSON API in
:mod:`referee.web.api`, live updates in :mod:`referee.web.live`, who may write in
:mod:`referee.web.auth`, the one write path in :mod:`referee.web.writes`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.core.errors import RefereeError
from referee.web import api, offline, pages, phone
from referee.web.access import GuardedApp, Handler, OnThread, guarded
from referee.web.deps import HERE, POOL, Web
from referee.web.errors import gone
from referee.web.headers import SecurityHeaders


def make_app(db: str | None = None, event: str | None = None, interval: float | None = None,
             base: str | None = None) -> Starlette:
    # Every route names its action: referee.web.access.authorise checks it (RULES: action × role ×
    # scope) before the handler runs. The static files are read by anyone.
    # The API first: a phone's POST of an entry, its stream and the programs' reads are found by the router's
    # first patterns, not after forty (the paths under /api/ are matched by no other route).
    table: list[tuple[str, Handler | OnThread, str, list[str]]] = [
        ("/api/matches/{match}", api.match, "read", ["GET"]),
        ("/api/matches/{match}/entries", api.post_entry, "write", ["POST"]),
        ("/api/matches/{match}/stream", api.match_stream, "read", ["GET"]),
        ("/api/events/{event}/standings", api.standings, "read", ["GET"]),
        ("/api/leagues/{league}/standings", api.league_standings, "read", ["GET"]),
        ("/api/ratings", api.ratings, "read", ["GET"]),
        ("/api/events/{event}/stream", api.event_stream, "read", ["GET"]),
        ("/", pages.home, "read", ["GET"]),
        ("/ratings", pages.ratings_page, "read", ["GET"]),
        ("/leagues", pages.leagues_page, "read", ["GET"]),
        ("/leagues/{league}", pages.league_page, "read", ["GET"]),
        ("/events/{event}", pages.event_page, "read", ["GET"]),
        ("/events/{event}/live", pages.event_live, "read", ["GET"]),
        ("/matches/{match}", pages.match_page, "read", ["GET"]),
        ("/matches/{match}/live", pages.match_live, "read", ["GET"]),
        ("/referee", pages.referee_home, "read", ["GET"]),
        ("/referee/login", pages.login, "sign-in", ["POST"]),
        ("/referee/logout", pages.logout, "sign-in", ["POST"]),
        *phone.ROUTES,
        *offline.ROUTES,
        ("/referee/matches/{match}", pages.entry_page, "write", ["GET", "POST"]),
        ("/referee/matches/{match}/undo", pages.undo, "write", ["POST"]),
        ("/referee/matches/{match}/void", pages.void, "write", ["POST"]),
        ("/referee/matches/{match}/amend", pages.amend, "write", ["POST"]),
        ("/director", pages.director_page, "direct", ["GET"]),
        *((f"/director/{action}", pages.director_action, action, ["POST"]) for action in pages.DIRECTOR_ACTIONS),
    ]
    routes: list[Any] = [Route(path, guarded(action, handler), methods=methods)
                         for path, handler, action, methods in table]
    routes.append(Mount("/static", app=GuardedApp("read", StaticFiles(directory=str(HERE / "static"))), name="static"))
    # Project and system errors are answered by the routes' handler (their status, their message);
    # anything else is a bug: a plain 500, its traceback in the server's log only.
    # Every response carries the security headers (referee.web.headers); a plain 500, answered outside
    # the middleware, gets them from the handler.
    handlers = {ClientDisconnect: gone, RefereeError: pages.handle, OSError: pages.handle, Exception: pages.handle}
    web = Web(db, event, interval, base)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # As many request threads as the store has connections for them (anyio's default is 40): twenty
        # phones writing at once keep a few threads busy, not twenty threads taking the interpreter's lock
        # from each other (and from the event loop) around every file operation.
        anyio.to_thread.current_default_thread_limiter().total_tokens = POOL
        try:
            yield
        finally:  # the hub's follower thread (a store that pushes) let go
            web.hub.close()

    app = Starlette(routes=routes, exception_handlers=handlers,
                    middleware=[Middleware(SecurityHeaders)], lifespan=lifespan)
    app.state.web = web
    return app
