"""What every request of one server shares, passed to the handlers: the store, the tokens, the sessions, the
live hub and the templates (:class:`Web`), found from a request by :func:`web`.

Its own module so that the routes (``pages``, ``api``, ``access``) take their dependencies from here and the
application (``app``) that lists the routes is imported by none of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from referee.store.api import open_store
from referee.store.tokens import Tokens
from referee.web.auth import EventStates, RateLimit, Sessions
from referee.web.live import Hub

if TYPE_CHECKING:
    import jinja2
    from starlette.requests import Request

HERE = Path(__file__).resolve().parent


class Web:
    """What every request of one server shares."""

    def __init__(self, db: str | None, event: str | None = None, interval: float | None = None,
                 base: str | None = None) -> None:
        import jinja2

        self.store = open_store(db)
        self.root = self.store.root
        self.event = event
        self.base = base  # the address phones open (referee serve's first), for sign-in links; None: the request's
        self.tokens = Tokens(self.root)
        self.sessions = Sessions(self.tokens)
        self.limit = RateLimit()
        self.events = EventStates(self.root)
        self.hub = Hub(self.store) if interval is None else Hub(self.store, interval)
        self.env: jinja2.Environment = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(HERE / "templates")),
            autoescape=True, trim_blocks=True, lstrip_blocks=True)


def web(request: Request) -> Web:
    found: Web = request.app.state.web
    return found
