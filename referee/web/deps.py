"""What every request of one server shares, passed to the handlers: the store, the tokens, the sessions, the
live hub and the templates (:class:`Web`), found from a request by :func:`web`.

Its own module so that the routes (``pages``, ``api``, ``access``) take their dependencies from here and the
application (``app``) that lists the routes is imported by none of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from referee.store.api import Watching, open_store
from referee.web.auth import EventStates, RateLimit, Sessions
from referee.web.live import Follower, Hub

if TYPE_CHECKING:
    import jinja2
    from starlette.requests import Request

HERE = Path(__file__).resolve().parent
POOL = 8  # database connections of one server's request threads
PUSHED_INTERVAL = 1.0  # seconds between two looks of a watcher when the store pushes its changes


class Web:
    """What every request of one server shares."""

    def __init__(self, db: str | None, event: str | None = None, interval: float | None = None) -> None:
        import jinja2

        self.store = open_store(db)
        self.store.use_pool(POOL)  # the request threads share a few connections (a database store)
        self.event = event
        self.tokens = self.store.tokens()
        self.sessions = Sessions(self.tokens)
        self.limit = RateLimit()
        self.events = EventStates(self.store)
        # A store that pushes its changes (watch: PostgreSQL's NOTIFY) wakes the live pages itself; its watchers
        # then only look again now and then, in case a notification was lost with a connection.
        self.hub = _hub(interval, isinstance(self.store, Watching))
        self.follower = Follower(self.store, self.hub) if isinstance(self.store, Watching) else None
        self.env: jinja2.Environment = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(HERE / "templates")),
            autoescape=True, trim_blocks=True, lstrip_blocks=True)


def _hub(interval: float | None, pushes: bool) -> Hub:
    if interval is not None:
        return Hub(interval, threaded=pushes)
    return Hub(PUSHED_INTERVAL, threaded=True) if pushes else Hub()


def web(request: Request) -> Web:
    found: Web = request.app.state.web
    return found
