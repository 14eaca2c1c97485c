"""``referee event …`` for an event of pairs: what its commands print (a pair where a player is entered, a round
paired EW-NS, the standings by match points). ``event.py`` hands each command to this module or to
``individualevent`` by the event's kind (``referee.app.eventkind``): the two modules answer the same calls (the
``eventhandler.EventHandler`` protocol, checked by mypy), each taking every option of the command and using those
that mean something for its kind.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import typer

from referee.cli.commands.boundary import report_broken

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from pathlib import Path

    from referee.core.i18n import Msg
    from referee.results import eventresults
    from referee.store.api import MatchStore
    from referee.tournament.state import EventState
    from referee.views.scorecard.fonts import FontInfo

    Fonts = Callable[[], Callable[[Sequence[str]], FontInfo]]


def _echo(lines: list[str]) -> None:
    typer.echo("\n".join(lines))


def _dump(data: object) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def state_of(store: MatchStore, event_id: str) -> EventState:
    from referee.results.eventstate import event_state
    return event_state(store.event_log(event_id))


def confirmation_words(event_id: str, required: bool, say: str) -> str:
    from referee.core.i18n import tr

    if required:
        return tr(say, "event {event}: every settled hand is to be confirmed (referee confirm); event close names "
                       "those no side confirmed",
                  event=event_id)
    return tr(say, "event {event}: the confirmation of hands is optional; event close does not name unconfirmed hands",
              event=event_id)


def new(store: MatchStore, event_id: str, game: str | None, name: str, rules: str | None, fmt: str,
        rounds: int | None, scoring: str | None, date: str | None, venue: str | None, seed: int | None, sit_out: str,
        confirmation_required: bool, referee: str | None, say: str) -> None:
    from referee.app.director import new_event
    from referee.core.i18n import M, tr, trn
    from referee.games import registry
    from referee.tournament.model import EventFormat

    pairs_rules = rules or registry.game(registry.DEFAULT).default_rules
    state = new_event(store, event_id, name=name, rules=pairs_rules, fmt=fmt, rounds=rounds,
                      scoring=scoring, date=date, venue=venue, seed=seed, referee=referee,
                      confirmation_required=confirmation_required)
    s = state.settings
    form = M("round robin") if s.format is EventFormat.round_robin else M("Swiss")
    planned = "-" if s.rounds is None else s.rounds
    typer.echo(trn(say, "new event {event} ({name}) in {root}: {format}, {rounds} round, rules {rules}, scoring "
                        "{scoring}, lot seed {lot}",
                   "new event {event} ({name}) in {root}: {format}, {rounds} rounds, rules {rules}, scoring "
                   "{scoring}, lot seed {lot}", s.rounds or 0,
                   event=s.id, name=s.name, root=store.where, format=form, rounds=planned, rules=s.rules,
                   scoring=s.scoring.name, lot=s.lot))
    if s.confirmation_required:
        typer.echo(confirmation_words(s.id, True, say))
    typer.echo(tr(say, "next: referee event add {event} PAIR PLAYER1 PLAYER2, or referee event import {event} FILE",
                  event=s.id))


def add(store: MatchStore, event_id: str, code: str, player1: str, player2: str | None, club: str, newcomer: bool,
        rating: int | None, force: bool, reason: str, referee: str | None, say: str) -> None:
    from referee.app.director import add_pairs, checked_pair
    from referee.core.errors import UsageError
    from referee.core.i18n import M, trn

    if player2 is None:
        raise UsageError(M("PLAYER2: a pair has two players"))
    entry = checked_pair(code, player1, player2, club, newcomer=newcomer, rating=rating)
    state = add_pairs(store, event_id, [entry], referee, force=force, reason=reason)
    typer.echo(trn(say, "entered pair {pair} ({player1}, {player2}) in {event}: {n} pair",
                   "entered pair {pair} ({player1}, {player2}) in {event}: {n} pairs", len(state.pairs),
                   pair=entry.code, player1=entry.player1, player2=entry.player2, event=event_id))


def import_(store: MatchStore, event_id: str, file: Path, force: bool, reason: str, referee: str | None,
            say: str) -> None:
    from referee.app.director import add_pairs
    from referee.core.i18n import tr
    from referee.tournament.entries import read_entries

    entries = read_entries(file)
    if entries.notice is not None:
        typer.echo(entries.notice.text(say), err=True)
    state = add_pairs(store, event_id, list(entries.pairs), referee, source=str(file), force=force, reason=reason)
    typer.echo(tr(say, "{file}: entered {n} pairs in {event} ({total} in all)",
                  file=str(file), n=len(entries.pairs), event=event_id, total=len(state.pairs)))


def withdrawn(state: EventState, code: str, reason: str, say: str) -> list[str]:
    """What ``event withdraw`` says of the pair *code* withdrawn (``app.entrants.withdraw``)."""
    from referee.core.i18n import tr
    from referee.tournament.model import RoundStatus

    current = state.current
    said = [tr(say, "pair {pair} withdrawn from {event} ({reason}): {n} pairs playing",
               pair=code, event=state.settings.id, reason=reason, n=len(state.active))]
    if current is not None and current.status is RoundStatus.open and any(code in (t.ew, t.ns)
                                                                           for t in current.tables):
        said.append(tr(say, "its match in round {round} is still to be decided (record it, or close the round with "
                            "--force)",
                       round=current.number))
    return said


def edit(store: MatchStore, event_id: str, code: str, player1: str | None, player2: str | None, club: str | None,
         name: str | None, force: bool, reason: str, referee: str | None, say: str) -> None:
    from referee.app.director import edit_pair
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr

    if name is not None:
        raise UsageError(M("--name: for an event of individual players; a pair's players are --player1 and --player2"))
    before, state = edit_pair(store, event_id, code, player1=player1, player2=player2, club=club,
                              reason=reason, force=force, referee=referee)
    after = state.pair(code)
    assert after is not None
    typer.echo(tr(say, "pair {pair} of {event}: {old} → {new}", pair=code, event=event_id,
                  old=_entry_words(before.player1, before.player2, before.club, say),
                  new=_entry_words(after.player1, after.player2, after.club, say)))


def _entry_words(player1: str, player2: str, club: str, say: str) -> str:
    from referee.core.i18n import tr

    if not club:
        return tr(say, "{player1}, {player2}", player1=player1, player2=player2)
    return tr(say, "{player1}, {player2} ({club})", player1=player1,
              player2=player2, club=club)


def removed(state: EventState, code: str, reason: str, say: str) -> list[str]:
    """What ``event remove`` says of the pair *code* removed (``app.entrants.remove``)."""
    from referee.core.i18n import trn

    return [trn(say, "pair {pair} removed from {event} ({reason}): {n} pair entered",
                "pair {pair} removed from {event} ({reason}): {n} pairs entered", len(state.pairs),
                pair=code, event=state.settings.id, reason=reason)]


def pair(store: MatchStore, event_id: str, json_: bool, explain: bool, dry_run: bool, swap: tuple[str, str] | None,
         sets: Sequence[str], byes: Sequence[str], reason: str, by_rating: bool, referee: str | None,
         say: str) -> None:
    from referee.app.director import pair_round
    from referee.core.i18n import tr
    from referee.views import eventjson, eventtext

    paired = pair_round(store, event_id, referee, dry_run=dry_run, swaps=[swap] if swap else (),
                        sets=sets, reason=reason, byes=byes, by_rating=by_rating)
    if json_:
        out = eventjson.pairing(paired.round)
        if dry_run:
            out = {**out, "dry_run": True}
        _dump(out)
        return
    if dry_run:
        typer.echo(tr(say, "Dry run: the round as it would be paired; nothing stored"))
    _echo(eventtext.pairing_lines(paired.state, paired.round, say))
    if paired.override is not None:
        _echo(eventtext.override_lines(paired.override.before, paired.override.rematches, reason, say))
    if explain:
        _echo(eventtext.explanation_lines(paired.round, paired.swiss, say))


def status(store: MatchStore, event_id: str, json_: bool, say: str) -> None:
    import datetime

    from referee.results import eventresults
    from referee.views import eventjson, eventtext

    state = state_of(store, event_id)
    current = state.current
    counted = None if current is None else current.number
    results = eventresults.load(store, event_id, counted, keep=True)
    now = datetime.datetime.now(datetime.UTC)
    if json_:
        _dump(eventjson.status(results, now))
    else:
        _echo(eventtext.status_lines(results, now, say))
    report_broken(results.broken, say)


def close(store: MatchStore, event_id: str, force: bool, reason: str, yes: bool, referee: str | None,
          say: str) -> None:
    from referee.app.director import close_round
    from referee.core.i18n import tr

    if force and reason.strip() and not yes:
        _preview_close(store, event_id, reason, say)
    closed = close_round(store, event_id, force=force, reason=reason, referee=referee)
    if closed.left_open:
        typer.echo(tr(say, "warning: the close leaves open: {disputes:list} (the director can still decide them; no "
                           "appeal can be made any more)",
                      disputes=list(closed.left_open)), err=True)
    if closed.unconfirmed:
        typer.echo(tr(say, "warning: settled hands no side confirmed: {hands:list} (the event requires confirmation: "
                           "referee confirm MATCH --hand N --by SIDE)",
                      hands=list(closed.unconfirmed)), err=True)
    for r in closed.rulings:
        typer.echo(tr(say, "{match}: ruling for {team:team} recorded as #{seq} ({reason})",
                      match=r.match, team=r.team, seq=r.seq, reason=reason))
    planned = closed.state.planned
    typer.echo(tr(say, "round {round} of {event} closed: its results are final",
                  round=closed.round.number, event=event_id))
    if closed.state.final:
        typer.echo(tr(say, "that was the last round: the standings are final (referee event standings {event})",
                      event=event_id))
    elif planned is None or closed.round.number < planned:
        typer.echo(tr(say, "next: referee event pair {event}",
                      event=event_id))


def _preview_close(store: MatchStore, event_id: str, reason: str, say: str) -> None:
    """``close --force`` shows what it will store first; on a terminal it asks, else it stops (``--yes``)."""
    import sys

    from referee.app.director import preview_close
    from referee.core.errors import RefereeError
    from referee.core.i18n import M
    from referee.views.eventtext import close_preview_lines

    rnd, plans = preview_close(store, event_id)
    if not plans:
        return
    _echo(close_preview_lines(event_id, rnd.number, plans, reason, say))
    if any(p.team is None for p in plans):
        return  # close_round refuses, naming the matches it cannot decide
    if sys.stdin.isatty() and sys.stdout.isatty():
        from referee.core.i18n import tr

        if typer.confirm(tr(say, "Store these rulings and close the round?")):
            return
    raise RefereeError(M("nothing stored: to store the rulings shown, close again with --yes; or enter each "
                         "table's result (referee event result {event} TABLE …), or leave the round open",
                         event=event_id))


def result(store: MatchStore, event_id: str, table: int, side: str | None, score: str | None, forfeit: str | None,
           no_show: str | None, adjusted: str | None, round_: int | None, reason: str, json_: bool,
           referee: str | None, say: str) -> None:
    from referee.app.director import enter_result
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr

    if (side is None) != (score is None):
        raise UsageError(M("a score is SIDE A:B, e.g. EW 2:1"))
    entered = enter_result(store, event_id, table, round_number=round_,
                           score=None if side is None or score is None else (side, score), forfeit=forfeit,
                           no_show=no_show, adjusted=adjusted, reason=reason, referee=referee)
    r = entered.result
    if json_:
        from referee.views.eventjson import _given

        over = entered.over_record
        _dump({"event": event_id, "round": r.round, "table": r.table, "match": r.match_id, "result": _given(r),
               "after_close": entered.after_close, "over_record": None if over is None else list(over)})
        return
    from referee.tournament.standings import table_outcome
    from referee.views.eventwords import result_message

    typer.echo(tr(say, "{match}: {result}, {ew}:{ns} (EW:NS), reason: {reason}; event log #{seq}",
                  match=r.match_id, result=result_message(table_outcome(None, r)), ew=r.ew, ns=r.ns, reason=r.reason,
                  seq=r.seq))
    if entered.after_close:
        typer.echo(tr(say, "round {round} was closed: this is a correction after its close (shown as such in the "
                           "standings and the report)", round=r.round))
    if entered.over_record is not None:
        typer.echo(tr(say, "warning: match {match}'s record is finished ({ew}:{ns} in games, EW:NS); the director's "
                           "result stands over it in the standings (--clear takes it back)",
                      match=r.match_id, ew=entered.over_record[0], ns=entered.over_record[1]))


def standings(store: MatchStore, event_id: str, json_: bool, after_round: int | None,
              explain: tuple[str, str] | None, wide: bool, cross: bool, say: str) -> None:
    from referee.results import eventresults
    from referee.views import eventjson, eventtext

    results = eventresults.load(store, event_id, after_round, keep=True)
    if cross:
        _echo(eventtext.matrix_lines(results, say))
    elif explain:
        a, b = explain
        for code in (a, b):
            if results.state.pair(code) is None:
                from referee.app.entrants import unknown_pair

                raise unknown_pair(results.state, code)
        _echo(eventtext.explain_lines(results, a, b, say))
    elif json_:
        _dump(eventjson.standings(results))
    else:
        _echo(eventtext.standings_lines(results, say, None if wide else _terminal_width()))
    report_broken(results.broken, say)


def prizes(store: MatchStore, event_id: str, json_: bool, say: str) -> None:
    from referee.results import eventresults
    from referee.tournament.prizes import prizes as prize_list
    from referee.views import eventtext

    results = eventresults.load(store, event_id, keep=True)
    if json_:
        s = results.state.settings
        _dump({"event": s.id, "final": results.final, "awards": list(s.scoring.awards),
               "prizes": [{"award": p.kind.value, "place": p.place, "winner": p.winner,
                           "match_points": p.match_points, "pairs": list(p.pairs)}
                          for p in prize_list(results.standings, results.state.pairs, s.scoring.awards)]})
    else:
        _echo(eventtext.prize_lines(results, say))
    report_broken(results.broken, say)


def _terminal_width() -> int | None:
    """The width to fit a table into: the terminal's when the output is one, else ``$COLUMNS`` when set (a
    pager's or a script's choice); None (every column) for a file or a pipe."""
    import os
    import shutil
    import sys

    given = os.environ.get("COLUMNS", "")
    if given.isdigit() and int(given) > 0:
        return int(given)
    try:
        tty = sys.stdout.isatty()
    except (AttributeError, ValueError):
        return None
    return shutil.get_terminal_size().columns if tty else None


def sheet(store: MatchStore, event_id: str, round_: int | None, output: Path | None, default: Callable[[int], Path],
          pdf: str, fonts: Fonts, say: str) -> None:
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr
    from referee.core.safefile import is_stdout
    from referee.views.sheets import round_sheet

    state = state_of(store, event_id)
    number = round_ if round_ is not None else (state.current.number if state.current else None)
    rnd = None if number is None else state.round(number)
    if number is None:
        raise UsageError(M("event {event} has no round paired yet (referee event pair {event})", event=event_id))
    if rnd is None:
        raise UsageError(M("--round {n}: event {event} has no such round (rounds paired: {paired})",
                           n=number if number is not None else "-", event=event_id,
                           paired=len(state.rounds)))
    path = output or default(rnd.number)
    before = None
    if rnd.number > 1:  # the standings as they stood when the round was paired: after the round before it
        from referee.results import eventresults

        before = eventresults.load(store, event_id, rnd.number - 1, keep=True).standings
    round_sheet(path, state.settings.name, rnd, state.pairs, pdf, font=fonts(), standings=before)
    typer.echo(tr(say, "wrote {path}", path=str(path)), err=is_stdout(path))  # never into a PDF on stdout


def report(store: MatchStore, event_id: str, path: Path, pdf: str, fonts: Fonts, say: str) -> None:
    from referee.app.disputes import event_disputes, event_sides
    from referee.core.i18n import tr
    from referee.core.safefile import is_stdout
    from referee.results import eventresults
    from referee.tournament.model import EventFormat
    from referee.views.disputetext import event_lines
    from referee.views.eventtext import broken_lines, notes, round_word
    from referee.views.sheets import standings_report

    results = eventresults.load(store, event_id, keep=True)
    found = event_disputes(store, event_id)

    standings_report(path, results.state.settings.name, results.state.pairs, results.rounds, results.standings,
                     results.summaries, pdf, final=results.final,
                     notes=notes(results, pdf) + broken_lines(results, pdf),
                     round_words={r.number: round_word(results.status(r.number), pdf) for r in results.rounds},
                     font=fonts(), results=results.results, scoring=results.state.settings.scoring,
                     matrix=results.state.settings.format is EventFormat.round_robin,
                     disputes=event_lines(event_id, found, pdf, event_sides(store, found))[1:] if found else ())
    typer.echo(tr(say, "wrote {path}", path=str(path)), err=is_stdout(path))  # never into a PDF on stdout
    report_broken(results.broken, say)


def export(store: MatchStore, event_id: str, xlsx: Path, book: str, say: str) -> None:
    from referee.core.i18n import tr
    from referee.core.safefile import is_stdout
    from referee.results import eventresults
    from referee.views.xlsx import write_workbook

    results = eventresults.load(store, event_id, keep=True)
    write_workbook(xlsx, results.state.settings.name, results.state.pairs, results.rounds, results.standings,
                   results.summaries, book, results=results.results, scoring=results.state.settings.scoring,
                   about=_about(results, book))
    typer.echo(tr(say, "wrote {path}", path=str(xlsx)), err=is_stdout(xlsx))  # never into the workbook on stdout
    report_broken(results.broken, say)


def pages(store: MatchStore, event_id: str, lang: str) -> tuple[dict[str, str], Mapping[str, Msg]]:
    """The static HTML pages of ``event publish`` (name → text) and what could not be read (the results' broken)."""
    from referee.results import eventresults
    from referee.views.publish import pages as built

    results = eventresults.load(store, event_id, keep=True)
    return built(results, lang), results.broken


def _about(results: eventresults.EventResults, lang: str) -> list[tuple[str, str | int | None]]:
    """The workbook's Event sheet: the event's facts, then its notes (rulings, the director's results,
    corrections after a close), each a label and a value."""
    from referee.core.i18n import tr
    from referee.views.eventtext import format_word, notes, round_word, standings_title

    s = results.state.settings
    rows: list[tuple[str, str | int | None]] = [
        (tr(lang, "Event"), s.id), (tr(lang, "Name"), s.name), (tr(lang, "Date"), s.date),
        (tr(lang, "Venue"), s.venue), (tr(lang, "Format"), format_word(s.format.value, lang)),
        (tr(lang, "Rules"), s.rules), (tr(lang, "Scoring"), s.scoring.name),
        (tr(lang, "Rounds"), results.state.planned), (tr(lang, "Standings"), standings_title(results, lang)),
    ]
    rows += [(tr(lang, "Round {n}", n=r.number), round_word(results.status(r.number), lang))
             for r in results.rounds]
    rows += [(tr(lang, "Note"), line) for line in notes(results, lang)]
    return rows
