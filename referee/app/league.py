"""A league (season) of events held at several clubs: make it, add its events (its standings:
``referee.results.leagueresults``). Every argument is checked before anything is written; a refused operation
stores nothing."""

from __future__ import annotations

from referee.core.names import check_id
from referee.results.eventstate import event_state
from referee.store.api import MatchStore
from referee.store.leagues import League


def new_league(store: MatchStore, league_id: str, title: str) -> League:
    """A new league with no event yet."""
    return store.leagues().new(league_id, title)


def add_event(store: MatchStore, league_id: str, event_id: str, club: str) -> League:
    """Add the event (which must be in the store) to the league, held at *club*."""
    event_id = check_id(event_id, "EVENT")
    store.leagues().get(league_id)  # an unknown league is said before the event
    log = store.event_log(event_id)
    if not log.exists():
        event_state(log)  # raises UnknownEvent naming the events stored
    return store.leagues().add_event(league_id, event_id, club)
