"""What the pages and the API show, computed by the functions the CLI calls: never a second rule.

- :func:`match_json` is the text ``referee replay ID --json`` prints (``jsonview.write_json``);
- :func:`standings_json` is the text ``referee event standings EVENT --json`` prints
  (``eventjson.standings`` dumped as ``event``'s ``_dump`` does);
- :func:`match_view` gathers a match page: the replay, ``views.status`` lines (what ``referee
  status`` prints), the hands, each hand's explanation (``explain.render``), the level chart's points.
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.app import eventresults
from referee.app.officiate import replay
from referee.core.errors import NotFound
from referee.core.gcpause import no_gc
from referee.core.i18n import M, join, tr
from referee.core.names import check_id
from referee.games.gunzi.codes import Outcome, describe
from referee.games.gunzi.explain import render
from referee.games.gunzi.jsonview import write_json
from referee.games.gunzi.settle import explain_hand
from referee.views import eventjson
from referee.views import matchtext as views
from referee.web.words import WORDS

if TYPE_CHECKING:
    from referee.app.eventresults import EventResults
    from referee.games.gunzi.results import MatchResult
    from referee.store.store import Store
    from referee.tournament.state import EventState


def checked_match(store: Store, match_id: str) -> str:
    """*match_id* as a stored match's id (a NotFound when the store holds none of that id)."""

    match_id = check_id(match_id, "match")
    if not store.exists(match_id):
        raise NotFound(M("no match '{match}' in the store", match=match_id))
    return match_id


def replayed(store: Store, match_id: str) -> tuple[MatchResult, list[Any]]:
    """The match replayed as ``referee replay`` does (the stored view, its rule set), and the errors
    of its stored entries."""

    events, errors = store.events_and_errors(match_id)
    return replay(events), errors


def match_json(store: Store, match_id: str, lang: str) -> str:

    result, errors = replayed(store, checked_match(store, match_id))
    out = io.StringIO()
    with no_gc():
        write_json(result, out, lang, errors)
    return out.getvalue()


def standings_json(store: Store, event_id: str) -> str:

    results = eventresults.load(store, check_id(event_id, "event"))
    return json.dumps(eventjson.standings(results), ensure_ascii=False, indent=2) + "\n"


# --- pages ----------------------------------------------------------------------------------------

class Point(NamedTuple):
    x: float
    y: float


class Chart(NamedTuple):
    """The level chart: one polyline per team, levels 2..top over the hands."""

    width: int
    height: int
    lines: dict[str, str]  # team -> the SVG points attribute
    dots: dict[str, list[Point]]
    xs: list[tuple[float, int]]  # (x, hand number) of the ticks
    ys: list[tuple[float, int]]  # (y, level)


def chart(result: MatchResult) -> Chart:
    top = result.top_level or 10
    w, h, pad = 640, 240, 28
    first = result.hands[0].levels_before if result.hands else None
    start = dict(first or result.state.levels)
    series: dict[str, list[int]] = {t: [int(start.get(t, 3))] for t in ("EW", "NS")}
    for hand in result.hands:
        for team in series:
            series[team].append(int(hand.levels_after.get(team, series[team][-1])))
    n = max(1, len(result.hands))
    values = [*series["EW"], *series["NS"]]
    low, high = min(values), max(top, *values)

    def x(i: int) -> float:
        return round(pad + (w - 2 * pad) * i / n, 1)

    def y(level: int) -> float:
        return round(h - pad - (h - 2 * pad) * (level - low) / max(1, high - low), 1)

    dots = {t: [Point(x(i), y(v)) for i, v in enumerate(vs)] for t, vs in series.items()}
    lines = {t: " ".join(f"{p.x},{p.y}" for p in ps) for t, ps in dots.items()}
    step = max(1, n // 10)
    xs = [(x(i), i) for i in range(0, n + 1, step)]
    ys = [(y(v), v) for v in range(low, high + 1, 2 if high - low > 8 else 1)]
    return Chart(w, h, lines, dots, xs, ys)


def match_view(store: Store, match_id: str, lang: str) -> dict[str, Any]:
    """The context of a match page (and of its live part)."""

    match_id = checked_match(store, match_id)
    result, errors = replayed(store, match_id)
    log = store.log(match_id)
    seats = result.seats
    hands = []
    for h in result.hands:
        hands.append({
            "hand": h.hand, "game": h.game, "declarer": views.who(h.declarer, seats).text(lang),
            "team": h.declarer_team, "level": h.level, "trump": h.trump, "score": h.score,
            "outcome": describe(Outcome(h.outcome), lang), "levels": join(lang, views.levels(h.levels_after)),
            "blood": h.blood, "explain": [render(s, lang) for s in explain_hand(h)],
            "settlement": views.settlement(h, result, lang),
        })
    return {
        "match_id": match_id,
        "result": result,
        "status": views.status(match_id, result, len(log), lang),
        "hands": hands,
        "chart": chart(result),
        "seq": len(store.entries(match_id)),
        "log": log[-12:],
        "errors": errors,
    }


def _table_state(row: dict[str, Any], lang: str) -> str:
    """One table's state (a row of ``event status --json``) in a few words."""

    if row["state"] == "in_play":
        return WORDS["in_play"].bind(game=row["game"], hand=row["hand"]).text(lang)
    if row["state"] in ("finished", "forfeit") and row["winner"]:
        return WORDS["won_by_pair"].bind(pair=row["winner"], ew=row["games"]["EW"], ns=row["games"]["NS"]).text(lang)
    return WORDS["not_started"].text(lang)


def event_view(store: Store, event_id: str, lang: str) -> dict[str, Any]:
    """The context of an event page: the standings (as ``event standings --json`` has them) and the
    current round's tables with their state (as ``event status --json`` has them)."""
    import datetime


    event_id = check_id(event_id, "event")
    results = eventresults.load(store, event_id)
    data = eventjson.standings(results)
    status = eventjson.status(results, datetime.datetime.now(datetime.UTC))
    state: EventState = results.state
    by_code = {p.code: p for p in state.pairs}
    tables = [{**row, "ew_players": _players(by_code.get(row["ew"])), "ns_players": _players(by_code.get(row["ns"])),
               "words": _table_state(row, lang)} for row in status["tables"]]
    return {"event_id": event_id, "state": state, "standings": data, "status": status, "tables": tables,
            "sheet": standings_table(results, lang)}


def standings_table(results: EventResults, lang: str) -> dict[str, Any]:
    """The standings as ``referee event standings`` prints them (``eventrows.standings_sheet``): every
    tie-break of the scoring by its name, a withdrawn pair's status, the columns no pair fills left
    out; the title (final, during or after round N) and the notes (matches not counted yet, rounds
    corrected after their close)."""
    from referee.views import eventrows, eventtext

    sheet = eventrows.standings_sheet(results.state.pairs, results.standings, lang, split_players=False)
    keep = [i for i, col in enumerate(sheet.columns)
            if not all(r[i] in (None, "") for r in sheet.rows) or col.numeric]
    active = {p.code: p.active for p in results.state.pairs}
    if results.final:
        title = tr(lang, "Final standings")
    elif not results.rounds:
        title = tr(lang, "Standings")
    elif results.status(results.last) == "open":
        title = tr(lang, "Standings during round {n}", n=results.last)
    else:
        title = tr(lang, "Standings after round {n}", n=results.last)
    return {
        "title": title,
        "columns": [{"head": sheet.columns[i].head, "numeric": sheet.columns[i].numeric} for i in keep],
        "rows": [{"pair": r[1], "withdrawn": not active[str(r[1])],
                  "cells": [eventrows.cell_text(r[i], sheet.columns[i]) for i in keep]} for r in sheet.rows],
        "notes": eventtext.notes(results, lang),
    }


def _players(pair: Any) -> str:
    return "" if pair is None else f"{pair.player1} · {pair.player2}"
