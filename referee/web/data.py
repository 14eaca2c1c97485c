"""What the pages and the API show, computed by the functions the CLI calls: never a second rule.

- :func:`match_json` is the text ``referee replay ID --json`` prints (``jsonview.write_json``);
- :func:`standings_json` is the text ``referee event standings EVENT --json`` prints
  (``eventjson.standings`` dumped as ``event``'s ``_dump`` does; an individual event's
  ``individualviews.standings_json``);
- :func:`ratings_json` is the text ``referee ratings [--event E | --league L] --json`` prints,
  :func:`ratings_view` the ``/ratings`` page's context from the same ladder;
- :func:`league_json` is the text ``referee league standings L --json`` prints, :func:`league_view` the
  ``/leagues/{id}`` page's context from the same load (``results.leagueresults``), :func:`leagues_view` the list;
- :func:`match_view` gathers a match page of any game through the game interface: ``Game.page_status_lines`` (what
  ``referee status`` prints), ``Game.scorecard_rows``, each settled deal's ``settled_text``, ``deal_facts`` and
  ``explain_view``, the chart of ``Game.scorecard``.
"""

from __future__ import annotations

import io
import json
import math
import threading
import weakref
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.app import disputes
from referee.app.eventkind import PAIRS, PLAYERS, kind_of_state
from referee.app.ratings import ClubRatings, club_ratings
from referee.core.errors import NotFound
from referee.core.gcpause import no_gc
from referee.core.i18n import M, fill, tr
from referee.core.names import check_id
from referee.games import registry
from referee.games.stored import game_of_events
from referee.results import eventresults, leagueresults
from referee.results.eventstate import event_state
from referee.store.chain import entries as entries_of
from referee.store.disputes import fold
from referee.store.memo import memo_of
from referee.store.pinning import rules_of_match
from referee.store.store import log_of
from referee.tournament.model import ResultKind
from referee.views import eventjson, eventrows, individualviews, leaguetext, ratingtext
from referee.views.disputetext import mark_word, summary_line
from referee.views.disputetext import sides_of as dispute_sides
from referee.views.eventwords import RESULT_KIND
from referee.web.words import WORDS

if TYPE_CHECKING:
    from referee.games.api import Chart as CardChart
    from referee.games.api import Game, GameTable
    from referee.games.api import Series as CardSeries
    from referee.results.eventresults import EventResults
    from referee.store.api import MatchStore
    from referee.tournament.state import EventState


def checked_match(store: MatchStore, match_id: str) -> str:
    """*match_id* as a stored match's id (a NotFound when the store holds none of that id)."""

    match_id = check_id(match_id, "match")
    if not store.exists(match_id):
        raise NotFound(M("no match '{match}' in the store", match=match_id))
    return match_id


def replayed(store: MatchStore, match_id: str) -> tuple[Any, list[Any]]:
    """The match replayed as ``referee replay`` does (the stored view, its game, its rule set as pinned), and
    the errors of its stored entries."""

    events, errors = store.events_and_errors(match_id)
    game = game_of_events(events) or registry.game()
    return game.replay(events, rules_of_match(game, events, store), explain=True), errors


def match_json(store: MatchStore, match_id: str, lang: str) -> str:

    match_id = checked_match(store, match_id)
    result, errors = replayed(store, match_id)
    out = io.StringIO()
    with no_gc():
        match_game(store, match_id).write_json(result, out, lang, errors)  # what `referee replay --json` prints
    return out.getvalue()


def standings_json(store: MatchStore, event_id: str) -> str:

    event_id = check_id(event_id, "event")
    state = event_state(store.event_log(event_id))
    data = {PAIRS: _pairs_standings, PLAYERS: _players_standings}[kind_of_state(state)](store, event_id, state)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _pairs_standings(store: MatchStore, event_id: str, state: EventState) -> dict[str, Any]:
    return eventjson.standings(eventresults.load(store, event_id))


def _players_standings(store: MatchStore, event_id: str, state: EventState) -> dict[str, Any]:
    return individualviews.standings_json(eventresults.players_of_state(state, store))


def _rated(store: MatchStore, event_id: str | None, league_id: str | None) -> ClubRatings:
    """The ladder the CLI's ``ratings [--event E | --league L]`` prints (``app.ratings.club_ratings``)."""
    return club_ratings(store, None if event_id is None else check_id(event_id, "event"),
                        league=None if league_id is None else check_id(league_id, "league"))


def ratings_json(store: MatchStore, event_id: str | None, league_id: str | None = None) -> str:

    got = _rated(store, event_id, league_id)
    return json.dumps(ratingtext.ladder_json(got.ladder, got.event, got.broken, got.league), ensure_ascii=False,
                      indent=2) + "\n"


def ratings_view(store: MatchStore, event_id: str | None, lang: str, league_id: str | None = None) -> dict[str, Any]:
    """The ``/ratings`` page: the ladder as ``referee ratings --json`` has it, its title line as the CLI's."""

    got = _rated(store, event_id, league_id)
    return {"ratings": ratingtext.ladder_json(got.ladder, got.event, got.broken, got.league),
            "heading": ratingtext.ladder_lines(got.ladder, got.event, lang, got.league)[0],
            "left_out": ratingtext.left_out_lines(got.ladder, lang),
            "unreadable": [m.text(lang) for m in got.broken.values()]}


def league_json(store: MatchStore, league_id: str) -> str:
    """What ``referee league standings L --json`` prints."""
    results = leagueresults.load(store, check_id(league_id, "league"))
    return json.dumps(leaguetext.standings_json(results), ensure_ascii=False, indent=2) + "\n"


def _sheet(sheet: eventrows.Sheet) -> dict[str, Any]:
    return {"columns": [{"head": c.head, "numeric": c.numeric} for c in sheet.columns],
            "rows": [[eventrows.cell_text(v, c) for v, c in zip(r, sheet.columns, strict=True)] for r in sheet.rows]}


def league_view(store: MatchStore, league_id: str, lang: str) -> dict[str, Any]:
    """The ``/leagues/{id}`` page: the season's standings and its events as ``referee league standings`` prints
    them (``leaguetext``'s sheets, title and notes), each event linked to its page."""
    results = leagueresults.load(store, check_id(league_id, "league"))
    return {"league": results.league, "title": leaguetext.title(results, lang),
            "standings": _sheet(leaguetext.standings_sheet(results, lang)),
            "events": _sheet(leaguetext.events_sheet(results, lang)),
            "event_ids": [r.state.settings.id for r in results.events],  # the events sheet's rows, in order
            "notes": leaguetext.notes(results, lang), "venues": store.venue_syncs().all()}


def leagues_view(store: MatchStore) -> dict[str, Any]:
    """The ``/leagues`` page: every league of the store, its title and its events with their clubs; and on both
    pages, the venues that sync into the store (``referee sync``), each one's last complete pass."""
    return {"leagues": store.leagues().all(), "venues": store.venue_syncs().all()}


# --- pages ----------------------------------------------------------------------------------------

class Point(NamedTuple):
    x: float
    y: float
    end: bool = False  # the deal that ended its stretch (Gunzi's hand that ended its game)


class Line(NamedTuple):
    side: str  # the side (or player) whose line it is: its place in ``Game.sides``, as the page's class names it
    game: int  # the stretch (``Chart.spans``) it runs through, numbered from 1
    points: str  # the SVG points attribute


class Chart(NamedTuple):
    """The game's chart in stretches (``Game.scorecard(...).chart`` with ``spans``: Gunzi's levels through each
    game), drawn as the PDF draws it (``views.scorecard.chart``): one polyline per side and stretch, a dashed line
    between stretches, each one's label over it, the deal that ended a stretch (the card's marked rows) marked."""

    title: str
    width: int
    height: int
    lines: list[Line]
    dots: dict[str, list[Point]]
    xs: list[tuple[float, int]]  # (x, deal number) of the ticks
    ys: list[tuple[float, int]]  # (y, value)
    bounds: list[float]  # x of the dashed line before each stretch but the first
    games: list[tuple[float, str]]  # (x of the middle, the stretch's label)
    legend: list[tuple[str, str]]  # (side, label) a style


class Series(NamedTuple):
    player: str
    colour: int  # the player's place in the table: which of the chart's colours it is drawn in
    points: str  # the SVG points attribute
    total: int


class TotalsChart(NamedTuple):
    """Each player's (or side's) running total deal by deal, for a match of any game: one polyline a player from
    0 before the first deal, drawn from the scorecard's table (``GameTable.running``)."""

    width: int
    height: int
    series: list[Series]
    xs: list[tuple[float, int]]  # (x, deal number) of the ticks
    ys: list[tuple[float, int]]  # (y, total)
    zero: float  # y of 0


def totals_chart(table: GameTable) -> TotalsChart:
    w, h, pad = 640, 240, 28
    n = len(table.running)
    values = [0, *(v for row in table.running for v in row)]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1

    def x(i: float) -> float:
        return round(pad + (w - 2 * pad) * i / max(1, n), 1)

    def y(v: float) -> float:
        return round(h - pad - (h - 2 * pad) * (v - low) / (high - low), 1)

    series = [Series(player, i, " ".join(f"{x(k)},{y(v)}" for k, v in enumerate(
        [0, *(row[i] for row in table.running)])), table.totals[i]) for i, player in enumerate(table.players)]
    step = max(1, n // 10)
    span = high - low
    unit = next(u for u in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10**9) if span / u <= 8)
    ys = [(y(v), v) for v in range(low - low % unit, high + 1, unit) if low <= v <= high]
    return TotalsChart(w, h, series, [(x(k), k) for k in range(1, n + 1, step)], ys, y(0))


def chart(card: CardChart, sides: tuple[str, ...], ends: frozenset[int] = frozenset()) -> Chart:
    """*card* (a chart in stretches) as the page draws it: each series a polyline in its side's style
    (``sides[style]``), *ends* the deals whose dots are marked."""
    w, h, pad, head = 640, 240, 28, 16
    points = [p for s in card.series for p in s.points]
    xs_all = [x for x, _ in points] or [1.0]
    first, last = math.floor(min(xs_all)) + 1, math.floor(max(xs_all))
    x_min = min([*xs_all, *(lo for _, lo, _ in card.spans)])
    x_max = max([*xs_all, *(hi for _, _, hi in card.spans)]) if card.spans else max(xs_all) + 0.5
    values = [v for _, v in points] or [0]
    low, high = min(values), max(values)
    if card.shown is not None:
        low, high = min(low, card.shown[0]), max(high, card.shown[1])

    def x(v: float) -> float:
        return round(pad + (w - 2 * pad) * (v - x_min) / (x_max - x_min), 1)

    def y(level: int) -> float:
        return round(h - pad - (h - 2 * pad - head) * (level - low) / max(1, high - low), 1)

    def side(style: int) -> str:
        return sides[style] if 0 <= style < len(sides) else str(style)

    def stretch(s: CardSeries) -> int:
        x0 = s.points[0][0] if s.points else 0.0
        return next((k for k, (_, lo, hi) in enumerate(card.spans, 1) if lo <= x0 < hi), 0)

    lines = [Line(side(s.style), stretch(s), " ".join(f"{x(v)},{y(value)}" for v, value in s.points))
             for s in card.series]
    dots: dict[str, list[Point]] = {side(s.style): [] for s in card.series}
    for s in card.series:
        dots[side(s.style)] += [Point(x(v), y(value), int(v) in ends) for v, value in s.points[1:]]
    bounds = [x(lo) for _, lo, _ in card.spans if lo > x_min]
    games = [(round((x(lo) + x(hi)) / 2, 1), label) for label, lo, hi in card.spans]
    step = max(1, (last - first + 1) // 10)
    xs = [(x(n), n) for n in range(first, last + 1, step)] if points else []
    ys = [(y(v), v) for v in range(low, high + 1, 2 if high - low > 8 else 1)]
    legend = list({side(s.style): s.label for s in card.series}.items())
    return Chart(card.title, w, h, lines, dots, xs, ys, bounds, games, legend)


def match_view(store: MatchStore, match_id: str, lang: str) -> dict[str, Any]:
    """The context of a match page (and of its live part), for a match of any game through the game interface:
    where it stands (``Game.page_status_lines``: what ``referee status`` prints), its table (``Game.scorecard_rows``,
    the scorecard's rows) and totals, its card's chart (``Game.scorecard(...).chart``: drawn in its stretches where
    it has them, else the totals deal by deal), each settled deal with its settlement (``Game.settled_text``), its
    explanation (``Game.explain_view``) and its mark (confirmed, disputed, ruled or not confirmed), what may come
    next (``Game.expected``) and the record's problems."""
    from referee.games.api import split_problems

    match_id = checked_match(store, match_id)
    events, errors = store.events_and_errors(match_id)
    game = game_of_events(events) or registry.game()  # a header naming no game: the registry's default
    result = game.replay(events, rules_of_match(game, events, store))
    entries = store.entries(match_id)
    remarks = fold(entries)  # each settled deal confirmed, disputed, ruled or not confirmed (referee confirm/dispute)
    table = game.scorecard_rows(result, lang)
    card = game.scorecard(result, lang, "")
    settled = game.settled_hands(result)
    ends = frozenset(settled[k - 1] for k in card.deals.marked if 0 < k <= len(settled))
    hands = []
    for n in settled:
        mark = remarks.mark(n)
        hands.append({
            "mark": mark.value, "mark_word": mark_word(mark, lang), "hand": n,
            "cells": [(f.label.text(lang), f.cell) for f in game.deal_facts(result, n, lang) or ()],
            "explain": (game.explain_view(result, n, lang) or "").splitlines(),
            "settlement": game.settled_text(result, n, lang), "ends_game": n in ends,
        })
    mistakes = split_problems(game, result).mistakes
    words = dispute_sides(game, result) if remarks.disputes else None  # a dispute's words, where there is one
    log = log_of(entries)
    names, giver = game.pad_state(result)
    drawn = card.chart if card.chart is not None and card.chart.spans else None  # a chart in stretches, as drawn
    if card.chart is None:  # nothing settled yet: the chart's empty frame
        from referee.games.api import Chart as CardChart

        drawn = CardChart(WORDS["no_chart"].text(lang), "", "", ())
    return {
        "match_id": match_id,
        "game": game.key,
        "game_of": game,
        "status": game.page_status_lines(match_id, result, lang, entries_of(len(log))),
        "table": table,
        "totals": [{"player": p, "total": f"+{t}" if t > 0 else str(t)}
                   for p, t in zip(table.players, table.totals, strict=True)],
        "chart": chart(drawn, game.sides, ends) if drawn is not None else None,
        "totals_chart": None if drawn is not None else totals_chart(table),
        "hands": hands,
        "hands_heading": game.deals_heading().text(lang),
        "no_hands": game.no_deals().text(lang),
        "sides": sides_of(game, lang),
        "seq": len(entries),
        "log": log[-12:],
        "disputes": [summary_line(match_id, d, lang, words) for d in remarks.disputes] if words else [],
        "rulable": rulable(remarks),
        "errors": [*errors, *mistakes],
        "forms": game.expected(result),
        "names": dict(names),
        "giver": giver,
        "expected": [{"form": form, "start": _start(form), "keyword": form.split()[0]}
                     for form in game.expected(result)],
    }


GAMES_KEPT = 1024  # matches whose game is kept (by the match's version); beyond, the oldest is forgotten
_games: dict[tuple[int, str], tuple[weakref.ref[Any], object, Game | None]] = {}
_games_lock = threading.Lock()


def _stored_game(store: MatchStore, match_id: str) -> Game | None:
    """The game the header in effect of a stored match names (None: it names none), kept per match version (each
    write asks it), read through the server's memo of the match when there is one (its events known: no read and
    parse of the whole match after each write).
    The version is asked before the match is read: a write in between leaves a game that may be newer than its
    version, never older (``referee.web.cache``'s rule)."""
    version = store.match_version(match_id)
    key = (id(store), match_id)
    hit = _games.get(key)
    if version is not None and hit is not None and hit[0]() is store and hit[1] == version:
        return hit[2]
    game = game_of_events((memo_of(store) or store).events_and_errors(match_id)[0])
    if version is not None:
        with _games_lock:
            _games.pop(key, None)
            _games[key] = (weakref.ref(store), version, game)  # a store let go is not held here
            while len(_games) > GAMES_KEPT:
                del _games[next(iter(_games))]
    return game


def match_game(store: MatchStore, match_id: str) -> Game:
    """The game of a stored match: the one its header names (the registry's default when it names none)."""
    return _stored_game(store, match_id) or registry.game()


def rulable(remarks: Any) -> list[dict[str, int]]:
    """The disputes a referee may rule on now (open, not yet ruled): each number, its hand and how many
    alternatives were weighed (``referee dispute MATCH show N --alt``)."""
    from referee.store.disputes import DisputeState

    return [{"number": d.number, "hand": d.hand, "alternatives": len(d.alternatives)}
            for d in remarks.disputes if d.state is DisputeState.open]


def sides_of(game: Game, lang: str) -> list[dict[str, str]]:
    """The sides that confirm or dispute a deal, as the entry page offers them: the value posted and its word."""
    return [{"value": side, "word": fill("{s:side}", lang, {"s": side})} for side in game.sides]


def _start(form: str) -> str:
    """What a tap on an expected directive puts in the entry field: its words up to the first one the referee
    fills in (a placeholder in capitals, a choice ``1|2|3|pass``), e.g. ``bid 张三 `` of ``bid 张三 1|2|3|pass``."""
    words = form.split()
    fixed: list[str] = []
    for word in words:
        part = word.split("=")[-1]  # partner=SEAT, E=P: the value is filled in
        if "|" in part or "…" in part or "×" in part or part == "P" or (part.isupper() and part.isascii()
                                                                          and len(part) > 1):
            return " ".join(fixed) + " "
        fixed.append(word)
    return form


def _table_state(row: dict[str, Any], lang: str) -> str:
    """One table's state (a row of ``event status --json``) in a few words."""

    if row["state"] == "result":
        given = row["result"]
        return tr(lang, "{pair} won {ew}:{ns} ({how})",
                  pair=row["winner"] or "-", ew=given["ew"], ns=given["ns"],
                  how=RESULT_KIND[ResultKind(given["kind"])].bind(side=given["side"] or "EW", ew=given["ew"],
                                                                 ns=given["ns"]))
    if row["state"] == "in_play":
        return WORDS["in_play"].bind(game=row["game"], hand=row["hand"]).text(lang)
    if row["state"] in ("finished", "forfeit") and row["winner"]:
        return WORDS["won_by_pair"].bind(pair=row["winner"], ew=row["games"]["EW"], ns=row["games"]["NS"]).text(lang)
    return WORDS["not_started"].text(lang)


def event_view(store: MatchStore, event_id: str, lang: str) -> dict[str, Any]:
    """The context of an event page: the standings (as ``event standings --json`` has them) and the
    current round's tables with their state (as ``event status --json`` has them); an event's kind
    (``app.eventkind``) chooses which of the two pages' contexts."""
    event_id = check_id(event_id, "event")
    view = {PAIRS: pairs_view, PLAYERS: individual_view}[kind_of_state(event_state(store.event_log(event_id)))]
    return view(store, event_id, lang)


def pairs_view(store: MatchStore, event_id: str, lang: str) -> dict[str, Any]:
    """The context of a pair event's page (``event_view``'s for an event of pairs)."""
    import datetime

    results = eventresults.load(store, event_id)
    data = eventjson.standings(results)
    status = eventjson.status(results, datetime.datetime.now(datetime.UTC))
    state: EventState = results.state
    by_code = {p.code: p for p in state.pairs}
    tables = [{**row, "ew_players": _players(by_code.get(row["ew"])), "ns_players": _players(by_code.get(row["ns"])),
               "words": _table_state(row, lang)} for row in status["tables"]]
    return {"event_id": event_id, "state": state, "standings": data, "status": status, "tables": tables,
            "sheet": standings_table(results, lang), "matrix": cross_table(results, lang)}


def individual_view(store: MatchStore, event_id: str, lang: str) -> dict[str, Any]:
    """The context of an individual event's page: the standings as ``referee event standings`` prints them
    (``individualviews.standings_sheet``) and the current round's tables as ``referee event status`` shows them
    (``individualviews.status_tables``), from one load of its results."""
    from referee.views import eventrows

    results = eventresults.load_players(store, event_id)
    state = results.state
    sheet = individualviews.standings_sheet(results, lang)
    active = {p.code: p.active for p in state.players}
    current = state.current
    return {
        "event_id": event_id, "state": state, "individual": True,
        "standings": individualviews.standings_json(results),
        "status": {"round": None if current is None else current.number,
                   "status": None if current is None else current.status.value},
        "tables": individualviews.status_tables(results, lang),
        "players_head": tr(lang, "Players"),
        "sitting_out": individualviews.sitting_out_words(results, lang),
        "sheet": {"title": individualviews.title(results, lang),
                  "columns": [{"head": c.head, "numeric": c.numeric} for c in sheet.columns],
                  "rows": [{"pair": r[1], "withdrawn": not active[str(r[1])],
                            "cells": [eventrows.cell_text(v, c) for v, c in zip(r, sheet.columns, strict=True)]}
                           for r in sheet.rows],
                  "notes": individualviews.standings_notes(results, lang)},
        "matrix": None,
    }


def cross_table(results: EventResults, lang: str) -> dict[str, Any] | None:
    """A round robin's N×N cross table as ``referee event standings --cross`` prints it (None for Swiss)."""
    from referee.tournament.model import EventFormat
    from referee.views import eventrows

    if results.state.settings.format is not EventFormat.round_robin or not results.rounds:
        return None
    sheet = eventrows.matrix_sheet(results.standings, results.rounds, results.summaries, lang, results.results)
    return {"title": tr(lang, "Cross table"),
            "columns": [{"head": c.head, "numeric": c.numeric} for c in sheet.columns],
            "rows": [[eventrows.cell_text(v, c) for v, c in zip(r, sheet.columns, strict=True)] for r in sheet.rows]}


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
    return {
        "title": eventtext.standings_when(results, lang),
        "columns": [{"head": sheet.columns[i].head, "numeric": sheet.columns[i].numeric} for i in keep],
        "rows": [{"pair": r[1], "withdrawn": not active[str(r[1])],
                  "cells": [eventrows.cell_text(r[i], sheet.columns[i]) for i in keep]} for r in sheet.rows],
        "notes": eventtext.notes(results, lang),
    }


def _players(pair: Any) -> str:
    return "" if pair is None else f"{pair.player1} · {pair.player2}"


def remarks_view(store: MatchStore, match_ids: list[str], lang: str) -> dict[str, Any]:
    """The open disputes of *match_ids* (a round's matches) and their settled hands no side confirmed."""
    return {"open": [m.text(lang) for m in disputes.open_msgs(store, match_ids)],
            "unconfirmed": [disputes.unconfirmed_msg(u).text(lang) for u in disputes.unconfirmed(store, match_ids)]}
