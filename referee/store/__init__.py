"""The event store: matches recorded at the table, kept safe in TinyDB files.

Layout of a store folder (``--db PATH``, ``REFEREE_DB``, else ``./referee-store``)::

    index.json            TinyDB: one row per match (id, file, rules, date, event, table, round)
    index.lock            cross-process lock for the index
    matches/<id>.json     TinyDB: the match's append-only entries, hash-chained
    matches/<id>.lock     cross-process lock for that match
    replaced/             matches overwritten by ``import --replace``, kept, never deleted
    events/<id>.json      an event's own log: append-only, hash-chained (``referee.store.eventlog``)
    summaries/<id>.json   the summaries of an event's matches at their chain heads (a cache, ``summaries``)

Recording touches only the match's own file, so its cost does not grow with the number of matches.
Everything here imports TinyDB and filelock lazily: ``referee --help`` must stay quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from referee.store.store import LogEntry, Store, StoreError

__all__ = ["LogEntry", "Store", "StoreError"]


def __getattr__(name: str) -> object:
    if name in __all__:
        from referee.store import store

        return getattr(store, name)
    raise AttributeError(name)
