"""The pages: Chinese by default (``?lang=en`` switches, a cookie keeps it), phone-first, every word
from the catalogue (``referee.web.words`` and the views the CLI prints), every value escaped
(Jinja2's autoescape).

Reading needs no token. The referee's pages need a session (``/referee`` signs in with a token);
the director's need a director's. Every form carries the CSRF value of the browser's cookie, and
the entry form the seq it was built on (``after``), so a double tap stores once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from referee.app import director
from referee.app.answers import command_of
from referee.app.recording import GameRecorded, Recorded
from referee.core.errors import RefereeError, UsageError
from referee.core.i18n import M, Msg, languages, listed, literal, normalize, tr
from referee.core.lang import SHORT
from referee.core.names import check_id
from referee.store.errors import MovedOn
from referee.store.tokens import parse_tables
from referee.views import storedtext
from referee.views.eventtext import close_preview_lines
from referee.web import pad, writes
from referee.web.access import covers
from referee.web.api import SEQ
from referee.web.auth import CSRF, SESSION, SESSION_DAYS, csrf_value
from referee.web.cache import event_version, home_version, league_version, leagues_version, match_version
from referee.web.data import (
    event_view,
    league_view,
    leagues_view,
    match_view,
    ratings_view,
    remarks_view,
)
from referee.web.deps import Web, web
from referee.web.errors import NotSignedIn, error_json, log, message_of, short, status_of
from referee.web.headers import secured
from referee.web.links import new_link
from referee.web.words import WORDS, words

if TYPE_CHECKING:
    from starlette.datastructures import FormData
    from starlette.requests import Request

    from referee.games.api import Game
    from referee.store.chain import StoredEntry
    from referee.store.tokens import Token

# Every catalogue shipped is a language of the pages (core.lang's short names: zh for zh_CN); no code names a
# further one. The switch at the top offers Chinese ↔ English, and each further language by its own name.
LANGS = tuple(SHORT.get(name, name) for name in languages())
OTHER = {"zh": "en", "en": "zh"}  # the first switch; any further language switches to English
LANGUAGE_NAME = M("English")  # worded by each catalogue in its own language
T = TypeVar("T")  # what a phone's write stored (stored_once)


def html_lang(lang: str) -> str:
    """The page's ``lang`` attribute: zh-CN, zh-TW, en."""
    return (normalize(lang) or lang).replace("_", "-")
LANG_COOKIE = "referee_lang"


def lang_of(request: Request) -> str:
    asked = request.query_params.get("lang")
    if asked in LANGS:
        return asked
    kept = request.cookies.get(LANG_COOKIE)
    return kept if kept in LANGS else "zh"


def web_of(request: Request) -> Web:

    return web(request)


def _html(w: Web, template: str, here: str, lang: str, csrf: str, signed: Token | None, **context: Any) -> str:
    other = OTHER.get(lang, "en")
    more = [{"href": f"{here}?lang={code}", "lang": html_lang(code), "name": LANGUAGE_NAME.text(code)}
            for code in LANGS if code not in (lang, other)]
    return w.env.get_template(template).render(
        _=words(lang), lang=lang, html_lang=html_lang(lang), csrf=csrf,
        switch=f"{here}?lang={other}", languages=more, signed=signed, **context)


def render(request: Request, template: str, code: int = 200, **context: Any) -> HTMLResponse:

    csrf = csrf_value(request)
    html = _html(web_of(request), template, request.url.path, lang_of(request), csrf, _signed(request), **context)
    return _respond(request, html, code, csrf)


def _respond(request: Request, html: str, code: int, csrf: str) -> HTMLResponse:
    """A page's response, with the browser's CSRF and language cookies set when they are not."""
    lang = lang_of(request)
    response = HTMLResponse(html, status_code=code)
    if request.cookies.get(CSRF) != csrf:
        response.set_cookie(CSRF, csrf, httponly=True, samesite="strict", path="/")
    if request.query_params.get("lang") in LANGS and request.cookies.get(LANG_COOKIE) != lang:
        response.set_cookie(LANG_COOKIE, lang, samesite="strict", path="/", max_age=365 * 86400)
    return response


def error_page(request: Request, message: Msg, status: int) -> Response:
    lang = lang_of(request)
    return render(request, "error.html", code=status, message=message.text(lang), status_code=status)


def _signed(request: Request) -> Token | None:
    try:
        return web_of(request).sessions.token(request.cookies.get(SESSION))
    except Exception:  # a broken tokens file: the page shows as to a visitor not signed in
        return None


def signed_in(request: Request) -> Token:
    """The token ``referee.web.access.authorise`` let this request through with."""
    token: Token | None = getattr(request.state, "token", None)
    if token is None:
        raise NotSignedIn(M("sign in first: open /referee and type your token"))
    return token


def form_of(request: Request) -> FormData:
    """The form of a POST, its CSRF value checked by ``referee.web.access.authorise``."""
    form: FormData = request.state.form
    return form


def scope_of(request: Request) -> dict[str, Any]:
    """What ``referee.web.access.authorise`` resolved: the match id, the event, the holder's token."""
    found: dict[str, Any] = getattr(request.state, "scope", {})
    return found


def _hx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


# --- reading ----------------------------------------------------------------------------------------

def _home_data(w: Web, lang: str) -> dict[str, Any]:
    from referee.games.registry import named

    events = []
    for event_id in w.store.event_ids():
        try:
            name = w.events.get(event_id).settings.name
        except Exception:  # an event log that cannot be read is listed by its id
            name = ""
        events.append({"id": event_id, "name": name})
    return {"games": named(lang), "events": events, "matches": w.store.summaries()}


async def _cached_page(request: Request, template: str, version: Callable[[], object],
                       build: Callable[[str], dict[str, Any]]) -> Response:
    """A read-only page, kept per store version (``referee.web.cache``): rendered again only when *version*
    (asked first) moved on; its key names the page (template and path), the language and who asks. These
    pages carry no form, so no browser's CSRF value is in what is kept."""
    w = web_of(request)
    lang = lang_of(request)
    here = request.url.path
    signed = _signed(request)
    who = None if signed is None else (signed.role, signed.name)

    def page() -> str:
        def compute() -> str:
            return _html(w, template, here, lang, "", signed, **build(lang))

        found: str = w.renders.through((template, here, lang, who), version(), compute)
        return found

    html = await run_in_threadpool(page)
    return _respond(request, html, 200, csrf_value(request))


async def home(request: Request) -> Response:
    w = web_of(request)
    return await _cached_page(request, "home.html", lambda: home_version(w.store), lambda lang: _home_data(w, lang))


async def _view(request: Request, kind: str, template: str) -> Response:
    """A read-only page (or its live fragment) of an event or a match: built off the event loop, kept per
    version of what it shows."""

    w = web_of(request)
    if kind == "event":
        event_id = check_id(request.path_params["event"], "event")
        return await _cached_page(request, template, lambda: event_version(w.store, w.events, event_id),
                                  lambda lang: event_view(w.store, event_id, lang))
    match_id = check_id(request.path_params["match"], "match")
    return await _cached_page(request, template, lambda: match_version(w.store, match_id),
                              lambda lang: match_view(w.store, match_id, lang))


async def ratings_page(request: Request) -> Response:
    """The club ladder (``referee ratings``; ``?event=E``: that event's matches only; ``?league=L``: the matches
    of that league's events)."""
    w = web_of(request)
    view = await run_in_threadpool(ratings_view, w.store, request.query_params.get("event") or None,
                                   lang_of(request), request.query_params.get("league") or None)
    return render(request, "ratings.html", **view)


async def leagues_page(request: Request) -> Response:
    """Every league of the store, each linked to its standings."""
    w = web_of(request)
    return await _cached_page(request, "leagues.html", lambda: leagues_version(w.store),
                              lambda lang: leagues_view(w.store))


async def league_page(request: Request) -> Response:
    """A league's season standings and its events (``referee league standings``), kept per version of the league
    and of each of its events."""
    w = web_of(request)
    league_id = check_id(request.path_params["league"], "league")
    return await _cached_page(request, "league.html", lambda: league_version(w.store, w.events, league_id),
                              lambda lang: league_view(w.store, league_id, lang))


async def event_page(request: Request) -> Response:
    return await _view(request, "event", "event.html")


async def event_live(request: Request) -> Response:
    return await _view(request, "event", "_event_live.html")


async def match_page(request: Request) -> Response:
    return await _view(request, "match", "match.html")


async def match_live(request: Request) -> Response:
    return await _view(request, "match", "_match_live.html")


# --- signing in ---------------------------------------------------------------------------------------

def tables_of(w: Web, token: Token) -> list[dict[str, Any]]:
    """The matches *token* writes to: its event's current round, at its tables (all for a director or
    a token naming none); with no event, the stored matches at its tables by their header."""
    rows: list[dict[str, Any]] = []
    if token.event is not None:
        state = w.events.get(token.event)
        current = state.current
        if current is None:
            return rows
        for t in current.tables:
            if token.role == "director" or not token.tables or t.number in token.tables:
                rows.append({"match": t.match_id, "table": t.number, "event": token.event, "round": current.number,
                             "ew": t.ew, "ns": t.ns})
        return rows
    for s in w.store.summaries():
        table = s.get("table")
        number = int(table) if table and table.isdigit() else None
        if not token.tables or number in token.tables:
            rows.append({"match": s["id"], "table": table, "event": s.get("event"), "round": s.get("round"),
                         "ew": "", "ns": ""})
    return rows


async def referee_home(request: Request) -> Response:
    token = _signed(request)
    if token is None:
        return render(request, "login.html")
    rows = await run_in_threadpool(tables_of, web_of(request), token)
    return render(request, "referee.html", token=token, tables=rows)


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


async def login(request: Request) -> Response:
    w = web_of(request)
    client = _client(request)
    w.limit.check(client)
    form = form_of(request)
    secret = form.get("token")
    token = w.tokens.find(secret) if isinstance(secret, str) else None
    if token is None:
        w.limit.failed(client)
        return render(request, "login.html", code=401,
                      rejection=tr(lang_of(request), "the token is not valid (unknown or revoked)"))
    response = RedirectResponse("/director" if token.role == "director" else "/referee", status_code=303)
    response.set_cookie(SESSION, w.sessions.make(token), httponly=True, samesite="strict", path="/",
                        max_age=SESSION_DAYS * 86400)
    return response


async def logout(request: Request) -> Response:
    response = RedirectResponse("/referee", status_code=303)
    response.delete_cookie(SESSION, path="/")
    return response


# --- entering -----------------------------------------------------------------------------------------

def controls(game: Game, forms: tuple[str, ...], lang: str) -> list[dict[str, Any]]:
    """The next expected directives (``Game.expected``: their forms) as the entry form's controls: a directive
    with nothing to add is a button that stores it; one of a single choice (``last def|decl``) a button for
    each; the others a button that starts the directive in the text field, with its usage and gloss. Each
    button says its keyword, and on a Chinese page the Chinese keyword of the game's pad beside it (``kitty 底牌``;
    ``last def 抠底``)."""

    labels = pad.directive_row(game)
    out = []
    for form in forms:
        keyword = pad.keyword_of(form)
        rest = form.split()[1:]
        chinese = labels.get(keyword, literal(""))
        if not rest:
            picks = [(keyword, chinese)]
        elif len(rest) == 1 and "|" in rest[0] and all(w.isalpha() and w.islower() for w in rest[0].split("|")):
            picks = [(f"{keyword} {w}", labels.get(f"{keyword} {w}", literal(w))) for w in rest[0].split("|")]
        else:
            picks = []
        gloss = game.gloss(keyword)
        out.append({"keyword": keyword, "usage": Msg(form).text(lang), "gloss": gloss.text(lang) if gloss else "",
                    "picks": [{"value": value, "label": _label(value, word, lang)} for value, word in picks],
                    "label": _label(keyword, chinese, lang), "start": keyword + " "})
    return out


def _label(keyword: str, chinese: Msg, lang: str) -> str:
    """A directive button's words: its keyword, with the Chinese keyword beside it in Chinese."""
    return pad.directive_label(keyword, chinese, lang)


def _entry_context(w: Web, match_id: str, lang: str) -> dict[str, Any]:
    """The entry page: the match's page, its expected directives as controls, the pad's composer and keys (the
    match's game's ``Game.pad``), for a match of any game."""
    version = match_version(w.store, match_id)
    view = dict(w.renders.through(("match-view", match_id, lang), version, lambda: match_view(w.store, match_id, lang)))
    game: Game = view["game_of"]
    forms: tuple[str, ...] = view["forms"]
    if game.prompt_by_deal:  # the guided prompt's deal (its short answers): the forms as controls to tap, as it asks
        view["controls"], view["game"] = controls(game, forms, lang), ""
    view["pad"] = pad.pad_context(game, lang, view.get("names", {}), view.get("giver"))  # tap-first entry
    view["pad_parts"] = pad.controls_json(game, forms)
    view["keys"] = pad.keys_context(game, lang)
    return view


def after_of(form: FormData) -> int | None:
    """The seq a form was built on (its ``after``), None when it names none."""
    text = form.get("after")
    if not isinstance(text, str) or not text.strip():
        return None
    if not SEQ.fullmatch(text.strip()):
        raise UsageError(M("the form's seq '{value}' is not a number: reload the page", value=short(text)))
    return int(text)


def form_text(form: FormData, name: str) -> str:
    value = form.get(name)
    return value if isinstance(value, str) else ""


def _report(game: Game, match_id: str, entries: list[StoredEntry], taken: str, before: Any, after: Any,
            lang: str) -> dict[str, Any]:
    """What the CLI prints after recording (``referee record``) or a correction, for every game: the entry stored,
    the deals it settled (``Game.settled_now``), who won when it ended the match settling none, what comes next."""

    lines = storedtext.stored_lines(game, match_id, entries, lang, taken)
    ended = game.ended_text(before, after, lang)
    if ended is not None:
        lines.append(ended)
    lines.append(storedtext.next_line(game, after, lang))
    return {"stored": lines, "settled": game.settled_now(before, after, lang)}


async def entry_response(request: Request, match_id: str, status: int, **extra: Any) -> Response:
    w = web_of(request)
    context = await run_in_threadpool(_entry_context, w, match_id, lang_of(request))
    template = "_entry_panel.html" if _hx(request) else "entry.html"
    if _hx(request):
        status = 200  # htmx swaps only what succeeded: the refusal is in the panel
    return render(request, template, code=status, token=signed_in(request), **context, **extra)


async def entry_page(request: Request) -> Response:
    token = signed_in(request)
    match_id = scope_of(request)["match"]
    if request.method == "GET":
        return await entry_response(request, match_id, 200)
    form = form_of(request)
    text = form_text(form, "pick") or form_text(form, "directive")
    command = command_of(text)
    if command == "undo" and len(text.split()) == 1:  # typed as at the guided prompt: the Undo button
        return await _write(request, match_id, "undo", "", form, token)
    if command is not None:  # the other commands of the guided prompt are the page's own controls
        problem = M("'{text}' is a command of the guided prompt: on this page, use “{undo}” or “{amend}” below, "
                    "or the match's page for where it stands",
                    text=short(text), undo=WORDS["undo"], amend=WORDS["amend"])
        return await entry_response(request, match_id, 422, rejection=problem.text(lang_of(request)), typed=text)
    return await _write(request, match_id, "record", text, form, token)


async def _correct(request: Request, kind: str) -> Response:
    """Undo or amend from the entry page: the same rights as recording, then the one write path."""
    token = signed_in(request)
    match_id = scope_of(request)["match"]
    form = form_of(request)
    return await _write(request, match_id, kind, form_text(form, "directive") if kind == "amend" else "", form, token)


async def undo(request: Request) -> Response:
    return await _correct(request, "undo")


async def void(request: Request) -> Response:
    return await _correct(request, "void")


async def amend(request: Request) -> Response:
    return await _correct(request, "amend")


def _seq(form: FormData, kind: str) -> int:
    """The entry # a void or an amend corrects."""
    seq_text = form_text(form, "seq").strip().lstrip("#")
    if not SEQ.fullmatch(seq_text):
        raise UsageError(M("void: the entry # to void is a number (see the entries below)") if kind == "void"
                         else M("amend: the entry # to replace is a number (see the entries below)"))
    return int(seq_text)


def _stored(w: Web, match_id: str, kind: str, text: str, form: FormData, token: Token) -> Recorded | GameRecorded:
    """The one write path of every game: a directive typed (read as the guided prompt reads an answer) by
    ``app.recording.enter`` (through the server's memo), a correction by ``app.recording.correct_lines``."""
    after = after_of(form)
    reason = form_text(form, "reason")
    if kind == "record":
        return writes.enter(w.store, match_id, text, token.name, after, reason, w.memo, answers=True)
    seq = None if kind == "undo" else _seq(form, kind)
    if kind == "amend" and not reason.strip():
        raise UsageError(M("amend: give the reason (it is kept in the log)"))
    return writes.correct(w.store, match_id, kind, token.name, after, seq=seq, text=text, reason=reason)


async def _write(request: Request, match_id: str, kind: str, text: str, form: FormData, token: Token) -> Response:

    w = web_of(request)
    lang = lang_of(request)

    def stored(client: str | None) -> Recorded | GameRecorded | StoredEntry:
        with writes.once(w.store, match_id, client) as found:  # a phone's queued entry: stored once (issue 32)
            if found is not None:
                return found
            return _stored(w, match_id, kind, text, form, token)

    out = await stored_once(request, match_id, form, stored, lambda: mine(kind, text, form, lang), typed=text)
    if isinstance(out, Response):
        return out
    if isinstance(out, dict):  # the entry this phone stored already, sent again: answered with it, as first time
        return await entry_response(request, match_id, 200, stored=[resent(out, lang)])
    # what `referee record` prints for it: the entry stored, the deals it settled, what comes next
    taken = out.taken if isinstance(out, GameRecorded) else ""
    game = out.game
    assert game is not None
    before = out.before if isinstance(out, GameRecorded) else out.prior()
    return await entry_response(request, match_id, 200,
                                **_report(game, match_id, out.entries, taken, before, out.after, lang))


async def stored_once(request: Request, match_id: str, form: FormData, store: Callable[[str | None], T],
                      said: Callable[[], str], **shown: Any) -> T | Response:
    """A phone's write of *match_id* (an entry, a remark): *store* run in a thread with the form's ``client`` (a
    queued one is stored once: issue 32), every page of the match poked after; a refusal is the entry panel saying
    why (with *shown*), a queued write the match moved past also naming this phone's (*said*) and what stands in
    its place. A refusal of the request itself (401, 403, 404, 503) is raised as it is."""
    w = web_of(request)
    lang = lang_of(request)
    client: str | None = None
    try:
        client = writes.client_of(form_text(form, "client"))
        out = await run_in_threadpool(store, client)
    except RefereeError as e:
        status = status_of(e)
        if status in (401, 403, 404, 503):
            raise
        extra = {}
        if isinstance(e, MovedOn) and client is not None:  # a queued write the match moved past: this phone's
            extra["superseded"] = await run_in_threadpool(superseded, w, match_id, form, said(), lang)
        return await entry_response(request, match_id, status, rejection=message_of(e).text(lang), **shown,
                                    **extra)
    w.hub.poke_all()
    return out


def mine(kind: str, text: str, form: FormData, lang: str) -> str:
    """What a phone sent, as its page names it: the directive, or the correction (its button's word), the entry #
    it corrects and what it puts in place."""
    if kind == "record":
        return text
    seq = form_text(form, "seq").strip().lstrip("#")
    return " ".join(w for w in (WORDS[kind].text(lang), f"#{seq}" if seq else "", text) if w)


def superseded(w: Web, match_id: str, form: FormData, said: str, lang: str) -> str | None:
    """A queued entry refused because the match moved past the place it was made for: this phone's entry, and the
    entry standing in that place (None: nothing does, the match holds fewer entries than the form knew of)."""
    e = writes.in_its_place(w.store, match_id, after_of(form))
    if e is None:
        return None
    return WORDS["superseded"].bind(mine=said, seq=e["seq"], entry=writes.entry_words(e),
                                    referee=e["referee"]).text(lang)


def resent(e: StoredEntry, lang: str) -> str:
    return WORDS["resent"].bind(seq=e["seq"], entry=writes.entry_words(e)).text(lang)


# --- the director ---------------------------------------------------------------------------------------

def _director_data(w: Web, token: Token, lang: str) -> dict[str, Any]:

    ids = [token.event] if token.event else ([w.event] if w.event else w.store.event_ids())
    events = []
    for event_id in ids:
        state = w.events.get(event_id)
        # each table's state as the event page shows it, and the pairs (to withdraw one): the phone's view
        tables = event_view(w.store, event_id, lang)["tables"] if state.current else []
        round_matches = [t.match_id for t in state.current.tables] if state.current else []
        events.append({"id": event_id, "name": state.settings.name, "current": state.current,
                       "final": state.final, "tables": tables, "pairs": state.pairs,
                       "remarks": remarks_view(w.store, round_matches, lang)})
    return {"events": events, "tokens": [t for t in w.tokens.all() if covers(token, t.event)]}


async def director_page(request: Request, **extra: Any) -> Response:
    token = signed_in(request)
    data = await run_in_threadpool(_director_data, web_of(request), token, lang_of(request))
    return render(request, "director.html", code=extra.pop("code", 200), token=token, **data, **extra)


DIRECTOR_ACTIONS = ("pair", "close", "assign", "issue", "revoke")  # POST /director/ACTION


def _director_do(w: Web, token: Token, action: str, form: FormData, scope: dict[str, Any],
                 lang: str) -> dict[str, Any]:
    """One director's action, its event or holder already checked against the token's scope
    (``referee.web.access``)."""

    if action == "pair":
        paired = director.pair_round(w.store, scope["event"], token.name)
        return {"done": tr(lang, "round {round} paired: {n} tables", round=paired.round.number,
                           n=len(paired.round.tables))}
    if action == "close":
        force, reason = bool(form.get("force")), form_text(form, "reason").strip()
        if force and not reason:
            raise UsageError(M("to close with unfinished matches, give the reason: it is kept in each ruling that "
                               "decides a match"))
        if force and not form.get("confirmed"):  # as `event close --force`: what it would store, shown first
            rnd, plans = director.preview_close(w.store, scope["event"])
            # shown when every match can be decided (else close_round refuses, naming them, as the CLI does);
            # the CLI's last line (its other commands) left out: the page has its own controls
            if plans and all(p.team is not None for p in plans):
                return {"preview": close_preview_lines(scope["event"], rnd.number, plans, reason, lang)[:-1],
                        "preview_event": scope["event"], "preview_reason": reason}
        try:
            closed = director.close_round(w.store, scope["event"], force=force, reason=reason, referee=token.name)
        except director.Unfinished as e:  # the CLI's way out is --force --reason; on the page it is the box
            raise director.Unfinished(M(
                "round {round} cannot close: not finished yet: {matches:list}. Finish them, or tick “{force}” "
                "and give the reason to decide each by a ruling",
                round=e.round, matches=e.matches, force=WORDS["force"]), e.round, e.matches) from None
        return {"done": tr(lang, "round {round} closed: its results are final", round=closed.round.number)}
    if action == "assign":
        t = w.tokens.assign(scope["holder"].name, parse_tables(form_text(form, "tables"), "tables"), scope["event"])
        return {"done": tr(lang, "{name} writes to tables {tables}", name=t.name,
                           tables=listed(t.tables) or "*")}
    if action == "issue":
        issued = w.tokens.add(form_text(form, "name"), form_text(form, "role") or "referee", scope["event"],
                              parse_tables(form_text(form, "tables"), "tables"))
        return {"issued": issued}
    assert action == "revoke", action
    t = w.tokens.revoke(scope["holder"].name)
    return {"done": tr(lang, "the token of {name} is revoked", name=t.name)}


async def director_action(request: Request) -> Response:

    token = signed_in(request)
    form = form_of(request)
    w = web_of(request)
    lang = lang_of(request)
    action = request.url.path.rsplit("/", 1)[-1]
    try:
        result = await run_in_threadpool(_director_do, w, token, action, form, scope_of(request), lang)
    except RefereeError as e:
        status = status_of(e)
        if status in (401, 403, 404, 503):
            raise
        return await director_page(request, code=status, rejection=message_of(e).text(lang))
    if "issued" in result:  # the new token's one-time sign-in QR code beside it (issue 19 item 9)
        result["link"] = await run_in_threadpool(new_link, w, request, result["issued"].token.name, lang)
    w.hub.poke_all()
    return await director_page(request, **result)


async def handle(request: Request, error: Exception) -> Response:
    """The exception handler of the whole application."""

    status = status_of(error)
    if status == 500:
        log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=error)
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    if request.url.path.startswith("/api/"):
        response: Response = JSONResponse(error_json(error), status_code=status, headers=headers)
    elif status == 401 and request.method == "GET":  # a page that needs a session: the sign-in form on it
        response = render(request, "login.html", code=401, notice=WORDS["sign_in_here"].text(lang_of(request)))
    else:
        response = error_page(request, message_of(error), status)
    if status == 500:  # answered by Starlette's outermost middleware, outside SecurityHeaders
        for name, value in secured(request.url.path, []):
            response.headers[name.decode("latin-1")] = value.decode("latin-1")
    return response
