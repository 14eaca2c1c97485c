"""``referee event …`` for an event of individual players: what differs from a pair event's command (a player
where a pair is entered, a round seated rather than paired, the standings by score). ``event.py`` hands an
individual event's commands here; the use cases are ``referee.app.individual``'s, the views
``referee.views.individualviews``'.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from collections.abc import Callable

    from referee.store.api import MatchStore


def is_individual(store: MatchStore, event_id: str) -> bool:
    from referee.store.eventlog import UnknownEvent

    try:
        from referee.results.eventstate import event_state
        return event_state(store.event_log(event_id)).settings.individual
    except UnknownEvent:
        return False


def new(store: MatchStore, event_id: str, game: str, name: str, rules: str | None, rounds: int | None,
        date: str | None, venue: str | None, seed: int | None, sit_out: str, referee: str | None, say: str,
        fmt: str = "swiss") -> None:
    from referee.app.individual import new_event
    from referee.core.i18n import tr

    state = new_event(store, event_id, game=game, name=name, rules=rules, rounds=rounds, date=date, venue=venue,
                      seed=seed, sit_out=sit_out, referee=referee, fmt=fmt)
    s = state.settings
    typer.echo(tr(say, "new event {event} ({name}) in {root}: {game}, players, {rounds} rounds, rules {rules}, "
                       "lot seed {lot}",
                  event=s.id, name=s.name, root=store.where, game=s.game, rounds=s.rounds, rules=s.rules, lot=s.lot))
    typer.echo(tr(say, "next: referee event add {event} PLAYER NAME, or referee event import {event} FILE", event=s.id))


def add(store: MatchStore, event_id: str, code: str, name: str, club: str, referee: str | None, say: str) -> None:
    from referee.app.individual import add_players, checked_player
    from referee.core.i18n import trn

    player = checked_player(code, name, club)
    state = add_players(store, event_id, [player], referee)
    typer.echo(trn(say, "entered player {player} ({name}) in {event}: {n} player",
                   "entered player {player} ({name}) in {event}: {n} players", len(state.players),
                   player=player.code, name=player.name, event=event_id))


def edit(store: MatchStore, event_id: str, code: str, name: str | None, club: str | None, reason: str,
         force: bool, referee: str | None, say: str) -> None:
    from referee.app.individual import edit_player
    from referee.core.i18n import tr

    before, state = edit_player(store, event_id, code, name=name, club=club, reason=reason, force=force,
                                referee=referee)
    after = state.player(code)
    assert after is not None

    def words(name: str, club: str) -> str:
        return tr(say, "{name} ({club})", name=name, club=club) if club else name

    typer.echo(tr(say, "player {player} of {event}: {old} → {new}", player=code, event=event_id,
                  old=words(before.name, before.club), new=words(after.name, after.club)))


def remove(store: MatchStore, event_id: str, code: str, reason: str, force: bool, referee: str | None,
           say: str) -> None:
    from referee.app.individual import remove_player
    from referee.core.i18n import trn

    state = remove_player(store, event_id, code, reason, force=force, referee=referee)
    typer.echo(trn(say, "player {player} removed from {event} ({reason}): {n} player entered",
                   "player {player} removed from {event} ({reason}): {n} players entered", len(state.players),
                   player=code, event=event_id, reason=reason))


def result(store: MatchStore, event_id: str, table: int, scores: str, round_: int | None, reason: str, json_: bool,
           referee: str | None, say: str) -> None:
    from referee.app.individual import enter_scores
    from referee.core.i18n import tr

    entered = enter_scores(store, event_id, table, scores, round_number=round_, reason=reason, referee=referee)
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


def import_(store: MatchStore, event_id: str, file: Path, referee: str | None, say: str) -> None:
    from referee.app.individual import add_players, read_players
    from referee.core.i18n import tr

    players = read_players(file)
    state = add_players(store, event_id, players, referee, source=str(file))
    typer.echo(tr(say, "{file}: entered {n} players in {event} ({total} in all)",
                  file=str(file), n=len(players), event=event_id, total=len(state.players)))


def pair(store: MatchStore, event_id: str, json_: bool, dry_run: bool, referee: str | None, say: str,
         by_rating: bool = False) -> None:
    from referee.app.individual import seat_next_round
    from referee.core.i18n import tr
    from referee.views import individualviews as views

    seated = seat_next_round(store, event_id, referee, dry_run=dry_run, by_rating=by_rating)
    if json_:
        typer.echo(json.dumps({**views.seating_json(seated.round), **({"dry_run": True} if dry_run else {})},
                              ensure_ascii=False, indent=2))
        return
    if dry_run:
        typer.echo(tr(say, "Dry run: the round as it would be paired; nothing stored"))
    typer.echo("\n".join(views.seating_lines(seated.state, seated.round, say)))


def close(store: MatchStore, event_id: str, referee: str | None, say: str) -> None:
    from referee.app.individual import close_round
    from referee.core.i18n import tr

    number, state = close_round(store, event_id, referee)
    typer.echo(tr(say, "round {round} of {event} closed: its results are final", round=number, event=event_id))
    if state.final:
        typer.echo(tr(say, "that was the last round: the standings are final (referee event standings {event})",
                      event=event_id))
    else:
        typer.echo(tr(say, "next: referee event pair {event}", event=event_id))


def status(store: MatchStore, event_id: str, json_: bool, say: str) -> None:
    from referee.results.individualresults import load
    from referee.views import individualviews as views

    results = load(store, event_id)
    if json_:
        typer.echo(json.dumps(views.status_json(results), ensure_ascii=False, indent=2))
    else:
        typer.echo("\n".join(views.status_lines(results, say)))


def withdraw(store: MatchStore, event_id: str, code: str, reason: str, referee: str | None, say: str) -> None:
    from referee.app.individual import withdraw_player
    from referee.core.i18n import tr
    from referee.tournament.model import RoundStatus

    state = withdraw_player(store, event_id, code, reason, referee)
    typer.echo(tr(say, "player {player} withdrawn from {event} ({reason}): {n} players playing",
                  player=code, event=event_id, reason=reason, n=sum(p.active for p in state.players)))
    current = state.current
    if current is not None and current.status is RoundStatus.open and \
            any(code in t.players for t in state.seatings[current.number - 1].tables):
        typer.echo(tr(say, "its match in round {round} is still to be recorded: it counts when finished",
                      round=current.number))


def _broken(results: object, say: str) -> None:
    from referee.core.i18n import tr
    from referee.results.individualresults import IndividualResults
    from referee.store.store import StoreError

    assert isinstance(results, IndividualResults)
    found = list(results.broken.values())
    if not found:
        return
    for msg in found[:-1]:
        typer.echo(tr(say, "error: {message}", message=msg), err=True)
    raise StoreError(found[-1])


def prizes(store: MatchStore, event_id: str, json_: bool, say: str) -> None:
    from referee.results.individualresults import load
    from referee.views import individualviews as views

    results = load(store, event_id)
    if json_:
        typer.echo(json.dumps(views.prizes_json(results), ensure_ascii=False, indent=2))
    else:
        typer.echo("\n".join(views.prize_lines(results, say)))
    _broken(results, say)


def standings(store: MatchStore, event_id: str, json_: bool, after_round: int | None, say: str) -> None:
    from referee.results.individualresults import load
    from referee.views import individualviews as views

    results = load(store, event_id, after_round)
    if json_:
        typer.echo(json.dumps(views.standings_json(results), ensure_ascii=False, indent=2))
    else:
        typer.echo("\n".join(views.standings_lines(results, say)))
    _broken(results, say)


def sheet(store: MatchStore, event_id: str, round_: int | None, output: Path | None, default: Callable[[int], Path],
          pdf: str, font: object, say: str) -> None:
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr
    from referee.core.safefile import is_stdout
    from referee.results.eventstate import event_state
    from referee.views import individualviews as views
    from referee.views.sheets import tables_document
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
                    pdf, font=font, notes=notes)  # type: ignore[arg-type]
    typer.echo(tr(say, "wrote {path}", path=str(path)), err=is_stdout(path))


def report(store: MatchStore, event_id: str, path: Path, pdf: str, font: object, say: str) -> None:
    from referee.core.i18n import tr
    from referee.core.safefile import is_stdout
    from referee.results.individualresults import load
    from referee.views import individualviews as views
    from referee.views.sheets import tables_document

    results = load(store, event_id)
    title = views.title(results, pdf)
    tables_document(path, results.state.settings.name, title,
                    [(title, views.standings_sheet(results, pdf)),
                     (tr(pdf, "Results"), views.results_sheet(results, pdf))], pdf, font=font,  # type: ignore[arg-type]
                    wide=True)
    typer.echo(tr(say, "wrote {path}", path=str(path)), err=is_stdout(path))
    _broken(results, say)


def export(store: MatchStore, event_id: str, xlsx: Path, book: str, say: str) -> None:
    from referee.core.i18n import tr
    from referee.core.safefile import is_stdout
    from referee.results.individualresults import load
    from referee.views import individualviews as views
    from referee.views.xlsx import write_sheets

    results = load(store, event_id)
    write_sheets(xlsx, results.state.settings.name, views.workbook_sheets(results, book))
    typer.echo(tr(say, "wrote {path}", path=str(xlsx)), err=is_stdout(xlsx))
    _broken(results, say)
