"""The club ladder of the store (``referee ratings``, the web's ``/ratings``) and the seeding of a new event's
first round by it (``event pair --seed rating``).

Every finished match of the store (or of one event, or of a league's events) is read as the standings read
it: its summary at its current chain head from its event's summary cache (``store.summary_cache``; a match of
no event through a cache of no event, ``""``), computed where the cache is not at the head: kept in the cache
by the command (``referee ratings``), never by the web's page. Its end time is the time of its last entry. The
ratings themselves are the pure
``referee.tournament.ratings.ladder``'s. A match that cannot be read (a broken chain) is left out and named
in :attr:`ClubRatings.broken`, as ``event standings`` names a match it cannot count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.core.errors import RefereeError, UsageError
from referee.core.i18n import M, Msg
from referee.results.eventresults import kept, summary_cache
from referee.results.eventstate import event_state
from referee.store.api import MatchStore
from referee.store.store import StoreError
from referee.tournament.model import EventFormat, Pair
from referee.tournament.ratings import Entrant, Ladder, Played, ladder, pair_seeds, player_seeds
from referee.tournament.state import EventState

NO_EVENT = ""  # the summary cache of the matches of no event (written only by the reads of a command)


class ClubRatings(NamedTuple):
    ladder: Ladder
    event: str | None  # the event whose matches were rated, None: the whole store (or the league's)
    broken: dict[str, Msg]  # match id -> why it could not be read
    league: str | None = None  # the league whose events' matches were rated


def _event_matches(store: MatchStore, event_id: str) -> list[str]:
    state = event_state(store.event_log(event_id))  # an unknown event: the store's error naming the events
    return [t.match_id for r in state.rounds for t in r.tables]


def _match_ids(store: MatchStore, event_id: str | None, league_id: str | None = None) -> dict[str, list[str]]:
    """The matches to read, by the event whose summary cache holds them (``NO_EVENT``: none)."""
    if event_id is not None:
        return {event_id: _event_matches(store, event_id)}
    if league_id is not None:  # an unknown league: the store's error naming the leagues
        return {e.event: _event_matches(store, e.event) for e in store.leagues().get(league_id).events}
    out: dict[str, list[str]] = {}
    seen: set[str] = set()
    for eid in store.event_ids():
        try:
            state = event_state(store.event_log(eid))
        except StoreError:  # a log that cannot be read: its matches are read as matches of no event
            continue
        mids = [t.match_id for r in state.rounds for t in r.tables if t.match_id not in seen]
        seen.update(mids)
        out[eid] = mids
    out.setdefault(NO_EVENT, []).extend(m for m in store.match_ids() if m not in seen)
    return out


def club_ratings(store: MatchStore, event_id: str | None = None, *, league: str | None = None,
                 keep: bool = False) -> ClubRatings:
    """The ladder of every finished match in *store* (only *event_id*'s when given; only those of the events of
    *league* when given: the season's ladder, ``referee ratings --league L``). *keep*: the summaries computed are
    saved in their caches (a command's read, as ``eventresults.load`` keeps them; the web never)."""
    if event_id is not None and league is not None:
        raise UsageError(M("--event and --league: rate one event's matches or one league's, not both"))
    played: list[Played] = []
    broken: dict[str, Msg] = {}
    for eid, mids in _match_ids(store, event_id, league).items():
        cache = summary_cache(store, eid)
        for mid, got in cache.read_many(mids).items():
            if got is None:
                continue  # a table paired whose match was never created (or was removed): nothing to rate
            if isinstance(got, StoreError):
                broken[mid] = got.msg
                continue
            if got.summary.finished and got.progress.started and not got.progress.errors:  # a match played out
                played.append(Played(got.summary, got.progress.last_entry))  # and clean: any game's, alike
        if keep:
            kept(cache)
    return ClubRatings(ladder(played), event_id, broken, league)


def entrant(ratings: ClubRatings, name: str) -> Entrant:
    """*name* on the ladder (``--player``): a player, else a partnership; refused naming a few who are."""
    found = ratings.ladder.player(name) or next((e for e in ratings.ladder.partnerships if e.name == name), None)
    if found is None:
        known = [e.name for e in ratings.ladder.players][:12] or ["-"]
        raise UsageError(M("--player {name}: no rated match of that player (rated: {players:list})",
                           name=name, players=known))
    return found


def seeds(store: MatchStore, pairs: Sequence[Pair]) -> dict[str, float | None]:
    """Each pair's seed for round 1 by the store's current ladder (``tournament.ratings.pair_seeds``)."""
    return pair_seeds(club_ratings(store).ladder, [(p.code, (p.player1, p.player2)) for p in pairs])


def individual_seeds(store: MatchStore, state: EventState) -> dict[str, float]:
    """Each rated player's seed for round 1 of an individual event by the store's current ladder (by code; the
    unrated left out: ``tournament.ratings.player_seeds``)."""
    return player_seeds(club_ratings(store).ladder, [(p.code, p.name) for p in state.players])


def seeded(store: MatchStore, state: EventState) -> EventState:
    """*state* with its pairs seeded by the store's ladder for round 1 (``event pair --seed rating``): each pair's
    rating for the pairing (``Pair.rating``, highest first) is its place among the seeds, so the pairing rules
    (``tournament.pairing``: halves, accelerated) order them as they order entered ratings; a pair neither of
    whose players is rated comes last, in entry order (the event's lot does not shuffle round 1 then)."""
    event_id = state.settings.id
    if state.settings.format is EventFormat.round_robin:
        raise RefereeError(M("--seed rating: event {event} is a round robin: its schedule is fixed (Berger tables)",
                             event=event_id))
    if state.rounds:
        raise RefereeError(M("--seed rating seeds round 1 only: event {event} has paired round {round}",
                             event=event_id, round=len(state.rounds)))
    got = seeds(store, state.pairs)
    order = sorted({v for v in got.values() if v is not None})
    place = {v: i for i, v in enumerate(order, 1)}
    pairs = tuple(p._replace(rating=None if (v := got[p.code]) is None else place[v]) for p in state.pairs)
    return state._replace(pairs=pairs, settings=state.settings._replace(seed=None))
