"""What every request of one server shares, passed to the handlers: the store, the tokens, the sessions, the
live hub and the templates (:class:`Web`), found from a request by :func:`web`.

Its own module so that the routes (``pages``, ``api``, ``access``) take their dependencies from here and the
application (``app``) that lists the routes is imported by none of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from referee.store.api import open_store
from referee.store.memo import Memo
from referee.web.auth import EventStates, RateLimit, Sessions
from referee.web.cache import Renders
from referee.web.live import INTERVAL, Hub

if TYPE_CHECKING:
    import jinja2
    from starlette.requests import Request

HERE = Path(__file__).resolve().parent
POOL = 8  # database connections of one server's request threads
PUSH_WAIT = 1.0  # seconds a look waits in watch() for a change when the store pushes its changes


class Web:
    """What every request of one server shares."""

    def __init__(self, db: str | None, event: str | None = None, interval: float | None = None,
                 base: str | None = None) -> None:
        import jinja2

        self.store = open_store(db)
        self.store.use_pool(POOL)  # the request threads share a few connections (a database store)
        self.event = event
        self.base = base  # the address phones open (referee serve's first), for sign-in links; None: the request's
        self.memo = Memo(self.store)  # the matches this server writes, as last written: no re-read per entry
        self.renders = Renders()  # pages and JSON by the store version they show (referee.web.cache)
        self.tokens = self.store.tokens()
        self.sessions = Sessions(self.tokens)
        self.limit = RateLimit()
        self.events = EventStates(self.store)
        # A store that pushes its changes (PostgreSQL's NOTIFY) is asked to wait for them (the hub's look blocks
        # in watch() on a thread of its own); a folder is looked at every interval.
        self.hub = Hub(self.store, INTERVAL if interval is None else interval,
                       PUSH_WAIT if self.store.pushes else 0.0)
        self.env: jinja2.Environment = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(HERE / "templates")),
            autoescape=True, trim_blocks=True, lstrip_blocks=True)


def web(request: Request) -> Web:
    found: Web = request.app.state.web
    return found
