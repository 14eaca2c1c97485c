"""The views of an event of individual players: its standings (terminal, JSON, workbook, PDF report), a round's
seating (terminal, JSON, PDF sheet) — one set of rows (``eventrows.Sheet``) for the terminal, the workbook and
the PDF, as the pair events' views share theirs, with a player column where a pair event has two.
"""

from __future__ import annotations

from typing import Any

from referee.core.i18n import join, tr, trn
from referee.results.eventresults import IndividualResults
from referee.tournament.individual import SeatedRound
from referee.tournament.model import RoundStatus
from referee.tournament.state import EventState
from referee.views import eventrows as rows
from referee.views.matchtext import pad, rjust, width


def title(results: IndividualResults, lang: str) -> str:
    if results.final:
        return tr(lang, "Final standings")
    if not results.rounds:
        return tr(lang, "Standings")
    last = results.state.rounds[len(results.rounds) - 1]
    if last.status is RoundStatus.closed:
        return tr(lang, "Standings after round {n}", n=last.number)
    return tr(lang, "Standings during round {n}", n=last.number)


def standings_sheet(results: IndividualResults, lang: str) -> rows.Sheet:
    """Rank, player, name, club, played, sat out, score (the payments received, net), first places,
    head-to-head (blank where it did not decide)."""
    clubs = {p.code: p.club for p in results.state.players}
    names = results.names
    columns = (rows.Column(tr(lang, "Rank"), numeric=True), rows.Column(tr(lang, "Player")),
               rows.Column(tr(lang, "Name")), rows.Column(tr(lang, "Club")),
               rows.Column(tr(lang, "Played"), numeric=True), rows.Column(tr(lang, "Sat out"), numeric=True),
               rows.Column(tr(lang, "Score"), numeric=True, signed=True),
               rows.Column(tr(lang, "First places"), numeric=True),
               rows.Column(tr(lang, "Head-to-head"), numeric=True, signed=True))
    body = tuple((r.rank, r.player, names[r.player], clubs[r.player], r.played, r.sat_out, r.score, r.firsts,
                  r.head_to_head) for r in results.standings)
    return rows.Sheet(columns, body)


def seating_sheet(state: EventState, rnd: SeatedRound, lang: str) -> rows.Sheet:
    """A round's tables: table, match, then each seat's player (code and name)."""
    from referee.games.registry import game

    seats = game(state.settings.game).seats
    names = {p.code: p.name for p in state.players}
    columns = (rows.Column(tr(lang, "Table"), numeric=True), rows.Column(tr(lang, "Match")),
               *(rows.Column(tr(lang, "Seat {seat}", seat=s)) for s in seats))
    body: tuple[tuple[rows.Cell, ...], ...] = tuple((t.number, t.match_id, *(f"{p} {names[p]}" for p in t.players))
                                                    for t in rnd.tables)
    return rows.Sheet(columns, body)


def results_sheet(results: IndividualResults, lang: str) -> rows.Sheet:
    """Every table of every round: its players in seat order with each one's score, once its match is done."""
    names = results.names
    columns = (rows.Column(tr(lang, "Round"), numeric=True), rows.Column(tr(lang, "Table"), numeric=True),
               rows.Column(tr(lang, "Match")), rows.Column(tr(lang, "Player")),
               rows.Column(tr(lang, "Name")),
               rows.Column(tr(lang, "Score"), numeric=True, signed=True))
    body: list[tuple[rows.Cell, ...]] = []
    for rnd in results.rounds:
        for t in rnd.tables:
            scores = results.scores(t.match_id)
            for i, p in enumerate(t.players):
                body.append((rnd.number, t.number, t.match_id, p, names[p], None if scores is None else scores[i]))
    return rows.Sheet(columns, tuple(body))


def _grid(sheet: rows.Sheet) -> list[str]:
    texts = [[rows.cell_text(r[i], c) for i, c in enumerate(sheet.columns)] for r in sheet.rows]
    widths = [max([width(c.head), *(width(t[i]) for t in texts)]) for i, c in enumerate(sheet.columns)]

    def line(cells: list[str]) -> str:
        return "  ".join(rjust(x, w) if c.numeric else pad(x, w)
                         for x, w, c in zip(cells, widths, sheet.columns, strict=True)).rstrip()

    return [line([c.head for c in sheet.columns]), *(line(t) for t in texts)]


def standings_lines(results: IndividualResults, lang: str) -> list[str]:
    return [title(results, lang), *_grid(standings_sheet(results, lang)), *standings_notes(results, lang)]


def standings_notes(results: IndividualResults, lang: str) -> list[str]:
    """What the standings' table does not say: who withdrew (and why), the matches not counted (and why)."""
    out = []
    state = results.state
    gone = [f"{p.code} {p.name} ({state.withdrawals.get(p.code, '')})" for p in state.players if not p.active]
    if gone:
        out.append(tr(lang, "Withdrawn: {players:list}", players=gone))
    for mid, problem in results.broken.items():
        out.append(tr(lang, "not counted: {match}: {problem}", match=mid,
                      problem=problem))
    for mid, t in results.tables.items():
        if t.given is not None:
            out.append(tr(lang, "{match}: the director's result (round {round}, table {table}), reason: {reason}",
                          match=mid, round=t.given.round, table=t.given.table, reason=t.given.reason))
    return out


def prizes(results: IndividualResults) -> list[Any]:
    """The prizes of the event's scoring's ``[prizes] awards``, by the standings (``tournament.prizes``)."""
    from referee.tournament.prizes import individual_prizes

    players = {p.code: p for p in results.state.players}
    return individual_prizes(results.standings, players, results.state.settings.scoring.awards)


def prizes_json(results: IndividualResults) -> dict[str, Any]:
    s = results.state.settings
    return {"event": s.id, "final": results.final, "awards": list(s.scoring.awards),
            "prizes": [{"award": p.kind.value, "place": p.place, "winner": p.winner, "score": p.match_points,
                        "players": list(p.pairs)} for p in prizes(results)]}


def prize_lines(results: IndividualResults, lang: str) -> list[str]:
    """``event prizes`` of an event of individual players: each award and who wins it, with the score."""
    from referee.tournament.prizes import Kind

    s = results.state.settings
    names = results.names
    if results.final:
        out = [tr(lang, "Prizes of {event} ({name}): final standings", event=s.id, name=s.name)]
    else:
        out = [tr(lang, "Prizes of {event} ({name}): NOT FINAL, standings after round {n}", event=s.id, name=s.name,
                  n=len(results.rounds))]
    found = prizes(results)
    for p in found:
        if p.kind is Kind.club:
            out.append("  " + tr(lang, "Best club: {club}, score {points:+d} ({players:list})", club=p.winner,
                                 points=p.match_points, players=list(p.pairs)))
        else:
            out.append("  " + tr(lang, "Place {place}: {player} {name}, score {points:+d}", place=p.place,
                                 player=p.winner, name=names[p.winner], points=p.match_points))
    if not found:
        out.append("  " + tr(lang, "no prize can be given yet"))
    return out


def sitting_out_words(results: IndividualResults, lang: str) -> str | None:
    """Who sits the last counted round out, in words (None: nobody)."""
    if not results.rounds or not results.rounds[-1].sitting_out:
        return None
    names = results.names
    return tr(lang, "Sitting out: {players:list}",
              players=[f"{p} {names[p]}" for p in results.rounds[-1].sitting_out])


def seating_lines(state: EventState, rnd: SeatedRound, lang: str) -> list[str]:
    names = {p.code: p.name for p in state.players}
    out = [tr(lang, "Round {n}", n=rnd.number), *_grid(seating_sheet(state, rnd, lang))]
    if rnd.sitting_out:
        out.append(tr(lang, "Sitting out: {players:list}", players=[f"{p} {names[p]}" for p in rnd.sitting_out]))
    return out


def standings_json(results: IndividualResults) -> dict[str, Any]:
    """The standings and every round's tables, each player's score at each table once its match is done."""
    names = results.names
    rounds = []
    for rnd, state_round in zip(results.rounds, results.state.rounds, strict=False):
        tables = []
        for t in rnd.tables:
            scores = results.scores(t.match_id)
            tables.append({"table": t.number, "match": t.match_id, "players": list(t.players),
                           "finished": scores is not None,
                           "scores": None if scores is None else dict(zip(t.players, scores, strict=True))})
        rounds.append({"round": rnd.number, "status": state_round.status.value, "tables": tables,
                       "sitting_out": list(rnd.sitting_out)})
    return {"event": results.state.settings.id, "game": results.state.settings.game, "round": len(results.rounds),
            "final": results.final,
            "standings": [{"rank": r.rank, "player": r.player, "name": names[r.player], "active": r.active,
                           "played": r.played, "sat_out": r.sat_out, "score": r.score, "firsts": r.firsts,
                           "head_to_head": r.head_to_head} for r in results.standings],
            "rounds": rounds}


def seating_json(rnd: SeatedRound) -> dict[str, Any]:
    return {"round": rnd.number, "tables": [{"table": t.number, "match": t.match_id, "players": list(t.players)}
                                            for t in rnd.tables], "sitting_out": list(rnd.sitting_out)}


def workbook_sheets(results: IndividualResults, lang: str) -> list[tuple[str, rows.Sheet]]:
    """The workbook's sheets: Standings, Entries, Results."""
    entries = rows.Sheet((rows.Column(tr(lang, "Player")), rows.Column(tr(lang, "Name")),
                          rows.Column(tr(lang, "Club"))),
                         tuple((p.code, p.name, p.club) for p in results.state.players))
    return [(tr(lang, "Standings"), standings_sheet(results, lang)), (tr(lang, "Entries"), entries),
            (tr(lang, "Results"), results_sheet(results, lang))]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def status_tables(results: IndividualResults, lang: str) -> list[dict[str, Any]]:
    """The last counted round's tables as ``event status`` shows them: each one's match, its players in seat order
    (code and name), where it stands (``finished``, ``in_play``, ``not_started``, ``broken``), the deals settled,
    the scores once finished, and that in a few words."""
    if not results.rounds:
        return []
    names = results.names
    out = []
    for t in results.rounds[-1].tables:
        table = results.tables.get(t.match_id)
        scores = results.scores(t.match_id)
        deals = table.deals if table is not None else 0
        if t.match_id in results.broken:
            state, words = "broken", tr(lang, "not counted: {problem}",
                                        problem=results.broken[t.match_id])
        elif scores is not None:
            state = "finished"
            words = tr(lang, "finished: {scores:list}",
                       scores=[f"{p} {_signed(n)}" for p, n in zip(t.players, scores, strict=True)])
        elif deals:
            state, words = "in_play", trn(lang, "in play: {n} deal settled", "in play: {n} deals settled", deals)
        else:
            state, words = "not_started", tr(lang, "not started")
        out.append({"table": t.number, "match": t.match_id, "players": list(t.players),
                    "names": [names[p] for p in t.players], "state": state, "deals": deals,
                    "scores": None if scores is None else dict(zip(t.players, scores, strict=True)), "words": words})
    return out


def status_json(results: IndividualResults) -> dict[str, Any]:
    """``event status --json`` of an individual event: the current round, its tables, who sits out, who withdrew."""
    state = results.state
    current = state.current
    return {"event": state.settings.id, "game": state.settings.game,
            "round": None if current is None else current.number,
            "status": None if current is None else current.status.value,
            "tables": [{k: v for k, v in row.items() if k != "words"} for row in status_tables(results, "en")],
            "sitting_out": list(results.rounds[-1].sitting_out) if results.rounds else [],
            "withdrawn": {p.code: state.withdrawals.get(p.code, "") for p in state.players if not p.active}}


def status_lines(results: IndividualResults, lang: str) -> list[str]:
    """``event status`` of an individual event: the round and its state, each table's players and where its match
    stands, who sits out and who withdrew."""
    state = results.state
    current = state.current
    if current is None:
        return [tr(lang, "event {event}: no round seated yet (referee event pair {event})", event=state.settings.id)]
    head = tr(lang, "round {round} of {event}: open", round=current.number,
              event=state.settings.id) if current.status is RoundStatus.open else \
        tr(lang, "round {round} of {event}: closed", round=current.number,
           event=state.settings.id)
    tables = status_tables(results, lang)
    sheet = rows.Sheet((rows.Column(tr(lang, "Table"), numeric=True), rows.Column(tr(lang, "Match")),
                        rows.Column(tr(lang, "Players")), rows.Column(tr(lang, "State"))),
                       tuple((t["table"], t["match"], join(lang, (f"{p} {n}" for p, n in zip(t["players"], t["names"],
                                                                                             strict=True))), t["words"])
                             for t in tables))
    out = [head, *_grid(sheet)]
    sitting = sitting_out_words(results, lang)
    if sitting is not None:
        out.append(sitting)
    gone = [f"{p.code} {p.name} ({state.withdrawals.get(p.code, '')})" for p in state.players if not p.active]
    if gone:
        out.append(tr(lang, "Withdrawn: {players:list}", players=gone))
    return out
