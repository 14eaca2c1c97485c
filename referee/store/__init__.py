"""The event store: matches recorded at the table, kept safe in TinyDB files.

Layout of a store folder (``--db PATH``, else ``$REFEREE_DB``, else ``db`` of the user's settings
file, else ``./referee-store``)::

    index.json            TinyDB: one row per match (id, file, rules, date, event, table, round);
                          rebuilt from the match files by ``verify --repair-index``
    index.lock            cross-process lock for the index
    matches/<stem>.json   TinyDB: the match's append-only entries, hash-chained
    matches/<stem>.lock   cross-process lock for that match
    heads/<stem>.json     the match's head record: its entry count and last hash (never ahead of the file)
    replaced/             matches overwritten by ``import --replace`` / ``new --replace`` (and an
                          unreadable index), kept, never deleted
    events/<id>.json      an event's own log: append-only, hash-chained (``referee.store.eventlog``)
    summaries/<id>.json   TinyDB: the summaries of an event's matches at their chain heads (a cache, ``summaries``)
    tokens.json           the web's tokens (``referee.store.tokens``)

``<stem>`` is :func:`referee.core.names.file_stem` of the match id (injective, bounded); a store written
before it, with %-escaped names, is read and written in place.

The TinyDB files are read and written through TinyDB's tables on the atomic storage of
``referee.store.files`` (an fsync'd temporary file renamed over the old). The event logs, the head records
and the tokens keep JSON layouts of their own. Recording touches only the match's own file, so its cost
does not grow with the number of matches. This package loads nothing until a store is opened (TinyDB with
the store), and filelock only on Windows: ``referee --help`` must stay quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from referee.store.folder import FolderStore as Store
    from referee.store.store import LogEntry, StoreError

__all__ = ["LogEntry", "Store", "StoreError"]


def __getattr__(name: str) -> object:
    if name == "Store":  # the folder store with its repositories (referee.store.folder), as open_store gives it
        from referee.store import folder

        return folder.FolderStore
    if name in __all__:
        from referee.store import store

        return getattr(store, name)
    raise AttributeError(name)
