"""What the read routes computed, kept per store version: a GET recomputes only what changed.

Each page and JSON body is kept under a key naming what it shows (the route's path, the language, who
asks) together with the version of what it was computed from; it is served again while that version is
the store's. The versions are the store's own (:meth:`referee.store.api.MatchStore.match_version`,
``event_version``, ``version``: each changes whenever what it stands for is written, by this server or any
other writer):

- a match's page, live part and JSON: the match's version;
- an event's page, live part and standings: the event log's version and the version of every match of
  its rounds (a match written shows in the standings);
- the home page: the store's version (a match added or written) and every event log's;
- a league's page and standings: the league as stored (its events and clubs: a league is not chained, so it is
  its own version, read whole, one small record) and the version of each of its events as above;
- the list of leagues: the leagues as stored.

The version is asked before the body is computed: a write during the computation leaves a body that may be
newer than its version, never older, and the next request sees the new version and computes again. A
GET writes nothing: the cache is this process's memory.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.store.api import MatchStore
    from referee.web.auth import EventStates

MOST = 2048  # bodies kept; beyond, the least recently used is dropped


class Renders:
    """Bodies by key, each with the version it was computed at (safe to share between threads)."""

    def __init__(self, most: int = MOST) -> None:
        self.most = most
        self._kept: OrderedDict[Hashable, tuple[object, Any]] = OrderedDict()
        self._lock = threading.Lock()
        self.computed = 0  # bodies computed (for the tests: a GET of an unchanged page computes none)

    def get(self, key: Hashable, version: object) -> Any:
        """The body kept under *key* at *version*, else None."""
        with self._lock:
            hit = self._kept.get(key)
            if hit is None or hit[0] != version:
                return None
            self._kept.move_to_end(key)
            return hit[1]

    def put(self, key: Hashable, version: object, value: Any) -> None:
        with self._lock:
            self._kept[key] = (version, value)
            self._kept.move_to_end(key)
            while len(self._kept) > self.most:
                self._kept.popitem(last=False)

    def through(self, key: Hashable, version: object, compute: Callable[[], Any]) -> Any:
        """The body under *key* at *version*: kept, or computed now (and kept, unless *version* is None:
        no such thing in the store, whose error *compute* raises)."""
        if version is not None:
            found = self.get(key, version)
            if found is not None:
                return found
        value = compute()
        self.computed += 1
        if version is not None:
            self.put(key, version, value)
        return value


def match_version(store: MatchStore, match_id: str) -> object:
    """The version of a match's pages and JSON (None: no such match)."""
    return store.match_version(match_id)


def event_version(store: MatchStore, events: EventStates, event_id: str) -> object:
    """The version of an event's pages and standings: its log's, and each of its matches' (None: no such
    event)."""
    log = store.event_version(event_id)
    if log is None:
        return None
    state = events.get(event_id)
    return log, tuple(store.match_version(t.match_id) for r in state.rounds for t in r.tables)


def home_version(store: MatchStore) -> object:
    """The version of the home page: the store's and every event log's."""
    return store.version(), tuple((e, store.event_version(e)) for e in store.event_ids())


def league_version(store: MatchStore, events: EventStates, league_id: str) -> object:
    """The version of a league's page and standings: the league's record and each of its events' versions (an
    unknown league: the store's error naming the leagues, a 404)."""
    league = store.leagues().get(league_id)
    return league, tuple(event_version(store, events, e.event) for e in league.events), \
        tuple(store.venue_syncs().all())


def leagues_version(store: MatchStore) -> object:
    """The version of the list of leagues: every league's record, and the venues' syncs both pages show."""
    return tuple(store.leagues().all()), tuple(store.venue_syncs().all())
