"""The terminal views of the event commands: a round's tables, its status, the standings, the list
of events. Every word from the catalogue (``tr``); columns padded by terminal width (a Chinese
character takes two), as ``referee.views.matchtext`` does.

The standings table is the report's and the workbook's (``referee.views.eventrows.standings_sheet``),
so the three never disagree; columns empty for every pair (no club, nobody withdrawn) are left out.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from referee.core.i18n import M, Msg, join, listed, pgettext, tr, trn
from referee.results.eventresults import CLOSED, CORRECTED, RESULT, EventResults
from referee.store.summaries import Cached, Progress
from referee.tournament.model import Pair, Round
from referee.tournament.standings import table_outcome
from referee.tournament.state import EventState
from referee.views import eventrows as rows
from referee.views import eventwords as words
from referee.views.eventjson import elapsed, state_code
from referee.views.matchtext import pad, rjust, width

if TYPE_CHECKING:
    from referee.tournament.pairing import SwissPairing
    from referee.tournament.standings import TableOutcome


def _who(pair: Pair, lang: str) -> str:
    return tr(lang, "{pair} ({players})", pair=pair.code, players=rows.players(pair, lang))


def _grid(head: Sequence[str], body: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    """Rows under a heading, each column as wide as its widest cell."""
    widths = [max([width(h), *(width(r[i]) for r in body)]) for i, h in enumerate(head)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(rjust(c, w) if r else pad(c, w) for c, w, r in zip(cells, widths, right, strict=True)).rstrip()

    return [line(head), *(line(r) for r in body)]


# --- a round's tables ------------------------------------------------------------------------------

def pairing_lines(state: EventState, rnd: Round, lang: str) -> list[str]:
    by_code = {p.code: p for p in state.pairs}
    out = [trn(lang, "Round {round} of {event} ({name}): {n} table", "Round {round} of {event} ({name}): {n} tables",
               len(rnd.tables), round=rnd.number, event=state.settings.id,
               name=state.settings.name)]
    head = [tr(lang, "Table"), tr(lang, "Match"), tr(lang, "EW pair"), tr(lang, "NS pair")]
    body = [[str(t.number), t.match_id, _who(by_code[t.ew], lang), _who(by_code[t.ns], lang)] for t in rnd.tables]
    out += ["  " + x for x in _grid(head, body, [True, False, False, False])]
    if rnd.bye is not None:
        out.append(tr(lang, "Bye: {pair} ({players})", pair=rnd.bye, players=rows.players(by_code[rnd.bye], lang)))
    for code in rnd.requested:
        out.append(tr(lang, "Requested bye: {pair} ({players})", pair=code,
                      players=rows.players(by_code[code], lang)))
    return out


def override_lines(before: Round, rematches: Sequence[tuple[str, str]], reason: str, lang: str) -> list[str]:
    """A pairing changed by hand: the program's tables it replaced, the reason, and any rematch it makes."""
    was = join(lang, (f"T{t.number} {t.ew}-{t.ns}" for t in before.tables))
    out = [tr(lang, "Changed by hand ({reason}); the program paired: {tables}", reason=reason or "-", tables=was)]
    for ew, ns in rematches:
        out.append(tr(lang, "Warning: {ew} and {ns} have met before",
                      ew=ew, ns=ns))
    return out


def explanation_lines(rnd: Round, swiss: SwissPairing | None, lang: str) -> list[str]:
    """Why each table was paired: the Swiss explanation, or the round robin's schedule."""
    if swiss is not None:
        from referee.views.eventwords import pairing_text

        return pairing_text(swiss, lang).splitlines()
    out = [tr(lang, "Round {round} of the round robin's Berger schedule (circle method): every pair meets every "
                    "other once; seats EW/NS alternate as far as the schedule allows",
              round=rnd.number)]
    if rnd.bye is not None:
        out.append(tr(lang, "Bye: {pair}, by the schedule (each pair has one bye when the number of pairs is odd)",
                      pair=rnd.bye))
    return out


# --- status -----------------------------------------------------------------------------------------

def _clock(seconds: int | None) -> str:
    if seconds is None:
        return ""
    minutes = seconds // 60
    return f"{minutes // 60}:{minutes % 60:02d}"


def _state_text(cached: Cached, ew: str, ns: str, lang: str, o: TableOutcome | None = None) -> str:
    s = cached.summary
    code = state_code(cached)
    counted = table_outcome(s)
    given = None if o is None else words.result_message(o)
    if o is not None and given is not None:
        if o.winner is None:
            return tr(lang, "{state}: level", state=given)
        return tr(lang, "{state}: {winner} won {ew}:{ns}", state=given, winner=ew if o.winner == "EW" else ns,
                  ew=o.points[0] if o.points else o.ew, ns=o.points[1] if o.points else o.ns)
    if code in ("finished", "forfeit"):
        winner = ew if counted.winner == "EW" else ns
        word = words.match_state_word(words.MatchState(code), lang)
        return tr(lang, "{state}: {winner} won {ew}:{ns}",
                  state=word, winner=winner, ew=counted.ew, ns=counted.ns)
    if code == "in_play":
        p = cached.progress
        where = M("game {game}, hand {hand}", game=p.game, hand=p.hand)
        return tr(lang, "{where} (games {ew}:{ns})", where=where,
                  ew=counted.ew, ns=counted.ns)
    return words.match_state_word(words.MatchState.not_started, lang)


def status_lines(results: EventResults, now: datetime.datetime, lang: str) -> list[str]:
    state = results.state
    s = state.settings
    rnd = state.current
    planned = s.rounds if state.planned is None else state.planned
    out = [tr(lang, "Event {event} ({name}): {pairs} pairs, {active} playing", event=s.id, name=s.name,
              pairs=len(state.pairs), active=len(state.active))]
    if rnd is None:
        out.append(tr(lang, "No round paired yet (next: referee event pair {event})", event=s.id))
        return out
    code = results.status(rnd.number)
    out.append(tr(lang, "Round {round} of {planned}: {status}",
                  round=rnd.number, planned=planned or "?",
                  status=round_word(code, lang)))
    head = [tr(lang, "Table"), tr(lang, "Match"), tr(lang, "EW pair"), tr(lang, "NS pair"), tr(lang, "Status"),
            tr(lang, "Time")]
    body = []
    for t in rnd.tables:
        c = results.cached[t.match_id]
        state_text = _state_text(c, t.ew, t.ns, lang, results.table_outcome(t))
        if t.match_id in results.results:
            pass  # the director's result stands, whatever the record holds
        elif t.match_id in results.broken:
            state_text = tr(lang, "BROKEN: not counted (see below)")
        elif c.progress.errors:
            state_text = trn(lang, "{state}; {n} problem in the record", "{state}; {n} problems in the record",
                             c.progress.errors, state=state_text)
        body.append([str(t.number), t.match_id, t.ew, t.ns, state_text,
                     _clock(elapsed(c.progress, c.summary.finished, now))])
    out += ["  " + x for x in _grid(head, body, [True, False, False, False, False, True])]
    if rnd.bye is not None:
        out.append(tr(lang, "Bye: {pair}", pair=rnd.bye))
    for code in rnd.requested:
        out.append(tr(lang, "Requested bye: {pair}", pair=code))
    done = sum(1 for t in rnd.tables if results.table_outcome(t).finished)
    if code == "open":
        out.append(trn(lang, "{done} of {n} match finished", "{done} of {n} matches finished", len(rnd.tables),
                       done=done))
    for code_, reason in state.withdrawals.items():
        out.append(tr(lang, "Withdrawn: {pair} ({reason})", pair=code_, reason=reason))
    return out


def round_word(code: str, lang: str) -> str:
    """A round's status code of the results (``open``, ``closed``, ``corrected_after_close``) in words."""
    from referee.tournament.model import RoundStatus

    if code == CORRECTED:
        return tr(lang, "closed, corrected after its close")
    return words.round_status(RoundStatus.closed if code == CLOSED else RoundStatus.open, lang)


# --- standings ------------------------------------------------------------------------------------------

def standings_title(results: EventResults, lang: str) -> str:
    s = results.state.settings
    return tr(lang, "{event} ({name}): {what}", event=s.id, name=s.name, what=standings_when(results, lang))


def standings_when(results: EventResults, lang: str) -> str:
    """Which standings these are: final, before any round, during or after the last round."""
    if results.final:
        return tr(lang, "Final standings")
    if not results.rounds:
        return tr(lang, "Standings")
    if results.status(results.last) == "open":
        return tr(lang, "Standings during round {n}", n=results.last)
    return tr(lang, "Standings after round {n}", n=results.last)


# The standings' columns by index in ``rows.standings_sheet(…, split_players=False)``: rank, pair,
# players, club, status, played, won, lost, byes, match points, games won, games lost, then the tie-breaks.
_ALWAYS = (0, 1, 2, 9)  # rank, pair, players, match points: the standings themselves
# then, as they fit: status, the tie-breaks in order, played-won-lost, games won and lost, club, byes
_THEN: tuple[tuple[int, ...] | None, ...] = ((4,), None, (5, 6, 7), (10, 11), (3,), (8,))
TIEBREAKS_FROM = 12
GAP = 2  # spaces between two columns


def standings_lines(results: EventResults, lang: str, columns: int | None = None) -> list[str]:
    """The standings table; within *columns* (a terminal's width) when given: rank, pair, players and
    match points always, then as many of status, the tie-breaks (in their order, a first part of them),
    played-won-lost, games won and lost, club and byes as fit (each group whole), in the table's order;
    a last line names the columns left out. None: every column."""
    sheet = rows.standings_sheet(results.state.pairs, results.standings, lang, split_players=False)
    keep = [i for i, col in enumerate(sheet.columns)
            if not all(r[i] in (None, "") for r in sheet.rows) or col.numeric]
    texts = {i: [rows.cell_text(r[i], sheet.columns[i]) for r in sheet.rows] for i in keep}
    wide = {i: max([width(sheet.columns[i].head), *(width(t) for t in texts[i])]) for i in keep}
    left_out: list[int] = []
    if columns is not None:
        chosen = [i for i in _ALWAYS if i in keep]
        used = sum(wide[i] for i in chosen) + GAP * (len(chosen) - 1)
        tiebreaks = [i for i in keep if i >= TIEBREAKS_FROM]
        for group in _THEN:
            if group is None:  # the tie-breaks, a first part of them: a later one without an earlier would mislead
                for i in tiebreaks:
                    if used + GAP + wide[i] > columns:
                        break
                    chosen.append(i)
                    used += GAP + wide[i]
                continue
            present = [i for i in group if i in keep]
            need = sum(wide[i] + GAP for i in present)
            if present and used + need <= columns:
                chosen += present
                used += need
        left_out = [i for i in keep if i not in chosen]
        keep = sorted(chosen)
    head = [sheet.columns[i].head for i in keep]
    body = [[texts[i][n] for i in keep] for n in range(len(sheet.rows))]
    out = [standings_title(results, lang)]
    out += _grid(head, body, [sheet.columns[i].numeric for i in keep])
    if left_out:
        out.append(tr(lang, "Left out to fit {width} columns: {names:list}; --wide shows every column",
                      width=columns, names=[sheet.columns[i].head for i in left_out]))
    out += notes(results, lang)
    return out


def matrix_lines(results: EventResults, lang: str) -> list[str]:
    """The N×N cross table (``event standings --cross``): a row per pair in rank order, a column per
    opponent numbered as the rows."""
    sheet = rows.matrix_sheet(results.standings, results.rounds, results.summaries, lang, results.results)
    body = [[rows.cell_text(v, c) for v, c in zip(r, sheet.columns, strict=True)] for r in sheet.rows]
    out = [standings_title(results, lang)]
    out += _grid([c.head for c in sheet.columns], body, [c.numeric for c in sheet.columns])
    return out + notes(results, lang)


def notes(results: EventResults, lang: str) -> list[str]:
    """What the table does not show: matches not counted yet, the director's results with their reasons,
    rounds corrected after their close."""
    out = []
    counted = {r.number for r in results.rounds}
    for number, close in sorted(results.state.closes.items()):
        for ruled in close.rulings if number in counted else ():
            out.append(tr(lang, "Round {round} closed by force: {match} ruling for {team:team} (#{seq}), reason: "
                                "{reason}",
                          round=number, match=ruled.match, team=ruled.team, seq=ruled.seq, reason=close.reason or "-"))
    for mid, r in sorted(results.results.items(), key=lambda kv: (kv[1].round, kv[1].table)):
        given = words.result_message(results.outcome_of(mid))
        out.append(tr(lang, "{match}: {result}, reason: {reason} (event log #{seq})",
                      match=mid, result=given, reason=r.reason or "-", seq=r.seq))
    unfinished = [t for t in results.standings.unfinished if t.match_id not in results.broken]
    if unfinished:
        out.append(trn(lang, "Not counted yet ({n} match not finished): {ids}",
                       "Not counted yet ({n} matches not finished): {ids}", len(unfinished),
                       ids=listed(t.match_id for t in unfinished)))
    for number, found in sorted(results.corrections.items()):
        for c in found:
            if c.kind == RESULT:
                out.append(tr(lang, "Round {round} corrected after close: {match}, the director's result at event log "
                                    "#{seq}, reason: {reason}",
                              round=number, match=c.match, seq=c.seq, reason=c.reason or "-"))
                continue
            out.append(tr(lang, "Round {round} corrected after close: {match} seq {seq} ({kind}), reason: {reason}",
                          round=number, match=c.match, seq=c.seq, kind=pgettext(lang, "entry", c.kind),
                          reason=c.reason or "-"))
    return out


def broken_lines(results: EventResults, lang: str) -> list[str]:
    """Each match the event cannot count, and why (for a printed report: the terminal has them on stderr)."""
    return [tr(lang, "Not counted: {problem}", problem=msg) for msg in results.broken.values()]


def explain_lines(results: EventResults, a: str, b: str, lang: str) -> list[str]:
    from referee.tournament.standings import explain
    from referee.views.eventwords import explain_text

    st = results.standings
    ra, rb = st.row(a), st.row(b)
    return [tr(lang, "{a}: rank {ra}; {b}: rank {rb}",
               a=a, ra=ra.rank, b=b, rb=rb.rank),
            explain_text(explain(st, a, b), lang, a, b)]


# --- the list of events ------------------------------------------------------------------------------

def list_lines(events: Sequence[tuple[str, EventState | Msg]], root: str, lang: str) -> list[str]:
    if not events:
        return [tr(lang, "no events in the store at {root}", root=root)]
    head = [tr(lang, "Event"), tr(lang, "Name"), tr(lang, "Date"), tr(lang, "Format"),
            tr(lang, "Round"), tr(lang, "Pairs")]
    body = []
    for event_id, state in events:
        if isinstance(state, Msg):
            body.append([event_id, state.text(lang), "", "", "", ""])
            continue
        s = state.settings
        rnd = state.current
        planned = state.planned
        where = "-" if rnd is None else tr(lang, "{round}/{planned} ({status})",
                                           round=rnd.number,
                                           planned=planned or "?", status=words.round_status(rnd.status, lang))
        body.append([event_id, s.name, s.date or "", format_word(s.format.value, lang), where,
                     str(len(state.active))])
    return [trn(lang, "{n} event in {root}", "{n} events in {root}", len(events),
                root=root),
            *_grid(head, body, [False, False, False, False, False, True])]


def format_word(code: str, lang: str) -> str:
    """An event's pairing system (``swiss``, ``round_robin``) as *lang* names it: Swiss / 瑞士制."""
    return (M("round robin") if code == "round_robin" else M("Swiss")).text(lang)


# --- what a forced close will store ----------------------------------------------------------------------

class Plan(Protocol):
    """What a forced close would store for one match (``referee.app.director.Plan``)."""

    @property
    def table(self) -> int: ...
    @property
    def match(self) -> str: ...
    @property
    def progress(self) -> Progress: ...
    @property
    def team(self) -> str | None: ...
    @property
    def rulings(self) -> int: ...
    @property
    def games(self) -> tuple[int, ...]: ...  # each side's games won so far (EW, NS)


def close_preview_lines(event_id: str, round_number: int, plans: Sequence[Plan], reason: str, lang: str) -> list[str]:
    """``event close --force``'s preview: each unfinished match, where it stands and the rulings it would
    get (or that it cannot be decided), then the director's other choices."""
    def where(p: Progress) -> str:
        if not p.started:
            return tr(lang, "not started")
        return tr(lang, "game {game}, hand {hand}", game=p.game, hand=p.hand)

    out = [tr(lang, "Closing round {round} by force would store (reason: {reason}):",
              round=round_number, reason=reason)]
    for p in plans:
        if p.team is None:
            out.append("  " + tr(lang, "table {table} {match} ({where}, games {ew}:{ns}): level, cannot be decided",
                                 table=p.table, match=p.match, where=where(p.progress), ew=p.games[0], ns=p.games[1]))
        else:
            out.append("  " + trn(lang, "table {table} {match} ({where}, games {ew}:{ns}): {n} ruling for {team:team}",
                                  "table {table} {match} ({where}, games {ew}:{ns}): {n} rulings for {team:team}",
                                  p.rulings,
                                  table=p.table, match=p.match, where=where(p.progress), ew=p.games[0],
                                  ns=p.games[1], team=p.team))
    out.append(tr(lang, "Or, table by table: referee event result {event} TABLE SIDE A:B | --forfeit SIDE | "
                        "--no-show SIDE --reason TEXT; or leave the round open.", event=event_id))
    return out


# --- the prize list ----------------------------------------------------------------------------------------

def prize_lines(results: EventResults, lang: str) -> list[str]:
    """``event prizes``: each award of the scoring's ``[prizes] awards`` and who wins it."""
    from referee.tournament.prizes import Kind, prizes

    state = results.state
    by_code = {p.code: p for p in state.pairs}
    s = state.settings
    if results.final:
        out = [tr(lang, "Prizes of {event} ({name}): final standings",
                  event=s.id, name=s.name)]
    else:
        out = [tr(lang, "Prizes of {event} ({name}): NOT FINAL, standings after round {n}",
                  event=s.id, name=s.name, n=results.last)]
    found = prizes(results.standings, state.pairs, s.scoring.awards)
    for p in found:
        if p.kind is Kind.club:
            out.append("  " + tr(lang, "Best club: {club}, {points} match points ({pairs:list})",
                                 club=p.winner, points=p.match_points, pairs=list(p.pairs)))
            continue
        who = _who(by_code[p.winner], lang)
        if p.kind is Kind.overall:
            out.append("  " + tr(lang, "Place {place}: {who}, {points} match points", place=p.place, who=who,
                                 points=p.match_points))
        else:
            out.append("  " + tr(lang, "Best newcomers {place}: {who}, {points} match points", place=p.place, who=who,
                                 points=p.match_points))
    if not found:
        out.append("  " + tr(lang, "no prize can be given yet"))
    return out
