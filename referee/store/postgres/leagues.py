"""The leagues of the PostgreSQL store: the tables ``leagues`` and ``league_events`` of
``schema/003_leagues.sql``, with the same checks and words as the folder store's (``referee.store.leagues``)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from referee.store.leagues import (
    League,
    LeagueEvent,
    added_twice,
    checked_club,
    checked_new,
    duplicate,
    unknown,
)
from referee.store.store import now

if TYPE_CHECKING:
    import psycopg

    Conn = psycopg.Connection[tuple[Any, ...]]


class Db(Protocol):
    """What the leagues need of the PostgreSQL store (``referee.store.postgres.store.PgStore``)."""

    @property
    def where(self) -> str: ...
    def _use(self) -> AbstractContextManager[Conn]: ...
    def _errors(self, conn: Conn) -> AbstractContextManager[None]: ...


class PgLeagues:
    """The leagues in the database; each write one transaction, the league's row locked."""

    def __init__(self, store: Db) -> None:
        self.store = store

    def _read(self, conn: Conn, league_id: str | None = None) -> list[League]:
        where = "" if league_id is None else " WHERE l.id = %s"
        params = () if league_id is None else (league_id,)
        rows = conn.execute("SELECT l.id, l.title, l.created, e.event_id, e.club, e.added FROM leagues l "
                            f"LEFT JOIN league_events e ON e.league_id = l.id{where} ORDER BY l.id, e.position",
                            params).fetchall()
        out: dict[str, League] = {}
        for r in rows:
            league = out.setdefault(r[0], League(r[0], r[1], r[2]))
            if r[3] is not None:
                out[r[0]] = league._replace(events=(*league.events, LeagueEvent(r[3], r[4], r[5])))
        return list(out.values())

    def all(self) -> list[League]:
        with self.store._use() as conn:
            return self._read(conn)

    def get(self, league_id: str) -> League:
        with self.store._use() as conn:
            found = self._read(conn, league_id)
        if not found:
            raise unknown(league_id, self.store.where, (lg.id for lg in self.all()))
        return found[0]

    def new(self, league_id: str, title: str) -> League:
        league_id, title = checked_new(league_id, title)
        league = League(league_id, title, now())
        self.adopt(league)
        return league

    def add_event(self, league_id: str, event: str, club: str) -> League:
        club = checked_club(club)
        with self.store._use() as conn, self.store._errors(conn), conn.transaction():
            if conn.execute("SELECT 1 FROM leagues WHERE id = %s FOR UPDATE", (league_id,)).fetchone() is None:
                raise unknown(league_id, self.store.where, [r[0] for r in conn.execute(
                    "SELECT id FROM leagues ORDER BY id")])
            league = self._read(conn, league_id)[0]
            if league.club_of(event) is not None:
                raise added_twice(league, event)
            added = LeagueEvent(event, club, now())
            conn.execute("INSERT INTO league_events (league_id, position, event_id, club, added) "
                         "VALUES (%s, %s, %s, %s, %s)", (league_id, len(league.events) + 1, event, club, added.added))
        return league._replace(events=(*league.events, added))

    def adopt(self, league: League) -> None:
        with self.store._use() as conn, self.store._errors(conn), conn.transaction():
            made = conn.execute("INSERT INTO leagues (id, title, created) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING "
                                "RETURNING id", (league.id, league.title, league.created)).fetchone()
            if made is None:
                raise duplicate(league.id, self.store.where)
            for i, e in enumerate(league.events, 1):
                conn.execute("INSERT INTO league_events (league_id, position, event_id, club, added) "
                             "VALUES (%s, %s, %s, %s, %s)", (league.id, i, e.event, e.club, e.added))

    def clubs_of(self, event: str) -> set[str]:
        with self.store._use() as conn:
            return {r[0] for r in conn.execute("SELECT DISTINCT club FROM league_events WHERE event_id = %s",
                                               (event,))}
