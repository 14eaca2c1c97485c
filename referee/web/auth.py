"""Who may write: the token of an API call or of a signed-in page, the session cookie, CSRF, the
sign-in rate limit, and which matches a token may write to.

- The API takes ``Authorization: Bearer TOKEN``; pages take a sign-in form (the token typed or
  pasted) that sets a session cookie, ``HttpOnly`` and ``SameSite=Strict``, signed with a key the
  server draws at random when it starts and keeps in memory only: nothing on disk (the store, a
  backup of it, the settings) lets anyone forge a cookie, and a restart of the server ends every
  session (the referees sign in again with their tokens). The cookie names the token's holder and a
  prefix of the token's hash, so revoking the token (or issuing a new one to the same name) ends
  every session made with it.
- Every form carries a CSRF token equal to a random cookie of the browser (``referee_csrf``, also
  ``SameSite=Strict``); a POST without the pair is refused (403).
- Sign-in attempts are limited per client address: :data:`ATTEMPTS` failures in :data:`WINDOW`
  seconds, then 429 until the window has passed.
- Reading needs no token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import threading
import time
from collections import deque
from typing import TYPE_CHECKING

from referee.core.errors import NotFound
from referee.core.i18n import M
from referee.results.eventstate import event_state
from referee.store.tokens import Token
from referee.web.errors import BadForm, Forbidden, NotSignedIn, TooManyAttempts

if TYPE_CHECKING:
    from starlette.requests import Request

    from referee.store.api import MatchStore, TokensRepo
    from referee.tournament.state import EventState

SESSION = "referee_session"
CSRF = "referee_csrf"
ATTEMPTS = 5
WINDOW = 60.0
SESSION_DAYS = 2  # a club evening, and the morning after


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Sessions:
    """Signed session cookies: ``payload.signature``, the payload naming the token's holder. The
    signing key is this object's, drawn at random (one per server start), never written anywhere."""

    def __init__(self, tokens: TokensRepo) -> None:
        self.tokens = tokens
        self.key = secrets.token_bytes(32)

    def make(self, token: Token) -> str:
        payload = _b64(json.dumps({"n": token.name, "h": token.hash[:16], "t": int(time.time())},
                                  ensure_ascii=False).encode("utf-8"))
        return payload + "." + self._sign(payload)

    def _sign(self, payload: str) -> str:
        return _b64(hmac.new(self.key, payload.encode("ascii"), hashlib.sha256).digest())

    def token(self, cookie: str | None) -> Token | None:
        """The valid token a session cookie stands for, or None."""
        if not cookie or "." not in cookie:
            return None
        payload, signature = cookie.rsplit(".", 1)
        if not hmac.compare_digest(self._sign(payload), signature):
            return None
        try:
            data = json.loads(_unb64(payload))
            name, prefix, issued = str(data["n"]), str(data["h"]), int(data["t"])
        except (ValueError, KeyError, TypeError):
            return None
        if time.time() - issued > SESSION_DAYS * 86400:
            return None
        token = self.tokens.named(name)
        if token is None or not hmac.compare_digest(token.hash[:16], prefix):
            return None
        return token


class RateLimit:
    """At most *attempts* failures per client in *window* seconds (thread-safe)."""

    def __init__(self, attempts: int = ATTEMPTS, window: float = WINDOW) -> None:
        self.attempts, self.window = attempts, window
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def check(self, client: str) -> None:
        with self._lock:
            recent = self._recent(client)
            if len(recent) >= self.attempts:
                wait = int(self.window - (time.monotonic() - recent[0])) + 1
                raise TooManyAttempts(M("too many sign-in attempts from this device: try again in {seconds} s",
                                        seconds=wait))

    def failed(self, client: str) -> None:
        with self._lock:
            self._recent(client).append(time.monotonic())

    def _recent(self, client: str) -> deque[float]:
        q = self._failures.setdefault(client, deque())
        while q and time.monotonic() - q[0] > self.window:
            q.popleft()
        return q


def bearer(request: Request, tokens: TokensRepo) -> Token:
    """The valid token of an API call's ``Authorization: Bearer …``; 401 without one."""
    header = request.headers.get("authorization", "")
    kind, _, secret = header.partition(" ")
    if kind.lower() != "bearer" or not secret.strip():
        raise NotSignedIn(M("this needs a token: send Authorization: Bearer TOKEN (referee token add NAME)"))
    token = tokens.find(secret.strip())
    if token is None:
        raise NotSignedIn(M("the token is not valid (unknown or revoked)"))
    return token


def csrf_value(request: Request) -> str:
    """The browser's CSRF value (a new one when it has none; the page sets the cookie)."""
    value = request.cookies.get(CSRF)
    if value and len(value) >= 16:
        return value
    made: str | None = getattr(request.state, "csrf", None)
    if made is None:
        made = secrets.token_urlsafe(24)
        request.state.csrf = made
    return made


def check_csrf(request: Request, form_value: object) -> None:
    cookie = request.cookies.get(CSRF)
    if not cookie or not isinstance(form_value, str) or not hmac.compare_digest(cookie, form_value):
        raise BadForm(M("the form has expired or did not come from this site: reload the page and try again"))


def need_role(token: Token, role: str) -> None:
    if token.role != role:
        raise Forbidden(M("{name} signed in as {role}: this needs the {wanted} role", name=token.name,
                          role=token.role, wanted=role))


class EventStates:
    """Event states by id, read again only when the event's log changed (permissions are checked on
    every write)."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self._cache: dict[str, tuple[object, EventState]] = {}
        self._lock = threading.Lock()

    def get(self, event_id: str) -> EventState:
        log = self.store.event_log(event_id)
        sig = self.store.event_version(event_id)
        if sig is None:
            return event_state(log)  # names the event that is not there
        with self._lock:
            hit = self._cache.get(event_id)
        if hit is not None and hit[0] == sig:
            return hit[1]
        state = event_state(log)
        with self._lock:
            self._cache[event_id] = (sig, state)
        return state


def table_of(state: EventState, match_id: str) -> int | None:
    """The table number *match_id* was paired at in the event, or None if it is none of its matches."""
    for rnd in state.rounds:
        for t in rnd.tables:
            if t.match_id == match_id:
                return t.number
    return None


def may_write(token: Token, match_id: str, header_table: str | None, events: EventStates) -> bool:
    """Whether *token* writes to *match_id*: a match of its event at one of its tables (any table when
    it names none); with no event, a match at one of its tables by the header (any when none)."""
    if token.event is None:
        return not token.tables or (header_table is not None and header_table.strip().isdigit()
                                    and int(header_table) in token.tables)

    try:
        table = table_of(events.get(token.event), match_id)
    except NotFound:  # the token's event is not in this store: none of its matches are here
        return False
    if table is None:
        return False
    return token.role == "director" or not token.tables or table in token.tables


def check_write(token: Token, match_id: str, header_table: str | None, events: EventStates) -> None:
    if not may_write(token, match_id, header_table, events):
        if token.event is None:
            raise Forbidden(M("{name}'s token writes to tables {tables:list} only; match {match} is not one of them",
                              name=token.name, tables=list(token.tables), match=match_id))
        if token.tables and token.role != "director":
            raise Forbidden(M("{name}'s token writes to tables {tables:list} of event {event} only; match {match} "
                              "is not one of them",
                              name=token.name, tables=list(token.tables), event=token.event, match=match_id))
        raise Forbidden(M("{name}'s token writes to matches of event {event} only; match {match} is not one of them",
                          name=token.name, event=token.event, match=match_id))
