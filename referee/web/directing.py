"""The director on a phone (issue 19 item 14): the event's files as downloads, an entry added, a pair withdrawn.
Signing in, each table's state, pairing and closing are on the director's page (``referee.web.pages``).

Each goes through the use cases the CLI's ``event sheet | report | export``, ``event add`` and
``event withdraw`` use (``referee.app.downloads``, ``referee.app.director``, ``referee.app.entrants``); the rights
are checked by ``referee.web.access`` (the form's event within the token's scope; a download's event the same, here).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from referee.app import director, downloads, entrants
from referee.core.errors import RefereeError, UsageError
from referee.core.i18n import M, tr
from referee.core.names import check_id
from referee.web.access import covers
from referee.web.deps import Web, web
from referee.web.errors import Forbidden, message_of, status_of
from referee.web.pages import director_page, form_of, form_text, lang_of, scope_of, signed_in
from referee.web.words import WORDS

if TYPE_CHECKING:
    from starlette.requests import Request

    from referee.store.tokens import Token

TYPES = {".pdf": "application/pdf", ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}


def _file(w: Web, event_id: str, kind: str, lang: str) -> tuple[str, bytes]:
    with tempfile.TemporaryDirectory(prefix="referee-download-") as folder:
        path = downloads.write(w.store, event_id, kind, Path(folder), lang)
        return path.name, path.read_bytes()


async def download(request: Request) -> Response:
    token: Token = signed_in(request)
    event_id = check_id(request.path_params["event"], "event")
    if not covers(token, event_id):
        raise Forbidden(M("{name}'s token is for event {event} only, not {other}", name=token.name, event=token.event,
                          other=event_id))
    lang = lang_of(request)
    name, data = await run_in_threadpool(_file, web(request), event_id, request.path_params["kind"], lang)
    return Response(data, media_type=TYPES[Path(name).suffix],
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def _entered(w: Web, token: Token, form: Any, event: str, lang: str) -> dict[str, Any]:
    fields = {k: form_text(form, k).strip() for k in ("pair", "player1", "player2", "club")}
    for key, word in (("pair", "pair_id"), ("player1", "player1"), ("player2", "player2")):
        if not fields[key]:
            raise UsageError(M("{field}: fill it in", field=WORDS[word]))
    pair = director.checked_pair(fields["pair"], fields["player1"], fields["player2"], fields["club"])
    director.add_pairs(w.store, event, [pair], token.name)
    return {"done": tr(lang, "pair {pair} entered: {player1}, {player2}", pair=pair.code, player1=pair.player1,
                       player2=pair.player2)}


def _withdrawn(w: Web, token: Token, form: Any, event: str, lang: str) -> dict[str, Any]:
    code, reason = form_text(form, "pair").strip(), form_text(form, "reason").strip()
    if not reason:
        raise UsageError(M("withdraw: give the reason (it is kept in the event's log)"))
    entrants.withdraw(w.store, event, code, reason, token.name)
    return {"done": tr(lang, "pair {pair} withdrawn: it is not paired again", pair=code)}


async def _act(request: Request, do: Any) -> Response:
    token = signed_in(request)
    w = web(request)
    lang = lang_of(request)
    try:
        result = await run_in_threadpool(do, w, token, form_of(request), scope_of(request)["event"], lang)
    except RefereeError as e:
        status = status_of(e)
        if status in (401, 403, 404, 503):
            raise
        return await director_page(request, code=status, rejection=message_of(e).text(lang))
    w.hub.poke_all()
    return await director_page(request, **result)


async def add_entry(request: Request) -> Response:
    return await _act(request, _entered)


async def withdraw(request: Request) -> Response:
    return await _act(request, _withdrawn)
