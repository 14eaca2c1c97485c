"""``referee event …``: running a tournament — entries, pairings, round control, standings, sheets.

One Typer group (``COMMANDS["event"]``, ``group=True``); the command line wraps each of its
commands in the error boundary and words their help in the user's language, as for every command.
Imported when the command line starts: only typer and the standard library at the top; the store,
the event layer, the engine and ReportLab load inside the commands.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.commands.boundary import language, report_broken
from referee.cli.commands.options import (
    Db,
    EventId,
    Json,
    Lang,
    Output,
    PdfFont,
    Reason,
    Referee,
    ReportLang,
    WorkbookLang,
)
from referee.cli.commands.tableactions import open_store
from referee.core.i18n import N_

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from referee.core.i18n import Msg
    from referee.results import eventresults
    from referee.store.api import MatchStore
    from referee.tournament.state import EventState
    from referee.views.scorecard.fonts import FontInfo

PairCode = Annotated[str, typer.Argument(metavar="PAIR", help=N_("The pair's code, e.g. A1."), show_default=False)]
Finished = Annotated[bool, typer.Option("--force", help=N_(
    "Change the entries of a finished event anyway (with --reason, kept in the log)."))]
CONFIRMATION_HELP = N_("Every settled hand is to be confirmed by a side (referee confirm), and event close names "
                       "those no side confirmed; default: not required (no warning).")




def _echo(lines: list[str]) -> None:
    typer.echo("\n".join(lines))


def _dump(data: object) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


# --- entries --------------------------------------------------------------------------------------

def new(
    event_id: EventId,
    name: Annotated[str, typer.Option("--name", metavar="NAME", help=N_("The event's name, e.g. \"Spring Cup\"."),
                                      show_default=False)],
    rules: Annotated[str | None, typer.Option("--rules", metavar="RULESET", help=N_(
        "Rule set of every match (a name or a TOML file; default: dalian-club, or the game's own)."))] = None,
    game: Annotated[str | None, typer.Option("--game", metavar="GAME", help=N_(
        "An event of individual players at this game (doudizhu, hubei-dagun, jinhua-mahjong); default: Gunzi pairs."))]
    = None,
    sit_out: Annotated[str, typer.Option("--sit-out", metavar="lowest|lot", help=N_(
        "An individual event: who sits out when the players do not fill the tables (the lowest-placed, or by lot)."))]
    = "lowest",
    fmt: Annotated[str, typer.Option("--format", metavar="swiss|round-robin",
                                     help=N_(
        "Swiss rounds, or a round robin (every pair meets every other; at an event of individual players, as evenly "
        "as the tables allow)."))]
    = "swiss",
    rounds: Annotated[int | None, typer.Option("--rounds", metavar="N", help=N_(
        "Rounds the event will have (a Swiss event needs it; a round robin: all of its schedule)."))] = None,
    scoring: Annotated[str | None, typer.Option("--scoring", metavar="NAME|PATH", help=N_(
        "Match points and tie-breaks: a bundled scoring (club; robin, the default of a round robin: head-to-head "
        "and Sonneborn-Berger) or a TOML file (base = allowed)."))]
    = None,
    date: Annotated[str | None, typer.Option("--date", metavar="YYYY-MM-DD", help=N_("Date of the event."))] = None,
    venue: Annotated[str | None, typer.Option("--venue", metavar="TEXT", help=N_("Where it is played."))] = None,
    seed: Annotated[int | None, typer.Option("--seed", metavar="N", help=N_(
        "Shuffle round 1 with this seed (else entry order); also the seed of the lot."))] = None,
    confirmation_required: Annotated[bool, typer.Option("--confirmation-required", help=CONFIRMATION_HELP)] = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Create an event: its name, rule set, format, rounds and scoring."""
    say = language(lang)
    from referee.app.director import new_event
    from referee.core.i18n import M, tr
    from referee.games import registry
    from referee.tournament.model import EventFormat

    store = open_store(db)
    played = registry.game(game) if game is not None else None
    if played is not None and played.sides == played.seats:  # each player for themself: an event of players
        from referee.cli.commands import individualevent

        if confirmation_required:
            from referee.core.errors import UsageError

            raise UsageError(M("--confirmation-required: for an event of pairs only (an event of individual players "
                               "does not name unconfirmed hands at its close)"))

        individualevent.new(store, event_id, played.key, name, rules, rounds, date, venue, seed, sit_out, referee, say,
                            fmt)
        return
    pairs_rules = rules or registry.game(registry.DEFAULT).default_rules
    state = new_event(store, event_id, name=name, rules=pairs_rules, fmt=fmt, rounds=rounds,
                      scoring=scoring, date=date, venue=venue, seed=seed, referee=referee,
                      confirmation_required=confirmation_required)
    s = state.settings
    form = M("round robin") if s.format is EventFormat.round_robin else M("Swiss")
    planned = "-" if s.rounds is None else s.rounds
    typer.echo(tr(say, "new event {event} ({name}) in {root}: {format}, {rounds} rounds, rules {rules}, scoring "
                       "{scoring}, lot seed {lot}",
                  event=s.id, name=s.name, root=store.where, format=form, rounds=planned, rules=s.rules,
                  scoring=s.scoring.name, lot=s.lot))
    if s.confirmation_required:
        typer.echo(_confirmation_words(s.id, True, say))
    typer.echo(tr(say, "next: referee event add {event} PAIR PLAYER1 PLAYER2, or referee event import {event} FILE",
                  event=s.id))


def settings(
    event_id: EventId,
    confirmation_required: Annotated[bool | None, typer.Option(
        "--confirmation-required/--no-confirmation-required", help=CONFIRMATION_HELP, show_default=False)] = None,
    reason: Reason = "",
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Show whether the event requires every settled hand to be confirmed, or change it (an entry of its log)."""
    say = language(lang)
    from referee.app.individual import pairs_only

    store = open_store(db)
    if confirmation_required is None:
        typer.echo(_confirmation_words(event_id, _state(store, event_id).settings.confirmation_required, say))
        return
    from referee.app.director import change_settings

    pairs_only(store, event_id, "settings")
    state = change_settings(store, event_id, confirmation_required=confirmation_required, reason=reason,
                            referee=referee)
    typer.echo(_confirmation_words(event_id, state.settings.confirmation_required, say))


def _confirmation_words(event_id: str, required: bool, say: str) -> str:
    from referee.core.i18n import tr

    if required:
        return tr(say, "event {event}: every settled hand is to be confirmed (referee confirm); event close names "
                       "those no side confirmed",
                  event=event_id)
    return tr(say, "event {event}: the confirmation of hands is optional; event close does not name unconfirmed hands",
              event=event_id)


def add(
    event_id: EventId,
    pair: PairCode,
    player1: Annotated[str, typer.Argument(metavar="PLAYER1", help=N_("First player (sits E or S)."),
                                           show_default=False)],
    player2: Annotated[str | None, typer.Argument(metavar="[PLAYER2]", help=N_(
        "Second player (sits W or N); none in an event of individual players, where PAIR is the player's code and "
        "PLAYER1 the name."),
        show_default=False)] = None,
    club: Annotated[str, typer.Option("--club", metavar="CLUB", help=N_("The pair's club."))] = "",
    newcomer: Annotated[bool, typer.Option("--newcomer", help=N_(
        "A newcomer pair (for the prize of the best newcomers)."))] = False,
    rating: Annotated[int | None, typer.Option("--rating", metavar="N", help=N_(
        "The pair's rating: round 1 is seeded by it, highest first."))]
    = None,
    force: Finished = False,
    reason: Reason = "",
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Enter a pair."""
    say = language(lang)
    from referee.app.director import add_pairs, checked_pair
    from referee.cli.commands import individualevent
    from referee.core.errors import UsageError
    from referee.core.i18n import M, trn

    store = open_store(db)
    if individualevent.is_individual(store, event_id):
        if player2 is not None:
            raise UsageError(M("event {event} is of individual players: referee event add {event} PLAYER NAME",
                               event=event_id))
        individualevent.add(store, event_id, pair, player1, club, referee, say)
        return
    if player2 is None:
        raise UsageError(M("PLAYER2: a pair has two players"))
    entry = checked_pair(pair, player1, player2, club, newcomer=newcomer, rating=rating)
    state = add_pairs(store, event_id, [entry], referee, force=force, reason=reason)
    typer.echo(trn(say, "entered pair {pair} ({player1}, {player2}) in {event}: {n} pair",
                   "entered pair {pair} ({player1}, {player2}) in {event}: {n} pairs", len(state.pairs),
                   pair=entry.code, player1=entry.player1, player2=entry.player2, event=event_id))


def import_(
    event_id: EventId,
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_(
        "Entries: CSV or XLSX with a header row pair,player1,player2,club (and may be rating,newcomer)."),
        show_default=False)],
    force: Finished = False,
    reason: Reason = "",
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Enter the pairs of an entries file (CSV or XLSX): all of them or none."""
    say = language(lang)
    from referee.app.director import add_pairs
    from referee.cli.commands import individualevent
    from referee.core.i18n import tr
    from referee.tournament.entries import read_entries

    if individualevent.is_individual(open_store(db), event_id):
        individualevent.import_(open_store(db), event_id, file, referee, say)
        return
    entries = read_entries(file)
    if entries.notice is not None:
        typer.echo(entries.notice.text(say), err=True)
    state = add_pairs(open_store(db), event_id, list(entries.pairs), referee, source=str(file), force=force,
                      reason=reason)
    typer.echo(tr(say, "{file}: entered {n} pairs in {event} ({total} in all)",
                  file=str(file), n=len(entries.pairs), event=event_id, total=len(state.pairs)))


def withdraw(
    event_id: EventId,
    pair: PairCode,
    reason: Reason,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Withdraw a pair (a player, in an event of individual players): never paired again; it keeps what it played
    in the standings."""
    say = language(lang)
    from referee.app.director import withdraw as withdraw_pair
    from referee.cli.commands import individualevent
    from referee.core.i18n import tr

    if individualevent.is_individual(open_store(db), event_id):
        individualevent.withdraw(open_store(db), event_id, pair, reason, referee, say)
        return
    state = withdraw_pair(open_store(db), event_id, pair, reason, referee)
    current = state.current
    typer.echo(tr(say, "pair {pair} withdrawn from {event} ({reason}): {n} pairs playing",
                  pair=pair, event=event_id, reason=reason, n=len(state.active)))
    from referee.tournament.model import RoundStatus

    if current is not None and current.status is RoundStatus.open and any(pair in (t.ew, t.ns)
                                                                           for t in current.tables):
        typer.echo(tr(say, "its match in round {round} is still to be decided (record it, or close the round with "
                           "--force)",
                      round=current.number))


def edit(
    event_id: EventId,
    pair: PairCode,
    player1: Annotated[str | None, typer.Option("--player1", metavar="NAME", help=N_(
        "The first player's name as corrected."))] = None,
    player2: Annotated[str | None, typer.Option("--player2", metavar="NAME", help=N_(
        "The second player's name as corrected."))] = None,
    club: Annotated[str | None, typer.Option("--club", metavar="CLUB", help=N_(
        "The pair's club as corrected (empty: none)."))] = None,
    name: Annotated[str | None, typer.Option("--name", metavar="NAME", help=N_(
        "An event of individual players: the player's name as corrected."))] = None,
    force: Finished = False,
    reason: Reason = "",
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Correct a pair's players (before it is paired) or its club, as an entry of the event's log."""
    say = language(lang)
    from referee.app.director import edit_pair
    from referee.cli.commands import individualevent
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr

    store = open_store(db)
    if individualevent.is_individual(store, event_id):
        if player2 is not None or (player1 is not None and name is not None):
            raise UsageError(M("event {event} is of individual players: a player has one name (--name NAME)",
                               event=event_id))
        individualevent.edit(store, event_id, pair, name if name is not None else player1, club, reason, force,
                             referee, say)
        return
    if name is not None:
        raise UsageError(M("--name: for an event of individual players; a pair's players are --player1 and --player2"))
    before, state = edit_pair(open_store(db), event_id, pair, player1=player1, player2=player2, club=club,
                              reason=reason, force=force, referee=referee)
    after = state.pair(pair)
    assert after is not None
    typer.echo(tr(say, "pair {pair} of {event}: {old} → {new}", pair=pair, event=event_id,
                  old=_entry_words(before.player1, before.player2, before.club, say),
                  new=_entry_words(after.player1, after.player2, after.club, say)))


def _entry_words(player1: str, player2: str, club: str, say: str) -> str:
    from referee.core.i18n import tr

    if not club:
        return tr(say, "{player1}, {player2}", player1=player1, player2=player2)
    return tr(say, "{player1}, {player2} ({club})", player1=player1,
              player2=player2, club=club)


def remove(
    event_id: EventId,
    pair: PairCode,
    reason: Reason,
    force: Finished = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Take a pair out of the event before it is paired (a pair that played is withdrawn instead)."""
    say = language(lang)
    from referee.app.director import remove_pair
    from referee.cli.commands import individualevent
    from referee.core.i18n import trn

    if individualevent.is_individual(open_store(db), event_id):
        individualevent.remove(open_store(db), event_id, pair, reason, force, referee, say)
        return
    state = remove_pair(open_store(db), event_id, pair, reason, force=force, referee=referee)
    typer.echo(trn(say, "pair {pair} removed from {event} ({reason}): {n} pair entered",
                   "pair {pair} removed from {event} ({reason}): {n} pairs entered", len(state.pairs),
                   pair=pair, event=event_id, reason=reason))


# --- rounds -----------------------------------------------------------------------------------------

def pair(
    event_id: EventId,
    json_: Json = False,
    explain: Annotated[bool, typer.Option("--explain", help=N_(
        "Say why each table was paired (score group, floats, a rematch avoided)."))] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help=N_(
        "Show the round as it would be paired; nothing is stored."))]
    = False,
    swap: Annotated[tuple[str, str] | None, typer.Option("--swap", metavar="A B", help=N_(
        "Two pairs trade places, or two tables (T2 T5) their NS pairs (with --reason)."))] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", metavar="EW-NS", help=N_(
        "A table by hand, e.g. A1-B2 (repeat for more; the pairs not named are paired by the program)."))] = None,
    bye: Annotated[list[str] | None, typer.Option("--bye", metavar="PAIR", help=N_(
        "A pair sitting this round out at its request (a requested bye, [bye] requested); may be repeated."))] = None,
    reason: Reason = "",
    seed: Annotated[str | None, typer.Option("--seed", metavar="rating", help=N_(
        "Round 1 seeded by the players' ratings (referee ratings): a pair's seed is its players' mean rating; at an "
        "event of individual players, each player's rating (the unrated after, in the event's lot order)."))] = None,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Pair the next round and create its matches in the store (EVENT-R<round>-T<table>)."""
    say = language(lang)
    from referee.app.director import pair_round
    from referee.cli.commands import individualevent
    from referee.core.i18n import tr
    from referee.views import eventjson, eventtext

    if seed is not None and seed != "rating":
        from referee.core.errors import UsageError
        from referee.core.i18n import M

        raise UsageError(M("--seed {value}: the one seeding is `rating` (else round 1 is seeded as the event was "
                           "created: entry order or its --seed's lot)",
                           value=seed))
    if individualevent.is_individual(open_store(db), event_id):
        individualevent.pair(open_store(db), event_id, json_, dry_run, referee, say, by_rating=seed is not None)
        return
    paired = pair_round(open_store(db), event_id, referee, dry_run=dry_run, swaps=[swap] if swap else (),
                        sets=set_ or (), reason=reason, byes=bye or (), by_rating=seed is not None)
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


def unpair(
    event_id: EventId,
    reason: Reason,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Take the current round back while none of its matches holds an entry: pair it again after."""
    say = language(lang)
    from referee.app.director import unpair_round
    from referee.core.i18n import tr

    rnd, _ = unpair_round(open_store(db), event_id, reason, referee)
    typer.echo(tr(say, "round {round} of {event} unpaired ({reason}): pair it again with referee event pair {event}",
                  round=rnd.number, event=event_id, reason=reason))


def status(
    event_id: EventId,
    json_: Json = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """The current round: each table's match (not started, game and hand in play, or its result) and its time."""
    say = language(lang)
    import datetime

    from referee.results import eventresults
    from referee.views import eventjson, eventtext

    store = open_store(db)
    from referee.cli.commands import individualevent

    if individualevent.is_individual(store, event_id):
        individualevent.status(store, event_id, json_, say)
        return
    state = _state(store, event_id)
    current = state.current
    counted = None if current is None else current.number
    results = eventresults.load(store, event_id, counted, keep=True)
    now = datetime.datetime.now(datetime.UTC)
    if json_:
        _dump(eventjson.status(results, now))
    else:
        _echo(eventtext.status_lines(results, now, say))
    report_broken(results.broken, say)


def _state(store: MatchStore, event_id: str) -> EventState:
    from referee.results.eventstate import event_state
    return event_state(store.event_log(event_id))


def close(
    event_id: EventId,
    force: Annotated[bool, typer.Option("--force", help=N_(
        "Close even with unfinished matches: shows the rulings that would decide each, stored with --yes."))]
    = False,
    reason: Reason = "",
    yes: Annotated[bool, typer.Option("--yes", help=N_(
        "With --force: store the rulings shown without asking."))]
    = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Close the current round once every match is finished; its results are then final."""
    say = language(lang)
    from referee.app.director import close_round
    from referee.core.i18n import tr

    store = open_store(db)
    from referee.cli.commands import individualevent

    if individualevent.is_individual(store, event_id):
        individualevent.close(store, event_id, referee, say)
        return
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


def disputes(
    event_id: EventId,
    json_: Json = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Every dispute of the event's matches with its state (raised, ruled, appealed, decided)."""
    say = language(lang)
    from referee.app.disputes import event_disputes
    from referee.views import disputetext

    found = event_disputes(open_store(db), event_id)
    if json_:
        _dump(disputetext.event_data(event_id, found))
        return
    _echo(disputetext.event_lines(event_id, found, say))


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


def result(
    event_id: EventId,
    table: Annotated[int, typer.Argument(metavar="TABLE", help=N_(
        "The table's number in the round."), show_default=False)],
    side: Annotated[str | None, typer.Argument(metavar="[SIDE", help=N_(
        "EW, NS or a pair's code: the side the score is written for."),
        show_default=False)] = None,
    score: Annotated[str | None, typer.Argument(metavar="SCORE]", help=N_(
        "Games won:lost by SIDE, e.g. 2:1."), show_default=False)] = None,
    forfeit: Annotated[str | None, typer.Option("--forfeit", metavar="SIDE", help=N_(
        "The side that gave the match up: the other wins games-to-win : 0."))] = None,
    no_show: Annotated[str | None, typer.Option("--no-show", metavar="SIDE", help=N_(
        "The side that did not come: the other wins games-to-win : 0."))]
    = None,
    adjusted: Annotated[str | None, typer.Option("--adjusted", metavar="EW:NS", help=N_(
        "Match points awarded to EW and NS, no games counted."))] = None,
    clear: Annotated[bool, typer.Option("--clear", help=N_(
        "Take the director's result back: the match's record counts again."))] = False,
    round_: Annotated[int | None, typer.Option("--round", metavar="N", help=N_(
        "The round (default: the latest paired); a closed round's result is a correction after its close."))] = None,
    reason: Reason = "",
    json_: Json = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Enter a table's result without hand records: a score, a forfeit, a no-show or an adjusted score."""
    say = language(lang)
    from referee.app.director import clear_result, enter_result
    from referee.cli.commands import individualevent
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr

    store = open_store(db)
    individual = individualevent.is_individual(store, event_id)
    if individual and not clear:
        if any(x is not None for x in (side, score, forfeit, no_show)) or adjusted is None:
            raise UsageError(M("event {event} is of individual players: a table's result is --adjusted A:B:C, a "
                               "score for each player in seat order",
                               event=event_id))
        individualevent.result(store, event_id, table, adjusted, round_, reason, json_, referee, say)
        return
    if clear:
        if any(x is not None for x in (side, score, forfeit, no_show, adjusted)):
            raise UsageError(M("--clear takes no result"))
        clear_result(store, event_id, table, round_number=round_, reason=reason, referee=referee)
        typer.echo(tr(say, "table {table} of {event}: the director's result taken back ({reason}); the match's "
                           "record counts again",
                      table=table, event=event_id, reason=reason))
        return
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


# --- results ----------------------------------------------------------------------------------------

def standings(
    event_id: EventId,
    json_: Json = False,
    after_round: Annotated[int | None, typer.Option("--after-round", metavar="N", help=N_(
        "The standings as they stood after round N."))] = None,
    explain: Annotated[tuple[str, str] | None, typer.Option("--explain", metavar="PAIR PAIR", help=N_(
        "Say in words why the first pair ranks where it does against the second, criterion by criterion."))]
    = None,
    wide: Annotated[bool, typer.Option("--wide", help=N_(
        "Every column, however wide (else, on a terminal, the columns that fit its width)."))] = False,
    cross: Annotated[bool, typer.Option("--cross", help=N_(
        "The cross table instead: every pair against every other (a round robin's N×N table)."))] = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """The standings: match points and every tie-break, from the replays of the stored matches."""
    say = language(lang)
    from referee.core.errors import UsageError
    from referee.core.i18n import M
    from referee.results import eventresults
    from referee.views import eventjson, eventtext

    if json_ and explain:
        raise UsageError(M("--json and --explain go apart"))
    if json_ and cross:  # the JSON's rounds hold every table's games: the cross table is read from them
        raise UsageError(M("--json and --cross go apart: the JSON's rounds give every table's games"))
    from referee.cli.commands import individualevent

    if individualevent.is_individual(open_store(db), event_id):
        individualevent.standings(open_store(db), event_id, json_, after_round, say)
        return
    results = eventresults.load(open_store(db), event_id, after_round, keep=True)
    if cross:
        _echo(eventtext.matrix_lines(results, say))
    elif explain:
        a, b = explain
        for code in (a, b):
            if results.state.pair(code) is None:
                from referee.app.director import _unknown_pair

                raise _unknown_pair(results.state, code)
        _echo(eventtext.explain_lines(results, a, b, say))
    elif json_:
        _dump(eventjson.standings(results))
    else:
        _echo(eventtext.standings_lines(results, say, None if wide else _terminal_width()))
    report_broken(results.broken, say)


def prizes(
    event_id: EventId,
    json_: Json = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """The prize list, award by award as the scoring's [prizes] awards key lists them."""
    say = language(lang)
    from referee.cli.commands import individualevent
    from referee.results import eventresults
    from referee.tournament.prizes import prizes as prize_list
    from referee.views import eventtext

    if individualevent.is_individual(open_store(db), event_id):
        individualevent.prizes(open_store(db), event_id, json_, say)
        return
    results = eventresults.load(open_store(db), event_id, keep=True)
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


def _pdf_lang(lang: str | None) -> str:
    from referee.cli.commands.scorecard import scorecard_language

    return scorecard_language(lang)


def _default(event_id: str, suffix: str) -> Path:
    from referee.cli.scorecards import REPORTS_DIR
    from referee.core.names import file_stem
    from referee.core.safefile import output_folder

    return output_folder(REPORTS_DIR) / f"{file_stem(event_id)}{suffix}"


def _font(font: str | None, say: str) -> Callable[[Sequence[str]], FontInfo]:
    """The PDF's font chosen as the scorecard's is (``app.scorecards.pdf_font``: ``--font``, else an
    installed Chinese TrueType font embedded), with its warnings, for the words the PDF prints."""
    from referee.cli.scorecards import choose_font, pdf_font

    if font is not None:
        choose_font(font, ())  # a bad --font stops before the event is read
    return lambda texts: pdf_font(font, texts, say)


def sheet(
    event_id: EventId,
    round_: Annotated[int | None, typer.Option("--round", metavar="N", help=N_(
        "The round (default: the latest paired)."))] = None,
    output: Output = None,
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG", help=N_(
        "Language of the sheet: zh, en or zh_TW (else $REFEREE_LANG, else zh)."))] = None,
    font: PdfFont = None,
    db: Db = None,
) -> None:
    """PDF: a round's pairing list by table and by pair, and a card per table for its referee."""
    say, pdf = language(lang), _pdf_lang(lang)
    from referee.cli.commands import individualevent
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr
    from referee.core.safefile import is_stdout
    from referee.views.sheets import round_sheet

    if individualevent.is_individual(open_store(db), event_id):
        individualevent.sheet(open_store(db), event_id, round_, output, lambda n: _default(event_id, f"-R{n}.pdf"),
                              pdf, _font(font, say), say)
        return
    state = _state(open_store(db), event_id)
    number = round_ if round_ is not None else (state.current.number if state.current else None)
    rnd = None if number is None else state.round(number)
    if number is None:
        raise UsageError(M("event {event} has no round paired yet (referee event pair {event})", event=event_id))
    if rnd is None:
        raise UsageError(M("--round {n}: event {event} has no such round (rounds paired: {paired})",
                           n=number if number is not None else "-", event=event_id,
                           paired=len(state.rounds)))
    path = output or _default(event_id, f"-R{rnd.number}.pdf")
    before = None
    if rnd.number > 1:  # the standings as they stood when the round was paired: after the round before it
        from referee.results import eventresults

        before = eventresults.load(open_store(db), event_id, rnd.number - 1, keep=True).standings
    round_sheet(path, state.settings.name, rnd, state.pairs, pdf, font=_font(font, say), standings=before)
    typer.echo(tr(say, "wrote {path}", path=str(path)), err=is_stdout(path))  # never into a PDF on stdout


def report(
    event_id: EventId,
    output: Output = None,
    lang: ReportLang = None,
    font: PdfFont = None,
    db: Db = None,
) -> None:
    """PDF: the standings with every tie-break, the cross table and each round's results."""
    say, pdf = language(lang), _pdf_lang(lang)
    from referee.core.i18n import tr
    from referee.core.safefile import is_stdout
    from referee.results import eventresults
    from referee.tournament.model import EventFormat
    from referee.views.sheets import standings_report

    store = open_store(db)
    path = output or _default(event_id, "-standings.pdf")
    from referee.cli.commands import individualevent

    if individualevent.is_individual(store, event_id):
        individualevent.report(store, event_id, path, pdf, _font(font, say), say)
        return
    results = eventresults.load(store, event_id, keep=True)
    from referee.app.disputes import event_disputes
    from referee.views.disputetext import event_lines
    from referee.views.eventtext import broken_lines, notes, round_word

    found = event_disputes(store, event_id)

    standings_report(path, results.state.settings.name, results.state.pairs, results.rounds, results.standings,
                     results.summaries, pdf, final=results.final,
                     notes=notes(results, pdf) + broken_lines(results, pdf),
                     round_words={r.number: round_word(results.status(r.number), pdf) for r in results.rounds},
                     font=_font(font, say), results=results.results, scoring=results.state.settings.scoring,
                     matrix=results.state.settings.format is EventFormat.round_robin,
                     disputes=event_lines(event_id, found, pdf)[1:] if found else ())
    typer.echo(tr(say, "wrote {path}", path=str(path)), err=is_stdout(path))  # never into a PDF on stdout
    report_broken(results.broken, say)


def export(
    event_id: EventId,
    xlsx: Annotated[Path, typer.Option("--xlsx", metavar="PATH", help=N_(
        "The workbook to write: standings, entries and every match result, a sheet each."), show_default=False)],
    lang: WorkbookLang = None,
    db: Db = None,
) -> None:
    """XLSX: the standings, the entries and every match result, one sheet each."""
    say, book = language(lang), _pdf_lang(lang)
    from referee.cli.commands import individualevent
    from referee.core.i18n import tr
    from referee.core.safefile import is_stdout
    from referee.results import eventresults
    from referee.views.xlsx import write_workbook

    if individualevent.is_individual(open_store(db), event_id):
        individualevent.export(open_store(db), event_id, xlsx, book, say)
        return
    results = eventresults.load(open_store(db), event_id, keep=True)
    write_workbook(xlsx, results.state.settings.name, results.state.pairs, results.rounds, results.standings,
                   results.summaries, book, results=results.results, scoring=results.state.settings.scoring,
                   about=_about(results, book))
    typer.echo(tr(say, "wrote {path}", path=str(xlsx)), err=is_stdout(xlsx))  # never into the workbook on stdout
    report_broken(results.broken, say)


def publish(
    event_id: EventId,
    folder: Annotated[Path, typer.Argument(metavar="DIR", help=N_(
        "The folder to write the pages into (made if missing; its parent must exist)."), show_default=False)],
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG", help=N_(
        "Language of the pages: zh, en or zh_TW (else $REFEREE_LANG, else zh)."))] = None,
    db: Db = None,
) -> None:
    """A static HTML export: standings and cross table, each round, each pair's card; no external assets."""
    say, page_lang = language(lang), _pdf_lang(lang)
    from referee.cli.commands import individualevent
    from referee.core.i18n import trn
    from referee.core.safefile import output_folder
    from referee.results import eventresults, individualresults
    from referee.views.outfile import written
    from referee.views.publish import individual_pages, pages

    store = open_store(db)
    one: eventresults.EventResults | individualresults.IndividualResults
    if individualevent.is_individual(store, event_id):
        one = individualresults.load(store, event_id)
        built = individual_pages(one, page_lang)
    else:
        one = eventresults.load(store, event_id, keep=True)
        built = pages(one, page_lang)
    where = output_folder(folder)
    for name, text in built.items():
        with written(where / name) as buf:
            buf.write(text.encode("utf-8"))
    typer.echo(trn(say, "wrote {n} page to {folder} (open {folder}/index.html)",
                   "wrote {n} pages to {folder} (open {folder}/index.html)", len(built), folder=str(folder)))
    report_broken(one.broken, say)


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


def list_(
    db: Db = None,
    lang: Lang = None,
) -> None:
    """The events in the store."""
    say = language(lang)
    from referee.core.errors import RefereeError
    from referee.views.eventtext import list_lines

    store = open_store(db)
    found: list[tuple[str, EventState | Msg]] = []
    for event_id in store.event_ids():
        try:
            from referee.results.eventstate import event_state
            found.append((event_id, event_state(store.event_log(event_id))))
        except RefereeError as e:  # a broken log is listed with its problem, the others still shown
            found.append((event_id, e.msg))
    _echo(list_lines(found, store.where, say))


HELP = N_("Run a tournament: entries, pairings, rounds, standings with explained tie-breaks, printed sheets.")


def event() -> typer.Typer:
    """The ``event`` group: its commands, each with its help as a msgid (worded where it is shown)."""
    group = typer.Typer(name="event", help=HELP, no_args_is_help=True, add_completion=False,
                        pretty_exceptions_enable=False, rich_markup_mode=None,
                        context_settings={"help_option_names": ["-h", "--help"]})
    for name, function, text in (
        ("new", new, N_("Create an event: its name, rule set, format, rounds and scoring.")),
        ("settings", settings, N_("Show whether the event requires every settled hand to be confirmed, or change it "
                                  "(an entry of its log).")),
        ("add", add, N_("Enter a pair.")),
        ("import", import_, N_("Enter the pairs of an entries file (CSV or XLSX): all of them or none.")),
        ("edit", edit, N_("Correct a pair's players (before it is paired) or its club, as an entry of the event's "
                          "log.")),
        ("remove", remove, N_("Take a pair out of the event before it is paired (a pair that played is withdrawn "
                              "instead).")),
        ("withdraw", withdraw, N_("Withdraw a pair: never paired again; it keeps what it played in the standings.")),
        ("pair", pair, N_("Pair the next round and create its matches in the store (EVENT-R<round>-T<table>).")),
        ("unpair", unpair, N_("Take the current round back while none of its matches holds an entry: pair it "
                              "again after.")),
        ("status", status, N_("The current round: each table's match (not started, game and hand in play, or its "
                              "result) and its time.")),
        ("close", close, N_("Close the current round once every match is finished; its results are then final.")),
        ("disputes", disputes, N_("Every dispute of the event's matches with its state (raised, ruled, appealed, "
                                  "decided); --json for other tools.")),
        ("result", result, N_("Enter a table's result without hand records: a score, a forfeit, a no-show or an "
                              "adjusted score.")),
        ("standings", standings, N_("The standings: match points and every tie-break, from the replays of the "
                                    "stored matches.")),
        ("prizes", prizes, N_("The prize list, award by award as the scoring's [prizes] awards key lists them.")),
        ("sheet", sheet, N_("PDF: a round's pairing list by table and by pair, and a card per table for its "
                            "referee.")),
        ("report", report, N_("PDF: the standings with every tie-break, the cross table and each round's results.")),
        ("export", export, N_("XLSX: the standings, the entries and every match result, one sheet each.")),
        ("publish", publish, N_("A static HTML export: standings and cross table, each round, each pair's card; no "
                                "external assets.")),
        ("list", list_, N_("The events in the store.")),
    ):
        group.command(name, help=text)(function)
    return group
