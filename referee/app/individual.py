"""The director's operations on an event of individual players (Dou Dizhu, Hubei 打滚, Jinhua mahjong):
create it, enter players, seat a round (creating each table's match), close a round.

Apart from the pair events' (``referee.app.director``) so that each reads whole: the same log, the same
checks before anything is written, one append per operation. Seating is ``tournament.individual``'s Swiss
seating; each table's match is started by ``app.newmatch.match_events`` (its header with event=, round=,
table=, its seats in the seating's order), so the game's own reader checks it as it checks a record.
"""

from __future__ import annotations

import datetime
import random
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from referee.app.director import Unfinished, as_created, ours, table_of
from referee.app.entrants import PLAYER_ENTRANTS, editing, required_reason
from referee.app.eventkind import individual_only, players_games
from referee.app.ratings import individual_seeds
from referee.core.errors import RefereeError, UsageError
from referee.core.i18n import MN, M, Msg
from referee.core.names import NAME_MAX, check_id, check_text
from referee.games import registry
from referee.games.api import Game
from referee.results.eventresults import players_of_state, tables_of
from referee.results.eventstate import event_session
from referee.store.api import MatchStore
from referee.store.store import DuplicateMatch
from referee.tournament.individual import Player, SeatedRound, SeatingError, SitOut, seat_round
from referee.tournament.model import DirectorResult, EventFormat, ResultKind, RoundStatus
from referee.tournament.robinseating import robin_round
from referee.tournament.state import (
    EventState,
    Head,
    created,
    player_added,
    player_edited,
    result_set,
    round_closed,
    round_seated,
    seated_in,
)


def game_named(key: str) -> Game:
    """The game of *key* for an individual event: one whose sides are its seats (each player for themself; a game
    of partnerships, as Gunzi's, has events of pairs)."""
    keys = players_games()
    if key not in keys:
        raise UsageError(M("--game {game}: not a game of individual players ({known:list})", game=key, known=keys))
    return registry.game(key)


def new_event(store: MatchStore, event_id: str, *, game: str, name: str, rules: str | None, rounds: int | None,
              date: str | None, venue: str | None, seed: int | None, sit_out: str = "lowest",
              referee: str | None = None, fmt: str = "swiss") -> EventState:
    """Create an individual event's log: its game, rule set (the game's default without one), format (Swiss
    seating, or a round robin's fixed schedule: ``tournament.robinseating``), rounds and the rule for who sits
    out; everything checked before the log is made."""
    from referee.tournament import scoring as scorings

    event_id = check_id(event_id, "EVENT")
    chosen = game_named(game)
    name = check_text(name, "--name", NAME_MAX).strip()
    if not name:
        raise UsageError(M("--name: the event needs a name"))
    if rounds is None or rounds < 1:
        raise UsageError(M("an event of individual players needs --rounds N, the number of rounds it will have"))
    rules = rules or chosen.default_rules
    chosen.load_rules(rules)  # a usage error naming the file and the key when it cannot be used
    if sit_out not in tuple(SitOut):
        raise UsageError(M("--sit-out {value}: lowest or lot", value=sit_out))
    form = {"swiss": EventFormat.swiss, "round-robin": EventFormat.round_robin}.get(fmt)
    if form is None:
        raise UsageError(M("--format {value}: not a format (swiss or round-robin)", value=fmt))
    if date is not None:
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise UsageError(M("--date {value}: not a date (YYYY-MM-DD)", value=date)) from None
    if venue is not None:
        venue = check_text(venue, "--venue", NAME_MAX)
    if seed is not None and seed < 0:
        raise UsageError(M("--seed {value}: a whole number from 0", value=seed))
    lot = seed if seed is not None else random.SystemRandom().randrange(2**31)
    action = created(event_id, name, rules, form, rounds, scorings.load("club"), date, venue, seed,
                     lot, game=chosen.key, sit_out=sit_out)
    with event_session(store.event_log(event_id), create=True) as s:
        return s.append([action], referee)


def _person(name: str) -> str:
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def checked_player(code: str, name: str, club: str = "") -> Player:
    """A player from the command line or an entries file, every part checked."""
    code = check_id(code, "PLAYER")
    name = unicodedata.normalize("NFC", check_text(name, "NAME", NAME_MAX).strip())
    if not name:
        raise UsageError(M("NAME: a player needs a name"))
    return Player(code, name, unicodedata.normalize("NFC", check_text(club, "--club", NAME_MAX).strip()))


def add_players(store: MatchStore, event_id: str, players: Sequence[Player], referee: str | None = None,
                source: str | None = None) -> EventState:
    """Enter *players* in one append: refused whole (naming each problem) when a code is taken or a name is
    entered twice, or when the event is finished."""
    with event_session(store.event_log(event_id)) as s:
        state = s.state
        individual_only(state)
        if state.final:
            raise RefereeError(M("event {event} is finished: no player can join", event=event_id))
        codes = {p.code for p in state.players}
        names = {_person(p.name): p.code for p in state.players}
        problems: list[Msg] = []
        for p in players:
            if p.code in codes:
                problems.append(M("player {player} is already entered", player=p.code))
            other = names.get(_person(p.name))
            if other is not None:
                problems.append(M("{name} is already entered as player {other}", name=p.name, other=other))
            codes.add(p.code)
            names.setdefault(_person(p.name), p.code)
        if problems:
            head = M("nothing entered: {n} problems", n=len(problems)) if source is None \
                else M("{file}: nothing entered: {n} problems", file=source, n=len(problems))
            out = problems[0] if len(problems) == 1 and source is None else head
            if out is head:
                for p_msg in problems:
                    out = Msg("{first}\n  {rest}", (("first", out), ("rest", p_msg)))
            raise RefereeError(out)
        return s.append([player_added(p) for p in players], referee)


def edit_player(store: MatchStore, event_id: str, code: str, *, name: str | None = None, club: str | None = None,
                reason: str = "", force: bool = False, referee: str | None = None) -> tuple[Player, EventState]:
    """Correct a player's name (while no round has seated it: its matches' records carry it) or club, as one entry
    of the event's log, checked as a pair's edit is (``app.director.edit_pair``); (the player before, the state
    after)."""
    nothing = M("nothing to change: give --name or --club") if name is None and club is None else None
    with editing(store, event_id, code, reason, force, PLAYER_ENTRANTS, nothing) as (s, player, reason):
        state = s.state
        edited = checked_player(code, player.name if name is None else name, player.club if club is None else club)
        rounds = seated_in(state.seatings, code)
        if rounds and edited.name != player.name:
            raise RefereeError(MN("player {player} was seated in round {rounds:list}: its name is in that round's "
                                  "match record and cannot change (the club can)",
                                  "player {player} was seated in rounds {rounds:list}: its name is in those rounds' "
                                  "match records and cannot change (the club can)", len(rounds),
                                  player=code, rounds=rounds))
        other = next((p.code for p in state.players if p.code != code and _person(p.name) == _person(edited.name)),
                     None)
        if other is not None:
            raise RefereeError(M("{name} is already entered as player {other}", name=edited.name, other=other))
        if (edited.name, edited.club) == (player.name, player.club):
            raise UsageError(M("player {player} already has this name and club: nothing changed", player=code))
        return player, s.append([player_edited(edited._replace(active=player.active), reason)], referee)


class Entered(NamedTuple):
    result: DirectorResult
    after_close: bool  # the round was closed: a correction after its close
    state: EventState
    players: tuple[str, ...]  # the table's players, in seat order (the scores')


def _scores(text: str, n: int, table: int) -> tuple[int, ...]:
    parts = [p.strip() for p in text.strip().split(":")]
    try:
        scores = tuple(int(p) for p in parts)
    except ValueError:
        raise UsageError(M("--adjusted {value}: not whole numbers A:B:C, a score for each player in seat order",
                           value=text)) from None
    if len(scores) != n:
        raise UsageError(MN("--adjusted {value}: table {table} seats {n} player: give a score for each, in seat order",
                            "--adjusted {value}: table {table} seats {n} players: give a score for each, in seat "
                            "order", n, value=text, table=table))
    return scores


def enter_scores(store: MatchStore, event_id: str, table: int, scores: str, *, round_number: int | None = None,
                 reason: str = "", referee: str | None = None) -> Entered:
    """Store a table's result without (or over) its match record, as an entry of the event's log with the *reason*:
    each player's score, in seat order (``6:0:-6``), an adjusted result. The standings count it as they count a
    match (``results.eventresults.StandIn``); a closed round takes one as a correction after its close; ``event
    result --clear`` takes it back (``app.director.clear_result``: the same entry as a pair event's)."""
    reason = required_reason(reason, M("--reason: say why the result is entered by hand (it is kept in the event's "
                                       "log)"))
    with event_session(store.event_log(event_id)) as s:
        state = s.state
        individual_only(state)
        rnd, t = table_of(state, table, round_number)
        players = next(x.players for x in state.seatings[rnd.number - 1].tables if x.number == t.number)
        result = DirectorResult(t.match_id, rnd.number, t.number, ResultKind.adjusted, 0, 0, None, reason,
                                scores=_scores(scores, len(players), t.number))
        after = s.append([result_set(result)], referee)
    return Entered(after.results[t.match_id], rnd.status is RoundStatus.closed, after, players)


class Seated(NamedTuple):
    round: SeatedRound
    state: EventState


def match_ids(event_id: str) -> str:
    """The ids of an individual event's matches, as pair events' are: ``EVENT-R<round>-T<table>``."""
    return event_id.replace("{", "{{").replace("}", "}}") + "-R{round}-T{table}"


def next_seating(store: MatchStore, state: EventState, *, by_rating: bool = False) -> SeatedRound:
    """The next round of *state*, seated (nothing stored); refused when it cannot be seated now. *by_rating*:
    round 1 seated in the order of the players' ratings on the store's ladder (``event pair --seed rating``)."""
    settings = state.settings
    robin = settings.format is EventFormat.round_robin
    if by_rating and robin:
        raise RefereeError(M("--seed rating: event {event} is a round robin: its schedule is fixed (every player "
                             "meets every other as evenly as the tables allow)", event=settings.id))
    if by_rating and state.rounds:
        raise RefereeError(M("--seed rating seeds round 1 only: event {event} has paired round {round}",
                             event=settings.id, round=len(state.rounds)))
    current = state.current
    if current is not None and current.status is RoundStatus.open:
        raise RefereeError(M("round {round} of event {event} is still open: close it first "
                             "(referee event close {event})", round=current.number, event=settings.id))
    planned = state.planned
    if planned is not None and len(state.rounds) >= planned:
        raise RefereeError(MN("event {event} is finished: its {n} round is played and closed, the standings are "
                              "final (referee event standings {event})",
                              "event {event} is finished: its {n} rounds are played and closed, the standings are "
                              "final (referee event standings {event})", planned, event=settings.id))
    game = registry.game(settings.game)
    size = len(game.seats)
    try:
        if robin:  # the fixed schedule: no result read
            return robin_round(state.players, state.seatings, size, match_id=match_ids(settings.id))
        summaries = {mid: t.summary for mid, t in players_of_state(state, store).tables.items()
                     if t.done and t.summary is not None}
        return seat_round(state.players, state.seatings, summaries, size, seed=settings.lot,
                          sit_out=SitOut(settings.sit_out), match_id=match_ids(settings.id),
                          ratings=individual_seeds(store, state) if by_rating else None)
    except SeatingError as e:
        if e.problem == "too_few":
            raise RefereeError(M("seating needs at least {size} players at {game}; event {event} has {n}",
                                 size=size, game=game.title, event=settings.id, n=e.ref)) from None
        raise RefereeError(M("event {event}: player {player} cannot be seated ({problem})", event=settings.id,
                             player=e.ref, problem=e.problem)) from None


def seat_next_round(store: MatchStore, event_id: str, referee: str | None = None, *,
                    dry_run: bool = False, by_rating: bool = False) -> Seated:
    """Seat the next round, create each table's match (its header names the event, round and table; its seats the
    players in the seating's order), then record the round in the log. *dry_run*: nothing stored. *by_rating*:
    round 1 by the players' ratings (:func:`next_seating`)."""
    from referee.app.newmatch import match_events

    with event_session(store.event_log(event_id)) as s:
        state = s.state
        individual_only(state)
        rnd = next_seating(store, state, by_rating=by_rating)
        if dry_run:
            return Seated(rnd, state)
        settings = state.settings
        game = registry.game(settings.game)
        names = {p.code: p.name for p in state.players}
        wanted, replacing = [], []
        listed = {t.match_id for r in state.rounds for t in r.tables}
        for t in rnd.tables:
            fields = (("date", settings.date or datetime.date.today().isoformat()), ("event", settings.name),
                      ("round", str(rnd.number)), ("table", str(t.number)))
            events = match_events(game, t.match_id, settings.rules, [names[p] for p in t.players], fields)
            if store.exists(t.match_id):  # as a pair event's pairing (app.director.pair_round) takes its over:
                if as_created(game, store.events(t.match_id)) == as_created(game, events):
                    continue  # created as seated: a seating interrupted before its log entry
                if t.match_id not in listed and ours(store, t.match_id, state, rnd.number):
                    replacing.append(events)  # a round unseated (event unpair), seated afresh
                    continue
                raise DuplicateMatch(M("match {match} is already in the store: nothing seated (rename or remove that "
                                       "match first)",
                                       match=t.match_id))
            wanted.append(events)
        if wanted:
            store.create_all(wanted, referee)
        for events in replacing:
            store.create(list(events), referee, replace=True)
        return Seated(rnd, s.append([round_seated(rnd)], referee))


def close_round(store: MatchStore, event_id: str, referee: str | None = None) -> tuple[int, EventState]:
    """Close the current round once every table's match is done (every deal settled, none in progress);
    refused naming each match that is not."""
    with event_session(store.event_log(event_id)) as s:
        state = s.state
        individual_only(state)
        rnd = state.current
        if rnd is None:
            raise RefereeError(M("event {event} has no round to close (pair round 1 first: referee event pair {event})",
                                 event=event_id))
        if rnd.status is RoundStatus.closed:
            raise RefereeError(M("round {round} of event {event} is already closed (pair the next: referee event pair "
                                 "{event})", round=rnd.number, event=event_id))
        seated = state.seatings[rnd.number - 1]
        tables, broken = tables_of(store, (seated,), state.results, registry.game(state.settings.game).seats)
        if broken:
            raise RefereeError(M("round {round} cannot close: {problem}", round=rnd.number,
                                 problem=next(iter(broken.values()))))
        unfinished = [MN("{match} ({n} deal settled)", "{match} ({n} deals settled)", tables[t.match_id].deals,
                         match=t.match_id)
                      for t in seated.tables if not tables[t.match_id].done]
        if unfinished:
            raise Unfinished(MN("round {round} cannot close: {n} match is not finished: {matches:list}",
                                "round {round} cannot close: {n} matches are not finished: {matches:list}",
                                len(unfinished),
                                round=rnd.number, matches=unfinished), rnd.number, unfinished)
        heads = {}
        for t in seated.tables:
            entries = store.entries(t.match_id)
            heads[t.match_id] = Head(len(entries), entries[-1]["hash"])
        after = s.append([round_closed(rnd.number, False, "", [], heads)], referee)
        store.witness(heads)
    return rnd.number, after


def read_players(path: Path) -> list[Player]:
    """An entries file of players: CSV (UTF-8, UTF-16 or GB18030) or XLSX (its first sheet), read by the pair
    events' reader (``tournament.entries.read_rows``), with a header row ``player,name`` (and may be ``club``; the
    Chinese headers of ``entries.PLAYER_HEADERS`` too); every bad row named by its number."""
    from referee.tournament.entries import player_column, read_rows

    rows, kind, _, _ = read_rows(path)
    file = str(path)
    start = next((i for i, row in enumerate(rows) if any(c.strip() for c in row)), len(rows))
    head = [player_column(h) for h in (rows[start] if start < len(rows) else [])]
    if "player" not in head or "name" not in head:
        raise UsageError(M("{file}: the first line must name the columns player,name (and may be club)",
                           file=file))
    out = []
    for number, row in enumerate(rows[start + 1:], start + 2):
        if not any(cell.strip() for cell in row):
            continue
        cells = {h: v for h, v in zip(head, row, strict=False) if h}
        try:
            out.append(checked_player(cells.get("player", ""), cells.get("name", ""), cells.get("club", "")))
        except UsageError as e:
            where = M("{file}, line {line}", file=file, line=number) if kind == "csv" else \
                M("{file}, row {row}", file=file, row=number)
            raise UsageError(M("{where}: {problem}", where=where, problem=e.msg)) from None
    return out
