"""``referee event …`` for an event of individual players: what differs from a pair event's command (a player where
a pair is entered, a round seated rather than paired, the standings by score). ``event.py`` hands each command to
this module or to ``pairevent`` by the event's kind (``referee.app.eventkind``): the two answer the same calls (the
``eventhandler.EventHandler`` protocol, checked by mypy), each taking every option of the command and using those
that mean something for its kind. The use cases are ``referee.app.individual``'s, the views
``referee.views.individualviews``'.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from referee.cli.commands.boundary import report_broken

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from referee.core.i18n import Msg
    from referee.results.eventresults import IndividualResults
    from referee.store.api import MatchStore
    from referee.tournament.state import EventState
    from referee.views.scorecard.fonts import FontInfo

    Fonts = Callable[[], Callable[[Sequence[str]], FontInfo]]


def new(store: MatchStore, event_id: str, game: str | None, name: str, rules: str | None, fmt: str,
        rounds: int | None, scoring: str | None, date: str | None, venue: str | None, seed: int | None, sit_out: str,
        confirmation_required: bool, referee: str | None, say: str) -> None:
    from referee.app.individual import new_event
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr, trn

    if confirmation_required:
        raise UsageError(M("--confirmation-required: for an event of pairs only (an event of individual players "
                           "does not name unconfirmed hands at its close)"))
    assert game is not None  # an event of players is one of its game's (eventkind.kind_of_game)
    state = new_event(store, event_id, game=game, name=name, rules=rules, rounds=rounds, date=date, venue=venue,
                      seed=seed, sit_out=sit_out, referee=referee, fmt=fmt)
    s = state.settings
    typer.echo(trn(say, "new event {event} ({name}) in {root}: {game}, players, {rounds} round, rules {rules}, "
                        "lot seed {lot}",
                   "new event {event} ({name}) in {root}: {game}, players, {rounds} rounds, rules {rules}, "
                   "lot seed {lot}", s.rounds or 0,
                   event=s.id, name=s.name, root=store.where, game=s.game, rounds=s.rounds, rules=s.rules, lot=s.lot))
    typer.echo(tr(say, "next: referee event add {event} PLAYER NAME, or referee event import {event} FILE", event=s.id))


def add(store: MatchStore, event_id: str, code: str, player1: str, player2: str | None, club: str, newcomer: bool,
        rating: int | None, force: bool, reason: str, referee: str | None, say: str) -> None:
    from referee.app.individual import add_players, checked_player
    from referee.core.errors import UsageError
    from referee.core.i18n import M, trn

    if player2 is not None:
        raise UsageError(M("event {event} is of individual players: referee event add {event} PLAYER NAME",
                           event=event_id))
    player = checked_player(code, player1, club)
    state = add_players(store, event_id, [player], referee)
    typer.echo(trn(say, "entered player {player} ({name}) in {event}: {n} player",
                   "entered player {player} ({name}) in {event}: {n} players", len(state.players),
                   player=player.code, name=player.name, event=event_id))


def edit(store: MatchStore, event_id: str, code: str, player1: str | None, player2: str | None, club: str | None,
         name: str | None, force: bool, reason: str, referee: str | None, say: str) -> None:
    from referee.app.individual import edit_player
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr

    if player2 is not None or (player1 is not None and name is not None):
        raise UsageError(M("event {event} is of individual players: a player has one name (--name NAME)",
                           event=event_id))
    before, state = edit_player(store, event_id, code, name=name if name is not None else player1, club=club,
                                reason=reason, force=force, referee=referee)
    after = state.player(code)
    assert after is not None

    def words(name: str, club: str) -> str:
        return tr(say, "{name} ({club})", name=name, club=club) if club else name

    typer.echo(tr(say, "player {player} of {event}: {old} → {new}", player=code, event=event_id,
                  old=words(before.name, before.club), new=words(after.name, after.club)))


def removed(state: EventState, code: str, reason: str, say: str) -> list[str]:
    """What ``event remove`` says of the player *code* removed (``app.entrants.remove``)."""
    from referee.core.i18n import trn

    return [trn(say, "player {player} removed from {event} ({reason}): {n} player entered",
                "player {player} removed from {event} ({reason}): {n} players entered", len(state.players),
                player=code, event=state.settings.id, reason=reason)]


def result(store: MatchStore, event_id: str, table: int, side: str | None, score: str | None, forfeit: str | None,
           no_show: str | None, adjusted: str | None, round_: int | None, reason: str, json_: bool,
           referee: str | None, say: str) -> None:
    from referee.app.individual import enter_scores
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr

    if any(x is not None for x in (side, score, forfeit, no_show)) or adjusted is None:
        raise UsageError(M("event {event} is of individual players: a table's result is --adjusted A:B:C, a "
                           "score for each player in seat order",
                           event=event_id))
    entered = enter_scores(store, event_id, table, adjusted, round_number=round_, reason=reason, referee=referee)
    r = entered.result
    if json_:
        typer.echo(json.dumps({"event": event_id, "round": r.round, "table": r.table, "match": r.match_id,
                               "result": {"kind": r.kind.value,
                                          "scores": dict(zip(entered.players, r.scores, strict=True))},
                               "after_close": entered.after_close}, ensure_ascii=False, indent=2))
        return
    shown = ", ".join(f"{p} {s:+d}" if s else f"{p} 0" for p, s in zip(entered.players, r.scores, strict=True))
    typer.echo(tr(say, "{match}: scores entered by the director: {scores}, reason: {reason}; event log #{seq}",
                  match=r.match_id, scores=shown, reason=r.reason, seq=r.seq))
    if entered.after_close:
        typer.echo(tr(say, "round {round} was closed: this is a correction after its close (shown as such in the "
                           "standings and the report)", round=r.round))


def import_(store: MatchStore, event_id: str, file: Path, force: bool, reason: str, referee: str | None,
            say: str) -> None:
    from referee.app.individual import add_players, read_players
    from referee.core.i18n import tr

    players = read_players(file)
    state = add_players(store, event_id, players, referee, source=str(file))
    typer.echo(tr(say, "{file}: entered {n} players in {event} ({total} in all)",
                  file=str(file), n=len(players), event=event_id, total=len(state.players)))


def pair(store: MatchStore, event_id: str, json_: bool, explain: bool, dry_run: bool, swap: tuple[str, str] | None,
         sets: Sequence[str], byes: Sequence[str], reason: str, by_rating: bool, referee: str | None,
         say: str) -> None:
    from referee.app.individual import seat_next_round
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr
    from referee.views import individualviews as views

    asked = [name for name, given in (("--explain", explain), ("--swap", swap is not None), ("--set", bool(sets)),
                                      ("--bye", bool(byes))) if given]
    if asked:  # said rather than passed over: a pairing control of pairs has no meaning at tables of players
        raise UsageError(M("{option} is for an event of pairs: an event of players is seated by the program, every "
                           "player at a table of the game's size by score without meeting anyone twice where it "
                           "can (referee event unpair {event} takes a round back to seat it again)",
                           option=asked[0], event=event_id))
    seated = seat_next_round(store, event_id, referee, dry_run=dry_run, by_rating=by_rating)
    if json_:
        typer.echo(json.dumps({**views.seating_json(seated.round), **({"dry_run": True} if dry_run else {})},
                              ensure_ascii=False, indent=2))
        return
    if dry_run:
        typer.echo(tr(say, "Dry run: the round as it would be paired; nothing stored"))
    typer.echo("\n".join(views.seating_lines(seated.state, seated.round, say)))


def close(store: MatchStore, event_id: str, force: bool, reason: str, yes: bool, referee: str | None,
          say: str) -> None:
    from referee.app.individual import close_round
    from referee.core.i18n import tr

    number, state = close_round(store, event_id, referee)
    typer.echo(tr(say, "round {round} of {event} closed: its results are final", round=number, event=event_id))
    if state.final:
        typer.echo(tr(say, "that was the last round: the standings are final (referee event standings {event})",
                      event=event_id))
    else:
        typer.echo(tr(say, "next: referee event pair {event}", event=event_id))


def _shown(store: MatchStore, event_id: str, json_: bool, say: str, as_json: Callable[[IndividualResults], object],
           as_lines: Callable[[IndividualResults, str], list[str]], after_round: int | None = None,
           broken: bool = True) -> None:
    """The event's results (up to *after_round*) shown by a view: *as_json* with --json, else *as_lines*; then the
    matches they cannot count (*broken*)."""
    from referee.results.eventresults import load_players

    results = load_players(store, event_id, after_round)
    if json_:
        typer.echo(json.dumps(as_json(results), ensure_ascii=False, indent=2))
    else:
        typer.echo("\n".join(as_lines(results, say)))
    if broken:
        report_broken(results.broken, say)


def status(store: MatchStore, event_id: str, json_: bool, say: str) -> None:
    from referee.views import individualviews as views

    _shown(store, event_id, json_, say, views.status_json, views.status_lines, broken=False)


def withdrawn(state: EventState, code: str, reason: str, say: str) -> list[str]:
    """What ``event withdraw`` says of the player *code* withdrawn (``app.entrants.withdraw``)."""
    from referee.core.i18n import tr
    from referee.tournament.model import RoundStatus

    said = [tr(say, "player {player} withdrawn from {event} ({reason}): {n} players playing",
               player=code, event=state.settings.id, reason=reason, n=sum(p.active for p in state.players))]
    current = state.current
    if current is not None and current.status is RoundStatus.open and \
            any(code in t.players for t in state.seatings[current.number - 1].tables):
        said.append(tr(say, "its match in round {round} is still to be recorded: it counts when finished",
                       round=current.number))
    return said


def prizes(store: MatchStore, event_id: str, json_: bool, say: str) -> None:
    from referee.views import individualviews as views

    _shown(store, event_id, json_, say, views.prizes_json, views.prize_lines)


def standings(store: MatchStore, event_id: str, json_: bool, after_round: int | None,
              explain: tuple[str, str] | None, wide: bool, cross: bool, say: str) -> None:
    from referee.views import individualviews as views

    _shown(store, event_id, json_, say, views.standings_json, views.standings_lines, after_round)


def sheet(store: MatchStore, event_id: str, round_: int | None, output: Path | None, default: Callable[[int], Path],
          pdf: str, fonts: Fonts, say: str) -> None:
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr
    from referee.core.safefile import is_stdout
    from referee.results.eventstate import event_state
    from referee.views import individualviews as views
    from referee.views.sheets import tables_document

    font = fonts()  # a bad --font stops before the event is read
    state = event_state(store.event_log(event_id))
    number = round_ if round_ is not None else len(state.seatings)
    if not 1 <= number <= len(state.seatings):
        raise UsageError(M("--round {n}: event {event} has no such round (rounds paired: {paired})",
                           n=number, event=event_id, paired=len(state.seatings)))
    rnd = state.seatings[number - 1]
    path = output or default(number)
    names = {p.code: p.name for p in state.players}
    notes = [tr(pdf, "Sitting out: {players:list}", players=[f"{p} {names[p]}" for p in rnd.sitting_out])] \
        if rnd.sitting_out else []
    title = tr(pdf, "Round {n}", n=number)
    tables_document(path, state.settings.name, title, [(tr(pdf, "Seating by table"),
                                                       views.seating_sheet(state, rnd, pdf))],
                    pdf, font=font, notes=notes)
    typer.echo(tr(say, "wrote {path}", path=str(path)), err=is_stdout(path))


def report(store: MatchStore, event_id: str, path: Path, pdf: str, fonts: Fonts, say: str) -> None:
    from referee.core.i18n import tr
    from referee.core.safefile import is_stdout
    from referee.results.eventresults import load_players as load
    from referee.views import individualviews as views
    from referee.views.sheets import tables_document

    font = fonts()  # a bad --font stops before the event is read
    results = load(store, event_id)
    title = views.title(results, pdf)
    tables_document(path, results.state.settings.name, title,
                    [(title, views.standings_sheet(results, pdf)),
                     (tr(pdf, "Results"), views.results_sheet(results, pdf))], pdf, font=font,
                    wide=True)
    typer.echo(tr(say, "wrote {path}", path=str(path)), err=is_stdout(path))
    report_broken(results.broken, say)


def export(store: MatchStore, event_id: str, xlsx: Path, book: str, say: str) -> None:
    from referee.core.i18n import tr
    from referee.core.safefile import is_stdout
    from referee.results.eventresults import load_players as load
    from referee.views import individualviews as views
    from referee.views.xlsx import write_sheets

    results = load(store, event_id)
    write_sheets(xlsx, results.state.settings.name, views.workbook_sheets(results, book))
    typer.echo(tr(say, "wrote {path}", path=str(xlsx)), err=is_stdout(xlsx))
    report_broken(results.broken, say)


def pages(store: MatchStore, event_id: str, lang: str) -> tuple[dict[str, str], Mapping[str, Msg]]:
    """The static HTML pages of ``event publish`` (name → text) and what could not be read (the results' broken)."""
    from referee.results.eventresults import load_players as load
    from referee.views.publish import individual_pages

    results = load(store, event_id)
    return individual_pages(results, lang), results.broken
