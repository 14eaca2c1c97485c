"""The JSON API: the CLI's JSON, byte for byte, and the one write of an entry.

- ``GET /api/matches/{id}`` → what ``referee replay ID --json`` prints;
- ``GET /api/events/{event}/standings`` → what ``referee event standings EVENT --json`` prints;
- ``GET /api/leagues/{league}/standings`` → what ``referee league standings LEAGUE --json`` prints;
- ``GET /api/ratings`` (``?event=E``, ``?league=L``) → what ``referee ratings [--event E | --league L] --json``
  prints;
- ``POST /api/matches/{id}/entries`` ``{"directive": "points 25", "after"?: seq, "client"?: id}`` with
  ``Authorization: Bearer TOKEN`` → 201 ``{"seq", "stored", "next"}``; 422 / 401 / 403 / 409 with
  ``{"error": {"line"?, "message", "message_zh"}}``, nothing stored; a *client* id already stored with an entry of
  the match (a resend after a lost answer) → 201 with that entry, nothing stored again; a 409 of a request naming
  one also says what stands in the place it was made for;
- ``GET /api/matches/{id}/stream`` → server-sent events, one per stored entry (``id:`` its seq,
  ``data:`` its seq, kind and directive), ``Last-Event-ID`` (or ``?after=N``) catching up;
- ``GET /api/events/{event}/stream`` → an event whenever the event's log or a match changed.

The JSON's language (the explanations') is ``?lang=``, else ``$REFEREE_LANG``, else English: the
CLI's own choice, so that the two are the same.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response

from referee.core.errors import UsageError
from referee.core.i18n import M
from referee.core.lang import language
from referee.core.names import check_id
from referee.store.errors import MovedOn
from referee.web import writes
from referee.web.access import Authorised, OnThread
from referee.web.cache import event_version, league_version, match_version
from referee.web.data import checked_match, league_json, match_json, ratings_json, standings_json
from referee.web.deps import Web, web
from referee.web.errors import BadRequest, TooLarge, short

if TYPE_CHECKING:
    from collections.abc import AsyncIterator, Callable

    from starlette.requests import Request

    from referee.store.api import MatchStore
    from referee.store.chain import StoredEntry
    from referee.store.memo import Memo
    from referee.store.tokens import Token

EXAMPLE = '{"directive": "points 25"}'
MAX_BODY = 64 * 1024  # bytes of an entry's JSON body: a directive is a line
SEQ = re.compile(r"[0-9]{1,9}")  # a seq as a client sends it back (Last-Event-ID, ?after=)
PING = 15.0  # seconds between keep-alive comments of a stream


def json_lang(request: Request) -> str:

    return language(request.query_params.get("lang") or None)


def _json(text: str, status: int = 200) -> Response:
    return Response(text, status_code=status, media_type="application/json")


async def _kept_json(request: Request, key: tuple[str, ...], version: Callable[[], object],
                     render: Callable[[], str]) -> Response:
    """A JSON body kept per store version (:mod:`referee.web.cache`): *version* and, when it moved, *render* run on
    a worker thread (both read the store)."""
    w = web(request)

    def body() -> str:
        found: str = w.renders.through(key, version(), render)
        return found

    return _json(await run_in_threadpool(body))


async def match(request: Request) -> Response:

    w = web(request)
    lang = json_lang(request)
    match_id = check_id(request.path_params["match"], "match")
    return await _kept_json(request, ("api-match", match_id, lang), lambda: match_version(w.store, match_id),
                            lambda: match_json(w.store, match_id, lang))


async def standings(request: Request) -> Response:

    w = web(request)
    event_id = check_id(request.path_params["event"], "event")
    return await _kept_json(request, ("api-standings", event_id), lambda: event_version(w.store, w.events, event_id),
                            lambda: standings_json(w.store, event_id))


async def league_standings(request: Request) -> Response:

    w = web(request)
    league_id = check_id(request.path_params["league"], "league")
    return await _kept_json(request, ("api-league", league_id),
                            lambda: league_version(w.store, w.events, league_id),
                            lambda: league_json(w.store, league_id))


async def ratings(request: Request) -> Response:

    w = web(request)
    return _json(await run_in_threadpool(ratings_json, w.store, request.query_params.get("event") or None,
                                         request.query_params.get("league") or None))


def _after(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise UsageError(M("\"after\" is the seq of the latest entry the client knew of (a number), not {value}",
                           value=short(json.dumps(value))))
    return value


async def _post_entry(request: Request, authorised: Authorised) -> Response:
    """A directive POSTed by a phone or a program: authorised, read, checked and stored on one worker thread."""
    w = web(request)
    raw = await _body_bytes(request)

    def write() -> tuple[dict[str, Any], Any]:
        token = authorised()  # referee.web.access: the bearer token, which writes to this match (401/403 first)
        match_id: str = request.state.scope["match"]
        body = _json_body(raw)
        if not isinstance(body, dict) or not isinstance(body.get("directive"), str):
            raise UsageError(M("the body names no directive: send {example}", example=EXAMPLE))
        return _write(w, token, match_id, body)

    answer, loaded = await run_in_threadpool(write)
    w.hub.published(("match", request.state.scope["match"]), loaded)
    return JSONResponse(answer, status_code=201)


post_entry = OnThread(_post_entry)


def _write(w: Web, token: Token, match_id: str, body: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """Store the entry *body* asks for (on a worker thread) and load the match's live rows: (the answer, the rows)."""
    after = _after(body.get("after"))
    client = writes.client_of(body.get("client"))  # a phone's queued entry (issue 32): stored once
    text: str = body["directive"]
    key = ("match", match_id)

    def stored() -> dict[str, Any]:
        with writes.once(w.store, match_id, client) as found:
            if found is not None:  # sent again after a lost answer: the entry stored, answered as the first time
                from referee.app.recording import game_state

                now = game_state(w.store, match_id)
                return {"seq": found["seq"], "stored": found["directive"],
                        "next": list(now.game.entry_next(now.result))}
            done = writes.enter(w.store, match_id, text, token.name, after, memo=w.memo)  # every game's use case
            assert done.game is not None
            return {"seq": done.entries[-1]["seq"], "stored": done.entries[-1]["directive"],
                    "next": list(done.game.entry_next(done.after))}

    try:
        answer = stored()
    except MovedOn as e:
        place = writes.in_its_place(w.store, match_id, after) if client is not None else None
        if place is None:
            raise
        from referee.web.words import WORDS

        said = WORDS["superseded"].bind(mine=text, seq=place["seq"], entry=writes.entry_words(place),
                                        referee=place["referee"])
        raise MovedOn(M("{refusal}; {superseded}", refusal=e.msg,
                        superseded=said)) from None
    try:  # the match's live rows loaded here, on this thread, for its viewers: no look, no other hop
        return answer, w.hub.loaded(key)
    except Exception:  # the rows could not be loaded (a hand edit just now): the hub's next look does it
        return answer, None


async def _body_bytes(request: Request) -> bytes | TooLarge:
    """An entry's body, at most :data:`MAX_BODY` bytes; past that, the 413 to answer once the request is
    authorised (a request without its token hears 401 whatever it sent)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            return TooLarge(M("the body is larger than {n} bytes: send one directive, {example}", n=MAX_BODY,
                              example=EXAMPLE))
        chunks.append(chunk)
    return b"".join(chunks)


def _json_body(raw: bytes | TooLarge) -> object:
    """The JSON of an entry's body (:func:`_body_bytes`): 413 past its bound, nested no deeper than the parser goes
    (400), JSON (422)."""
    if isinstance(raw, TooLarge):
        raise raw
    try:
        return json.loads(raw)
    except RecursionError:
        raise BadRequest(M("the body is nested too deeply to read: send {example}", example=EXAMPLE)) from None
    except ValueError:
        raise UsageError(M("the body is not JSON: send {example}", example=EXAMPLE)) from None


def _row(e: StoredEntry) -> dict[str, Any]:
    """An entry as the stream sends it."""
    return {"seq": e["seq"], "kind": e["kind"], "directive": e["directive"], "target": e.get("target"),
            "referee": e["referee"]}


def _event(e: StoredEntry) -> bytes:
    """An entry as the stream sends it, encoded once as its server-sent event (``id:`` its seq, ``data:`` its
    row's JSON): every viewer of the match is sent these very bytes."""
    from sse_starlette.event import ServerSentEvent

    return ServerSentEvent(json.dumps(_row(e), ensure_ascii=False), id=str(e["seq"])).encode()


def stream_rows(store: MatchStore | Memo, match_id: str) -> Callable[[], list[bytes]]:
    """A load of a match's entries as the stream sends them (each its encoded event, :func:`_event`) that
    encodes only the entries new since its last load: the events made are kept while the entries they came
    from are still the match's first (the chain's hash of the last of them is where it was). Its watcher
    runs one load at a time (``live.Watcher``)."""
    rows: list[bytes] = []
    last = [""]

    def load() -> list[bytes]:
        entries = store.entries(match_id)
        n = len(rows)
        if not (n and n <= len(entries) and entries[n - 1]["hash"] == last[0]):
            del rows[:]
        rows.extend(_event(e) for e in entries[len(rows):])
        last[0] = entries[-1]["hash"] if entries else ""
        return list(rows)

    return load


def _start(request: Request) -> int | None:
    """The seq a stream starts after: ``Last-Event-ID`` (a reconnecting browser), else ``?after=``;
    None for neither; anything but a seq is a 400."""
    header = request.headers.get("last-event-id")
    name, text = ("Last-Event-ID", header) if header is not None else ("after", request.query_params.get("after"))
    if text is None or not text.strip():
        return None
    if not SEQ.fullmatch(text.strip()):
        raise BadRequest(M("{name}: the seq of the latest entry the client has (a number), not {value}", name=name,
                           value=short(text.strip())))
    return int(text)


async def match_stream(request: Request) -> Response:
    from sse_starlette.sse import EventSourceResponse


    w = web(request)
    match_id = await run_in_threadpool(checked_match, w.store, request.path_params["match"])
    start = _start(request)
    memo = w.memo

    async def events() -> AsyncIterator[bytes]:
        async with w.hub.watching(("match", match_id), stream_rows(memo, match_id)) as watch:
            rows: list[bytes] = watch.data or []
            sent = len(rows) if start is None else min(start, len(rows))
            seen = watch.version
            while True:
                rows = watch.data or []
                if len(rows) < sent:  # the match was replaced (import --replace): follow the new one
                    sent = len(rows)
                if len(rows) > sent:  # the new entries' events, encoded once for all viewers, in one send
                    yield b"".join(rows[sent:])
                sent = len(rows)
                seen = await watch.wait(seen)

    return EventSourceResponse(events(), ping=int(PING))


async def event_stream(request: Request) -> Response:
    from sse_starlette.sse import EventSourceResponse


    w = web(request)
    event_id = check_id(request.path_params["event"], "event")
    log = w.store.event_log(event_id)
    if not log.exists():
        from referee.results.eventstate import event_state

        await run_in_threadpool(event_state, log)  # names the event that is not there

    async def events() -> AsyncIterator[dict[str, Any]]:
        async with w.hub.watching(("event", event_id), lambda: None) as watch:
            seen = watch.version
            while True:  # a wait without a timeout returns a newer version only
                seen = await watch.wait(seen)
                yield {"id": str(seen), "data": "changed"}

    return EventSourceResponse(events(), ping=int(PING))
