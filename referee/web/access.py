"""Who may do what on the venue server: ONE table (:data:`RULES`, action × role × scope) and ONE
function (:func:`authorise`) that every route goes through before its handler runs.

:func:`make_app <referee.web.app.make_app>` builds each route with :func:`guarded`, naming its
action; an action without a rule cannot be built into a route. The handler then finds the token
(or None for a visitor) in ``request.state.token``, and a POSTed page form, its CSRF value checked,
in ``request.state.form``.

A token's scope is its event (``None``: the whole store) and, for a referee, its tables:

=========  ===================  ==============================================================
action     roles                scope checked
=========  ===================  ==============================================================
read       anyone               —
sign-in    anyone               — (the form's CSRF value)
write      referee, director    the match of the path: a match of the token's event, at one of
                                its tables (``referee.web.auth.may_write``)
direct     director             — (the director's page shows its own scope only)
pair       director             the event of the form (else the token's, else the server's)
close      director             the same
issue      director             the event the new token is for (a scoped director issues
                                tokens of its own event only, never a store-wide one)
assign     director             the holder's current event, and the event it is moved to
revoke     director             the holder's event
link       director             the holder's event (a new one-time sign-in QR code)
download   director             the event of the path (an event's sheets, report, workbook)
entry      director             the event of the form (a pair entered)
withdraw   director             the event of the form (a pair withdrawn)
=========  ===================  ==============================================================

A token of a club (``referee token add --club C``) acts, on top of the above, on the events a league names at
club C only (:func:`check_club`): a club director manages its venue's events, a league director (no club) all.
A director of event E acts on E only: a token of no event (store-wide) is outside every event's
scope, so only a store-wide director touches it. The API takes ``Authorization: Bearer``; pages
take the session cookie. No token where one is needed is 401; a role or scope the token does not
have is 403; a form without its CSRF value is 403.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, NamedTuple

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from referee.core.errors import NotFound
from referee.core.i18n import M
from referee.core.names import check_id
from referee.web.auth import SESSION, bearer, check_csrf, check_write, need_role, table_of
from referee.web.data import checked_match
from referee.web.deps import Web
from referee.web.errors import Forbidden, NotSignedIn, TooLarge

if TYPE_CHECKING:
    from starlette.datastructures import FormData
    from starlette.responses import Response
    from starlette.types import ASGIApp, Receive, Scope, Send

    from referee.store.tokens import Token

Handler = Callable[["Request"], Awaitable["Response"]]
Authorised = Callable[[], "Token"]


class OnThread(NamedTuple):
    """A route's handler that does its work on a worker thread and is handed its authorisation to run there first
    (*handler(request, authorised)*: ``authorised()`` checks what :func:`authorise` checks, sets
    ``request.state.token`` and ``.scope`` and returns the token, or raises the same 401/403/404): one trip to a
    worker thread per request instead of two (~0.1 ms of CPU each; the API's POST of an entry, a phone's every
    directive). For an action with roles whose requests carry no form (the API's bearer token)."""

    handler: Callable[[Request, Authorised], Awaitable[Response]]


# What a rule's scope is checked against.
NONE = "none"  # nothing beyond the role
MATCH = "match"  # the path's match: the token writes to it
EVENT = "event"  # the form's event (else the token's, else the server's): within the token's scope
ISSUE = "issue"  # the event of the token to be made: within the issuer's scope
HOLDER = "holder"  # the named holder's token (and the event it is moved to): within the token's scope


MAX_FORM = 64 * 1024  # bytes of a page's form: a few fields typed on a phone


class Rule(NamedTuple):
    roles: tuple[str, ...]  # the roles that may; () is anyone, no token needed
    scope: str


DIRECTOR = ("director",)
RULES: dict[str, Rule] = {
    "read": Rule((), NONE),
    "sign-in": Rule((), NONE),
    "write": Rule(("referee", "director"), MATCH),
    "direct": Rule(DIRECTOR, NONE),
    "pair": Rule(DIRECTOR, EVENT),
    "close": Rule(DIRECTOR, EVENT),
    "issue": Rule(DIRECTOR, ISSUE),
    "assign": Rule(DIRECTOR, HOLDER),
    "revoke": Rule(DIRECTOR, HOLDER),
    "link": Rule(DIRECTOR, HOLDER),  # a new one-time sign-in QR code for a holder (referee.web.signin)
    "download": Rule(DIRECTOR, NONE),  # the event of the path: checked by the handler (referee.web.directing)
    "entry": Rule(DIRECTOR, EVENT),  # add a pair to the form's event
    "withdraw": Rule(DIRECTOR, EVENT),  # withdraw a pair of the form's event
}


def covers(token: Token, event: str | None) -> bool:
    """Whether *event* (None: the whole store) is within *token*'s scope."""
    return token.event is None or token.event == event


def _outside(token: Token, event: str | None) -> Forbidden:
    if event is None:
        return Forbidden(M("{name}'s token is for event {event} only: this concerns the whole store", name=token.name,
                           event=token.event))
    return Forbidden(M("{name}'s token is for event {event} only, not {other}", name=token.name, event=token.event,
                       other=event))


def _field(form: FormData | None, name: str) -> str:
    value = form.get(name) if form is not None else None
    return value.strip() if isinstance(value, str) else ""


def _scoped_event(token: Token, event: str | None) -> str | None:
    """*event* checked against *token*'s scope first (403), then as an id (422)."""
    if not covers(token, event):
        raise _outside(token, event)
    return None if event is None else check_id(event, "event")


def check_club(w: Web, token: Token, event: str | None, match_id: str | None = None) -> None:
    """A club's token (``token add --club``) acts on the events a league names at its club only: *event*, else the
    event whose match *match_id* is (a 403 naming the club otherwise); a token of no club: every event."""
    if token.club is None:
        return
    events = {e.event for lg in w.store.leagues().all() for e in lg.events if e.club == token.club}
    if event is not None:
        if event not in events:
            raise Forbidden(M("{name}'s token is for the events of club {club} only, not {event}", name=token.name,
                              club=token.club, event=event))
        return
    if match_id is not None:
        if not any(table_of(w.events.get(e), match_id) is not None for e in sorted(events)):
            raise Forbidden(M("{name}'s token writes to the matches of club {club}'s events only; match {match} is "
                              "not one of them", name=token.name, club=token.club, match=match_id))
        return
    raise Forbidden(M("{name}'s token is for the events of club {club} only: this concerns the whole store",
                      name=token.name, club=token.club))


def check_scope(w: Web, token: Token, rule: Rule, match: str | None, form: FormData | None) -> dict[str, object]:
    """The scope check of *rule* for *token* (reads the store: run off the event loop). Returns what
    was resolved for the handler (the match id, the event, the holder's token)."""
    if rule.scope == MATCH:
        assert match is not None
        match_id = check_id(match, "match")
        header = w.memo.known_header(match_id)  # its file as this server last wrote it: there, its header known
        if header is None:  # else whether it is there (404), then its header, as the store reads them
            match_id = checked_match(w.store, match_id)
        table = None if token.event is not None else (header or w.store.header(match_id)).table
        check_write(token, match_id, table, w.events)
        check_club(w, token, None, match_id)
        return {"match": match_id}
    if rule.scope == EVENT:
        event = _field(form, "event") or token.event or w.event
        if not event:
            raise Forbidden(M("name the event (the form's event field)"))
        scoped = _scoped_event(token, event)
        check_club(w, token, scoped)
        return {"event": scoped}
    if rule.scope == ISSUE:
        scoped = _scoped_event(token, _field(form, "event") or token.event)
        check_club(w, token, scoped)
        return {"event": scoped}
    if rule.scope == HOLDER:
        name = _field(form, "name")
        holder = w.tokens.named(name)
        if holder is None:
            raise NotFound(M("no valid token named {name} (see referee token list)", name=name))
        if not covers(token, holder.event):
            raise _outside(token, holder.event)
        check_club(w, token, holder.event)
        moved = _field(form, "event")
        scoped = _scoped_event(token, moved) if moved else None
        if scoped is not None:
            check_club(w, token, scoped)
        return {"holder": holder, "event": scoped}
    return {}


def _token(w: Web, request: Request) -> Token | None:
    """The token of the request: the API's bearer token, a page's session; None for a visitor."""
    if request.url.path.startswith("/api/"):
        return bearer(request, w.tokens)
    return w.sessions.token(request.cookies.get(SESSION))


def _signed_in(w: Web, request: Request, rule: Rule) -> Token:
    """The request's token, of one of *rule*'s roles (401, 403 otherwise)."""
    token = _token(w, request)
    if token is None:
        raise NotSignedIn(M("sign in first: open /referee and type your token"))
    if token.role not in rule.roles:
        need_role(token, rule.roles[0])
    return token


def _signed_in_scope(w: Web, request: Request, rule: Rule) -> tuple[Token, dict[str, object]]:
    """:func:`_signed_in`, then :func:`check_scope` without a form: one trip to a worker thread, not two."""
    token = _signed_in(w, request, rule)
    return token, check_scope(w, token, rule, request.path_params.get("match"), None)


async def authorise(request: Request, action: str) -> Token | None:
    """Allow *request* to do *action*, or raise (401, 403, 404): the one check of every route."""
    w: Web = request.app.state.web
    rule = RULES[action]
    token: Token | None = None
    page_post = request.method == "POST" and not request.url.path.startswith("/api/")
    if rule.roles and not page_post:  # no form to read between the token and its scope: both in one go
        token, request.state.scope = await run_in_threadpool(_signed_in_scope, w, request, rule)
        return token
    if rule.roles:
        token = await run_in_threadpool(_signed_in, w, request, rule)
    form: FormData | None = None
    if page_post:
        length = request.headers.get("content-length", "")
        if length.isascii() and length.isdigit() and (len(length) > 9 or int(length) > MAX_FORM):
            raise TooLarge(M("the form is larger than {n} bytes", n=MAX_FORM))
        form = await request.form()
        check_csrf(request, form.get("csrf"))
        request.state.form = form
    if token is None:
        return None
    found = await run_in_threadpool(check_scope, w, token, rule, request.path_params.get("match"), form)
    request.state.scope = found
    return token


def guarded(action: str, handler: Handler | OnThread) -> Handler:
    """*handler* behind :func:`authorise` for *action* (a KeyError here, at start-up, for an action
    without a rule); an :class:`OnThread` handler is handed the same check to run on its own thread."""
    if action not in RULES:
        raise KeyError(f"no rule for the action {action!r} in referee.web.access.RULES")
    if isinstance(handler, OnThread):
        return _on_thread(action, handler)

    async def endpoint(request: Request) -> Response:
        request.state.token = await authorise(request, action)
        return await handler(request)

    endpoint.__name__ = handler.__name__
    endpoint.__doc__ = handler.__doc__
    return endpoint


def _on_thread(action: str, on_thread: OnThread) -> Handler:
    rule = RULES[action]
    if not rule.roles:
        raise ValueError(f"the action {action!r} needs no token: its handler has nothing to check on its thread")
    handler = on_thread.handler

    async def endpoint(request: Request) -> Response:
        w: Web = request.app.state.web

        def authorised() -> Token:
            token, request.state.scope = _signed_in_scope(w, request, rule)
            request.state.token = token
            return token
        return await handler(request, authorised)

    endpoint.__name__ = handler.__name__
    endpoint.__doc__ = handler.__doc__
    return endpoint


class GuardedApp:
    """An ASGI application (the static files' ``Mount``) behind :func:`authorise` for *action*."""

    def __init__(self, action: str, app: ASGIApp) -> None:
        if action not in RULES:
            raise KeyError(f"no rule for the action {action!r} in referee.web.access.RULES")
        self.action, self.app = action, app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            request = Request(scope, receive)
            request.state.token = await authorise(request, self.action)
        await self.app(scope, receive, send)
