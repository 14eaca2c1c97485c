"""The projector view (issue 19 item 12): ``/events/{event}/screen`` at 1920×1080, readable across the room.

The standings (as the event page and ``referee event standings`` have them) in pages of :data:`PAGE` rows that
``static/screen.js`` turns every :data:`SECONDS` seconds; the current round's tables with their state (not
started / hand N / finished, from ``event status``) and each match's game clock (``referee.app.officiate.clock``:
the times of the stored entries, as ``referee status`` shows them). Live as the event page is: the fragment
``/events/{event}/screen/live`` is fetched again whenever the event's stream says something changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool

from referee.app.officiate import clock, replay
from referee.core.errors import UsageError
from referee.core.i18n import M
from referee.web.data import event_view
from referee.web.deps import web
from referee.web.pages import lang_of, render
from referee.web.words import WORDS

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import Response

    from referee.store.api import MatchStore

PAGE = 12  # standings rows on one page of the projector (?rows=N, from 2 to 40)
SECONDS = 10  # a page shown this long (?seconds=N, from 2 to 120)
LIMITS = {"rows": (2, 40), "seconds": (2, 120)}


def _clock_words(store: MatchStore, match_id: str, lang: str) -> str:
    """The match's current (or last) game clock in minutes, of the rule set's limit when there is one."""
    entries = store.entries(match_id)
    events, _ = store.events_and_errors(match_id)
    result = replay(events)
    found = clock(entries, events, result)
    if found is None or not found.games:
        return ""
    game = found.games[-1]
    minutes = WORDS["minutes"].bind(n=game.minutes).text(lang)
    unit = found.of.time_unit(game.game).text(lang) if found.of is not None else str(game.game)
    return f"{unit[:1].upper()}{unit[1:]} · {minutes}" + (  # Game 1 · 12 min, The match · 12 min: a heading's case
        f" / {found.limit}" if found.limit and game.end is None else "")


def _state_words(row: dict[str, Any], lang: str) -> str:
    if row["state"] == "in_play" and row["hand"]:
        return WORDS["hand_n_now"].bind(n=row["hand"]).text(lang)
    if row["state"] in ("finished", "forfeit"):
        if row["winner"]:
            return WORDS["won_by_pair"].bind(pair=row["winner"], ew=row["games"]["EW"],
                                             ns=row["games"]["NS"]).text(lang)
        return WORDS["finished"].text(lang)
    return WORDS["not_started"].text(lang)


def _asked(request: Request, name: str, default: int) -> int:
    """A page size or a time the projector's address asks for (``?rows=16&seconds=15``); a usage error (422)
    naming it when it is not a number in its range."""
    text = request.query_params.get(name)
    if text is None:
        return default
    low, high = LIMITS[name]
    if not (text.isascii() and text.isdigit() and low <= int(text) <= high):
        raise UsageError(M("?{name}={value}: a whole number from {low} to {high}", name=name, value=text[:12],
                           low=low, high=high))
    return int(text)


def screen_view(store: MatchStore, event_id: str, lang: str, rows_per_page: int = PAGE,
                seconds: int = SECONDS) -> dict[str, Any]:
    view = event_view(store, event_id, lang)
    for t in view["tables"]:  # a table of individual players words its own state (``individualviews.status_tables``)
        t["screen_state"] = t["words"] if view.get("individual") else _state_words(t, lang)
        t["clock"] = _clock_words(store, t["match"], lang) if t["state"] != "not_started" else ""
    rows = view["sheet"]["rows"]
    pages = max(1, -(-len(rows) // rows_per_page))
    for i, r in enumerate(rows):
        r["page"] = i // rows_per_page
    view.update(pages=pages, seconds=seconds, rows_per_page=rows_per_page)
    return view


async def _screen(request: Request, template: str) -> Response:
    w = web(request)
    rows, seconds = _asked(request, "rows", PAGE), _asked(request, "seconds", SECONDS)
    view = await run_in_threadpool(screen_view, w.store, request.path_params["event"], lang_of(request), rows,
                                   seconds)
    return render(request, template, **view)


async def screen_page(request: Request) -> Response:
    return await _screen(request, "screen.html")


async def screen_live(request: Request) -> Response:
    return await _screen(request, "_screen_live.html")
