"""The web application of ``referee serve``: one more view over the store, the engine and the words.

:func:`make_app` builds the Starlette application over a store folder. Its routes are listed in
``referee/web/README.md``; pages are in :mod:`referee.web.pages`, the JSON API in
:mod:`referee.web.api`, live updates in :mod:`referee.web.live`, who may write in
:mod:`referee.web.auth`, the one write path in :mod:`referee.web.writes`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.errors import RefereeError
from referee.store.store import Store
from referee.store.tokens import Tokens
from referee.web import api, pages
from referee.web.auth import EventStates, RateLimit, Sessions
from referee.web.errors import handle
from referee.web.live import Hub

if TYPE_CHECKING:
    import jinja2
    from starlette.requests import Request

HERE = Path(__file__).resolve().parent


class Web:
    """What every request of one server shares."""

    def __init__(self, db: str | None, event: str | None = None, interval: float | None = None) -> None:
        import jinja2

        self.store = Store(db)
        self.root = self.store.root
        self.event = event
        self.tokens = Tokens(self.root)
        self.sessions = Sessions(self.tokens)
        self.limit = RateLimit()
        self.events = EventStates(self.root)
        self.hub = Hub() if interval is None else Hub(interval)
        self.env: jinja2.Environment = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(HERE / "templates")),
            autoescape=True, trim_blocks=True, lstrip_blocks=True)


def web(request: Request) -> Web:
    found: Web = request.app.state.web
    return found


def make_app(db: str | None = None, event: str | None = None, interval: float | None = None) -> Starlette:
    routes: list[Any] = [
        Route("/", pages.home),
        Route("/events/{event}", pages.event_page),
        Route("/events/{event}/live", pages.event_live),
        Route("/matches/{match}", pages.match_page),
        Route("/matches/{match}/live", pages.match_live),
        Route("/referee", pages.referee_home),
        Route("/referee/login", pages.login, methods=["POST"]),
        Route("/referee/logout", pages.logout, methods=["POST"]),
        Route("/referee/matches/{match}", pages.entry_page, methods=["GET", "POST"]),
        Route("/referee/matches/{match}/undo", pages.undo, methods=["POST"]),
        Route("/referee/matches/{match}/amend", pages.amend, methods=["POST"]),
        Route("/director", pages.director_page),
        Route("/director/{action}", pages.director_action, methods=["POST"]),
        Route("/api/matches/{match}", api.match),
        Route("/api/matches/{match}/entries", api.post_entry, methods=["POST"]),
        Route("/api/matches/{match}/stream", api.match_stream),
        Route("/api/events/{event}/standings", api.standings),
        Route("/api/events/{event}/stream", api.event_stream),
        Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    # Project and system errors are answered by the routes' handler (their status, their message);
    # anything else is a bug: a plain 500, its traceback in the server's log only.
    app = Starlette(routes=routes, exception_handlers={RefereeError: handle, OSError: handle, Exception: handle})
    app.state.web = Web(db, event, interval)
    return app
