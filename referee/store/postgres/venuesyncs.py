"""The venues' syncs of the PostgreSQL store: the table ``venue_syncs`` of ``schema/005_venue_syncs.sql``, the
same rows as the folder store's ``venues.json`` (``referee.store.venuesyncs``)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from referee.store.venuesyncs import VenueSync

if TYPE_CHECKING:
    import psycopg

    Conn = psycopg.Connection[tuple[Any, ...]]


class Db(Protocol):
    """What the venues' syncs need of the PostgreSQL store (``referee.store.postgres.store.PgStore``)."""

    def _use(self) -> AbstractContextManager[Conn]: ...


class PgVenueSyncs:
    """The venues' syncs in the database: one row a venue, replaced by its next pass in one statement."""

    def __init__(self, store: Db) -> None:
        self.store = store

    def all(self) -> list[VenueSync]:
        with self.store._use() as conn:
            rows = conn.execute("SELECT venue, synced, pushed, waiting, stopped FROM venue_syncs "
                                "ORDER BY venue COLLATE \"C\"").fetchall()  # as the folder sorts: by code point
        return [VenueSync(str(r[0]), str(r[1]), int(r[2]), int(r[3]), int(r[4])) for r in rows]

    def note(self, row: VenueSync) -> None:
        with self.store._use() as conn:
            conn.execute("INSERT INTO venue_syncs (venue, synced, pushed, waiting, stopped) "
                         "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (venue) DO UPDATE SET synced = EXCLUDED.synced, "
                         "pushed = EXCLUDED.pushed, waiting = EXCLUDED.waiting, stopped = EXCLUDED.stopped",
                         (row.venue, row.synced, row.pushed, row.waiting, row.stopped))
